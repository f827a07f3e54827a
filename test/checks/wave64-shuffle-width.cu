// RUN: hipport lint %s --checks='-*,wave64-shuffle-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#define WARP 32

__global__ void positives(float *out, float v) {
  int lane = threadIdx.x % 32;
  v += __shfl_down_sync(0xffffffffu, v, 1);
  float left = __shfl_up_sync(0xffffffffu, v, 1);
  if (lane == 0)
    out[threadIdx.x / 32] = v + left;
}

__global__ void named(float *out, float v, int m) {
  int lane = threadIdx.x & (WARP - 1);
  out[lane] = __shfl_xor_sync(0xffffffffu, v, m);
}

__global__ void negatives(float *out, float v) {
  int lane = threadIdx.x % 32;
  // An explicit width: the author chose the segment.
  v += __shfl_down_sync(0xffffffffu, v, 1, 32);
  out[lane] = v;
}

__global__ void negatives2(float *out, float v) {
  // Lane math from warpSize: a whole-wavefront shuffle is consistent.
  int lane = threadIdx.x % warpSize;
  out[lane] = __shfl_down_sync(0xffffffffu, v, 1);
}
// CHECK: wave64-shuffle-width.cu:7:8: warning: __shfl_down_sync without a width argument spans the whole 64-lane wavefront, but the lane math of this function assumes 32 lanes; pass the width explicitly or compute lanes from warpSize [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.cu:6:26: note: lanes computed for 32-wide warps here: 'threadIdx.x % 32'
// CHECK: wave64-shuffle-width.cu:8:16: warning: __shfl_up_sync without a width argument spans the whole 64-lane wavefront, but the lane math of this function assumes 32 lanes; pass the width explicitly or compute lanes from warpSize [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.cu:6:26: note: lanes computed for 32-wide warps here: 'threadIdx.x % 32'
// CHECK: wave64-shuffle-width.cu:15:15: warning: __shfl_xor_sync without a width argument spans the whole 64-lane wavefront, but the lane math of this function assumes 32 lanes; pass the width explicitly or compute lanes from warpSize [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.cu:14:26: note: lanes computed for 32-wide warps here: 'threadIdx.x & (WARP - 1)'

// Wrappers: a function whose defaulted parameter is the intrinsic's width,
// called without it where the lane math assumes 32 lanes.
__device__ float shfl_wrap(float v, int src, int width = warpSize) {
  return __shfl(v, src, width);
}
__device__ float wrapped(float v) {
  int lane = threadIdx.x % 32;
  // CHECK: :[[@LINE+1]]:8: warning: shfl_wrap without a width argument spans the whole 64-lane wavefront
  v += shfl_wrap(v, lane ^ 1);
  // CHECK: :[[@LINE-3]]:26: note: lanes computed for 32-wide warps here
  return v + shfl_wrap(v, lane ^ 1, 32);
}

// Shuffles that read only within each lane's own 32-lane half: what they
// compute at width 32 a 64-lane wavefront computes too (shared/WAVE64.md),
// so they are notes.
#define SCAN_STEP(v, d) __shfl_up_sync(0xffffffffu, v, d)
// CHECK: :[[@LINE-1]]:25: note: __shfl_up_sync without a width argument, beside lane math by 32, reads only within
__global__ void halfLocal(float *out, float v) {
  int lane = threadIdx.x & 31;
  // An XOR butterfly below 32.
  for (int m = 16; m > 0; m /= 2)
    // CHECK: :[[@LINE+1]]:10: note: __shfl_xor_sync without a width argument, beside lane math by 32, reads only within each lane's own 32-lane half here: right at either width
    v += __shfl_xor_sync(0xffffffffu, v, m);
  // An inclusive scan: the value read is used only where lane >= d.
  for (int d = 1; d < 32; d *= 2) {
    // CHECK: :[[@LINE+1]]:15: note: __shfl_up_sync without a width argument, beside lane math by 32, reads only within
    float t = __shfl_up_sync(0xffffffffu, v, d);
    if (lane >= d)
      v += t;
  }
  // The same step through a macro, guarded by a conditional.
  for (int d = 1; d <= 16; d <<= 1) {
    float t = SCAN_STEP(v, d);
    v += d <= lane ? t : 0.0f;
  }
  // CHECK: :[[@LINE+1]]:23: note: __shfl_down without a width argument, beside lane math by 32, reads only within
  v = lane + 4 < 32 ? __shfl_down(v, 4) : v;
  out[threadIdx.x] = v;
}

