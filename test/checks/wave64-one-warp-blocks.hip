// RUN: hipport lint %s --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// A kernel that every launch gives one 32-thread row (`dim3(32, 1, 1)`,
// `<<<g, 32>>>`) never runs lanes 32-63 of a 64-lane wavefront: its lane
// math by 32, its 32-bit ballot words and masks are right at 64. The launch
// keeps a warning (half of each wavefront idles). The same body launched
// with a wider block, named by a pointer, or reading warpSize is read as
// usual.
#include <hip/hip_runtime.h>

__global__ void select_row(const float *score, int *idx, int *count, int n) {
  const int lane = threadIdx.x;
  float best = -1e30f;
  // CHECK: :[[@LINE+1]]:40: note: '32' beside 'lane' {{.*}}every launch of this kernel gives it a block of one 32-thread row, and it reads no warpSize, so lanes 32-63 of a 64-lane wavefront never run it: right at either width
  for (int base = 0; base < n; base += 32)
    best = fmaxf(best, score[base + lane]);
  // CHECK: :[[@LINE+1]]:18: note: shuffle loop starting at offset 16 {{.*}}one 32-thread row
  for (int off = 16; off > 0; off >>= 1)
    best = fmaxf(best, __shfl_xor(best, off));
  int total = 0;
  // CHECK: :[[@LINE+1]]:40: note: '32' beside 'lane' {{.*}}one 32-thread row
  for (int base = 0; base < n; base += 32) {
    bool keep = score[base + lane] >= best * 0.5f;
    // CHECK: :[[@LINE+1]]:27: note: result of __ballot cast to 32-bit 'unsigned int': lanes 32-63 are lost; {{.*}}one 32-thread row
    const unsigned mask = (unsigned)__ballot(keep);
    // CHECK: :[[@LINE+3]]:16: note: __popc counts 32 bits of a 64-bit lane mask; {{.*}}one 32-thread row
    // CHECK: :[[@LINE-2]]:20: note: mask computed here
    // CHECK: :[[@LINE+1]]:32: note: lane mask '1u << lane' is built in 32-bit arithmetic; {{.*}}one 32-thread row
    int rank = __popc(mask & ((1u << lane) - 1u));
    if (keep)
      idx[total + rank] = base + lane;
    // CHECK: :[[@LINE+2]]:14: note: __popc counts 32 bits {{.*}}one 32-thread row
    // CHECK: :[[@LINE-8]]:20: note: mask computed here
    total += __popc(mask);
  }
  if (lane == 0)
    *count = total;
}

// The same ballot, launched with 64-thread blocks too: lanes 32-63 run.
__global__ void select_wide(const float *score, unsigned long long *idx) {
  // CHECK: :[[@LINE+1]]:25: error: result of __ballot cast to 32-bit 'unsigned int': lanes 32-63 are lost
  const unsigned mask = (unsigned)__ballot(score[threadIdx.x] > 0.f);
  idx[blockIdx.x] = mask;
}

// Named by a pointer as well as launched: its other launches are unseen.
__global__ void select_pointer(const float *score, unsigned long long *idx) {
  // CHECK: :[[@LINE+1]]:25: error: result of __ballot cast to 32-bit 'unsigned int': lanes 32-63 are lost
  const unsigned mask = (unsigned)__ballot(score[threadIdx.x] > 0.f);
  idx[blockIdx.x] = mask;
}

// One 32-thread row, but its loop strides by warpSize (64 here): lanes
// 32-63 would own elements that no thread reads.
__global__ void select_warpsize(const float *score, unsigned long long *idx) {
  // CHECK: :[[@LINE+1]]:25: error: result of __ballot cast to 32-bit 'unsigned int': lanes 32-63 are lost
  const unsigned mask = (unsigned)__ballot(score[threadIdx.x] > 0.f);
  for (int i = threadIdx.x; i < 128; i += warpSize)
    idx[i] = mask;
}

void launch(const float *score, int *idx, int *count, int n,
            unsigned long long *words, hipStream_t stream) {
  // CHECK: :[[@LINE+1]]:36: warning: block of 32 threads, one 32-wide warp, for kernel 'select_row': every launch of this kernel gives it a block of one 32-thread row, and it reads no warpSize, so lanes 32-63 of a 64-lane wavefront never run it: right at 64, but half of each wavefront idles
  select_row<<<dim3(n, 1, 1), dim3(32, 1, 1), 0, stream>>>(score, idx, count,
                                                         n);
  // CHECK: :[[@LINE+1]]:12: warning: block of 32 threads, one 32-wide warp, for kernel 'select_row': {{.*}}half of each wavefront idles
  dim3 row(32);
  select_row<<<1, row>>>(score, idx, count, n);
  // CHECK: :[[@LINE+1]]:20: warning: block of 32 threads, one 32-wide warp, for kernel 'select_wide', which works per warp
  select_wide<<<1, 32>>>(score, words);
  select_wide<<<1, 64>>>(score, words);
  // CHECK: :[[@LINE+1]]:23: warning: block of 32 threads, one 32-wide warp, for kernel 'select_pointer', which works per warp
  select_pointer<<<1, 32>>>(score, words);
  void *fn = reinterpret_cast<void *>(&select_pointer);
  (void)fn;
  // CHECK: :[[@LINE+1]]:24: warning: block of 32 threads, one 32-wide warp, for kernel 'select_warpsize', which works per warp
  select_warpsize<<<1, 32>>>(score, words);
}
