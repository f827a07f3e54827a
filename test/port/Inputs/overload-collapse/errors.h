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

// Specializations share a signature in CUDA already: not a collapse.
template <class T> T lower();
template <> inline float lower<float>() { return 1.0f; }
template <> inline double lower<double>() { return 1.0; }
