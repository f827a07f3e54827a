// RUN: hipport lint %s --checks='-*,wave64-lane-mask-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#define FULL_MASK 0xffffffff
#define BIT(l) (1u << (l))

__global__ void positives(int *out, int v) {
  int lane = threadIdx.x % warpSize;
  unsigned below = ~(-1 << lane);
  unsigned long long me = 1 << lane;
  unsigned self = BIT(lane);
  v += __shfl_down_sync(0xffffffff, v, 1);
  v += __shfl_xor_sync(FULL_MASK, v, 2);
  __syncwarp(0xffffffffu);
  int any = __any_sync(~0u, v > 0);
  out[0] = v + below + me + self + any;
}

__global__ void negatives(unsigned *bits, int v, unsigned long long mask) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  bits[i >> 5] |= 1u << (i & 31);
  unsigned long long me = 1ull << lane;
  unsigned flag = 1u << 3;
  v += __shfl_down_sync(mask, v, 1);
  v += __shfl_down_sync(0xffffffffffffffffull, v, 1);
  bits[0] = v + me + flag;
}
// CHECK: wave64-lane-mask-literal.cu:3:19: error: mask 0xffffffff ('FULL_MASK') of __shfl_xor_sync names lanes 0-31 only; HIP *_sync intrinsics take 64-bit masks (ROCm 6.2+), so lanes 32-63 take part undefined: use ~0ull or __activemask() [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.cu:12:24: note: used as a mask here
// CHECK: wave64-lane-mask-literal.cu:4:17: error: lane mask 'BIT(lane)' is built in 32-bit arithmetic; lanes 32-63 of a 64-lane wavefront shift out: use a 64-bit one (1ull) [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.cu:8:22: error: lane mask '-1 << lane' is built in 32-bit arithmetic; lanes 32-63 of a 64-lane wavefront shift out: use a 64-bit one (1ull) [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.cu:9:27: error: lane mask '1 << lane' is built in 32-bit arithmetic; lanes 32-63 of a 64-lane wavefront shift out: use a 64-bit one (1ull) [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.cu:11:25: error: mask 0xffffffff of __shfl_down_sync names lanes 0-31 only; HIP *_sync intrinsics take 64-bit masks (ROCm 6.2+), so lanes 32-63 take part undefined: use ~0ull or __activemask() [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.cu:13:14: error: mask 0xffffffff of __syncwarp names lanes 0-31 only; HIP *_sync intrinsics take 64-bit masks (ROCm 6.2+), so lanes 32-63 take part undefined: use ~0ull or __activemask() [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.cu:14:24: error: mask 0xffffffff of __any_sync names lanes 0-31 only; HIP *_sync intrinsics take 64-bit masks (ROCm 6.2+), so lanes 32-63 take part undefined: use ~0ull or __activemask() [wave64-lane-mask-literal]
