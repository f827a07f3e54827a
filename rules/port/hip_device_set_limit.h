// hipport shim for cudaDeviceSetLimit on HIP releases without
// hipDeviceSetLimit (before ROCm 5.3): their limits are fixed, so a request
// the fixed limit already meets succeeds, and any other fails with
// hipErrorUnsupportedLimit, which error checks report as they would on CUDA.
// Those releases have no stack-size limit at all (the compiler sizes each
// kernel's stack): CUDA's cudaLimitStackSize becomes a value every call
// rejects with hipErrorUnsupportedLimit, and the port warns at each use.
#ifndef HIPPORT_DEVICE_SET_LIMIT_SHIM
#define HIPPORT_DEVICE_SET_LIMIT_SHIM
#include <hip/hip_runtime.h>
// AMD GPUs have no persisting L2 lines: only a request for none succeeds.
static const hipLimit_t HIPPORT_HIP_LIMIT_STACK_SIZE = hipLimit_t(0); // CUDA's values
static const hipLimit_t HIPPORT_HIP_LIMIT_PERSISTING_L2_CACHE_SIZE = hipLimit_t(6);
static inline hipError_t hipport_hipDeviceSetLimit(hipLimit_t Limit, size_t Value) {
  if (Limit == HIPPORT_HIP_LIMIT_STACK_SIZE)
    return hipErrorUnsupportedLimit;
  if (Limit == HIPPORT_HIP_LIMIT_PERSISTING_L2_CACHE_SIZE)
    return Value == 0 ? hipSuccess : hipErrorUnsupportedLimit;
  size_t Have = 0;
  hipError_t E = hipDeviceGetLimit(&Have, Limit);
  if (E != hipSuccess)
    return E;
  return Value <= Have ? hipSuccess : hipErrorUnsupportedLimit;
}
#endif // HIPPORT_DEVICE_SET_LIMIT_SHIM
