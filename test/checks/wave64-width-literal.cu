// RUN: hipport lint %s --checks='-*,wave64-width-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// With every check on, a line another width check reports is left to it.
// RUN: hipport lint %s --fail-on=never --quiet | FileCheck %s --check-prefix=ALL
#include <cuda_runtime.h>

#ifdef __HIP_PLATFORM_AMD__
#define PICKED_WIDTH 64
#else
#define PICKED_WIDTH (threadIdx.x % 32)
#endif

// Macro case: a #define body is read whole; its lane index is a parameter.
#define COPY_STRIDED(DST, SRC, N, LANE_ID)                                        \
  {                                                                            \
    constexpr int kStride = 32 * 2;                                            \
    for (int i = (LANE_ID); i < (N); i += kStride)                             \
      (DST)[i] = (SRC)[i];                                                     \
  }
// CHECK: :[[@LINE-4]]:29: warning: '32' beside 'LANE_ID' reads as the lane count of a 32-wide warp; AMD wavefronts have 64 lanes: if it is the warp width, derive it from warpSize (width net: a literal next to a lane or warp quantity, not a proven width use) [wave64-width-literal]

__global__ void reduce(const float *x, float *out, int n) {
  // A per-warp slot array sized for 32-lane warps may be right (fewer warps
  // at 64): a note.
  __shared__ float partial[32];
  // CHECK: :[[@LINE-1]]:28: note: '32' beside '__shared__' {{.*}}next to a shared-memory slot quantity
  int lane = threadIdx.x % warpSize;
  float acc = 0;
  for (int i = lane; i < n; i += 32)
    // CHECK: :[[@LINE-1]]:34: warning: '32' beside 'lane'
    acc += x[i];
  for (int j = 0; j < n; j += 32) {
    // CHECK: :[[@LINE-1]]:31: warning: '32' beside 'tid'
    int tid = j + threadIdx.x;
    acc += x[tid];
  }
  constexpr unsigned kFullMask = 0xffffffff;
  // CHECK: :[[@LINE-1]]:34: warning: '0xffffffff' beside 'kFullMask' reads as a mask of 32 lanes
  // A full mask passed to an intrinsic is wave64-lane-mask-literal's.
  acc += __shfl_down_sync(0xffffffff, acc, 1);
  // ALL: :[[@LINE-1]]:27: error: {{.*}}[wave64-lane-mask-literal]
  // ALL-NOT: :[[@LINE-2]]:{{.*}}[wave64-width-literal]
  acc += __shfl_down_sync(kFullMask, acc, 2);
  if (threadIdx.x == 31)
    // CHECK: :[[@LINE-1]]:22: warning: '31' beside 'lane' reads as the last lane (or lane mask) of a 32-wide warp
    partial[lane] = acc;
  COPY_STRIDED(out, x, n, lane);

  // Negatives: a shuffle's width argument (wave64-shuffle-width's), word
  // halves, alignment, bit counts, #if lines, a width picked per target.
  acc += __shfl_xor(acc, 1, 32);
  out[3] = PICKED_WIDTH;
  unsigned long long wide = n;
  unsigned hi = wide >> 32;
  int words = n / 32 * sizeof(unsigned);
  int nbits = n % 32;
  struct alignas(32) Tile { float v[8]; };
  out[1] = hi + words + nbits + sizeof(Tile);
#if __CUDA_ARCH__ >= 320
  out[2] = 1;
#endif
  // Inline PTX operands are ptx-inline-asm's: no AMD target assembles them.
  asm volatile("bar.sync %0, %1;" ::"r"(1), "r"(lane * 32));
}

void launch(float *x, float *out, int n) {
  constexpr int kNumThreads = 256;
  constexpr int num_warps = kNumThreads / 32;
  // CHECK: :[[@LINE-1]]:43: warning: '32' beside 'num_warps'
  dim3 block(kNumThreads);
  reduce<<<(n + 31) / 32, block>>>(x, out, n * num_warps);
  // CHECK: :[[@LINE-1]]:17: warning: '31' beside 'num_warps'
  // A statement with no lane, warp or thread quantity: no finding.
  int rows = (n + 31) / 32;
  out[0] = rows;
}

// The value of a count of warps is no lane count, nor is a factor of one
// made of literals (hypre's); a lane count's is, and so is a divisor that
// makes threads a count of warps.
constexpr int kNumWarpGroups = 32;
#define MAX_NUM_WARPS (64 * 64 * 32)
constexpr int kWarpLanes = 32;
// CHECK: :[[@LINE-1]]:28: warning: '32' beside 'kWarpLanes'
constexpr int kNumWarps = 256 / 32;
// CHECK: :[[@LINE-1]]:33: warning: '32' beside 'kNumWarps'