// Still a warning where some lane that uses the value reads the other half.
__global__ void crossesHalf(float *out, float v) {
  int lane = threadIdx.x % 32;
  int tid = threadIdx.x;
  for (int d = 1; d < 32; d *= 2) {
    // The guard is the block's thread index, not a lane index by 32.
    // CHECK: :[[@LINE+1]]:15: warning: __shfl_up_sync without a width argument spans the whole 64-lane wavefront
    float t = __shfl_up_sync(0xffffffffu, v, d);
    // CHECK: :[[@LINE-6]]:26: note: lanes computed for 32-wide warps here: 'threadIdx.x % 32'
    if (tid >= d)
      v += t;
  }
  for (int d = 1; d < 32; d *= 2) {
    // CHECK: :[[@LINE+1]]:15: warning: __shfl_up_sync without a width argument spans the whole 64-lane wavefront
    float t = __shfl_up_sync(0xffffffffu, v, d);
    // CHECK: :[[@LINE-13]]:26: note: lanes computed for 32-wide warps here
    if (lane >= d)
      v += t;
    // Read without the guard too.
    out[lane] = t;
  }
  // A mask that reaches the other half.
  for (int m = 32; m > 0; m /= 2)
    // CHECK: :[[@LINE+1]]:10: warning: __shfl_xor without a width argument spans the whole 64-lane wavefront
    v += __shfl_xor(v, m);
  // CHECK: :[[@LINE-23]]:26: note: lanes computed for 32-wide warps here
  out[lane] = v;
}

// A shuffle-down tree whose total only lane 0 of each 32-lane group reads:
// lanes 16-31 fold lanes of the next half, but no one reads their values.
__global__ void leader_reads(float *slots, float v) {
  int lane = threadIdx.x % 32;
  for (int o = 16; o > 0; o >>= 1)
    // CHECK: :[[@LINE+1]]:10: note: __shfl_down without a width argument, beside lane math by 32, is a step of a reduction tree whose total only lane 0 of each 32-lane group reads: right at either width
    v += __shfl_down(v, o);
  if (lane == 0)
    slots[threadIdx.x / 32] = v;
}
// Every lane reads it: lanes 16-31 hold sums across the halves.
__global__ void every_lane_reads(float *out, float v) {
  int lane = threadIdx.x % 32;
  for (int o = 16; o > 0; o >>= 1)
    // CHECK: :[[@LINE+2]]:10: warning: __shfl_down without a width argument spans the whole 64-lane wavefront
    // CHECK: note: lanes computed for 32-wide warps here: 'threadIdx.x % 32'
    v += __shfl_down(v, o);
  out[lane] = v;
}
// The total carried into the next pass of a loop that does more than the
// tree: every lane adds to it, lanes 16-31 with sums across the halves.
__global__ void carried_total(float *slots, const float *x, int n) {
  int lane = threadIdx.x % 32;
  float v = 0.f;
  for (int i = 0; i < n; ++i) {
    v += x[i * 64 + threadIdx.x];
    for (int o = 16; o > 0; o >>= 1)
      // CHECK: :[[@LINE+2]]:12: warning: __shfl_down without a width argument spans the whole 64-lane wavefront
      // CHECK: note: lanes computed for 32-wide warps here: 'threadIdx.x % 32'
      v += __shfl_down(v, o);
  }
  if (lane == 0)
    slots[threadIdx.x / 32] = v;
}
// The total copied into the thread's own array, which only lane 0 reads:
// the copy passes the question on. A copy every lane reads does not.
__global__ void copied_total(float *slots, float v, float w) {
  int lane = threadIdx.x % 32;
  float reduced[1], shared_by_all[1];
  for (int o = 16; o > 0; o >>= 1)
    // CHECK: :[[@LINE+1]]:10: note: __shfl_down without a width argument, beside lane math by 32, is a step of a reduction tree whose total only lane 0 of each 32-lane group reads: right at either width
    v += __shfl_down(v, o);
  reduced[0] = v;
  for (int o = 16; o > 0; o >>= 1)
    // CHECK: :[[@LINE+2]]:10: warning: __shfl_down without a width argument spans the whole 64-lane wavefront
    // CHECK: note: lanes computed for 32-wide warps here: 'threadIdx.x % 32'
    w += __shfl_down(w, o);
  shared_by_all[0] = w;
  if (lane == 0)
    slots[threadIdx.x / 32] = reduced[0];
  slots[64 + threadIdx.x] = shared_by_all[0];
}
