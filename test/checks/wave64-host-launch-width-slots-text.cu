// The token scan of a TU that does not parse: a count of warps that only
// sizes a launch's shared memory is no host read of the width.
// RUN: hipport lint %s --checks='-*,wave64-host-launch-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include "project_config_not_found.h"

__global__ void rows(float *x, int n) {
  extern __shared__ float partial[];
  int lane = threadIdx.x % WAVE_SIZE;
  float v = __shfl_xor(x[threadIdx.x], 1);
  if (lane == 0)
    partial[threadIdx.x / WAVE_SIZE] = v;
}

void launchRows(float *x, int n, int rows) {
  int threads = 256;
  int num_waves = threads / WAVE_SIZE;
  size_t smem = static_cast<size_t>(num_waves) * sizeof(float);
  rows<<<n, threads, smem>>>(x, n);
  int ceil_waves = (threads + WAVE_SIZE - 1) / WAVE_SIZE;
  rows<<<n, threads, ceil_waves * sizeof(float)>>>(x, n);
}

void launchGrid(float *x, int n) {
  // CHECK: :[[@LINE+1]]:20: warning: host code reads the compile-time warp width 'WAVE_SIZE'
  int blocks = n / WAVE_SIZE;
  rows<<<blocks, 64, blocks * sizeof(float)>>>(x, n);
}
