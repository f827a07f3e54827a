// Code that picks its warp width by the HIP platform macros (as hipified
// ports do) is judged as the HIP compiler for AMD sees it: host code as the
// HIP host pass sees it, device code as the gfx90a device pass does. The
// CUDA branch is never compiled for AMD, so it is never reported.
// RUN: hipport lint %s --checks='-*,wave64-*' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include <cuda_runtime.h>

#ifdef __HIP_PLATFORM_HCC__
// Right on gfx90a, but fixed for RDNA's 32-lane wavefronts too (the wave32 view).
// CHECK: :[[@LINE+1]]:9: warning: warp width 'WARP_SIZE' is fixed at 64 for every AMD target{{.*}}[wave64-compile-time-width]
#define WARP_SIZE 64
#define SHFL_DOWN(mask, val, i) __shfl_down(val, i)
#else
#define WARP_SIZE 32
#define SHFL_DOWN __shfl_down_sync
#endif

__global__ void reduce(float *out, const float *in) {
  __shared__ float part[WARP_SIZE];
  float v = in[threadIdx.x];
  for (int i = WARP_SIZE / 2; i > 0; i >>= 1)
    v += SHFL_DOWN(0xffffffff, v, i);
  int lane = threadIdx.x % WARP_SIZE;
  if (lane == 0)
    part[threadIdx.x / WARP_SIZE] = v;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = part[0];
}

// Host and device agree: both passes of an AMD build see 64, so no error
// and no warning: the reads are right on every 64-lane target, and the
// definition's warning above already says that RDNA runs 32 lanes (a note).
void launch(float *out, const float *in, int n) {
  // CHECK: :[[@LINE+1]]:19: note: host code reads the compile-time warp width 'WARP_SIZE' (= 64), the same in both passes: right on 64-lane (CDNA) targets{{.*}}[wave64-host-launch-width]
  int block = 4 * WARP_SIZE;
  // CHECK: :[[@LINE+1]]:23: note: host code reads the compile-time warp width 'WARP_SIZE' (= 64), the same in both passes{{.*}}[wave64-host-launch-width]
  int warps = block / WARP_SIZE;
  reduce<<<(n + block - 1) / block, block, warps * sizeof(float)>>>(out, in);
}

// A width per AMD target, read on the host: the host pass never sees
// __GFX9__, so it sizes for 32 what the device indexes for 64.
#if defined(__GFX9__)
#define TILE 64
#else
#define TILE 32
#endif

__global__ void tile(float *out) {
  __shared__ float t[TILE];
  t[threadIdx.x % TILE] = 1.f;
  out[threadIdx.x] = t[0];
}

void launch_tile(float *out) {
  // CHECK: :[[@LINE+1]]:15: {{warning|error}}: launch block {{.*}}('TILE' = 32){{.*}}[wave64-host-launch-width]
  tile<<<1, 2 * TILE>>>(out);
}

// What is wrong in the AMD branch is still found there.
#ifdef __HIP_PLATFORM_AMD__
__global__ void wrong(float *out, const float *in) {
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:18: error: broadcast from lane 31 {{.*}}[wave64-warp-size-literal]
  v += __shfl(v, 31);
  out[threadIdx.x] = v;
}
#else
__global__ void wrong(float *out, const float *in) {
  out[threadIdx.x] = __shfl_sync(0xffffffff, in[threadIdx.x], 31);
}
#endif
