// RUN: hipport lint %s --checks='-*,wave64-host-launch-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// A constant whose type a missing header would have declared: clang marks
// the declaration invalid, but the literal it holds is still the width the
// host computes with.
#include <cuda_runtime.h>
#include "project_types.h"

__global__ void rows(float *p) { p[threadIdx.x] = 0; }

void launch(float *p, int n) {
  const int32 warpSize = 32;
  const int32 kWarps = 8;
  // CHECK: :[[@LINE+2]]:14: warning: host code reads the compile-time warp width 'warpSize' (= 32)
  // CHECK: :[[@LINE-3]]:15: note: 'warpSize' defined here
  dim3 block(warpSize, kWarps);
  rows<<<n, block>>>(p);
}

// A launch whose stream has a type the missing header declares: clang
// marks the argument as an error, which is not a dependence on a template
// parameter; the launch is read where it is.
template <int B> __global__ void tiles(float *p) {
  p[threadIdx.x] = __shfl_down_sync(0xffffffffu, p[threadIdx.x], 16);
}
void launch_tiles(float *p, int n, stream_view stream) {
  // CHECK: :[[@LINE+1]]:19: warning: block of 32 threads, one 32-wide warp, for kernel 'tiles', which works per warp
  tiles<128><<<n, 32, 0, stream.value()>>>(p);
}
// A launcher template no code of this TU instantiates: read as written (a
// note: no code of the build comes from a template the file never
// instantiates).
template <typename T> void launch_rows(T *p, int n) {
  // CHECK: :[[@LINE+1]]:18: note: block of 32 threads, one 32-wide warp, for kernel 'tiles<64>', which works per warp
  tiles<64><<<n, 32>>>(p);
}
