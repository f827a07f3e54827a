//===- Host.cpp - the host API behind both spellings ----------------------===//
//
// The CPU is the device: device, managed and pinned memory are all host
// memory, and every operation has completed when its call returns, so
// streams are in order by construction and an event's time is the moment
// it was recorded.
//
//===----------------------------------------------------------------------===//
#include <algorithm>
#include "hipcpu/detail/graph.h"
#include "Engine.h"

#include <chrono>
#include <map>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace hipcpu {

struct StreamImpl {
  int Unused = 0;
};
struct EventImpl {
  std::chrono::steady_clock::time_point When;
  bool Recorded = false;
};

namespace host {
namespace {
thread_local int LastError = 0;
std::atomic<int> PendingError{0};

/// Every allocation by start address: its size and what it is (1 pinned
/// host, 2 device, 3 managed), for hipPointerGetAttributes.
std::mutex AllocMutex;
std::map<std::uintptr_t, std::pair<std::size_t, int>> &allocations() {
  static std::map<std::uintptr_t, std::pair<std::size_t, int>> M;
  return M;
}
void track(void *P, std::size_t Bytes, int Kind) {
  if (!P)
    return;
  std::lock_guard<std::mutex> L(AllocMutex);
  allocations()[reinterpret_cast<std::uintptr_t>(P)] = {Bytes, Kind};
}
void untrack(void *P) {
  std::lock_guard<std::mutex> L(AllocMutex);
  allocations().erase(reinterpret_cast<std::uintptr_t>(P));
}

int fail(int Code) {
  if (Code)
    LastError = Code;
  return Code;
}

void *allocDevice(std::size_t Bytes) {
  if (isChecked())
    return detail::checkedAlloc(Bytes);
  // cudaMalloc returns 256-byte aligned memory; so do we.
  return std::aligned_alloc(256,
                            (Bytes + 255) / 256 * 256 + (Bytes == 0) * 256);
}

struct CodeName {
  int Code;
  const char *Cuda, *Hip, *Text;
};
const CodeName Names[] = {
    {0, "cudaSuccess", "hipSuccess", "no error"},
    {1, "cudaErrorInvalidValue", "hipErrorInvalidValue", "invalid argument"},
    {2, "cudaErrorMemoryAllocation", "hipErrorOutOfMemory", "out of memory"},
    {3, "cudaErrorInitializationError", "hipErrorNotInitialized",
     "initialization error"},
    {9, "cudaErrorInvalidConfiguration", "hipErrorInvalidConfiguration",
     "invalid configuration argument"},
    {13, "cudaErrorInvalidSymbol", "hipErrorInvalidSymbol",
     "invalid device symbol"},
    {17, "cudaErrorInvalidDevicePointer", "hipErrorInvalidDevicePointer",
     "invalid device pointer"},
    {21, "cudaErrorInvalidMemcpyDirection", "hipErrorInvalidMemcpyDirection",
     "invalid copy direction for memcpy"},
    {100, "cudaErrorNoDevice", "hipErrorNoDevice",
     "no CUDA-capable device is detected"},
    {101, "cudaErrorInvalidDevice", "hipErrorInvalidDevice",
     "invalid device ordinal"},
    {400, "cudaErrorInvalidResourceHandle", "hipErrorInvalidHandle",
     "invalid resource handle"},
    {600, "cudaErrorNotReady", "hipErrorNotReady", "device not ready"},
    {700, "cudaErrorIllegalAddress", "hipErrorIllegalAddress",
     "an illegal memory access was encountered"},
    {710, "cudaErrorAssert", "hipErrorAssert", "device-side assert triggered"},
    {719, "cudaErrorLaunchFailure", "hipErrorLaunchFailure",
     "unspecified launch failure"},
};
const CodeName *lookup(int Code) {
  for (const CodeName &N : Names)
    if (N.Code == Code)
      return &N;
  return nullptr;
}
} // namespace

int malloc(void **Ptr, std::size_t Bytes) {
  if (!Ptr)
    return fail(ErrorInvalidValue);
  *Ptr = allocDevice(Bytes);
  track(*Ptr, Bytes, 2);
  return *Ptr ? Success : fail(ErrorMemoryAllocation);
}
int mallocManaged(void **Ptr, std::size_t Bytes) {
  int Rc = malloc(Ptr, Bytes);
  if (Rc == Success)
    track(*Ptr, Bytes, 3);
  return Rc;
}
int mallocHost(void **Ptr, std::size_t Bytes) {
  if (!Ptr)
    return fail(ErrorInvalidValue);
  *Ptr =
      std::aligned_alloc(256, (Bytes + 255) / 256 * 256 + (Bytes == 0) * 256);
  track(*Ptr, Bytes, 1);
  return *Ptr ? Success : fail(ErrorMemoryAllocation);
}
int free(void *Ptr) {
  if (Ptr)
    untrack(Ptr);
  if (Ptr && !detail::checkedFree(Ptr))
    std::free(Ptr);
  return Success;
}
int freeHost(void *Ptr) {
  if (Ptr)
    untrack(Ptr);
  std::free(Ptr);
  return Success;
}
int memcpy(void *Dst, const void *Src, std::size_t Bytes, int Kind) {
  if (Kind < 0 || Kind > 4)
    return fail(ErrorInvalidMemcpyDirection);
  if (Bytes && (!Dst || !Src))
    return fail(ErrorInvalidValue);
  if (Bytes)
    std::memmove(Dst, Src, Bytes);
  return Success;
}
int memset(void *Dst, int Value, std::size_t Bytes) {
  if (Bytes && !Dst)
    return fail(ErrorInvalidValue);
  std::memset(Dst, Value, Bytes);
  return Success;
}
int deviceSynchronize() { return fail(PendingError.exchange(0)); }
int getLastError() {
  int E = LastError;
  LastError = 0;
  return E;
}
int peekAtLastError() { return LastError; }
void setLastError(int Code) { LastError = Code; }
int finishLaunch(int Code) {
  if (Code == ErrorLaunchFailure)
    PendingError = Code;
  return fail(Code);
}
const char *errorString(int Code, bool) {
  const CodeName *N = lookup(Code);
  return N ? N->Text : "unknown error";
}
const char *errorName(int Code, bool Hip) {
  const CodeName *N = lookup(Code);
  return N ? (Hip ? N->Hip : N->Cuda)
           : (Hip ? "hipErrorUnknown" : "cudaErrorUnknown");
}

int getDeviceProperties(DeviceProp *P, int Device, int DefaultWidth) {
  if (!P)
    return fail(ErrorInvalidValue);
  if (Device != 0)
    return fail(ErrorInvalidDevice);
  *P = DeviceProp{};
  int W = effectiveWarpSize(DefaultWidth);
  // The width is not in the name: programs print the name, and a port
  // at 64 must print what the original printed at 32.
  std::snprintf(P->name, sizeof P->name, "hipcpu CPU device");
  std::snprintf(P->gcnArchName, sizeof P->gcnArchName, "hipcpu-wave%d", W);
  long Pages = sysconf(_SC_PHYS_PAGES), PageSize = sysconf(_SC_PAGESIZE);
  P->totalGlobalMem = static_cast<std::size_t>(Pages) * PageSize;
  P->sharedMemPerBlock = 64 * 1024;
  P->sharedMemPerBlockOptin = 64 * 1024;
  P->sharedMemPerMultiprocessor = 64 * 1024;
  P->regsPerBlock = 65536;
  P->warpSize = W;
  P->memPitch = SIZE_MAX;
  P->maxThreadsPerBlock = 1024;
  P->maxThreadsDim[0] = 1024;
  P->maxThreadsDim[1] = 1024;
  P->maxThreadsDim[2] = 64;
  P->maxGridSize[0] = 2147483647;
  P->maxGridSize[1] = 65535;
  P->maxGridSize[2] = 65535;
  P->clockRate = 1000000;
  P->totalConstMem = 64 * 1024;
  P->major = 9;
  P->minor = 0;
  P->multiProcessorCount =
      static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  P->maxThreadsPerMultiProcessor = 1024;
  P->concurrentKernels = 0;
  P->managedMemory = 1;
  P->canMapHostMemory = 1;
  P->unifiedAddressing = 1;
  P->integrated = 1;
  // Nominal figures of host memory (DDR at 1.6 GHz, 64-bit bus): programs
  // print them or divide by them, and must not divide by zero.
  P->memoryClockRate = 1600000;
  P->memoryBusWidth = 64;
  return Success;
}

int deviceAttribute(int *Value, int Attr, int Device, int DefaultWidth) {
  DeviceProp P;
  if (!Value)
    return fail(ErrorInvalidValue);
  if (int E = getDeviceProperties(&P, Device, DefaultWidth))
    return E;
  switch (Attr) {
  case AttrMaxThreadsPerBlock:
    *Value = P.maxThreadsPerBlock;
    break;
  case AttrMaxBlockDimX:
    *Value = P.maxThreadsDim[0];
    break;
  case AttrMaxGridDimX:
    *Value = P.maxGridSize[0];
    break;
  case AttrMaxSharedMemoryPerBlock:
    *Value = static_cast<int>(P.sharedMemPerBlock);
    break;
  case AttrWarpSize:
    *Value = P.warpSize;
    break;
  case AttrClockRate:
    *Value = P.clockRate;
    break;
  case AttrMultiProcessorCount:
    *Value = P.multiProcessorCount;
    break;
  case AttrComputeCapabilityMajor:
    *Value = P.major;
    break;
  case AttrComputeCapabilityMinor:
    *Value = P.minor;
    break;
  case AttrMaxBlockDimY:
    *Value = P.maxThreadsDim[1];
    break;
  case AttrMaxBlockDimZ:
    *Value = P.maxThreadsDim[2];
    break;
  case AttrMaxGridDimY:
    *Value = P.maxGridSize[1];
    break;
  case AttrMaxGridDimZ:
    *Value = P.maxGridSize[2];
    break;
  case AttrTotalConstantMemory:
    *Value = static_cast<int>(P.totalConstMem);
    break;
  case AttrMaxPitch:
    *Value = static_cast<int>(std::min<std::size_t>(P.memPitch, 0x7fffffff));
    break;
  case AttrMaxRegistersPerBlock:
    *Value = P.regsPerBlock;
    break;
  case AttrIntegrated:
    *Value = P.integrated;
    break;
  case AttrCanMapHostMemory:
    *Value = P.canMapHostMemory;
    break;
  case AttrComputeMode:
    *Value = P.computeMode;
    break;
  case AttrConcurrentKernels:
    *Value = P.concurrentKernels;
    break;
  case AttrPciBusId:
    *Value = P.pciBusID;
    break;
  case AttrPciDeviceId:
    *Value = P.pciDeviceID;
    break;
  case AttrMemoryClockRate:
    *Value = P.memoryClockRate;
    break;
  case AttrMemoryBusWidth:
    *Value = P.memoryBusWidth;
    break;
  case AttrL2CacheSize:
    *Value = P.l2CacheSize;
    break;
  case AttrMaxThreadsPerMultiProcessor:
    *Value = P.maxThreadsPerMultiProcessor;
    break;
  case AttrUnifiedAddressing:
    *Value = P.unifiedAddressing;
    break;
  case AttrPciDomainId:
    *Value = P.pciDomainID;
    break;
  case AttrMaxSharedMemoryPerMultiprocessor:
    *Value = static_cast<int>(P.sharedMemPerMultiprocessor);
    break;
  case AttrManagedMemory:
    *Value = P.managedMemory;
    break;
  case AttrIsMultiGpuBoard:
    *Value = P.isMultiGpuBoard;
    break;
  case AttrCooperativeLaunch:
    *Value = 1;
    break;
  case AttrMaxSharedMemoryPerBlockOptin:
    *Value = static_cast<int>(P.sharedMemPerBlockOptin);
    break;
  default:
    return fail(ErrorInvalidValue);
  }
  return Success;
}

int streamCreate(StreamImpl **S) {
  if (!S)
    return fail(ErrorInvalidValue);
  *S = new StreamImpl;
  return Success;
}
int streamDestroy(StreamImpl *S) {
  delete S;
  return Success;
}
int streamQuery(StreamImpl *) { return Success; }
int eventCreate(EventImpl **E) {
  if (!E)
    return fail(ErrorInvalidValue);
  *E = new EventImpl;
  return Success;
}
int eventDestroy(EventImpl *E) {
  delete E;
  return Success;
}
int eventRecord(EventImpl *E) {
  if (!E)
    return fail(ErrorInvalidResourceHandle);
  E->When = std::chrono::steady_clock::now();
  E->Recorded = true;
  return Success;
}
int eventQuery(EventImpl *E) {
  if (!E)
    return fail(ErrorInvalidResourceHandle);
  return Success;
}
int eventElapsed(float *Ms, EventImpl *Start, EventImpl *Stop) {
  if (!Ms || !Start || !Stop)
    return fail(ErrorInvalidValue);
  if (!Start->Recorded || !Stop->Recorded)
    return fail(ErrorInvalidResourceHandle);
  *Ms = std::chrono::duration<float, std::milli>(Stop->When - Start->When)
            .count();
  return Success;
}
int pointerKind(const void *P) {
  auto A = reinterpret_cast<std::uintptr_t>(P);
  std::lock_guard<std::mutex> L(AllocMutex);
  auto &M = allocations();
  auto It = M.upper_bound(A);
  if (It == M.begin())
    return 0;
  --It;
  return A < It->first + std::max<std::size_t>(1, It->second.first)
             ? It->second.second
             : 0;
}
bool allocationOf(const void *P, std::uintptr_t &Base, std::size_t &Bytes) {
  auto A = reinterpret_cast<std::uintptr_t>(P);
  std::lock_guard<std::mutex> L(AllocMutex);
  auto &M = allocations();
  auto It = M.upper_bound(A);
  if (It == M.begin())
    return false;
  --It;
  if (A >= It->first + std::max<std::size_t>(1, It->second.first))
    return false;
  Base = It->first;
  Bytes = It->second.first;
  return true;
}
int memGetInfo(std::size_t *Free, std::size_t *Total) {
  long Pages = sysconf(_SC_PHYS_PAGES), Avail = sysconf(_SC_AVPHYS_PAGES),
       PageSize = sysconf(_SC_PAGESIZE);
  if (Total)
    *Total = static_cast<std::size_t>(Pages) * PageSize;
  if (Free)
    *Free = static_cast<std::size_t>(Avail) * PageSize;
  return Success;
}

} // namespace host
} // namespace hipcpu
