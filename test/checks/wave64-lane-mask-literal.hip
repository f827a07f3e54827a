// RUN: hipport lint %s --checks='-*,wave64-lane-mask-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>

#define LANE_BIT(l) (1 << (l))

__global__ void positives(int *out) {
  int lane = __lane_id();
  unsigned below = ~(-1 << lane);
  unsigned long long me = 1u << lane;
  out[0] = below + me + LANE_BIT(lane);
}

__global__ void negatives(unsigned *bits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = __lane_id();
  bits[i >> 5] |= 1u << (i & 31);
  unsigned long long me = 1ull << lane;
  bits[0] = me + (1u << 7);
}
// CHECK: wave64-lane-mask-literal.hip:5:22: error: lane mask 'LANE_BIT(lane)' is built in 32-bit arithmetic; lanes 32-63 of a 64-lane wavefront shift out: use a 64-bit one (1ull) [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.hip:9:22: error: lane mask '-1 << lane' is built in 32-bit arithmetic; lanes 32-63 of a 64-lane wavefront shift out: use a 64-bit one (1ull) [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.hip:10:27: error: lane mask '1u << lane' is built in 32-bit arithmetic; lanes 32-63 of a 64-lane wavefront shift out: use a 64-bit one (1ull) [wave64-lane-mask-literal]
