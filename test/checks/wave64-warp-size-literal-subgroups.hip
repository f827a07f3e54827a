// RUN: hipport lint %s --checks='-*,wave64-warp-size-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// A lane the code numbers by the device's width, split again by 32: a
// grouping the code chose (32 key tiles, 32-bit words), not a 32-wide warp.
#include <hip/hip_runtime.h>

__global__ void tiles(float *out, const float *best) {
  constexpr int BN = 32;
  const int lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+1]]:25: note: 'lane % BN' splits a lane numbered by the device's width into groups of 32: a grouping the code chose, not a 32-wide warp [wave64-warp-size-literal]
  out[lane] = best[lane % BN];
}

// The thread index itself taken by 32, beside a whole-wave broadcast from
// lane 31: a lane of a 32-wide warp.
__global__ void lanes(float *out, const float *in) {
  constexpr int WARP = 32;
  const int lane = threadIdx.x % WARP;
  out[threadIdx.x] = __shfl(in[lane], 31);
}
// CHECK: :[[@LINE-4]]:17: warning: 'WARP' (= 32) is used as the warp width
// CHECK: :[[@LINE-4]]:32: note: used as the warp width here
// CHECK: :[[@LINE-5]]:32: warning: lane index 'threadIdx.x % WARP' assumes 32-wide warps
// CHECK: :[[@LINE-7]]:17: note: 'WARP' defined as 32 here
// CHECK: :[[@LINE-6]]:39: error: broadcast from lane 31 reads the middle of a 64-lane wavefront

// A lone exchange of lanes 16 apart pairs two lanes that own one row, in
// the same 32-lane half at any width; the same step in a tree of steps on
// one value reduces a 32-wide warp.
__global__ void rowPairs(float *out, const float *in) {
  float m = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:30: note: a lone exchange of lanes 16 apart pairs lanes of the same 32-lane half at any width, no reduction of the warp [wave64-warp-size-literal]
  m = fmaxf(m, __shfl_xor(m, 16));
  float s = in[threadIdx.x + 1];
  // CHECK: :[[@LINE+1]]:22: warning: reduction step of 16 lanes covers a 32-wide warp
  s += __shfl_xor(s, 16);
  s += __shfl_xor(s, 8);
  out[threadIdx.x] = m + s;
}
