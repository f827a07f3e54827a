// Names inside macro bodies, macro arguments and #if-inactive branches.
// REQUIRES: cuda
// RUN: hipport port %s --diff | FileCheck %s --implicit-check-not='{{^[+].*cuda}}'
#include <cuda_runtime.h>
// CHECK: +#include <hip/hip_runtime.h>

// The body is rewritten once, however many times the macro is used, and the
// trailing backslashes stay in their column.
// CHECK: +    hipError_t e = (x);    {{[\]$}}
// CHECK: +    if (e != hipSuccess) { {{[\]$}}
#define CHECK(x)                  \
  do {                            \
    cudaError_t e = (x);          \
    if (e != cudaSuccess) {       \
      return 1;                   \
    }                             \
  } while (0)

int f(void **p) {
  // CHECK: +  CHECK(hipMalloc(p, 16));
  CHECK(cudaMalloc(p, 16));
  // CHECK: +  CHECK(hipFree(*p));
  CHECK(cudaFree(*p));
// CHECK: +#ifdef __HIP_DEVICE_COMPILE__
#ifdef __CUDA_ARCH__
  // Inactive on the host side: only the token pass sees it.
  // CHECK: +  hipDeviceSynchronize();
  cudaDeviceSynchronize();
#else
  // CHECK: +  hipDeviceReset();
  cudaDeviceReset();
#endif
#if 0
  // CHECK: +  hipStream_t never;
  cudaStream_t never;
#endif
  return 0;
}
