// Code that picks its warp width per AMD target is judged as the HIP device
// pass for gfx90a (wave64) sees it, not as the host pass with no AMD macro.
// RUN: hipport lint %s --checks='-*,wave64-*' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#if defined(__HIP_PLATFORM_AMD__)
#include <hip/hip_runtime.h>
#else
#include <cuda_runtime.h>
#endif

// A fixed port: 64 on CDNA (__GFX9__), 32 elsewhere.
#if defined(__GFX9__)
#define WS 64
#else
#define WS 32
#endif

// The older spelling: __AMDGCN_WAVEFRONT_SIZE (ROCm before 7).
#if defined(__AMDGCN_WAVEFRONT_SIZE) && __AMDGCN_WAVEFRONT_SIZE == 64
#define LOG_WS 6
#else
#define LOG_WS 5
#endif

#ifdef __gfx90a__
#define LAST_LANE 63
#else
#define LAST_LANE 31
#endif

__global__ void fixed(float *out, const float *in) {
  int lane = threadIdx.x % WS;
  int warp = threadIdx.x >> LOG_WS;
  float v = in[threadIdx.x];
#if defined(__HIP_PLATFORM_AMD__)
  unsigned long long m = __ballot(v > 0.f);
  v += __shfl(v, LAST_LANE);
#else
  // The CUDA path: never compiled for an AMD target.
  unsigned m = __ballot_sync(0xffffffff, v > 0.f);
  v += __shfl_sync(0xffffffff, v, 31);
#endif
  if (lane == LAST_LANE)
    out[warp] = v + float(m & 1);
}

// A run-time width, and values computed from it, are never hard-coded.
__global__ void runtime_width(float *out) {
  const int ws = warpSize;
  const int half = ws / 2;
  int lane = threadIdx.x % ws;
  if (lane == ws - 1)
    out[threadIdx.x / ws] = float(half);
}

// What is wrong for the target is still found in the target's pass.
__global__ void still_wrong(float *out, const float *in) {
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:18: error: broadcast from lane 31 reads the middle of a 64-lane wavefront
  v += __shfl(v, 31);
  // CHECK: :[[@LINE+1]]:12: error: result of __ballot stored in 32-bit 'unsigned int'
  unsigned m = __ballot(v > 0.f);
  out[threadIdx.x] = v + float(m);
}
