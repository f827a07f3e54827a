// Types in every position, enum constants, calls, the implicit include.
// REQUIRES: cuda
// RUN: hipport port %s --rocm-version 5.2 --diff | FileCheck %s --implicit-check-not='{{^[+].*cuda}}'
#include <vector>

// CHECK: +#include "hip/hip_runtime.h"
// CHECK-NEXT: {{^}} #include <vector>
template <typename T> struct Holder { T value; };
// CHECK: +typedef hipStream_t Stream;
typedef cudaStream_t Stream;
// CHECK: +using Event = hipEvent_t;
using Event = cudaEvent_t;

__global__ void kernel(int *p) { p[threadIdx.x] = 1; }

int run() {
  // CHECK: +  Holder<hipError_t> h{hipSuccess};
  Holder<cudaError_t> h{cudaSuccess};
  // CHECK: +  std::vector<hipDeviceProp_t> props(1);
  std::vector<cudaDeviceProp> props(1);
  // CHECK: +  size_t s = sizeof(hipDeviceProp_t) + sizeof(hipStream_t);
  size_t s = sizeof(cudaDeviceProp) + sizeof(cudaStream_t);
  // CHECK: +  int kind = static_cast<int>(hipMemcpyHostToDevice);
  int kind = static_cast<int>(cudaMemcpyHostToDevice);
  // CHECK: +  auto e = (hipError_t)0;
  auto e = (cudaError_t)0;
  int *d;
  // CHECK: +  h.value = hipMalloc(&d, s + kind);
  h.value = cudaMalloc(&d, s + kind);
  // CHECK: +  hipMemcpyKind k = hipMemcpyDeviceToHost;
  cudaMemcpyKind k = cudaMemcpyDeviceToHost;
  // Launches keep <<<>>> by default.
  // CHECK-NOT: {{^[+].*hipLaunchKernelGGL}}
  kernel<<<1, 32>>>(d);
  // CHECK: +  return hipFree(d) == hipSuccess && e == hipSuccess && k;
  return cudaFree(d) == cudaSuccess && e == cudaSuccess && k;
}
