// RUN: hipport lint %s --checks='-*,wave64-lane-mask-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// A project's own *_sync functions, for a HIP without them (before ROCm
// 6.2, or with HIP_DISABLE_WARP_SYNC_BUILTINS): one that drops its mask is
// right whatever mask it is given; one that reads the mask (here: a lane
// runs only if its bit is set, so lanes 32-63 never do) keeps the finding. Called from a template, where the call resolves only when it is
// instantiated.
#define HIP_DISABLE_WARP_SYNC_BUILTINS
#include <hip/hip_runtime.h>

#define FULL_MASK 0xFFFFFFFF

template <typename T>
__device__ T __shfl_down_sync(unsigned mask, T v, unsigned d) {
  return __shfl_down(v, d);
}
template <typename T>
__device__ T __shfl_xor_sync(unsigned mask, T v, int m) {
  return (mask >> __lane_id()) & 1u ? __shfl_xor(v, m) : v;
}

template <typename T> __device__ T sums(T v) {
  for (int d = warpSize / 2; d > 0; d >>= 1)
    v += __shfl_down_sync(FULL_MASK, v, d);
  // CHECK: :[[@LINE+1]]:26: error: mask 0xffffffff of __shfl_xor_sync names lanes 0-31 only
  return __shfl_xor_sync(0xffffffff, v, 1);
}
__global__ void run(float *x) { x[0] = sums(x[0]); }

// HIP's own form declared after the shim (as lint's prelude declares the
// ROCm 7 forms): clang's lookup in a template binds the call to it rather
// than the shim. The project's build, on a HIP without them, calls the shim:
// not reported.
template <class M, class T> __device__ T __shfl_down_sync(M, T, unsigned, int);
template <typename T> __device__ T maxes(T v) {
  for (int d = warpSize / 2; d > 0; d >>= 1)
    v = max(v, __shfl_down_sync(FULL_MASK, v, d, 64));
  return v;
}