// A statement that routes by the width the device reports, or that tests
// for 32 and for 64, ties its 32s to that test: right at either width. A
// test for 32 alone is still read.
template <int W> __global__ void select_k(float *out) { out[threadIdx.x] = W; }
int getWarpSizeCurrentDevice();
constexpr int kWarpSize = 32;
// CHECK: :[[@LINE-1]]:27: warning: '32' beside 'kWarpSize'
void paged_small(float *out, int block_size);
void paged_large(float *out, int block_size);
void route_by_width(int k, int block_size, float *out) {
  if (k <= 32 && getWarpSizeCurrentDevice() == 32)
    select_k<32><<<1, 64>>>(out);
  static_assert(kWarpSize == 32 || kWarpSize == 64, "unexpected warp size");
  static_assert(kWarpSize == 32, "unexpected warp size");
  // CHECK: :[[@LINE-1]]:30: warning: '32' beside 'kWarpSize'
  // A case label names one value of a dispatch on a block size.
  switch (block_size) {
  case 16: paged_small(out, block_size); break;
  case 32: paged_large(out, block_size); break;
  }
}

// The default mask of a no-op stand-in is never read; one of a function that
// uses it is a lane mask.
__device__ void sync_lanes(unsigned mask = 0xffffffff) {}
__device__ unsigned vote_lanes(bool p, unsigned mask = 0xffffffff) {
  // CHECK: :[[@LINE-1]]:56: warning: '0xffffffff' beside 'mask' reads as a mask of 32 lanes
  return __ballot(p) & mask;
}

// A name the file gives the thread index (`int const t = threadIdx.x;`) is a
// thread quantity: "the first warp" as threads below 32, and a count rounded
// up to the end of a 32-lane warp.
__global__ void warp_roles(float *out, float v, unsigned n) {
  int const t = threadIdx.x;
  // CHECK: :[[@LINE+1]]:16: warning: '0x1f' beside 't' reads as the last lane (or lane mask) of a 32-wide warp
  if (t > (n | 0x1f))
    return;
  // CHECK: :[[@LINE+1]]:11: warning: '32' beside 't' reads as the lane count of a 32-wide warp
  if (t < 32)
    out[t] = v; out[64] = __any_sync(__activemask(), 1);
}

// A kernel whose lanes never read each other's: its 32-lane groups only
// number threads and memory, right at any width (a note), as the AST sees
// it; the same text in a kernel that votes is a warning.
__global__ void group_copy(float *out, const float *in, int warp_id) {
  // CHECK: :[[@LINE+1]]:17: note: '32' beside 'warp_id' reads as the lane count of a 32-wide warp; no lane here reads another's (no shuffle, ballot, vote, warp primitive, lane index or warpSize in this kernel or what it calls), so its 32-lane groups only number threads and memory: right at either width [wave64-width-literal]
  out[warp_id * 32 + 1] = in[warp_id * 32];
}
__global__ void group_vote(float *out, int warp_id) {
  // CHECK: :[[@LINE+1]]:17: warning: '32' beside 'warp_id' reads as the lane count of a 32-wide warp
  out[warp_id * 32 + 1] = 0;
  out[0] = __any_sync(__activemask(), 1);
}

// A vector data type's lane count (a code generator's `t.lanes()`, and
// `lanes` in such a file) and a log2 by leading zeros are no warp width.
struct VecType {
  int lanes() const;
  int bits() const;
};
__device__ int vector_lanes(VecType t, int blocksize) {
  int lanes = t.lanes();
  int shift = 31 - __clz(blocksize);
  if (lanes == 32 && t.bits() == 32)
    return shift;
  return t.lanes() == 32 ? 1 : 0;
}
// The same comparison with a warp's lane: a warning.
__device__ int lane_count(int lanes_per_warp) {
  // CHECK: :[[@LINE+1]]:28: warning: '32' beside 'lanes_per_warp'
  return lanes_per_warp == 32;
}

