// RUN: hipport lint %s --checks='-*,wave64-host-launch-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <cuda_runtime.h>

#define WARP 32
#define WARPS_OF(n) (((n) + WARP - 1) / WARP)
// Macro case (launched at the end of the file): the use inside the macro
// body is reported there.
// CHECK: :[[@LINE-3]]:39: error: launch grid 'WARPS_OF(n)' is sized for 32-wide warps, but kernel 'row_per_warp'
// CHECK: :{{[0-9]+}}:55: note: warpSize used here
// CHECK: :{{[0-9]+}}:3: note: launched here

// Kernels indexing warps with warpSize.
__global__ void per_warp_sum(float *out, const float *in) {
  extern __shared__ float sums[];
  int warp = threadIdx.x / warpSize;
  float v = in[threadIdx.x];
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_down_sync(__activemask(), v, off);
  if (threadIdx.x % warpSize == 0)
    sums[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = sums[0];
}

__global__ void row_per_warp(float *out, const float *in, int cols) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  out[row] = in[row * cols];
}

// A kernel whose lane math hard-codes 32.
__global__ void fixed_slots(float *out, const float *in) {
  extern __shared__ float slot[];
  slot[threadIdx.x / 32] = in[threadIdx.x];
  out[threadIdx.x] = slot[0];
}

// A kernel working per warp of WARP lanes, with collectives.
__global__ void warp_vote(int *out, const int *in) {
  out[threadIdx.x] = __any_sync(__activemask(), in[threadIdx.x] > 0);
}

// A kernel with no warp-level code at all.
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }

void launches(float *out, const float *in, int *flags, int n, int cols) {
  int threads = 256;
  // One shared slot per 32-lane warp holds the fewer slots of 64-lane
  // warps too (the kernel's `sums[tid / warpSize]`): enough at either width.
  size_t shmem = (threads / 32) * sizeof(float);
  per_warp_sum<<<n, threads, shmem>>>(out, in);

  // A grid of one warp per row, counted with 32.
  // CHECK: :[[@LINE+3]]:{{[0-9]+}}: error: launch grid '(n + WARP - 1) / WARP' is sized for 32-wide warps, but kernel 'row_per_warp' indexes warps with warpSize
  // CHECK: :{{[0-9]+}}:55: note: warpSize used here
  // CHECK: :[[@LINE+1]]:3: note: launched here
  row_per_warp<<<(n + WARP - 1) / WARP, 256>>>(out, in, cols);

  // Sized with the device's width, while the kernel hard-codes 32.
  int ws = 0;
  cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, 0);
  // CHECK: :[[@LINE+3]]:40: error: launch shared-memory size is sized with the device's warp width, but kernel 'fixed_slots' computes lanes and warps with 32 ('threadIdx.x / 32'): at wave64 the two disagree
  // CHECK: :{{[0-9]+}}:20: note: 32-lane math here
  // CHECK: :[[@LINE+1]]:3: note: launched here
  fixed_slots<<<n, threads, (threads / ws) * sizeof(float)>>>(out, in);

  // A named warp constant for a kernel using collectives: a warning.
  // CHECK: :[[@LINE+2]]:27: warning: launch block 'WARP * 4' assumes 32-wide warps ('WARP' = 32) for kernel 'warp_vote', which works per warp
  // CHECK: :[[@LINE+1]]:3: note: launched here
  warp_vote<<<n / 4, WARP * 4>>>(flags, flags);

  // The runtime API launch.
  void *args[] = {&out, &in, &cols};
  // CHECK: :[[@LINE+2]]:{{[0-9]+}}: error: launch grid '{{.*}}' is sized for 32-wide warps, but kernel 'row_per_warp'
  // CHECK: :{{[0-9]+}}:55: note: warpSize used here
  cudaLaunchKernel((const void *)row_per_warp, dim3(n / 32), dim3(256), args,
  // CHECK: :[[@LINE-1]]:3: note: launched here
                   0, 0);

  // A literal 32 scaling the launch of a kernel that works per warp.
  // CHECK: :[[@LINE+2]]:17: warning: launch grid 'n / 32' assumes 32-wide warps for kernel 'warp_vote', which works per warp; AMD wavefronts have 64 lanes: size it with the device's warp width [wave64-host-launch-width]
  // CHECK: :[[@LINE+1]]:3: note: launched here
  warp_vote<<<n / 32, 256>>>(flags, flags);
  // Negatives: no warp-level code, sizes from the device's width for a
  // warpSize kernel, and 32 elements of shared memory.
  scale<<<n / 32, 32 * 8>>>(out, 2.0f);
  per_warp_sum<<<n, threads, (threads / ws) * sizeof(float)>>>(out, in);
  per_warp_sum<<<n, threads, 32 * sizeof(float)>>>(out, in);
  row_per_warp<<<WARPS_OF(n), 256>>>(out, in, cols);
}

