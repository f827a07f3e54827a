// RUN: hipport lint %s --checks='-*,wave64-host-dispatch-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#if defined(__HIP_PLATFORM_AMD__)
#include <hip/hip_runtime.h>
#else
#include <cuda_runtime.h>
#endif

constexpr int kWarpSize = 32;
#if defined(__GFX9__)
#define TARGET_WS 64
#else
#define TARGET_WS 32
#endif

template <typename T, int WarpSize>
__global__ void rowReduce(T *out, const T *in) {
  T v = __shfl_xor(in[threadIdx.x], 1);
  out[threadIdx.x / WarpSize] = v + in[threadIdx.x % WarpSize];
}
// A per-warp queue length: its layout is one queue slot per lane.
template <typename K, int NumWarpQ, int ThreadsPerBlock>
__global__ void blockSelect(K *out, int k) {
  out[threadIdx.x] = __shfl_xor(NumWarpQ + k, 1);
}
template <int Lanes> __global__ void tile(int *o) {
  o[threadIdx.x % Lanes] = __shfl_xor(o[threadIdx.x], 1);
}
// 32 bits of a word, not lanes.
template <int Bits> __global__ void pack(unsigned *o) { o[threadIdx.x / Bits] = 0; }

#define SELECT_CALL(WQ) blockSelect<float, WQ, 128><<<1, 128>>>(out, k)

void launchAll(float *out, const float *in, int k) {
  // CHECK: :[[@LINE+2]]:20: error: host code launches 'rowReduce' with WarpSize = 32, its warp width; nothing here picks 64 for a 64-lane wavefront: dispatch on the device's warp width (hipDeviceAttributeWarpSize) and instantiate both [wave64-host-dispatch-width]
  // CHECK: :16:27: note: template parameter declared here
  rowReduce<float, 32><<<1, 64>>>(out, in);
  // Macro case: reported where the macro is used.
  if (k <= 32) {
    // CHECK: :[[@LINE+2]]:5: warning: host code launches 'blockSelect' with NumWarpQ = 32, a per-warp size of 32-wide warps
    // CHECK: :22:27: note: template parameter declared here
    SELECT_CALL(32);
  } else {
    SELECT_CALL(128);
  }
  // A named 32, and a kernel pointer rather than a launch.
  // CHECK: :[[@LINE+2]]:52: error: host code launches 'rowReduce' with WarpSize = 32
  // CHECK: :16:27: note: template parameter declared here
  const void *fn = (const void *)rowReduce<double, kWarpSize>;
  (void)fn;
}

// A host template's launch: its kernel is named through dependent arguments
// and known only in the instantiation.
template <typename T> void runSelect(T *out, int k) {
  if (k <= 32) {
    // CHECK: :[[@LINE+2]]:20: warning: host code launches 'blockSelect' with NumWarpQ = 32
    // CHECK: :22:27: note: template parameter declared here
    blockSelect<T, 32, 128><<<1, 128>>>(out, k);
  }
}
template void runSelect<float>(float *, int);
template void runSelect<double>(double *, int);

// A host template that passes its per-warp size on to the kernel it launches.
template <int Threads, int NumWarpQ> void scanImpl(float *out, int k) {
  blockSelect<float, NumWarpQ, Threads><<<1, Threads>>>(out, k);
}
// The 32 written in a macro's definition is reported there, once for every
// use of the macro.
#define RUN_ALL(OUT, K)                                                        \
  do {                                                                         \
    if ((K) <= 32)                                                             \
      scanImpl<128, 32>(OUT, K);                                               \
    else                                                                       \
      scanImpl<128, 64>(OUT, K);                                               \
  } while (0)
// CHECK: :[[@LINE-4]]:21: warning: host code picks 'scanImpl' with NumWarpQ = 32, a per-warp size of 32-wide warps
// CHECK: :[[@LINE-13]]:28: note: template parameter declared here
void runAll(float *out, int k, bool big) {
  if (big)
    RUN_ALL(out, k);
  else
    RUN_ALL(out, k * 2);
}

