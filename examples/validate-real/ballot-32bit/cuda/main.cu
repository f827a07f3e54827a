// Counts the elements above a threshold with one ballot per warp.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void countAbove(const int *in, int t, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = __ballot_sync(0xffffffff, in[i] > t);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(count, __popc(mask));
}
int main() {
  const int n = 1024;
  int h[n];
  for (int i = 0; i < n; ++i)
    h[i] = (i * 37) % 101;
  int *d; unsigned *c, r = 0;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&c, sizeof r);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(c, 0, sizeof r);
  countAbove<<<n / 256, 256>>>(d, 50, c);
  cudaMemcpy(&r, c, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("above 50: %u of %d\n", r, n);
  return 0;
}
