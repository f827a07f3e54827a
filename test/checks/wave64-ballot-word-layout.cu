// RUN: hipport lint %s --checks='-*,wave64-ballot-word-layout' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include <cuda_runtime.h>

__device__ unsigned long long vote(bool p) { return __ballot_sync(~0ull, p); }

// Positive: ReLU bits kept as one 32-bit word per 32 lanes, two words per
// 64 lanes, written through a copy of the parameter block's pointer.
struct FwdParams {
  // CHECK: :[[@LINE+1]]:17: warning: 'bits' holds ballot masks as 32-bit words (one per 32 lanes); a 64-lane wavefront's mask needs a 64-bit word: change the element type, sizes and indexing [wave64-ballot-word-layout]
  unsigned int *bits;
  int n;
};
struct BwdParams {
  // CHECK: :[[@LINE+1]]:23: warning: 'bits' holds ballot masks as 32-bit words
  const unsigned int *bits;
};

__global__ void fwd(FwdParams params, const float *x) {
  // CHECK: :[[@LINE+1]]:23: warning: 'bits' holds ballot masks as 32-bit words
  unsigned int *const bits = params.bits + ((params.n + 31) & ~31) * 2;
  int lane = threadIdx.x & 31;
  // CHECK: :[[@LINE+1]]:16: warning: 'mask' holds a ballot mask in 32 bits; AMD wavefronts have 64 lanes: make it 64-bit [wave64-ballot-word-layout]
  unsigned int mask;
  for (int j = 0; j < 4; ++j) {
    unsigned int m = vote(x[j] < 0.0f);
    if (lane == j)
      mask = m;
  }
  // CHECK: :[[@LINE+1]]:31: error: ballot mask stored in a 32-bit word of 'bits': a 64-lane wavefront's mask has 64 bits, lanes 32-63 are lost; use 64-bit words, one per wavefront [wave64-ballot-word-layout]
  bits[blockIdx.x * 2 + lane] = mask;
}

__global__ void bwd(BwdParams params, float *dy) {
  // CHECK: :[[@LINE+1]]:16: warning: 'mask' holds a ballot mask in 32 bits
  unsigned int mask = 0;
  int lane = threadIdx.x & 31;
  if (lane < 4)
    // CHECK: :[[@LINE+1]]:10: warning: reads a 32-bit ballot word of 'bits' (one per 32 lanes); at wave64 the mask has 64 bits [wave64-ballot-word-layout]
    mask = params.bits[blockIdx.x * 2 + lane];
  dy[threadIdx.x] *= (mask >> lane) & 1u;
}

// Negative: a bitmap of 32-bit words filled from data, not from ballots.
__global__ void bitmap(unsigned int *words, const int *v) {
  unsigned int w = v[threadIdx.x] > 0 ? 1u << (threadIdx.x & 31) : 0u;
  atomicOr(&words[threadIdx.x >> 5], w);
  words[blockIdx.x] = w;
}

// Negative: 64-bit words, one per wavefront.
__global__ void wide(unsigned long long *words, const float *x) {
  words[blockIdx.x] = vote(x[threadIdx.x] < 0.0f);
}

// Macro case: the store spelled in a macro is reported where it expands.
#define STORE_BITS(p, i, v) (p)[i] = (v)
// CHECK: :[[@LINE+1]]:43: warning: 'out' holds ballot masks as 32-bit words
__global__ void macro_store(unsigned int *out, const float *x) {
  unsigned long long b = vote(x[threadIdx.x] < 0.0f);
  // CHECK: :[[@LINE+1]]:3: error: ballot mask stored in a 32-bit word of 'out'
  STORE_BITS(out, blockIdx.x, b);
}
