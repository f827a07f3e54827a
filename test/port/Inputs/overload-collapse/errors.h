#pragma once
#include <cuda.h>
#include <cuda_runtime.h>

#ifdef __DRIVER_TYPES_H__
static const char *errorName(cudaError_t error) {
  return cudaGetErrorName(error);
}
#endif

#ifdef USE_DRIVER_API
// Driver API errors
static const char *errorName(CUresult error) {
  const char *ret = nullptr;
  cuGetErrorName(error, &ret);
  return ret ? ret : "<unknown>";
}
#endif

static int errorCode(cudaError_t e) { return int(e); }
static int errorCode(int e) { return e; }
