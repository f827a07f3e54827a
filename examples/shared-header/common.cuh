#pragma once
#include <cuda_runtime.h>
#include <cstdio>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess)                                                      \
      std::printf("error: %s\n", cudaGetErrorString(e));                       \
  } while (0)

struct DeviceBuffer {
  float *ptr = nullptr;
  size_t count = 0;
  explicit DeviceBuffer(size_t n) : count(n) {
    CHECK(cudaMalloc(&ptr, n * sizeof(float)));
  }
  ~DeviceBuffer() { cudaFree(ptr); }
  void upload(const float *host) {
    CHECK(cudaMemcpy(ptr, host, count * sizeof(float), cudaMemcpyHostToDevice));
  }
  void download(float *host) const {
    CHECK(cudaMemcpy(host, ptr, count * sizeof(float), cudaMemcpyDeviceToHost));
  }
};

inline __device__ float square(float x) { return x * x; }

template <typename T> __global__ void scaleKernel(T *p, T s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= s;
}
