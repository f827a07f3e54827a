// RUN: hipport lint %s --checks='-*,wave64-host-launch-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>
#define WARP 32

// A block counted in groups of the kernel's own WARP, for a kernel whose
// only collective is an XOR butterfly below 32: each 32-lane half of a
// wavefront is one of its groups, so the two agree (a note; the kernel's
// lane math is judged where it is). A broadcast from lane 0 of the
// wavefront leaves the half: a warning.
__global__ void butterfly_groups(float *out, const float *in) {
  int lane = threadIdx.x % WARP, group = threadIdx.x / WARP;
  float v = in[threadIdx.x];
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_xor(v, d);
  out[group * WARP + lane] = v;
}
__global__ void broadcast_groups(float *out, const float *in) {
  int group = threadIdx.x / WARP;
  out[group] = __shfl(in[threadIdx.x], 0);
}
// The first lane's copy of a value the same for every thread is a scalar
// hint, no meeting of lanes (a note); of the thread's own index, it is one
// (a warning).
__global__ void uniform_first_lane(float *out, const float *in) {
  int row = __builtin_amdgcn_readfirstlane(blockIdx.x);
  float v = in[row * WARP * 4 + threadIdx.x];
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_xor(v, d);
  out[row * 4 + threadIdx.x / WARP] = v;
}
__global__ void thread_first_lane(float *out, const float *in) {
  float v = in[__builtin_amdgcn_readfirstlane(threadIdx.x)];
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_xor(v, d);
  out[threadIdx.x / WARP] = v;
}
// The hardware's lane index (0-63 at wave64) with groups of WARP: a warning.
__device__ unsigned lane_of_wave();
__global__ void hardware_lane_groups(float *out, const float *in) {
  float v = in[threadIdx.x];
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_xor(v, d);
  out[threadIdx.x / WARP * 64 + lane_of_wave()] = v;
}
void butterfly_launch(float *out, const float *in, int heads) {
  // CHECK: :[[@LINE+2]]:31: note: launch block 'heads * WARP' counts 32-lane groups ('WARP' = 32) for kernel 'butterfly_groups': every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads (or every lane, where the code numbers its lanes by 32)
  // CHECK: :[[@LINE+1]]:3: note: launched here
  butterfly_groups<<<1, heads * WARP>>>(out, in);
  // CHECK: :[[@LINE+2]]:31: warning: launch block 'heads * WARP' assumes 32-wide warps ('WARP' = 32) for kernel 'broadcast_groups', which works per warp
  // CHECK: :[[@LINE+1]]:3: note: launched here
  broadcast_groups<<<1, heads * WARP>>>(out, in);
  // CHECK: :[[@LINE+2]]:35: warning: launch block 'heads * WARP' assumes 32-wide warps ('WARP' = 32) for kernel 'hardware_lane_groups'
  // CHECK: :[[@LINE+1]]:3: note: launched here
  hardware_lane_groups<<<1, heads * WARP>>>(out, in);
  // CHECK: :[[@LINE+2]]:33: note: launch block '4 * WARP' counts 32-lane groups ('WARP' = 32) for kernel 'uniform_first_lane': every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads (or every lane, where the code numbers its lanes by 32)
  // CHECK: :[[@LINE+1]]:3: note: launched here
  uniform_first_lane<<<heads, 4 * WARP>>>(out, in);
  // CHECK: :[[@LINE+2]]:32: warning: launch block '4 * WARP' assumes 32-wide warps ('WARP' = 32) for kernel 'thread_first_lane'
  // CHECK: :[[@LINE+1]]:3: note: launched here
  thread_first_lane<<<heads, 4 * WARP>>>(out, in);
}
