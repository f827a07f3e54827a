// Each warp scans its values; lane 31 then holds the warp's total, which
// lane 0 adds to the grand total.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void warpScan(const int *in, int *prefix, int *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int v = in[i];
  for (int o = 1; o < warpSize; o *= 2) {
    int u = __shfl_up_sync(0xffffffff, v, o);
    if (lane >= o)
      v += u;
  }
  prefix[i] = v;
  int total = __shfl_sync(0xffffffff, v, 31);
  if (lane == 0)
    atomicAdd(sum, total);
}
int main() {
  const int n = 512;
  int h[n], s = 0;
  for (int i = 0; i < n; ++i)
    h[i] = (i * 7) % 13;
  int *d, *dp, *ds;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&dp, sizeof h);
  cudaMalloc(&ds, sizeof s);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(ds, 0, sizeof s);
  warpScan<<<n / 128, 128>>>(d, dp, ds);
  cudaMemcpy(&s, ds, sizeof s, cudaMemcpyDeviceToHost);
  std::printf("sum of the warp totals %d\n", s);
  return 0;
}