// A warp constant the preprocessor picks per AMD target: host code, compiled
// without the device pass's target macros, reads the host pass's value.
#if defined(__GFX9__)
constexpr int kWarpSize = 64;
#else
constexpr int kWarpSize = 32;
#endif
void per_target(float *out, int n) {
  // CHECK: :[[@LINE+2]]:28: error: host code reads 'kWarpSize' (= 32 here), a warp width the preprocessor picks per AMD target
  // CHECK: :[[@LINE-4]]:15: note: defined per target here
  const int warps = 1024 / kWarpSize;
  // CHECK: :[[@LINE+2]]:27: error: host code reads 'kWarpSize' (= 32 here)
  // CHECK: :{{[0-9]+}}:15: note: defined per target here
  scale<<<n / warps, dim3(kWarpSize, warps)>>>(out, 2.0f);
}
// The same read in a host template that is explicitly instantiated (its
// non-dependent literals are shared with the instantiation), through a macro.
#if defined(__GFX9__)
#define TARGET_WARP 64
#else
#define TARGET_WARP 32
#endif
template <typename T> int rows_per_block(int m) {
  // CHECK: :[[@LINE+2]]:7: error: host code reads 'TARGET_WARP' (= 32 here), a warp width the preprocessor picks per AMD target
  // CHECK: :{{[0-9]+}}:21: note: defined per target here
  if (TARGET_WARP == 64)
    return (m + 1) / 2;
  return (m + 3) / 4;
}
template int rows_per_block<float>(int);
// A fixed warp width read by host code outside a launch: a buffer sized per
// 32-lane warp. A count of warps is not the width itself.
void buffers(float **slots, int n) {
  // CHECK: :[[@LINE+2]]:26: warning: host code reads the compile-time warp width 'WARP' (= 32): AMD wavefronts have 64 lanes on CDNA and 32 on RDNA, so sizes the host computes from it fit one of them only; query the width at run time (hipDeviceAttributeWarpSize) [wave64-host-launch-width]
  // CHECK: :5:14: note: 'WARP' defined here
  cudaMalloc(slots, (n / WARP) * sizeof(float));
  const int kWarpsPerBlock = 8;
  cudaMalloc(slots, n * kWarpsPerBlock * sizeof(float));
}

// A width picked by the HIP platform macro: the host pass sees the same
// macros as the device pass, so the two agree; not reported.
#ifdef __HIP_PLATFORM_AMD__
#define PLATFORM_WARP 64
#else
#define PLATFORM_WARP 32
#endif
void per_platform(float *out, int n) {
  const int warps = 1024 / PLATFORM_WARP;
  scale<<<n / warps, 256>>>(out, 2.0f);
}
// Device code compiled for the target sees the target's value: not reported.
__device__ int lanes() { return kWarpSize; }

