// Ballots routed through a wrapper function of the project: the wrapper's
// callers narrow its 64-bit result as often as callers of the intrinsic.
// RUN: hipport lint %s --checks='-*,wave64-ballot-mask-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <cuda_runtime.h>

#define DEVICE_FUNCTION static inline __device__
// Positive: a wrapper returning the whole 64-bit mask.
DEVICE_FUNCTION unsigned long long ballot(int predicate) {
  return __ballot_sync(~0ull, predicate);
}
// Negative: a wrapper that already returns 32 bits is reported at its
// return (the check's own case), not at each caller.
// CHECK: :[[@LINE+2]]:44: error: result of __ballot_sync returned as 32-bit 'unsigned int'
// CHECK: :[[@LINE+1]]:{{[0-9]+}}: note: function declared here
__device__ unsigned narrow_ballot(int p) { return __ballot_sync(~0ull, p); }

template <int N>
__global__ void relu_bits(unsigned long long *out, const float *x) {
  unsigned long long kept = 0;
  for (int j = 0; j < N; ++j) {
    bool neg = x[j] < 0.0f;
    // CHECK: :[[@LINE+1]]:18: error: result of ballot wrapper 'ballot' stored in 32-bit 'unsigned int': it returns a 64-bit lane mask, lanes 32-63 are lost [wave64-ballot-mask-width]
    unsigned int bits = ballot(neg);
    unsigned long long wide = ballot(neg);
    unsigned int already = narrow_ballot(neg);
    kept |= wide + bits + already;
  }
  out[blockIdx.x] = kept;
}

// Macro case: the call spelled through a macro is reported at the use.
#define VOTE(p) ballot(p)
__global__ void vote(unsigned *out, int v) {
  // CHECK: :[[@LINE+1]]:12: error: result of ballot wrapper 'ballot' stored in 32-bit 'unsigned int'
  unsigned m = VOTE(v > 0);
  out[0] = m;
}

// Instantiated: a template no code comes from would hold only notes.
template __global__ void relu_bits<4>(unsigned long long *, const float *);
