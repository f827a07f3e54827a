// RUN: hipport lint %s --checks='-*,wave64-warp-constant-use' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// RUN: rm -rf %t && mkdir %t && cp %s %t/u.cu
// RUN: hipport lint %t/u.cu --checks='-*,wave64-warp-constant-use' --fix --fail-on=never --quiet 2>&1 | FileCheck --check-prefix=FIX %s
// FIX: applied 1 fix(es) to u.cu
// RUN: FileCheck --check-prefix=FILE %s < %t/u.cu
// FILE: v += seg_sum(v, warpSize);
// FILE: v += seg_sum(v, WARP);

#define WARP 32

// A template whose parameter is the warp width.
template <int WS>
__device__ int lane_sum(int v) {
  // CHECK: :[[@LINE+2]]:14: warning: lane index 'threadIdx.x % WS' assumes 32-wide warps: 'WS' is 32 where 'lane_sum' is instantiated; AMD wavefronts have 64 lanes [wave64-warp-constant-use]
  // CHECK: :39:20: note: instantiated with 32 here
  int lane = threadIdx.x % WS;
  // CHECK: :[[@LINE+3]]:45: warning: shuffle width in '__shfl_xor_sync(0xffffffffu, v, o, WS)' assumes 32-wide warps
  // CHECK: :39:20: note: instantiated with 32 here
  for (int o = 1; o < WS; o *= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o, WS);
  return lane == 0 ? v : 0;
}
template <int Buckets> __device__ int bucket(int v) { return v % Buckets; }

// A function whose parameter is the warp width.
__device__ int seg_sum(int v, int width) {
  for (int o = width / 2; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o, width);
  return v;
}
__device__ int hash(int v, int buckets) { return v % buckets; }

__global__ void positives(int *out) {
  // CHECK: :[[@LINE+4]]:20: warning: template argument 32 makes 'WS' the warp width of 'lane_sum' (lane index 'threadIdx.x % WS'); AMD wavefronts have 64 lanes: pass the wavefront's width [wave64-warp-constant-use]
  // CHECK: :17:14: note: used as the warp width here
  // CHECK: :21:45: note: used as the warp width here
  // Instantiated with 32: every use of WS above breaks at wave64.
  int v = lane_sum<32>(out[threadIdx.x]);
  // CHECK: :[[@LINE+2]]:19: warning: argument '32' (= 32) is the warp width of 'seg_sum': parameter 'width' is used as the shuffle width in '__shfl_down_sync(0xffffffffu, v, o, width)'; AMD wavefronts have 64 lanes: pass warpSize [wave64-warp-constant-use]
  // CHECK: :29:46: note: used as the warp width here
  v += seg_sum(v, 32);
  // Macro case: reported where the macro is passed, without a fix-it.
  // CHECK: :[[@LINE+2]]:19: warning: argument 'WARP' (= 32) is the warp width of 'seg_sum'
  // CHECK: :29:46: note: used as the warp width here
  v += seg_sum(v, WARP);
  out[0] = v;
}

__global__ void lane_arrays(int *out) {
  __shared__ int sums[32];
  int lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+1]]:3: error: 'sums[lane]' indexes an array of 32 elements with a lane of a warpSize-wide warp: lanes 32-63 of a 64-lane wavefront read past its end; size it for 64 lanes or bound the index [wave64-warp-constant-use]
  sums[lane] = out[threadIdx.x];
  // CHECK: :[[@LINE+1]]:12: error: 'sums[threadIdx.x & (warpSize - 1)]' indexes an array of 32 elements
  out[1] = sums[threadIdx.x & (warpSize - 1)];
}

__global__ void negatives(int *out) {
  __shared__ int big[64];
  __shared__ int sums[32];
  int lane = threadIdx.x % warpSize;
  // The run-time width, a bucket count and a sum of 32 are not warp widths.
  int v = seg_sum(out[0], warpSize) + hash(out[1], 32) + bucket<32>(out[2]);
  big[lane] = v;
  // Guarded: only lanes below 32 read the array.
  if (lane < 32)
    out[2] = sums[lane];
  out[3] = lane < 32 ? sums[lane] : 0;
  // A lane of a 32-wide tile fits.
  out[4] = sums[threadIdx.x % 32];
  // Sized with warpSize (one slot per warp), read where the thread index is
  // below the number of warps.
  __shared__ int slots[1024 / warpSize];
  out[5] = threadIdx.x < blockDim.x / warpSize ? slots[lane] : 0;
  // 32 slots hold one for each warp of any block, at 32 lanes or 64: a
  // thread index below a warp count reads within them (mahout's final
  // reduction).
  out[6] = threadIdx.x < (blockDim.x + warpSize - 1) / warpSize ? sums[lane] : 0;
  // Below the width is no warp count: lanes 32-63 still read past them.
  // CHECK: :[[@LINE+1]]:37: error: 'sums[lane]' indexes an array of 32 elements
  out[7] = threadIdx.x < warpSize ? sums[lane] : 0;
}

