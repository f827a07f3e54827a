// __builtin_amdgcn_readfirstlane of a value every thread of the block
// shares (blockIdx, a kernel's parameter, a const so made) moves no lane's
// value; of a thread's own value it broadcasts the first lane's.
// RUN: hipport lint %s --checks='-*,wave64-warp-size-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>

template <typename T>
__global__ void uniformScalar(const T *src, T *dst, int groups) {
  const int h = __builtin_amdgcn_readfirstlane(blockIdx.x);
  const int g = __builtin_amdgcn_readfirstlane(h / groups);
  dst[h * 64 + threadIdx.x % 32] = src[g];
}
template __global__ void uniformScalar<float>(const float *, float *, int);

__global__ void threadScalar(int *dst) {
  int v = __builtin_amdgcn_readfirstlane(threadIdx.x);
  dst[threadIdx.x % 32] = v;
}
// CHECK: no-cross-lane-uniform.hip:12:30: note: lane index 'threadIdx.x % 32' assumes 32-wide warps; no lane here reads another's
// CHECK: no-cross-lane-uniform.hip:18:21: warning: lane index 'threadIdx.x % 32' assumes 32-wide warps
