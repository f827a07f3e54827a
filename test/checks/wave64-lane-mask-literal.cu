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

// Masks known from their use, whatever their names: 'active' and 'same' are
// the mask operands of __shfl_sync, so bits shifted in 32 bits and combined
// into them drop lanes 32-63 (a labelled-group reduction).
#define ONE_AT(l) (1u << (l))
__device__ float groupSum(float v, int key, int me, unsigned long long active) {
  unsigned long long same = 0;
  for (int src = 0; src < 64; ++src)
    if (active & (1u << src))
      if (__shfl_sync(active, key, src) == key)
        same |= ONE_AT(src);
  for (unsigned long long m = same & ~(1u << me); m; m &= m - 1)
    v += __shfl_sync(same, v, __ffsll(m) - 1);
  return v;
}
// CHECK: wave64-lane-mask-literal.cu:40:20: error: lane mask 'ONE_AT(src)' is built in 32-bit arithmetic; lanes 32-63 of a 64-lane wavefront shift out: use a 64-bit one (1ull) [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.cu:42:22: note: 'same' is used as a lane mask (a *_sync mask operand or a ballot)
// CHECK: wave64-lane-mask-literal.cu:44:19: error: lane mask '1u << src' is built in 32-bit arithmetic; lanes 32-63 of a 64-lane wavefront shift out: use a 64-bit one (1ull) [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.cu:41:72: note: 'active' is used as a lane mask (a *_sync mask operand or a ballot)
// CHECK: wave64-lane-mask-literal.cu:47:40: error: lane mask '1u << me' is built in 32-bit arithmetic; lanes 32-63 of a 64-lane wavefront shift out: use a 64-bit one (1ull) [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.cu:42:22: note: 'same' is used as a lane mask (a *_sync mask operand or a ballot)

// A local full mask of 32 lanes, then used as the mask.
__device__ float fullVar(float v) {
  unsigned long full = 0xFFFFFFFF;
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(full, v, o);
  return v;
}
// CHECK: wave64-lane-mask-literal.cu:60:24: error: mask 0xffffffff in 'full', the mask of __shfl_down_sync, names lanes 0-31 only; HIP *_sync intrinsics take 64-bit masks (ROCm 6.2+), so lanes 32-63 take part undefined: use ~0ull or __activemask() [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.cu:62:27: note: used as a mask here

// Not masks: a bit of a word no intrinsic takes as a mask, a 64-bit bit, and
// a full 64-bit mask in a variable.
__device__ int notMasks(unsigned long long active, int k, int v) {
  unsigned flags = 0;
  flags |= 1u << k;
  unsigned long long sel = active & (1ull << k);
  unsigned long long all = ~0ull;
  return __shfl_sync(sel, v, 0) + __shfl_sync(all, v, 1) + flags;
}

// The low lanes of a wave from a 32-bit all-ones word: at 64 lanes the
// shift reaches 32 and more. Bits of a word (a shift by 32 - nbits) are not
// lanes; a 64-bit all-ones word is right.
#define LOW_LANES(n) unsigned(0xFFFFFFFF >> (warpSize - (n)))
__device__ unsigned lowLanes(unsigned *out, int nbits) {
  unsigned lane = threadIdx.x % warpSize;
  unsigned below = 0xffffffffu >> (warpSize - lane);
  unsigned long long wide = ~0ull >> (warpSize - lane);
  unsigned word = 0xffffffffu >> (32 - nbits);
  return below + LOW_LANES(lane) + word + unsigned(wide);
}
// CHECK: wave64-lane-mask-literal.cu:81:31: error: lane mask 'LOW_LANES(lane)' is built in 32-bit arithmetic; on a 64-lane wavefront the shift can reach 32 or more (undefined) and lanes 32-63 have no bit: use a 64-bit one (~0ull >> ...) [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-literal.cu:84:20: error: lane mask '0xffffffffu >> (warpSize - lane)' is built in 32-bit arithmetic; on a 64-lane wavefront the shift can reach 32 or more (undefined) and lanes 32-63 have no bit: use a 64-bit one (~0ull >> ...) [wave64-lane-mask-literal]

// A bit of a 32-bit word through a const local below 32 ('bit = id % 32')
// in a function without warp collectives: bit packing. Beside a ballot the
// same bit picks a lane (the lanes below this one), and stays a finding.
__device__ bool wordBit(unsigned id, const unsigned *bitmask) {
  const unsigned idx = id / 32;
  const unsigned bit = id % 32;
  constexpr unsigned one = 1;
  return bitmask[idx] & (one << bit);
}
__device__ bool laneBit(int p) {
  const int bit = threadIdx.x % 32;
  unsigned long long vote = __ballot(p);
  // CHECK: :[[@LINE+1]]:28: error: lane mask '1u << bit' is built in 32-bit arithmetic; lanes 32-63 of a 64-lane wavefront shift out: use a 64-bit one (1ull) [wave64-lane-mask-literal]
  return __popcll(vote & ((1u << bit) - 1));
}

// A shuffle whose value depends on T stays unresolved in the template: its
// mask is read there and, resolved, in each instantiation, once. A template
// this file never instantiates is a note (no code comes from it).
template <typename T>
__device__ T warpSumOf(T v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    // CHECK: :[[@LINE+1]]:27: error: mask 0xffffffff of __shfl_down_sync names lanes 0-31 only
    v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
template <typename T>
__device__ T firstOf(T v) {
  // CHECK: :[[@LINE+1]]:22: note: mask 0xffffffff of __shfl_sync names lanes 0-31 only; this is a function template the file defines and never instantiates
  return __shfl_sync(0xffffffff, v, 0);
}
// A full 64-bit mask: right at 64.
template <typename T>
__device__ T warpSumWide(T v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down_sync(~0ull, v, o);
  return v;
}
__global__ void sums(float *f, int *i) {
  f[0] = warpSumOf(f[0]) + warpSumWide(f[1]);
  i[0] = warpSumOf(i[0]);
}

// One bit per group of lanes (deepep's `1u << (lane_id / kNumRecvUnrolls)`):
// at most 32 groups of a 64-lane wavefront, so the bit fits 32 bits. A lane
// shifted whole does not.
template <int kUnrolls>
__global__ void group_bits(unsigned *out) {
  int lane = threadIdx.x % warpSize;
  unsigned pair = 1u << (lane / 2);
  unsigned quad = 1u << (lane >> 2);
  unsigned group = 1u << (lane / kUnrolls);
  // CHECK: wave64-lane-mask-literal.cu:[[@LINE+1]]:20: error: lane mask '1u << (lane + 1)' is built in 32-bit arithmetic
  unsigned next = (1u << (lane + 1)) - 1;
  out[lane] = pair | quad | group | next;
}
template __global__ void group_bits<4>(unsigned *);