// One 32-thread warp per block, for a kernel that works per warp or whose
// body this TU does not show.
template <typename T, int B> __global__ void quantize(T *p);
__global__ void vote_rows(float *p) { p[0] = __shfl_down_sync(0xffffffffu, p[0], 1); }
template <typename T> void one_warp(T *p, int n, cudaStream_t s) {
  // CHECK: :[[@LINE+1]]:34: warning: block of 32 threads, one 32-wide warp, for kernel 'quantize', which works per warp or is defined elsewhere: an AMD wavefront has 64 lanes, so half of it idles and per-warp layouts sized for 32 lanes break; size the block from the device's warp width (hipDeviceAttributeWarpSize) [wave64-host-launch-width]
  quantize<T, 64><<<(n + 1) / 2, 32, 0, s>>>(p);
  // CHECK: :[[@LINE+1]]:18: warning: block of 32 threads, one 32-wide warp, for kernel 'vote_rows'
  vote_rows<<<n, 32>>>((float *)p);
  // Negative: a kernel without collectives or lane math, a block of 64.
  scale<<<n, 32>>>((float *)p, 2.0f);
  vote_rows<<<n, 64>>>((float *)p);
}
template void one_warp<float>(float *, int, cudaStream_t);

// Block shapes followed through a dim3 variable and a launch macro's
// argument; rows of one 32-wide warp for a kernel whose warps are rows
// (threadIdx.y); the warp width squared.
#define LAUNCH_ROWS(k, g, b, p) k<<<(g), (b)>>>(p)
#define ONE_WARP(k, p) k<<<1, 32>>>(p)
__global__ void row_vote(float *p) {
  p[threadIdx.y] = __shfl_down_sync(0xffffffffu, p[threadIdx.x], 1);
}
__global__ void tile_copy(float *p) { p[threadIdx.y * 32 + threadIdx.x] = 0; }
// Warp-level matrix operations (WMMA, rocWMMA) are collectives of the warp.
namespace rocwmma {
template <class F> __device__ void mma_sync(F &d, const F &a, const F &b, const F &c);
}
__global__ void tile_mma(float *p) {
  float acc = p[threadIdx.x];
  rocwmma::mma_sync(acc, acc, acc, acc);
  p[threadIdx.y] = acc;
}
__global__ void row_sum(float *p) {
  float v = p[threadIdx.y * 32 + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o, 32);
  p[threadIdx.y] = v;
}
void shapes(float *p, int n) {
  // CHECK: :[[@LINE+1]]:12: warning: block of 32 threads, one 32-wide warp, for kernel 'vote_rows'
  dim3 one(32);
  vote_rows<<<n, one>>>(p);
  // CHECK: :[[@LINE+1]]:34: warning: block of 32 threads, one 32-wide warp, for kernel 'vote_rows'
  LAUNCH_ROWS(vote_rows, n, dim3(32), p);
  // CHECK: :[[@LINE+1]]:22: warning: block of 32 x '8' threads, one 32-wide warp per row, for kernel 'row_vote', which works per warp: a 64-lane AMD wavefront spans two rows, so per-row warp collectives and warp indices ('threadIdx.y') mix rows; size the row from the device's warp width (hipDeviceAttributeWarpSize) [wave64-host-launch-width]
  row_vote<<<n, dim3(32, 8)>>>(p);
  // CHECK: :[[@LINE+1]]:23: error: block of WARP x WARP threads, the warp width squared, for kernel 'tile_copy': at wave64 that is 4096 threads, over the 1024-thread limit of a block, so the launch fails; size one extent by the warps per block [wave64-host-launch-width]
  tile_copy<<<n, dim3(WARP, WARP)>>>(p);
  // Negatives: tiles of 32 x 8 for a kernel with no warp-level code, and a
  // block of 32 spelled in a macro's own body.
  tile_copy<<<n, dim3(32, 8)>>>(p);
  dim3 tile(32, 32);
  tile_copy<<<n, tile>>>(p);
  ONE_WARP(vote_rows, p);
  // Rows whose shuffles all have a written width of 32: each row is its own
  // 32-lane segment, right at 64 (a note: half a wavefront may idle).
  // CHECK: :[[@LINE+1]]:21: note: block of 32 x '4' threads, one 32-wide warp per row, for kernel 'row_sum', whose collectives all stay within their 32-lane segment (a written width of 32, or reads within the half) and which does not read warpSize: right at 64, where a wavefront runs two rows [wave64-host-launch-width]
  row_sum<<<n, dim3(32, 4)>>>(p);
  // CHECK: :[[@LINE+1]]:22: warning: block of 32 x '4' threads, one 32-wide warp per row, for kernel 'tile_mma', which works per warp
  tile_mma<<<n, dim3(32, 4)>>>(p);
}

