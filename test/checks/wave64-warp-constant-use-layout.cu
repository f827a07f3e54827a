// Layouts tied to 32 lanes: a named warp width of 32 followed into the
// constants computed from it and into extents, loop bounds, strides and
// warp-index scaling; each use is reported where it is written.
// RUN: hipport lint %s --checks='-*,wave64-warp-constant-use' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// RUN: rm -rf %t && mkdir %t && cp %s %t/u.cu
// RUN: hipport lint %t/u.cu --checks='-*,wave64-warp-constant-use' --fix --fail-on=never --quiet 2>&1 | FileCheck --check-prefix=FIX %s
// RUN: FileCheck --check-prefix=FILE %s < %t/u.cu
// FIX: applied 1 fix(es) to u.cu
// FILE: out[w * warpSize + lane] = 1.f;
#if defined(__HIP_PLATFORM_AMD__)
#include <hip/hip_runtime.h>
#else
#include <cuda_runtime.h>
#endif

constexpr int kWarpSize = 32;
#define WARP_SIZE 32

template <typename T, int NumWarpQ, int ThreadsPerBlock>
struct BlockQueue {
  // CHECK: :[[@LINE+2]]:24: warning: 'kNumWarpQRegisters' is computed from the warp width 'kWarpSize' (= 32): a count of warps or of per-lane items of 32-wide warps; on a 64-lane wavefront it is twice too large (or too small): derive it from the wavefront's width [wave64-warp-constant-use]
  // CHECK: :17:15: note: 'kWarpSize' defined here
  static constexpr int kNumWarpQRegisters = NumWarpQ / kWarpSize;
  // CHECK: :[[@LINE+2]]:10: warning: array 'regs' is sized 'kNumWarpQRegisters' with 'kNumWarpQRegisters', computed from a warp width of 32: one element per warp or per lane of 32-wide warps; a 64-lane wavefront indexes it with twice (or half) as many lanes: size it with the wavefront's width [wave64-warp-constant-use]
  // CHECK: :[[@LINE-2]]:24: note: 'kNumWarpQRegisters' defined here
  T regs[kNumWarpQRegisters];
  __device__ void fill(T v) {
    // CHECK: :[[@LINE+2]]:25: warning: loop bound 'kNumWarpQRegisters' counts warps or per-lane items with 'kNumWarpQRegisters', computed from a warp width of 32
    // CHECK: :[[@LINE-6]]:24: note: 'kNumWarpQRegisters' defined here
    for (int i = 0; i < kNumWarpQRegisters; ++i)
      regs[i] = v;
  }
};

__global__ void positives(float *out, int n) {
  // Macro case: reported at the use, the macro's definition as a note.
  // CHECK: :[[@LINE+2]]:26: warning: shared array 'slots' is sized '256 / WARP_SIZE' with the warp width 'WARP_SIZE' (= 32)
  // CHECK: :18:19: note: 'WARP_SIZE' defined here
  __shared__ float slots[256 / WARP_SIZE];
  int lane = threadIdx.x % warpSize;
  int w = threadIdx.x / warpSize;
  // A warp index of the run-time width scaled by 32: the widths disagree.
  // CHECK: :[[@LINE+1]]:7: error: 'w * 32' scales warp index 'w' by a 32-lane width: on a 64-lane wavefront lanes 32-63 of warp w index the elements of warp w+1; scale by the wavefront's width [wave64-warp-constant-use]
  out[w * 32 + lane] = 1.f;
  // CHECK: :[[@LINE+2]]:34: warning: loop stride '2 * kWarpSize' counts warps or per-lane items with the warp width 'kWarpSize' (= 32)
  // CHECK: :17:15: note: 'kWarpSize' defined here
  for (int i = lane; i < n; i += 2 * kWarpSize)
    out[i] = slots[i % 8];
  BlockQueue<float, 64, 128> q;
  q.fill(1.f);
}

// Negatives.
constexpr int kBitsPerWord = 32;
#define WS_BITS 32
static const int WS = 32; // warp size and bits per int
static const int MSB = 1 << (WS - 1);
__global__ void negatives(unsigned *bits, float *out, int n) {
  // A word width of 32: bitmap words.
  unsigned words[256 / kBitsPerWord];
  // The run-time width and what is computed from it.
  const int ws = warpSize;
  int lane = threadIdx.x % ws;
  // One width throughout: w * 32 + l is the thread index again.
  int wi = threadIdx.x / 32, l = threadIdx.x % 32;
  out[wi * 32 + l] = 0.f;
  // Slots of 32-lane warps indexed as such.
  constexpr int kMaxWarps = 1024 / WARP_SIZE;
  __shared__ float partial[kMaxWarps];
  const int warp_id = threadIdx.x / WARP_SIZE;
  partial[warp_id] = out[lane];
  // A width that is also the bit count of a word (`1 << (WS - 1)`).
  for (int i = 0; i < n / WS + 1; ++i)
    bits[i] = MSB | words[i % 8];
}

// A width picked per AMD target, judged as the wave64 device pass sees it.
#if defined(__GFX9__)
#define TARGET_WARP_SIZE 64
#else
#define TARGET_WARP_SIZE 32
#endif
__global__ void per_target(float *out) {
  __shared__ float sums[1024 / TARGET_WARP_SIZE];
  for (int i = threadIdx.x; i < 1024; i += 2 * TARGET_WARP_SIZE)
    sums[i % 16] = out[i];
}