__global__ void per_warp_slots(int *out) {
  // One slot per warp is 16 slots on a 64-lane wavefront (32 as this CUDA
  // file is parsed): every lane reading its own slot reads past them.
  __shared__ int slots[1024 / warpSize];
  int lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+1]]:12: error: 'slots[lane]' indexes an array of 32 elements
  out[0] = slots[lane];
  // A bound on the thread index that is not a warp count is no bound.
  // CHECK: :[[@LINE+1]]:34: error: 'slots[lane]' indexes an array of 32 elements
  if (threadIdx.x < 48) out[1] = slots[lane];
}

// A warp index of 32-wide warps scaled by warpSize mixes the two widths.
#define WARP_OF(t) ((t) >> 5)
template <int N>
__global__ void mixed_layout(float *a, int stride) {
  const int tid = threadIdx.x;
  const int wid = tid / 32;
  const int wtid = tid % 32;
  for (int i = 0; i < N; i += 2)
    // CHECK: :[[@LINE+2]]:8: error: 'wid * warpSize' scales 'wid', a warp index of 32-wide warps ('tid / 32'), by warpSize: on a 64-lane wavefront the two widths disagree and the layout skips or overlaps rows; compute the warp index with warpSize [wave64-warp-constant-use]
    // CHECK: :[[@LINE-4]]:23: note: warp index computed here
    a[(wid * warpSize + i) * stride + wtid] = 0;
  // Macro case: the warp index from a macro of 32-wide warps.
  const int w5 = WARP_OF(tid);
  // CHECK: :[[@LINE+2]]:5: error: 'warpSize * w5' scales 'w5'
  // CHECK: :[[@LINE-13]]:25: note: warp index computed here
  a[warpSize * w5] = 1;
  // Negative: one width throughout, and a count of 32-bit words.
  const int w2 = tid / warpSize;
  a[w2 * warpSize] = 2;
  a[wid * 32] = 3;
}
template __global__ void mixed_layout<4>(float *, int);

// A loop stepping by the block's size is a block-stride loop, right at any
// width, whatever that size is (a block of 32 threads included); a loop
// stepping by a warp-width parameter is not.
template <int BLOCK_SIZE> __device__ int block_sum(const int *in, int n) {
  int s = 0;
  for (int i = threadIdx.x; i < n; i += BLOCK_SIZE)
    s += in[i];
  return s;
}
template <int WARP_WIDTH> __device__ int warp_strided(const int *in, int n) {
  int s = 0;
  // CHECK: :[[@LINE+2]]:36: warning: loop stride 'i += WARP_WIDTH' assumes 32-wide warps: 'WARP_WIDTH' is 32 where 'warp_strided' is instantiated
  // CHECK: :[[@LINE+16]]:48: note: instantiated with 32 here
  for (int i = threadIdx.x; i < n; i += WARP_WIDTH)
    s += in[i];
  return s;
}
// A loop from a value every thread shares walks the same tiles in each
// thread: its stride is a tile's edge, no lane's share.
template <int TileDim> __device__ int tile_walk(const int *in, int n) {
  int s = 0;
  for (int t = 0; t < n; t += TileDim)
    s += in[t + threadIdx.x];
  return s;
}
__global__ void strides(int *out, const int *in, int n) {
  // CHECK: :[[@LINE+2]]:48: warning: template argument 32 makes 'WARP_WIDTH' the warp width of 'warp_strided' (loop stride 'i += WARP_WIDTH')
  // CHECK: :[[@LINE-14]]:36: note: used as the warp width here
  out[0] = block_sum<32>(in, n) + warp_strided<32>(in, n);
  out[1] = tile_walk<32>(in, n);
}

// A block of 32 threads counted in warps of the device's width has none at
// 64: the block-size parameter's value is what breaks.
template <int BLOCK_SIZE> __global__ void gemv(float *out, const float *in) {
  // CHECK: :[[@LINE+2]]:25: warning: warp count 'BLOCK_SIZE / warpSize' (0 on a 64-lane wavefront) assumes 32-wide warps: 'BLOCK_SIZE' is 32 where 'gemv' is instantiated
  // CHECK: :[[@LINE+7]]:8: note: instantiated with 32 here
  const int num_warps = BLOCK_SIZE / warpSize;
  out[0] = num_warps > 0 ? in[threadIdx.x] : 0.f;
}
void launch_gemv(float *out, const float *in) {
  // CHECK: :[[@LINE+2]]:{{[0-9]+}}: warning: template argument 32 makes 'BLOCK_SIZE' the warp width of 'gemv'
  // CHECK: :[[@LINE-5]]:25: note: used as the warp width here
  gemv<32><<<1, 32>>>(out, in);
}
