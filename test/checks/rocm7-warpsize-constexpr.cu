// RUN: hipport lint %s --checks='-*,rocm7-warpsize-constexpr' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// Template arguments in a variable's type are not found yet (see docs).
#define SLOTS (1024 / warpSize)

constexpr int kWave = warpSize;
static_assert(warpSize >= 32, "warp");
enum { kLanes = warpSize };

template <int W = warpSize> __global__ void tmpl(int *out) { out[0] = W; }

__global__ void positives(int *out) {
  __shared__ int partial[warpSize];
  __shared__ int slots[SLOTS];
  int local[warpSize / 2];
  switch (out[0]) {
  case warpSize:
    break;
  }
  if constexpr (warpSize == 64)
    out[1] = 1;
  out[2] = partial[0] + slots[0] + local[0] + kWave + kLanes;
}

__global__ void negatives(int *out) {
  // Run-time uses stay valid in ROCm 7.
  int lane = threadIdx.x % warpSize;
  int n = warpSize;
  __shared__ int partial[64];
  if (lane == warpSize - 1)
    out[0] = n + partial[0];
}
// CHECK: rocm7-warpsize-constexpr.cu:4:23: error: warpSize used in an array bound, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
// CHECK: rocm7-warpsize-constexpr.cu:6:23: error: warpSize used in a constexpr variable, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
// CHECK: rocm7-warpsize-constexpr.cu:7:15: error: warpSize used in a static_assert, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
// CHECK: rocm7-warpsize-constexpr.cu:8:17: error: warpSize used in an enumerator, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
// CHECK: rocm7-warpsize-constexpr.cu:10:19: error: warpSize used in a template parameter default, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
// CHECK: rocm7-warpsize-constexpr.cu:13:26: error: warpSize used in an array bound, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
// CHECK: rocm7-warpsize-constexpr.cu:15:13: error: warpSize used in an array bound, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
// CHECK: rocm7-warpsize-constexpr.cu:17:8: error: warpSize used in a case label, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
// CHECK: rocm7-warpsize-constexpr.cu:20:17: error: warpSize used in an if constexpr condition, which needs a constant expression; from ROCm 7 on warpSize is a run-time value: size for the largest wavefront (64) and use warpSize at run time [rocm7-warpsize-constexpr]