// A width-named template parameter instantiated with 32 (and never 64).
template <typename T, int NumWarpQ, int WarpSize>
struct WarpQueue {
  // CHECK: :[[@LINE+2]]:7: warning: array 'q' is sized 'NumWarpQ / WarpSize' with the warp width 'WarpSize' (= 32)
  // CHECK: :[[@LINE-3]]:41: note: 'WarpSize' defined here
  T q[NumWarpQ / WarpSize];
};
// Instantiated with both widths: a dispatch on the width.
template <int WarpSize> struct BothWidths { int v[64 / WarpSize]; };
__global__ void queues(float *o) {
  WarpQueue<float, 64, kWarpSize> q;
  BothWidths<32> a;
  BothWidths<64> b;
  o[0] = q.q[0] + a.v[0] + b.v[0];
}

// Groups of 32 in a kernel whose lanes are counted with the run-time width.
__device__ int divUp(int a, int b) { return (a + b - 1) / b; }
__device__ int roundDown(int a, int b) { return a / b * b; }
__global__ void groups(float *o, int n, int start) {
  int lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+2]]:16: warning: 'divUp(n, 32)' groups items by 32 in 'groups', whose lanes are counted with 'warpSize' (64 lanes on a wave64 target): a group of 32 no longer matches a warp, so lanes 32-63 work on the next group; group by the same width [wave64-warp-constant-use]
  // CHECK: :[[@LINE-2]]:28: note: lanes counted here
  int blocks = divUp(n, 32);
  // CHECK: :[[@LINE+2]]:17: warning: 'roundDown(start, (int)32)' groups items by 32
  // CHECK: :[[@LINE-5]]:28: note: lanes counted here
  int aligned = roundDown(start, (int)32);
  // Grouping by the width itself, and by a word's 32 bits through a macro.
#define WORD_BITS 32
  o[lane] = blocks + aligned + divUp(n, warpSize) + divUp(n, WORD_BITS);
}
// Negative: lanes counted with 32 throughout (consistent), and host code.
__global__ void groups32(float *o, int n) {
  int lane = threadIdx.x % 32;
  o[lane] = divUp(n, 32);
}
int hostBlocks(int n) { return (n + 31) / 32; }

// A width the code counts its lanes and warps with is its warp width: the
// layouts sized with it move with it, and its definition is the place to fix
// (wave64-compile-time-width, wave64-warp-size-literal); not reported here.
constexpr int kWarpLanes = 32;
template <int Threads> struct Select {
  static constexpr int kWarps = Threads / kWarpLanes;
  float slots[kWarps];
  __device__ void put(float v) { slots[threadIdx.x / kWarpLanes] = v; }
};
__global__ void consistent(float *o) {
  __shared__ float k[Select<128>::kWarps * 4];
  Select<128> s;
  s.put(o[threadIdx.x % kWarpLanes]);
  for (int i = 0; i < Select<128>::kWarps; ++i)
    o[i] = k[i] + s.slots[i];
}

// Slots and loops that count the same 32-lane warps as the index they are
// used with agree at any width: slots indexed by a warp index by 32 or by a
// value kept below their count, a loop from a warp index striding by the
// count of warps (each item goes to one warp), a loop over the slots. The
// same count beside a thread index, or slots indexed by it unchecked, stay.
constexpr int kChannelThreads = 256;
__global__ void channels(int *out, int n) {
  constexpr int kRecvWarps = kChannelThreads / 32;
  const int thread_id = threadIdx.x;
  const int recv_warp = thread_id / 32;
  __shared__ bool retired[kRecvWarps];
  __shared__ int heads[kRecvWarps][8];
  if (thread_id < kRecvWarps)
    retired[thread_id] = false;
  heads[recv_warp][thread_id % 8] = 0;
  for (int i = recv_warp; i < n; i += kRecvWarps)
    out[i] = i;
  bool all = true;
  for (int i = 1; i < kRecvWarps; ++i)
    all = all && retired[i] && heads[i][0] > 0;
  // CHECK: :[[@LINE+2]]:23: warning: loop bound 'kRecvWarps' counts warps or per-lane items with 'kRecvWarps', computed from a warp width of 32
  // CHECK: :[[@LINE-14]]:17: note: 'kRecvWarps' defined here
  for (int i = 0; i < kRecvWarps; ++i)
    out[i] = 1;
  // CHECK: :[[@LINE+2]]:39: warning: loop stride 'kRecvWarps' counts warps or per-lane items with 'kRecvWarps'
  // CHECK: :[[@LINE-18]]:17: note: 'kRecvWarps' defined here
  for (int i = thread_id; i < n; i += kRecvWarps)
    out[i] = all;
  // CHECK: :[[@LINE+2]]:28: warning: shared array 'unchecked' is sized 'kRecvWarps' with 'kRecvWarps', computed from a warp width of 32
  // CHECK: :[[@LINE-22]]:17: note: 'kRecvWarps' defined here
  __shared__ int unchecked[kRecvWarps];
  unchecked[thread_id] = 1;
}
