// Warp sums added into one total; the kernel refuses widths it was not
// written for.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void total(const int *in, int *sum) {
  if (warpSize != 32)
    return; // written for 32-lane warps
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffff, v, o);
  if (threadIdx.x % 32 == 0)
    atomicAdd(sum, v);
}
int main() {
  const int n = 1024;
  int h[n], s = 0;
  for (int i = 0; i < n; ++i)
    h[i] = (i * 3) % 19;
  int *d, *ds;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&ds, sizeof s);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(ds, 0, sizeof s);
  total<<<n / 256, 256>>>(d, ds);
  cudaMemcpy(&s, ds, sizeof s, cudaMemcpyDeviceToHost);
  std::printf("total %d\n", s);
  return 0;
}
