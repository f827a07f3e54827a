// A CUDA-only project header before its HIP port: every GPU helper sits
// under the project's CUDA switch, and nothing here names HIP yet.
#pragma once

#if defined(SOLVER_USING_CUDA)

#if CUDA_VERSION < 9000
// A HIP build does not define CUDA_VERSION (0 < 9000): this shim is compiled
// once the port enables the header, and its width of 32 goes with it.
template <typename T>
static __device__ T shfl_down_sync(unsigned mask, T val, int delta, int width = 32)
{
  return __shfl_down(val, delta, width);
}
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
// The toolkit's architecture test: false for HIP, so never read.
static __device__ int legacy_lane() { return threadIdx.x % 32; }
#endif

template <typename T>
static __device__ __forceinline__ T warp_sum(T in)
{
  for (int d = 16; d > 0; d >>= 1)
    in += __shfl_down_sync(0xffffffff, in, d);
  return in;
}

template <typename T>
static __device__ __forceinline__ T warp_scan(int lane, T in, T &total)
{
  total = __shfl_sync(0xffffffff, in, 31);
  if (lane == 31)
    in = 0;
  return in;
}

#endif // SOLVER_USING_CUDA

#ifndef SOLVER_USING_CUDA
// Host fallback: skipped only when CUDA is on; never pending.
static inline int lane_of(int i) { return i % 32; }
#endif
