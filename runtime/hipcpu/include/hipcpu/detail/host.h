//===- hipcpu/detail/host.h - spelling-independent host runtime -----------===//
//
// The host API implemented once; hip_runtime.h and cuda_runtime.h give it
// their names. Error codes use the numbering CUDA and HIP share.
//
//===----------------------------------------------------------------------===//
#ifndef HIPCPU_DETAIL_HOST_H
#define HIPCPU_DETAIL_HOST_H

#include "hipcpu/detail/core.h"

namespace hipcpu {

enum ErrorCode : int {
  Success = 0,
  ErrorInvalidValue = 1,
  ErrorMemoryAllocation = 2,
  ErrorInitializationError = 3,
  ErrorInvalidConfiguration = 9,
  ErrorInvalidSymbol = 13,
  ErrorInvalidDevicePointer = 17,
  ErrorInvalidMemcpyDirection = 21,
  ErrorNoDevice = 100,
  ErrorInvalidDevice = 101,
  ErrorInvalidResourceHandle = 400,
  ErrorNotReady = 600,
  ErrorIllegalAddress = 700,
  ErrorAssert = 710,
  ErrorLaunchFailure = 719,
};

/// Properties of the CPU "device"; field names follow both runtimes.
struct DeviceProp {
  char name[256];
  std::size_t totalGlobalMem;
  std::size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  std::size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  std::size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int maxThreadsPerMultiProcessor;
  int l2CacheSize;
  int computeMode;
  int concurrentKernels;
  int managedMemory;
  int canMapHostMemory;
  int unifiedAddressing;
  int memoryClockRate;
  int memoryBusWidth;
  std::size_t sharedMemPerMultiprocessor;
  std::size_t sharedMemPerBlockOptin;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int integrated;
  int isMultiGpuBoard;
  char gcnArchName[256];
};

struct StreamImpl;
struct EventImpl;

namespace host {
int malloc(void **Ptr, std::size_t Bytes);
int mallocManaged(void **Ptr, std::size_t Bytes);
int mallocHost(void **Ptr, std::size_t Bytes);
int free(void *Ptr);
int freeHost(void *Ptr);
int memcpy(void *Dst, const void *Src, std::size_t Bytes, int Kind);
int memset(void *Dst, int Value, std::size_t Bytes);
int deviceSynchronize();
int getLastError();
int peekAtLastError();
void setLastError(int Code);
const char *errorString(int Code, bool Hip);
const char *errorName(int Code, bool Hip);
int getDeviceProperties(DeviceProp *Prop, int Device, int DefaultWidth);
int deviceAttribute(int *Value, int Attr, int Device, int DefaultWidth);
int streamCreate(StreamImpl **S);
int streamDestroy(StreamImpl *S);
int streamQuery(StreamImpl *S);
int eventCreate(EventImpl **E);
int eventDestroy(EventImpl *E);
int eventRecord(EventImpl *E);
int eventQuery(EventImpl *E);
int eventElapsed(float *Ms, EventImpl *Start, EventImpl *Stop);
int memGetInfo(std::size_t *Free, std::size_t *Total);
/// Kernel launches record their status through this, as GPU runtimes do.
int finishLaunch(int Code);
} // namespace host

/// Device attribute identifiers shared by both spellings' enums.
enum DeviceAttr : int {
  AttrMaxThreadsPerBlock = 1,
  AttrMaxBlockDimX = 2,
  AttrMaxGridDimX = 5,
  AttrMaxSharedMemoryPerBlock = 8,
  AttrWarpSize = 10,
  AttrClockRate = 13,
  AttrMultiProcessorCount = 16,
  AttrComputeCapabilityMajor = 75,
  AttrComputeCapabilityMinor = 76,
  AttrMaxBlockDimY = 3,
  AttrMaxBlockDimZ = 4,
  AttrMaxGridDimY = 6,
  AttrMaxGridDimZ = 7,
  AttrTotalConstantMemory = 9,
  AttrMaxPitch = 11,
  AttrMaxRegistersPerBlock = 12,
  AttrIntegrated = 18,
  AttrCanMapHostMemory = 19,
  AttrComputeMode = 20,
  AttrConcurrentKernels = 31,
  AttrPciBusId = 33,
  AttrPciDeviceId = 34,
  AttrMemoryClockRate = 36,
  AttrMemoryBusWidth = 37,
  AttrL2CacheSize = 38,
  AttrMaxThreadsPerMultiProcessor = 39,
  AttrUnifiedAddressing = 41,
  AttrPciDomainId = 50,
  AttrMaxSharedMemoryPerMultiprocessor = 81,
  AttrManagedMemory = 83,
  AttrIsMultiGpuBoard = 84,
  AttrCooperativeLaunch = 95,
  AttrMaxSharedMemoryPerBlockOptin = 97,

};

} // namespace hipcpu

#endif // HIPCPU_DETAIL_HOST_H
