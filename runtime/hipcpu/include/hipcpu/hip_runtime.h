//===- hipcpu/hip_runtime.h - HIP spelling of the CPU runtime -------------===//
//
// Use as: g++ -std=c++17 -I runtime/hipcpu/include
//             -include hipcpu/hip_runtime.h kernels.cpp -lhipcpu
// warpSize defaults to 64 here (HIPCPU_WARP_SIZE=32 selects 32), and
// ballots and lane masks are 64-bit, as in HIP.
//
//===----------------------------------------------------------------------===//
#ifndef HIPCPU_HIP_RUNTIME_H
#define HIPCPU_HIP_RUNTIME_H

#if defined(HIPCPU_SPELLING_CUDA)
#error "hipcpu: include one spelling (hip_runtime.h or cuda_runtime.h) per file"
#endif
#define HIPCPU_SPELLING_HIP 1
// The include guards of the HIP runtime headers, which ported code tests
// where the original tested CUDA's.
#define HIP_INCLUDE_HIP_HIP_RUNTIME_H
#define HIP_INCLUDE_HIP_HIP_RUNTIME_API_H
#define HIP_INCLUDE_HIP_DRIVER_TYPES_H
#define __HIPCPU__ 1
#define __HIP_PLATFORM_AMD__ 1
#define HIP_VERSION_MAJOR 7
#define HIP_VERSION_MINOR 0
#define HIP_VERSION_PATCH 0
// As hip_version.h defines it; ported `#if CUDART_VERSION >= ...` tests read it.
#define HIP_VERSION                                                            \
  (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

#include "hipcpu/detail/host.h"
#include "hipcpu/detail/warp.h"
#include "hipcpu/detail/graph.h"

#define HIPCPU_P hip
#include "hipcpu/detail/api.inc"
#undef HIPCPU_P

#define HIP_SYMBOL(X) X
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernel, grid, block, shmem, stream, ...)            \
  ((void)::hipcpu::host::finishLaunch(::hipcpu::detail::launchOn(            \
      ::hipcpu::detail::toStream(stream), #kernel, kernel, dim3(grid),         \
      dim3(block), (shmem), HIPCPU_DEFAULT_WIDTH, ##__VA_ARGS__)))
#define HIPCPU_LAUNCH hipLaunchKernelGGL
// The calling convention of stream callbacks: the default one here.
#define HIPRT_CB

enum {
  hipHostMallocDefault = 0,
  hipHostMallocPortable = 1,
  hipHostMallocMapped = 2,
  hipHostAllocDefault = 0,
  hipHostAllocPortable = 1,
  hipHostAllocMapped = 2,
  hipHostRegisterDefault = 0,
  hipHostRegisterMapped = 2,
  hipStreamDefault = 0,
  hipStreamNonBlocking = 1,
  hipEventDefault = 0,
  hipEventBlockingSync = 1,
  hipEventDisableTiming = 2,
  hipMemAttachGlobal = 1,
};

typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeMaxThreadsPerBlock = ::hipcpu::AttrMaxThreadsPerBlock,
  hipDeviceAttributeMaxBlockDimX = ::hipcpu::AttrMaxBlockDimX,
  hipDeviceAttributeMaxGridDimX = ::hipcpu::AttrMaxGridDimX,
  hipDeviceAttributeMaxSharedMemoryPerBlock =
      ::hipcpu::AttrMaxSharedMemoryPerBlock,
  hipDeviceAttributeWarpSize = ::hipcpu::AttrWarpSize,
  hipDeviceAttributeClockRate = ::hipcpu::AttrClockRate,
  hipDeviceAttributeMultiprocessorCount = ::hipcpu::AttrMultiProcessorCount,
  hipDeviceAttributeComputeCapabilityMajor =
      ::hipcpu::AttrComputeCapabilityMajor,
  hipDeviceAttributeComputeCapabilityMinor =
      ::hipcpu::AttrComputeCapabilityMinor,
  hipDeviceAttributeMaxBlockDimY = ::hipcpu::AttrMaxBlockDimY,
  hipDeviceAttributeMaxBlockDimZ = ::hipcpu::AttrMaxBlockDimZ,
  hipDeviceAttributeMaxGridDimY = ::hipcpu::AttrMaxGridDimY,
  hipDeviceAttributeMaxGridDimZ = ::hipcpu::AttrMaxGridDimZ,
  hipDeviceAttributeTotalConstantMemory = ::hipcpu::AttrTotalConstantMemory,
  hipDeviceAttributeMaxPitch = ::hipcpu::AttrMaxPitch,
  hipDeviceAttributeMaxRegistersPerBlock = ::hipcpu::AttrMaxRegistersPerBlock,
  hipDeviceAttributeIntegrated = ::hipcpu::AttrIntegrated,
  hipDeviceAttributeCanMapHostMemory = ::hipcpu::AttrCanMapHostMemory,
  hipDeviceAttributeComputeMode = ::hipcpu::AttrComputeMode,
  hipDeviceAttributeConcurrentKernels = ::hipcpu::AttrConcurrentKernels,
  hipDeviceAttributePciBusId = ::hipcpu::AttrPciBusId,
  hipDeviceAttributePciDeviceId = ::hipcpu::AttrPciDeviceId,
  hipDeviceAttributeMemoryClockRate = ::hipcpu::AttrMemoryClockRate,
  hipDeviceAttributeMemoryBusWidth = ::hipcpu::AttrMemoryBusWidth,
  hipDeviceAttributeL2CacheSize = ::hipcpu::AttrL2CacheSize,
  hipDeviceAttributeMaxThreadsPerMultiProcessor = ::hipcpu::AttrMaxThreadsPerMultiProcessor,
  hipDeviceAttributeUnifiedAddressing = ::hipcpu::AttrUnifiedAddressing,
  hipDeviceAttributePciDomainID = ::hipcpu::AttrPciDomainId,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor = ::hipcpu::AttrMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeManagedMemory = ::hipcpu::AttrManagedMemory,
  hipDeviceAttributeIsMultiGpuBoard = ::hipcpu::AttrIsMultiGpuBoard,
  hipDeviceAttributeCooperativeLaunch = ::hipcpu::AttrCooperativeLaunch,
  hipDeviceAttributeSharedMemPerBlockOptin = ::hipcpu::AttrMaxSharedMemoryPerBlockOptin,
} hipDeviceAttribute_t;

inline hipError_t hipDeviceGetAttribute(int *V, hipDeviceAttribute_t A, int D) {
  return static_cast<hipError_t>(
      ::hipcpu::host::deviceAttribute(V, A, D, HIPCPU_DEFAULT_WIDTH));
}
inline hipError_t hipHostMalloc(void **P, std::size_t Bytes, unsigned = 0) {
  return static_cast<hipError_t>(::hipcpu::host::mallocHost(P, Bytes));
}
template <class T>
inline hipError_t hipHostMalloc(T **P, std::size_t Bytes, unsigned F = 0) {
  return hipHostMalloc(reinterpret_cast<void **>(P), Bytes, F);
}
inline hipError_t hipHostAlloc(void **P, std::size_t Bytes, unsigned F = 0) {
  return hipHostMalloc(P, Bytes, F);
}
template <class T>
inline hipError_t hipHostAlloc(T **P, std::size_t Bytes, unsigned F = 0) {
  return hipHostMalloc(reinterpret_cast<void **>(P), Bytes, F);
}
inline hipError_t hipMallocHost(void **P, std::size_t Bytes) {
  return hipHostMalloc(P, Bytes);
}
inline hipError_t hipHostFree(void *P) {
  return static_cast<hipError_t>(::hipcpu::host::freeHost(P));
}
inline hipError_t hipFreeHost(void *P) { return hipHostFree(P); }
inline hipError_t hipHostGetDevicePointer(void **D, void *H, unsigned) {
  *D = H;
  return hipSuccess;
}
inline hipError_t hipMemPrefetchAsync(const void *, std::size_t, int,
                                      hipStream_t = nullptr) {
  return hipSuccess;
}
inline const char *hipGetErrorString(hipError_t E) {
  return ::hipcpu::host::errorString(E, true);
}
inline const char *hipGetErrorName(hipError_t E) {
  return ::hipcpu::host::errorName(E, true);
}
// HIP's names that differ from CUDA's.
typedef hipFuncCache hipFuncCache_t;
typedef hipLimit hipLimit_t;
typedef hipFuncAttributes hipFuncAttributes_t;
typedef hipPointerAttributes hipPointerAttribute_t;
// HIP's own names for codes whose CUDA names api.inc uses.
constexpr hipError_t hipErrorOutOfMemory = hipErrorMemoryAllocation;
constexpr hipError_t hipErrorNotInitialized = hipErrorInitializationError;
constexpr hipError_t hipErrorInvalidHandle = hipErrorInvalidResourceHandle;

#endif // HIPCPU_HIP_RUNTIME_H
