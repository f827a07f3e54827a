// --launch-syntax=hip emits hipLaunchKernelGGL; template kernels are
// wrapped in HIP_KERNEL_NAME; missing shared-memory and stream become 0.
// REQUIRES: cuda
// RUN: hipport port %s --launch-syntax=hip --diff | FileCheck %s
#include <cuda_runtime.h>

__global__ void plain(int *p, int n) {}
template <typename T, int N> __global__ void templ(T *p) {}
__global__ void none() {}

void launch(int *p, cudaStream_t s) {
  // CHECK: +  hipLaunchKernelGGL(plain, dim3(4), dim3(64), 0, 0, p, 8);
  plain<<<4, 64>>>(p, 8);
  // CHECK: +  hipLaunchKernelGGL(plain, dim3(dim3(2, 2)), dim3(128), 256, s, p, 1);
  plain<<<dim3(2, 2), 128, 256, s>>>(p, 1);
  // CHECK: +  hipLaunchKernelGGL(HIP_KERNEL_NAME(templ<int, 4>), dim3(1), dim3(1), 0, 0, p);
  templ<int, 4><<<1, 1>>>(p);
  // CHECK: +  hipLaunchKernelGGL(none, dim3(1), dim3(1), 0, 0);
  none<<<1, 1>>>();
}