// A call a macro builds from a per-warp size (a function per instantiation,
// defined in another TU).
void runQueue_float_1_(float *out, int k);
void runQueue_float_32_(float *out, int k);
void runQueue_float_64_(float *out, int k);
#define QUEUE_CALL(TYPE, WARP_Q) runQueue_##TYPE##_##WARP_Q##_(out, k)
void runQueue(float *out, int k) {
  if (k == 1) {
    QUEUE_CALL(float, 1);
  } else if (k <= 32) {
    // CHECK: :[[@LINE+1]]:23: warning: host code calls 'runQueue_float_32_' through 'QUEUE_CALL' with WARP_Q = 32, a per-warp size of 32-wide warps; nothing here picks 64 for a 64-lane wavefront
    QUEUE_CALL(float, 32);
  } else {
    QUEUE_CALL(float, 64);
  }
}

// Negatives.
// A macro parameter of bits, and one that is not about warps.
#define PACK_CALL(WORD_BITS) runQueue_float_32_(out, WORD_BITS)
#define ROWS_CALL(ROWS) runQueue_float_32_(out, ROWS)
void packAll(float *out) {
  PACK_CALL(32);
  ROWS_CALL(32);
}
// A host template whose parameter is not passed to a kernel.
template <int Chunk> void fill(float *out) { out[0] = Chunk; }
void fillAll(float *out) { fill<32>(out); }

void launchByWidth(int *o, unsigned *bits, float *out, const float *in, int dev) {
  int ws = 0;
#if defined(__HIP_PLATFORM_AMD__)
  hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, dev);
#else
  cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, dev);
#endif
  // Both widths offered: a dispatch on the queried width.
  if (ws == 64)
    tile<64><<<1, 64>>>(o);
  else
    tile<32><<<1, 32>>>(o);
  // A word width of 32.
  pack<32><<<1, 64>>>(bits);
  // Asked for the width: a dispatch on it.
  rowReduce<float, 32><<<1, 64>>>(out, in);
}

void launchPerTarget(float *out, const float *in) {
  // A width the preprocessor picks per target (wave64-host-launch-width's).
  rowReduce<float, TARGET_WS><<<1, 64>>>(out, in);
}

// A quantization group size dividing a lane's element index (the lane scaled
// by the values each thread holds, a constant of the template): a data
// layout, not the width. mlx's qmv kernels read `k_val / GROUP_SIZE` so.
template <int Bits> constexpr int valuesPerThread = 32 / Bits;
template <int Bits, int GroupSize>
__global__ void dequantRow(float *out, const float *scales, int k0) {
  constexpr int VPT = valuesPerThread<Bits>;
  const int lane = threadIdx.x;
  int kVal = k0 + lane * VPT;
  out[lane] = scales[kVal / GroupSize];
}
void dequantAll(float *out, const float *scales) {
  dequantRow<4, 32><<<1, 64>>>(out, scales, 0);
}

// A kernel whose lanes never read each other's: the 32 it is given only
// numbers threads, so the dispatch is right at any width (no finding).
template <int kNumThreads>
__global__ void clearFlags(int *flags, int n) {
  for (int i = threadIdx.x; i < n; i += kNumThreads)
    flags[i] = 0;
}
void clearAll(int *flags, int n) { clearFlags<32><<<2, 128>>>(flags, n); }
// A count of warps still sizes the block of such a kernel: 32 warps of 64
// lanes are 2048 threads, past the block limit.
template <int WarpsPerBlock>
__global__ __launch_bounds__(WarpsPerBlock * 64) void copyRows(int *o, int n) {
  for (int i = threadIdx.x; i < n; i += WarpsPerBlock * warpSize)
    o[i] = 1;
}
// CHECK: :[[@LINE+2]]:40: warning: host code launches 'copyRows' with WarpsPerBlock = 32, a per-warp size of 32-wide warps
// CHECK: :{{[0-9]+}}:15: note: template parameter declared here
void copyAll(int *o, int n) { copyRows<32><<<1, 1024>>>(o, n); }
