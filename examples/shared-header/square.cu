#include "common.cuh"

__global__ void squareKernel(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = square(p[i]);
}

void runSquare(float *host, int n) {
  DeviceBuffer buf(n);
  buf.upload(host);
  squareKernel<<<(n + 63) / 64, 64>>>(buf.ptr, n);
  CHECK(cudaDeviceSynchronize());
  buf.download(host);
}
