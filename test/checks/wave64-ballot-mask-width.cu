// RUN: hipport lint %s --checks='-*,wave64-ballot-mask-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <cstdint>

// A macro wrapping the ballot: reported at the use, no fix-it in the macro.
#define VOTE(p) __ballot_sync(0xffffffffu, p)

__device__ unsigned pack(unsigned m) { return m; }
__device__ unsigned ret(int p) { return __ballot_sync(0xffffffffu, p); }

__global__ void positives(int *out, int p) {
  unsigned m = __ballot_sync(0xffffffffu, p);
  uint32_t a = __activemask();
  int n = __popc(__ballot_sync(0xffffffffu, p > 1));
  unsigned v = VOTE(p);
  unsigned w;
  w = __ballot_sync(0xffffffffu, p > 2);
  out[0] = pack(__ballot_sync(0xffffffffu, p > 3));
  out[1] = (int)__ballot_sync(0xffffffffu, p > 4);
  auto full = __ballot_sync(0xffffffffu, 1);
  out[2] = __ffs(full) + n + m + a + v + w + ret(p);
  if (full == 0xffffffff)
    out[3] = 1;
}

__global__ void negatives(unsigned long long *out, unsigned x, int p) {
  // Already 64-bit, or not a mask at all.
  unsigned long long m = __ballot_sync(0xffffffffu, p);
  uint64_t a = __activemask();
  auto b = __ballot_sync(0xffffffffu, p);
  int bits = __popc(x);
  out[0] = m + a + b + bits + __popcll(m);
}
// CHECK: wave64-ballot-mask-width.cu:9:34: error: result of __ballot_sync returned as 32-bit 'unsigned int': lanes 32-63 are lost [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.cu:9:21: note: function declared here
// CHECK: wave64-ballot-mask-width.cu:12:12: error: result of __ballot_sync stored in 32-bit 'unsigned int': HIP ballots and lane masks are 64-bit, lanes 32-63 are lost [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.cu:13:12: error: result of __activemask stored in 32-bit 'uint32_t': HIP ballots and lane masks are 64-bit, lanes 32-63 are lost [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.cu:14:11: error: __popc counts 32 bits of a 64-bit lane mask; use __popcll [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.cu:15:12: error: result of __ballot_sync stored in 32-bit 'unsigned int': HIP ballots and lane masks are 64-bit, lanes 32-63 are lost [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.cu:17:5: error: result of __ballot_sync assigned to 32-bit 'w': lanes 32-63 are lost [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.cu:16:12: note: declared here; make it unsigned long long
// CHECK: wave64-ballot-mask-width.cu:18:17: error: result of __ballot_sync passed as 32-bit parameter 'm': lanes 32-63 are lost [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.cu:8:35: note: parameter declared here
// CHECK: wave64-ballot-mask-width.cu:19:12: error: result of __ballot_sync cast to 32-bit 'int': lanes 32-63 are lost [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.cu:21:12: error: __ffs counts 32 bits of a 64-bit lane mask; use __ffsll [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.cu:20:8: note: mask computed here
// CHECK: wave64-ballot-mask-width.cu:22:15: error: ballot compared with 0xffffffff, the full mask of 32 lanes; on a 64-lane wavefront the full mask is ~0ull (or compare with __activemask()) [wave64-ballot-mask-width]

// A mask known from its use as a *_sync mask operand, passed to a helper
// whose parameter is 32-bit, and counted with 32-bit __ffs (a leader lane);
// the count of the 32-bit parameter is not reported again.
__device__ int leaderOf(unsigned int m) { return m ? __ffs(m) - 1 : -1; }
__device__ float toLeader(float v, int self, unsigned long long group) {
  unsigned long long rest = group & ~(1ull << self);
  int first = __ffs(rest) - 1;
  v += __shfl_sync(group, v, first);
  return __shfl_sync(group, v, leaderOf(group));
}
// Not lane masks: a 32-bit word no intrinsic takes as a mask, and a 32-bit
// mask handed on at its own width.
__device__ int lowBit(unsigned word) { return __ffs(word); }
__device__ int keep32(unsigned m) { return __popc(m); }
__device__ float others(float v, unsigned word, unsigned m32) {
  v += __shfl_sync(m32, v, 0);
  return v + lowBit(word) + keep32(m32);
}
// CHECK: wave64-ballot-mask-width.cu:52:38: error: parameter 'm' is 32-bit 'unsigned int', but receives the 64-bit lane mask 'group': lanes 32-63 are lost; make it unsigned long long [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.cu:57:41: note: passed here
// CHECK: wave64-ballot-mask-width.cu:55:15: error: __ffs counts 32 bits of a 64-bit lane mask; use __ffsll [wave64-ballot-mask-width]
// CHECK: wave64-ballot-mask-width.cu:54:22: note: 'rest' holds a lane mask (a *_sync mask operand or a ballot, or a copy of one)

// A ballot whose predicate depends on T is resolved only where the template
// is instantiated: reported there, once for both instantiations.
template <typename T>
__device__ int votesOf(T v) {
  // CHECK: :[[@LINE+1]]:12: error: result of __ballot_sync stored in 32-bit 'unsigned int': HIP ballots and lane masks are 64-bit, lanes 32-63 are lost [wave64-ballot-mask-width]
  unsigned m = __ballot_sync(~0ull, v > T(0));
  // CHECK: :[[@LINE+2]]:10: error: __popc counts 32 bits of a 64-bit lane mask; use __popcll [wave64-ballot-mask-width]
  // CHECK: :[[@LINE-2]]:12: note: mask computed here
  return __popc(m);
}
// Held in 64 bits: right at 64.
template <typename T>
__device__ int votesWide(T v) {
  unsigned long long m = __ballot_sync(~0ull, v > T(0));
  return __popcll(m);
}
__global__ void votesKernel(const float *f, const int *i, int *out) {
  out[0] = votesOf(f[0]) + votesOf(i[0]) + votesWide(f[1]);
}
