// RUN: hipport lint %s --checks='-*,wave64-shuffle-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#define WARP 32

__global__ void positives(float *out, float v) {
  int lane = threadIdx.x % 32;
  v += __shfl_down_sync(0xffffffffu, v, 1);
  float left = __shfl_up_sync(0xffffffffu, v, 1);
  if (lane == 0)
    out[threadIdx.x / 32] = v + left;
}

__global__ void named(float *out, float v) {
  int lane = threadIdx.x & (WARP - 1);
  out[lane] = __shfl_xor_sync(0xffffffffu, v, 1);
}

__global__ void negatives(float *out, float v) {
  int lane = threadIdx.x % 32;
  // An explicit width: the author chose the segment.
  v += __shfl_down_sync(0xffffffffu, v, 1, 32);
  out[lane] = v;
}

__global__ void negatives2(float *out, float v) {
  // Lane math from warpSize: a whole-wavefront shuffle is consistent.
  int lane = threadIdx.x % warpSize;
  out[lane] = __shfl_down_sync(0xffffffffu, v, 1);
}
// CHECK: wave64-shuffle-width.cu:7:8: warning: __shfl_down_sync without a width argument spans the whole 64-lane wavefront, but the lane math of this function assumes 32 lanes; pass the width explicitly or compute lanes from warpSize [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.cu:6:26: note: lanes computed for 32-wide warps here: 'threadIdx.x % 32'
// CHECK: wave64-shuffle-width.cu:8:16: warning: __shfl_up_sync without a width argument spans the whole 64-lane wavefront, but the lane math of this function assumes 32 lanes; pass the width explicitly or compute lanes from warpSize [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.cu:6:26: note: lanes computed for 32-wide warps here: 'threadIdx.x % 32'
// CHECK: wave64-shuffle-width.cu:15:15: warning: __shfl_xor_sync without a width argument spans the whole 64-lane wavefront, but the lane math of this function assumes 32 lanes; pass the width explicitly or compute lanes from warpSize [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.cu:14:26: note: lanes computed for 32-wide warps here: 'threadIdx.x & (WARP - 1)'

// Wrappers: a function whose defaulted parameter is the intrinsic's width,
// called without it where the lane math assumes 32 lanes.
__device__ float shfl_wrap(float v, int src, int width = warpSize) {
  return __shfl(v, src, width);
}
__device__ float wrapped(float v) {
  int lane = threadIdx.x % 32;
  // CHECK: :[[@LINE+1]]:8: warning: shfl_wrap without a width argument spans the whole 64-lane wavefront
  v += shfl_wrap(v, lane ^ 1);
  // CHECK: :[[@LINE-3]]:26: note: lanes computed for 32-wide warps here
  return v + shfl_wrap(v, lane ^ 1, 32);
}
