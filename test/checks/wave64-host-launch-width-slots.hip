// RUN: hipport lint %s --checks='-*,wave64-host-launch-width,wave64-warp-size-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// Counts of 32-lane warps that only size launches' shared memory hold at
// least the slots 64-lane wavefronts need: no host read, no warp count.
#include <hip/hip_runtime.h>
#if defined(__gfx90a__) || defined(__gfx942__)
#define WAVE 64
#else
#define WAVE 32
#endif
static constexpr int WAVE_SIZE = 32;

__global__ void rowNorm(float *x, int n) {
  extern __shared__ float partial[];
  int tid = threadIdx.x;
  float v = x[blockIdx.x * n + tid];
  for (int d = WAVE / 2; d > 0; d /= 2)
    v += __shfl_xor(v, d);
  if (tid % WAVE == 0)
    partial[tid / WAVE] = v;
  __syncthreads();
  x[blockIdx.x * n + tid] = v / partial[0];
}

void launchNorm(float *x, int rows, int n, hipStream_t s) {
  int threads = 256;
  int num_waves = threads / WAVE_SIZE;
  size_t bytes = static_cast<size_t>(num_waves) * sizeof(float);
  rowNorm<<<rows, threads, bytes, s>>>(x, n);
  int per_target = (threads + WAVE - 1) / WAVE;
  rowNorm<<<rows, threads, per_target * sizeof(float), s>>>(x, n);
}

// The same count also sizes the grid: host and device count warps apart.
void launchPerWave(float *x, int n, hipStream_t s) {
  // CHECK: :[[@LINE+1]]:19: error: host code reads 'WAVE' (= 32 here), a warp width the preprocessor picks per AMD target
  int waves = n / WAVE;
  rowNorm<<<waves, 256, waves * sizeof(float), s>>>(x, n);
}

// A kernel that only asserts the width indexes no warp with it: its grid
// of 32-thread blocks is a count of blocks.
__global__ void phase(float *out, const float *in, int n) {
  assert(warpSize == 32);
  int i = blockIdx.x * 32 + threadIdx.x;
  if (i < n)
    out[i] = in[i] * 2.0f;
}
void launchPhase(float *out, const float *in, int n) {
  const int BS = 32;
  phase<<<(n + BS - 1) / BS, BS>>>(out, in, n);
}
