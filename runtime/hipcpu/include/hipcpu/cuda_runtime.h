//===- hipcpu/cuda_runtime.h - CUDA spelling of the CPU runtime -----------===//
//
// Use as: g++ -std=c++17 -I runtime/hipcpu/include
//             -include hipcpu/cuda_runtime.h kernels.cpp -lhipcpu
// warpSize defaults to 32 here (HIPCPU_WARP_SIZE=64 selects 64), and
// ballots and lane masks are 32-bit, as in CUDA.
//
//===----------------------------------------------------------------------===//
#ifndef HIPCPU_CUDA_RUNTIME_H
#define HIPCPU_CUDA_RUNTIME_H

#if defined(HIPCPU_SPELLING_HIP)
#error "hipcpu: include one spelling (hip_runtime.h or cuda_runtime.h) per file"
#endif
#define HIPCPU_SPELLING_CUDA 1
// The include guards of the CUDA runtime headers, which code tests to see
// whether the runtime API is there (helper_cuda.h does), and its version.
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define CUDART_VERSION 12000
#define __HIPCPU__ 1

#include "hipcpu/detail/host.h"
#include "hipcpu/detail/warp.h"
#include "hipcpu/detail/graph.h"

#define HIPCPU_P cuda
#include "hipcpu/detail/api.inc"
#undef HIPCPU_P

typedef ::hipcpu::DeviceProp cudaDeviceProp;
typedef cudaFuncCache cudaFuncCache_t;

// The launch form validate's mirror writes for both spellings.
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernel, grid, block, shmem, stream, ...)            \
  ((void)::hipcpu::host::finishLaunch(::hipcpu::detail::launchOn(            \
      ::hipcpu::detail::toStream(stream), #kernel, kernel, dim3(grid),         \
      dim3(block), (shmem), HIPCPU_DEFAULT_WIDTH, ##__VA_ARGS__)))
#define HIPCPU_LAUNCH hipLaunchKernelGGL
// The calling convention of stream callbacks: the default one here.
#define CUDART_CB

enum {
  cudaHostAllocDefault = 0,
  cudaHostAllocPortable = 1,
  cudaHostAllocMapped = 2,
  cudaHostRegisterDefault = 0,
  cudaHostRegisterMapped = 2,
  cudaStreamDefault = 0,
  cudaStreamNonBlocking = 1,
  cudaEventDefault = 0,
  cudaEventBlockingSync = 1,
  cudaEventDisableTiming = 2,
  cudaMemAttachGlobal = 1,
};

enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = ::hipcpu::AttrMaxThreadsPerBlock,
  cudaDevAttrMaxBlockDimX = ::hipcpu::AttrMaxBlockDimX,
  cudaDevAttrMaxGridDimX = ::hipcpu::AttrMaxGridDimX,
  cudaDevAttrMaxSharedMemoryPerBlock = ::hipcpu::AttrMaxSharedMemoryPerBlock,
  cudaDevAttrWarpSize = ::hipcpu::AttrWarpSize,
  cudaDevAttrClockRate = ::hipcpu::AttrClockRate,
  cudaDevAttrMultiProcessorCount = ::hipcpu::AttrMultiProcessorCount,
  cudaDevAttrComputeCapabilityMajor = ::hipcpu::AttrComputeCapabilityMajor,
  cudaDevAttrComputeCapabilityMinor = ::hipcpu::AttrComputeCapabilityMinor,
  cudaDevAttrMaxBlockDimY = ::hipcpu::AttrMaxBlockDimY,
  cudaDevAttrMaxBlockDimZ = ::hipcpu::AttrMaxBlockDimZ,
  cudaDevAttrMaxGridDimY = ::hipcpu::AttrMaxGridDimY,
  cudaDevAttrMaxGridDimZ = ::hipcpu::AttrMaxGridDimZ,
  cudaDevAttrTotalConstantMemory = ::hipcpu::AttrTotalConstantMemory,
  cudaDevAttrMaxPitch = ::hipcpu::AttrMaxPitch,
  cudaDevAttrMaxRegistersPerBlock = ::hipcpu::AttrMaxRegistersPerBlock,
  cudaDevAttrIntegrated = ::hipcpu::AttrIntegrated,
  cudaDevAttrCanMapHostMemory = ::hipcpu::AttrCanMapHostMemory,
  cudaDevAttrComputeMode = ::hipcpu::AttrComputeMode,
  cudaDevAttrConcurrentKernels = ::hipcpu::AttrConcurrentKernels,
  cudaDevAttrPciBusId = ::hipcpu::AttrPciBusId,
  cudaDevAttrPciDeviceId = ::hipcpu::AttrPciDeviceId,
  cudaDevAttrMemoryClockRate = ::hipcpu::AttrMemoryClockRate,
  cudaDevAttrGlobalMemoryBusWidth = ::hipcpu::AttrMemoryBusWidth,
  cudaDevAttrL2CacheSize = ::hipcpu::AttrL2CacheSize,
  cudaDevAttrMaxThreadsPerMultiProcessor = ::hipcpu::AttrMaxThreadsPerMultiProcessor,
  cudaDevAttrUnifiedAddressing = ::hipcpu::AttrUnifiedAddressing,
  cudaDevAttrPciDomainId = ::hipcpu::AttrPciDomainId,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = ::hipcpu::AttrMaxSharedMemoryPerMultiprocessor,
  cudaDevAttrManagedMemory = ::hipcpu::AttrManagedMemory,
  cudaDevAttrIsMultiGpuBoard = ::hipcpu::AttrIsMultiGpuBoard,
  cudaDevAttrCooperativeLaunch = ::hipcpu::AttrCooperativeLaunch,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = ::hipcpu::AttrMaxSharedMemoryPerBlockOptin,
};

inline cudaError_t cudaDeviceGetAttribute(int *V, cudaDeviceAttr A, int D) {
  return static_cast<cudaError_t>(
      ::hipcpu::host::deviceAttribute(V, A, D, HIPCPU_DEFAULT_WIDTH));
}
inline cudaError_t cudaMallocHost(void **P, std::size_t Bytes) {
  return static_cast<cudaError_t>(::hipcpu::host::mallocHost(P, Bytes));
}
template <class T> inline cudaError_t cudaMallocHost(T **P, std::size_t Bytes) {
  return cudaMallocHost(reinterpret_cast<void **>(P), Bytes);
}
inline cudaError_t cudaHostAlloc(void **P, std::size_t Bytes, unsigned) {
  return cudaMallocHost(P, Bytes);
}
template <class T>
inline cudaError_t cudaHostAlloc(T **P, std::size_t Bytes, unsigned) {
  return cudaMallocHost(reinterpret_cast<void **>(P), Bytes);
}
inline cudaError_t cudaFreeHost(void *P) {
  return static_cast<cudaError_t>(::hipcpu::host::freeHost(P));
}
inline cudaError_t cudaHostGetDevicePointer(void **D, void *H, unsigned) {
  *D = H;
  return cudaSuccess;
}
inline cudaError_t cudaMemPrefetchAsync(const void *, std::size_t, int,
                                        cudaStream_t = nullptr) {
  return cudaSuccess;
}
inline const char *cudaGetErrorString(cudaError_t E) {
  return ::hipcpu::host::errorString(E, false);
}
inline const char *cudaGetErrorName(cudaError_t E) {
  return ::hipcpu::host::errorName(E, false);
}

#endif // HIPCPU_CUDA_RUNTIME_H
