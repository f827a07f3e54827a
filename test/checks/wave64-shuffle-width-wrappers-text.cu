// The token scan of a TU that does not parse: a shuffle width defaulted to
// 32 and handed on through wrappers of wrappers (a complex shuffle made of
// two real ones) before it reaches the intrinsic.
// RUN: hipport lint %s --checks='-*,wave64-shuffle-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include "project_complex_types_not_found.h"

#define HALF_WARP_LANES 32

// CHECK: :[[@LINE+1]]:59: warning: 'width' defaults to 32 and is the width of the shuffle in 'real_shfl'{{.*}}[wave64-shuffle-width]
__device__ float real_shfl(float v, int lane, int width = 32) {
  return __shfl(v, lane, width);
}

// CHECK: :[[@LINE+1]]:57: warning: 'w' defaults to 32 and is the width of the shuffle in 'cplx_shfl'{{.*}}[wave64-shuffle-width]
__device__ cplx_t cplx_shfl(cplx_t v, int lane, int w = 32) {
  cplx_t r;
  r.x = real_shfl(v.x, lane, w);
  r.y = real_shfl(v.y, lane, w);
  return r;
}

// Two wrappers deep, the default a macro's 32.
// CHECK: :[[@LINE+1]]:57: warning: 'w' defaults to 32 and is the width of the shuffle in 'pair_shfl'{{.*}}[wave64-shuffle-width]
__device__ pair_t pair_shfl(pair_t v, int lane, int w = HALF_WARP_LANES) {
  pair_t r;
  r.a = cplx_shfl(v.a, lane, w);
  r.b = cplx_shfl(v.b, lane, w);
  return r;
}

// Negative: defaults of the run-time width; a 32 handed to a wrapper's
// lane (not its width); a default of 32 that no shuffle takes.
__device__ float wide_shfl(float v, int lane, int width = warpSize) {
  return __shfl(v, lane, width);
}
__device__ cplx_t cplx_wide(cplx_t v, int lane, int width = warpSize) {
  cplx_t r;
  r.x = wide_shfl(v.x, lane, width);
  r.y = wide_shfl(v.y, lane, width);
  return r;
}
__device__ float from_lane(float v, int src = 32, int width = warpSize) {
  return wide_shfl(v, src, width);
}
__device__ int buckets(int v, int n = 32) { return v % n; }
