// RUN: hipport lint %s --checks='-*,wave64-warp-size-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>

// HIP variant: the same patterns through HIP's intrinsics.
#define WARP_SIZE 32
#define LANE_OF(t) ((t) % 32)

__global__ void positives(int *out) {
  int tid = threadIdx.x;
  int lane = tid & 31;
  int warp = tid / WARP_SIZE;
  int v = out[tid] + LANE_OF(tid);
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_down(v, off);
  v += __shfl_xor(v, 1, 32);
  int total = __shfl(v, 31);
  if (lane == 31)
    out[warp] = total;
}

__global__ void negatives(unsigned *bits, const unsigned *keys) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bits[i >> 5] |= 1u << (i & 31);
  unsigned bucket = keys[i] % 32;
  int lane = threadIdx.x % warpSize;
  bits[0] = bucket + __shfl_down(lane, warpSize / 2);
}
// CHECK: wave64-warp-size-literal.hip:6:19: warning: 'WARP_SIZE' (= 32) is used as the warp width; AMD wavefronts have 64 lanes: derive it from warpSize [wave64-warp-size-literal]
// CHECK: wave64-warp-size-literal.hip:12:18: note: used as the warp width here: 'tid / WARP_SIZE'
// CHECK: wave64-warp-size-literal.hip:7:27: warning: lane index 'LANE_OF(tid)' assumes 32-wide warps; AMD wavefronts have 64 lanes: use warpSize [wave64-warp-size-literal]
// CHECK: wave64-warp-size-literal.hip:11:20: warning: lane index 'tid & 31' assumes 32-wide warps; AMD wavefronts have 64 lanes: use warpSize [wave64-warp-size-literal]
// CHECK: wave64-warp-size-literal.hip:12:18: warning: warp index 'tid / WARP_SIZE' assumes 32-wide warps; use warpSize ('WARP_SIZE' = 32) [wave64-warp-size-literal]
// CHECK: wave64-warp-size-literal.hip:6:19: note: 'WARP_SIZE' defined as 32 here
// CHECK: wave64-warp-size-literal.hip:14:18: warning: shuffle loop starting at offset 16 covers a 32-wide warp; on a 64-lane wavefront each half reduces separately: start at warpSize / 2 [wave64-warp-size-literal]
// CHECK: wave64-warp-size-literal.hip:16:25: warning: shuffle width 32 splits a 64-lane wavefront into independent 32-lane halves; use warpSize [wave64-warp-size-literal]
// CHECK: wave64-warp-size-literal.hip:17:25: error: broadcast from lane 31 reads the middle of a 64-lane wavefront, not its last lane; use warpSize - 1 [wave64-warp-size-literal]
// CHECK: wave64-warp-size-literal.hip:18:15: error: 'lane == 31' takes lane 31 as the last lane; on a 64-lane wavefront it is 63: use warpSize - 1 [wave64-warp-size-literal]
