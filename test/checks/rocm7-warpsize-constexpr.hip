// RUN: hipport lint %s --checks='-*,rocm7-warpsize-constexpr' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>

__global__ void positives(int *out) {
  __shared__ int partial[warpSize];
  constexpr int half = warpSize / 2;
  static_assert(warpSize == 64 || warpSize == 32, "wave");
  out[0] = partial[0] + half;
}

__global__ void negatives(int *out) {
  int lane = threadIdx.x % warpSize;
  __shared__ int partial[64];
  out[lane] = partial[lane % warpSize];
}
// CHECK: rocm7-warpsize-constexpr.hip:6:26: error: warpSize used in an array bound, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
// CHECK: rocm7-warpsize-constexpr.hip:7:24: error: warpSize used in a constexpr variable, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
// CHECK: rocm7-warpsize-constexpr.hip:8:17: error: warpSize used in a static_assert, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
// CHECK: rocm7-warpsize-constexpr.hip:8:35: error: warpSize used in a static_assert, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