// A branch taken where a quantity equals 32 passes that value on: the 32
// inside is the quantity's (a quantization group size), not a lane count.
// The same branch on a warp's width keeps its finding.
#define LAUNCH_GROUPED(GS) grouped<GS><<<blocks, 256>>>(out)
template <int GS> __global__ void grouped(float *out) { out[GS] = 0; }
void dispatch_groups(float *out, int group_size_, int warp_threads, int blocks) {
  if (group_size_ == 32) { LAUNCH_GROUPED(32); }
  else if (group_size_ == 64) { LAUNCH_GROUPED(64); }
  if (32 == group_size_)
    grouped<32><<<blocks, 256>>>(out);
  if (warp_threads == 32) { LAUNCH_GROUPED(32); }
  // CHECK: :[[@LINE-1]]:23: warning: '32' beside 'warp_threads'
}
// A branch on a width asked of the device runs only on 32-lane devices: its
// 32s are right there (mamba's `if (warp_size == 32)` with warp_size =
// rocprim::warp_size()). A hard-coded width in the same test is no dispatch.
int get_warp_size();
void dispatch_by_width(float *out, int blocks) {
  const int warp_size = get_warp_size();
  if (warp_size == 32) { LAUNCH_GROUPED(32); }
  int dev_warp_size = 0;
  dev_warp_size = warpSize;
  if (dev_warp_size == 32)
    grouped<32><<<blocks, 32>>>(out);
  const int fixed_warp_size = 32;
  // CHECK: :[[@LINE-1]]:31: warning: '32' beside 'fixed_warp_size'
  if (fixed_warp_size == 32) { LAUNCH_GROUPED(32); }
  // CHECK: :[[@LINE-1]]:26: warning: '32' beside 'fixed_warp_size'
}

// A function named for the warp width whose body returns 32 hard-codes it;
// one named for something else (a bank width) does not.
constexpr int warp_size() { return 32; }
// CHECK: :[[@LINE-1]]:36: warning: '32' beside 'warp_size' reads as the lane count of a 32-wide warp
constexpr int shared_memory_bank_width() { return 32; }
__host__ __device__ inline int lanes_in_warp() noexcept { return 32; }
// CHECK: :[[@LINE-1]]:66: warning: '32' beside 'lanes_in_warp'

// A variable set from a ballot is a lane mask whatever its name: 'bitmap'
// here names lanes, not the bits of a word, so the 32 beside it is a lane.
__global__ void compress(unsigned long long *out, unsigned *halves, int v) {
  unsigned long long bitmap = __ballot(v != 0);
  int tid = threadIdx.x;
  out[0] = (halves[tid + 32] << 16) + bitmap;
  // CHECK: :[[@LINE-1]]:26: warning: '32' beside 'bitmap' reads as the lane count of a 32-wide warp
  unsigned long long wordmap = halves[tid] + 32;
  out[1] = wordmap;
}

// A launch macro's name says nothing of a literal its body does not put in
// the launch's sizes: LAUNCH_TILE's 32 is a KV tile length (a template
// argument and shared bytes). LAUNCH_WIDE's parameter is the block itself.
// LAUNCH_WARPS sizes its block with NW_ only: a 32 passed as BKV_ is a tile
// length, a 32 passed as NW_ a block of 32 warps.
template <int D, int BKV> __global__ void tiled(float *out) {
  out[D] = BKV + __shfl_down(out[0], 1);
}
#define LAUNCH_TILE(D_, BKV_)                                                  \
  tiled<D_, BKV_><<<grid, 64, (D_) * (BKV_) * 4, stream>>>(out)
#define LAUNCH_WIDE(THREADS_) tiled<64, 16><<<grid, THREADS_>>>(out)
void dispatch_tiles(float *out, int d, int grid, cudaStream_t stream) {
  if (d == 128) LAUNCH_TILE(128, 32); else LAUNCH_TILE(64, 16);
  if (d == 64) LAUNCH_WIDE(32);
  // CHECK: :[[@LINE-1]]:28: warning: '32' beside 'LAUNCH_WIDE'
}
#define LAUNCH_WARPS(NW_, BKV_)                                                \
  tiled<NW_, BKV_><<<grid, NW_ * 32, (BKV_) * 4, stream>>>(out)
// CHECK: :[[@LINE-1]]:34: warning: '32' beside 'LAUNCH_WARPS'
void dispatch_warps(float *out, int nw, int grid, cudaStream_t stream) {
  if (nw == 4) LAUNCH_WARPS(4, 32); else LAUNCH_WARPS(2, 64);
  if (nw == 1) LAUNCH_WARPS(32, 64);
  // CHECK: :[[@LINE-1]]:29: warning: '32' beside 'LAUNCH_WARPS'
}

// A literal in a shift amount counts the bits of a word (`& 0x1f` keeps a
// bit position below 32), whatever thread quantity sits beside it. `& 31`
// after a plain shift masks the shifted value (it binds looser), and a 32
// beside a shuffle is no shift at all: both stay findings.
__global__ void shift_amounts(unsigned long long *out, int w) {
  int t = threadIdx.x;
  unsigned long long v64 = out[t];
  v64 <<= (t * w) & 0x1f;
  out[t] = v64 | (1u << (t & 31));
  out[t + 1] = out[t] << w & 31;
  // CHECK: :[[@LINE-1]]:30: warning: '31' beside 't'
  out[t + 32] = __shfl_xor(v64, 1);
  // CHECK: :[[@LINE-1]]:11: warning: '32' beside '__shfl_xor' reads as the lane count of a 32-wide warp
}

