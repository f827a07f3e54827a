// The token scan of a TU that does not parse reads code for 32-wide
// wavefronts only as the AST does (wave64-wave32-only.hip): a function that
// calls a '_w32' builtin and no '_w64' one gets notes; the same shuffle in
// another function stays a warning.
// The kernels' heads do not parse (an undefined macro): the AST never sees
// their bodies.
// RUN: hipport lint %s --checks='-*,wave64-shuffle-width,wave64-warp-size-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include "wmma_headers_not_found.h"

__global__ void WMMA_BOUNDS wmma_rows(const half16 *a, const half16 *b, float8 *out) {
  // CHECK: :[[@LINE+1]]:26: note: lane index 'threadIdx.x % 32' assumes 32-wide warps; this code calls a builtin that exists only at wavefront size 32 (an RDNA '_w32' builtin) and none of its '_w64' forms, so it runs only on 32-wide wavefronts: right at the only width it runs at {{.*}}(seen in the text: this file did not parse)
  int lane = threadIdx.x % 32;
  float8 c = {};
  c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a[lane], b[lane], c);
  float m = c[0];
  // CHECK: :[[@LINE+1]]:8: note: __shfl_xor without a width argument spans the whole 64-lane wavefront, but the lane math of this file assumes 32 lanes; this code calls a builtin that exists only at wavefront size 32
  m += __shfl_xor(m, 16);
  out[lane][0] = m;
}

__global__ void WMMA_BOUNDS rows(float *out, float m) {
  // CHECK: :[[@LINE+1]]:8: warning: __shfl_xor without a width argument spans the whole 64-lane wavefront, but the lane math of this file assumes 32 lanes
  m += __shfl_xor(m, 16);
  out[threadIdx.x] = m;
}
