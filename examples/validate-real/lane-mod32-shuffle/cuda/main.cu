// Rotates values by one lane within each group of 32 threads.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void rotate(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  out[i] = __shfl_sync(0xffffffff, in[i], (lane + 1) % 32);
}
int main() {
  const int n = 512;
  int h[n], r[n];
  for (int i = 0; i < n; ++i)
    h[i] = i;
  int *d, *o;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&o, sizeof r);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  rotate<<<n / 128, 128>>>(d, o);
  cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += long(r[i]) * (i % 5);
  std::printf("checksum %ld first %d %d last %d\n", s, r[0], r[31], r[n - 1]);
  return 0;
}