// A loop from the thread index stepping by warps times 32 walks the
// block's threads, whatever the width; a bare step of 32 strides a row.
#define NWARP 4
__global__ void blockStride(float *out, int n) {
  const int tid = threadIdx.x;
  float v = __shfl_xor(out[tid], 1);
  for (int idx = tid; idx < n; idx += NWARP * 32)
    out[idx] = v;
  for (int idx = threadIdx.x; idx < n; idx += NWARP * 32)
    out[idx] += v;
  for (int idx = tid; idx < n; idx += 32)
    out[idx] += v;
  // CHECK: :[[@LINE-2]]:39: warning: '32' beside 'idx' reads as the lane count of a 32-wide warp
}

// An XOR butterfly from 32 reduces all 64 lanes of a wavefront: in a kernel
// of one-row blocks (no threadIdx.y or .z) it is written for wave64 (a note
// on its width at 32). In a kernel of 32-wide rows the step of 32 mixes two
// rows of one wavefront: a warning. The rows' own stride (`threadIdx.y *
// 32`, or through a name of threadIdx.y) places a thread in its block at any
// width: not reported.
__global__ void packed_rows(int *out, const int *in) {
  int v = in[threadIdx.x + blockIdx.x * blockDim.x];
  // CHECK: :[[@LINE+1]]:16: note: '32' starts an XOR butterfly over all 64 lanes of the wavefront in a kernel of one-row blocks
  for (int i = 32; i >= 1; i /= 2)
    v += __shfl_xor(v, i);
  if ((threadIdx.x & 63) == 0)
    out[blockIdx.x] = v;
}
__global__ void tiled_rows(int *out, const int *in) {
  const int wi = threadIdx.y;
  int v = in[threadIdx.x + threadIdx.y * 32] + in[(8 * threadIdx.x + wi * 8 * 32) / 64];
  // CHECK: :[[@LINE+1]]:16: warning: '32' beside '__shfl_xor' reads as the lane count of a 32-wide warp
  for (int i = 32; i >= 1; i /= 2)
    v += __shfl_xor(v, i);
  out[threadIdx.y] = v;
}

// A kernel with no lane-level code (no shuffle, ballot, vote, lane or warp
// name, warpSize or lane math, itself or in the text's functions it calls):
// its block only counts threads, so a block of 32 is right at any width.
__device__ float inv_norm(float v) { return v > 0.f ? 1.f / v : 0.f; }
__global__ void finalize(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = inv_norm(v[i]);
}
__device__ float half_sum(float v) { return v + __shfl_xor(v, 16); }
__global__ void summed(float *v) { v[threadIdx.x] = half_sum(v[threadIdx.x]); }
// A warp-level matrix operation the text does not define is lane-level too.
__device__ void mma_sync(float &acc, float a);
__global__ void tile_product(float *v) { mma_sync(v[0], v[threadIdx.x]); }
void finish(float *v, int n) {
  finalize<<<(n + 31) / 32, 32>>>(v, n);
  summed<<<1, 32>>>(v);
  // CHECK: :[[@LINE-1]]:15: warning: '32' beside '<<<' reads as the lane count of a 32-wide warp
  tile_product<<<1, 32>>>(v);
  // CHECK: :[[@LINE-1]]:21: warning: '32' beside '<<<' reads as the lane count of a 32-wide warp
}

// A data type's bit count, as a code generator builds it (`DataType::UInt(32)`
// for a thread index's type): no lane count, even beside a lane.
struct DataType { static int UInt(int bits); static int Int(int bits, int lanes); };
int thread_index_type(int lane_id) {
  return lane_id + DataType::UInt(32) + DataType::Int(32, lane_id);
}

// A branch that runs only on 64-lane wavefronts (`if constexpr (kWarpSize ==
// 64)`): its 32s are halves of that wave, written for 64.
__device__ float last_merge(float v, int lane) {
  if constexpr (kWarpSize == 64) {
    v += lane < 32 ? v : -v;
  }
  return v + (lane < 32);
  // CHECK: :[[@LINE-1]]:22: warning: '32' beside 'lane'
}

// `K % 32 == 0` tests a data extent for a packed format, whatever thread
// quantity the statement names beside it; the same test of a block size is
// a width.
bool use_packed_gemv(int block_size, int K) {
  return block_size >= 64 && (K % 32 == 0);
}
bool whole_warps(int block_size, int K) {
  return K > 0 && (block_size % 32 == 0);
  // CHECK: :[[@LINE-1]]:33: warning: '32' beside 'block_size'
}