// A host constant named warpSize shadows the device's width with a fixed 32.
void shadowed(float *p, int n) {
  const int warpSize = 32;
  // CHECK: :[[@LINE+2]]:14: warning: host code reads the compile-time warp width 'warpSize' (= 32)
  // CHECK: :[[@LINE-2]]:13: note: 'warpSize' defined here
  dim3 block(warpSize, 256 / warpSize);
  tile_copy<<<n, block>>>(p);
}

// A size declared first and assigned per case, and block sizes stepped by a
// warp of 32, for a kernel whose lane math hard-codes 32 but whose lanes
// never read each other's: the launch counts the kernel's own 32-lane
// groups, right at either width (notes).
void per_case(float *out, const float *in, int peers) {
  int threads;
  if (peers > 32)
    threads = 1024;
  else
    // CHECK: :[[@LINE+2]]:18: note: launch block '32 * (peers - 1)' counts 32-lane groups for kernel 'fixed_slots': no lane here reads another's (no shuffle, ballot, vote, warp primitive, lane index or warpSize in this kernel or what it calls), so its 32-lane groups only number threads and memory; the two agree at either width
    // CHECK: :[[@LINE+2]]:3: note: launched here
    threads = 32 * (peers - 1);
  fixed_slots<<<1, threads>>>(out, in);
  // CHECK: :[[@LINE+2]]:36: note: launch block 'bs += 32' counts 32-lane groups for kernel 'fixed_slots'
  // CHECK: :[[@LINE+2]]:5: note: launched here
  for (int bs = 64; bs <= 1024; bs += 32)
    fixed_slots<<<1, bs>>>(out, in);
  // Negative: steps of 64 threads.
  for (int bs = 64; bs <= 1024; bs += 64)
    fixed_slots<<<1, bs>>>(out, in);
}

// A kernel whose warp work is in a device helper it calls.
__device__ float warp_sum(float v) {
  for (int d = 1; d < 32; d *= 2)
    v += __shfl_xor_sync(0xffffffffu, v, d);
  return v;
}
__device__ float warp_total(float v) {
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_down_sync(0xffffffffu, v, d);
  return __shfl_sync(0xffffffffu, v, 0);
}
__global__ void sum_rows(float *p) { p[threadIdx.x] = warp_sum(p[threadIdx.x]); }
__global__ void total_rows(float *p) { p[threadIdx.x] = warp_total(p[threadIdx.x]); }
void helper_launch(float *p, int n) {
  // The helper's butterfly stays in its 32-lane half: right at 64.
  // CHECK: :[[@LINE+1]]:17: note: block of 32 threads, one 32-wide warp, for kernel 'sum_rows', whose collectives all stay within their 32-lane segment
  sum_rows<<<n, 32>>>(p);
  // The helper's width-less shuffles span the wavefront.
  // CHECK: :[[@LINE+1]]:19: warning: block of 32 threads, one 32-wide warp, for kernel 'total_rows'
  total_rows<<<n, 32>>>(p);
}

