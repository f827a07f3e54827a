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
