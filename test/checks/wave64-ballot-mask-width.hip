// RUN: hipport lint %s --checks='-*,wave64-ballot-mask-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>
#include <cstdint>

__device__ unsigned ret(int p) { return __ballot(p); }

__global__ void positives(int *out, int p) {
  unsigned m = __ballot(p);
  uint32_t lt = __lanemask_lt();
  int n = __popc(__ballot(p > 1));
  unsigned long long full = __ballot(p > 2);
  out[0] = __popc(full) + n + m + lt + ret(p);
  out[1] = (unsigned)__ballot(p > 3);
}

__global__ void negatives(unsigned long long *out, unsigned x, int p) {
  unsigned long long m = __ballot(p);
  uint64_t lt = __lanemask_lt();
  auto b = __ballot(p);
  out[0] = m + lt + b + __popc(x) + __popcll(m);
}
// CHECK: wave64-ballot-mask-width.hip:6:34: error: result of __ballot returned as 32-bit 'unsigned int': lanes 32-63 are lost [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.hip:6:21: note: function declared here
// CHECK: wave64-ballot-mask-width.hip:9:12: error: result of __ballot stored in 32-bit 'unsigned int': HIP ballots and lane masks are 64-bit, lanes 32-63 are lost [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.hip:10:12: error: result of __lanemask_lt stored in 32-bit 'uint32_t': HIP ballots and lane masks are 64-bit, lanes 32-63 are lost [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.hip:11:11: error: __popc counts 32 bits of a 64-bit lane mask; use __popcll [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.hip:13:12: error: __popc counts 32 bits of a 64-bit lane mask; use __popcll [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.hip:12:22: note: mask computed here
// CHECK: wave64-ballot-mask-width.hip:14:12: error: result of __ballot cast to 32-bit 'unsigned int': lanes 32-63 are lost [wave64-ballot-mask-width]