// Shared memory counted in 32-lane groups for a kernel that works in
// 32-lane logical warps (every shuffle passes width 32, no warpSize): the
// host and the kernel agree, a note. The same size for a kernel whose
// width-less shuffles span the wavefront stays a warning.
__device__ float group_sum(float v) {
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, d, WARP);
  return v;
}
__global__ void group_slots(float *out, const float *in) {
  extern __shared__ float slot[];
  float v = group_sum(in[threadIdx.x]);
  if (threadIdx.x % WARP == 0)
    slot[threadIdx.x / WARP] = v;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = slot[0];
}
__global__ void wave_slots(float *out, const float *in) {
  extern __shared__ float slot[];
  float v = warp_total(in[threadIdx.x]);
  if (threadIdx.x % WARP == 0)
    slot[threadIdx.x / WARP] = v;
}
void group_launch(float *out, const float *in, int threads) {
  // Shared memory of one slot per 32-lane group holds every group's slot,
  // and the fewer slots of 64-lane warps too: no finding for either kernel
  // (what wave_slots does with its slots is judged in wave_slots).
  group_slots<<<1, threads, sizeof(float) * (threads / WARP)>>>(out, in);
  wave_slots<<<1, threads, sizeof(float) * (threads / WARP)>>>(out, in);
  // CHECK: :[[@LINE+2]]:35: note: launch block 'threads / WARP * WARP' counts 32-lane groups ('WARP' = 32) for kernel 'group_slots'
  // CHECK: :[[@LINE+1]]:3: note: launched here
  group_slots<<<1, threads / WARP * WARP>>>(out, in);
}

// A launcher template and a kernel template whose collective sits in a
// device function template: the launch names its kernel, and the kernel's
// call its callee, only where they are instantiated. Read there, once for
// both instantiations.
template <typename T> __device__ T tile_sum(T v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(~0u, v, o);
  return v;
}
template <typename T> __global__ void tile_sums(T *x) {
  x[blockIdx.x] = tile_sum(x[threadIdx.x]);
}
template <typename T> void launch_tiles(T *x, int n) {
  // CHECK: :[[@LINE+4]]:20: warning: launch grid 'n / 32' assumes 32-wide warps for kernel 'tile_sums', which works per warp
  // CHECK: :[[@LINE+3]]:3: note: launched here
  // CHECK: :[[@LINE+2]]:29: warning: launch block '32 * 4' assumes 32-wide warps for kernel 'tile_sums', which works per warp
  // CHECK: :[[@LINE+1]]:3: note: launched here
  tile_sums<T><<<n / 32, 32 * 4>>>(x);
}
template void launch_tiles<float>(float *, int);
template void launch_tiles<int>(int *, int);

// Two launches of one macro expansion are two launches, each read.
template <typename T> __global__ void tile_maxes(T *x) {
  x[blockIdx.x] = __shfl_xor_sync(~0u, x[threadIdx.x], 16);
}
#define LAUNCH_TILES(T_, x, n)                                                 \
  if (n > 4096)                                                                \
    tile_sums<T_><<<n / 32, 256>>>(x);                                         \
  else                                                                         \
    tile_maxes<T_><<<n / 32, 256>>>(x);
// CHECK: :[[@LINE-3]]:23: warning: launch grid 'LAUNCH_TILES(T, x, n)' assumes 32-wide warps for kernel 'tile_sums', which works per warp
// CHECK: :[[@LINE-4]]:5: note: launched here
// CHECK: :[[@LINE-3]]:24: warning: launch grid 'LAUNCH_TILES(T, x, n)' assumes 32-wide warps for kernel 'tile_maxes', which works per warp
// CHECK: :[[@LINE-4]]:5: note: launched here
template <typename T> void launch_either(T *x, int n) {
  LAUNCH_TILES(T, x, n)
}
template void launch_either<float>(float *, int);

// A width printed in a message or checked by a static_assert sizes nothing:
// only the launch is reported.
#include <cstdio>
static const int kWarpWidth = 32;
__global__ void warpPer(int *o) {
  o[threadIdx.x % kWarpWidth] = __shfl_sync(0xffffffff, o[0], 1);
}
void launchWarpPer(int *o, int blocks) {
  printf("launching %d blocks of %d threads\n", blocks, 24 * kWarpWidth);
  static_assert(kWarpWidth == 32, "one width");
  int threads = 24 * kWarpWidth;
  warpPer<<<blocks, threads>>>(o);
}
// CHECK: :[[@LINE-3]]:20: warning: launch block '24 * kWarpWidth' assumes 32-wide warps ('kWarpWidth' = 32) for kernel 'warpPer'
// CHECK: :[[@LINE-3]]:3: note: launched here
