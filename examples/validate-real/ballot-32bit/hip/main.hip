// Ported as is: the ballot is stored in 32 bits.
#include <cstdio>
#include <hip/hip_runtime.h>
__global__ void countAbove(const int *in, int t, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = __ballot(in[i] > t);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(count, __popc(mask));
}
int main() {
  const int n = 1024;
  int h[n];
  for (int i = 0; i < n; ++i)
    h[i] = (i * 37) % 101;
  int *d; unsigned *c, r = 0;
  hipMalloc(&d, sizeof h);
  hipMalloc(&c, sizeof r);
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  hipMemset(c, 0, sizeof r);
  hipLaunchKernelGGL(countAbove, dim3(n / 256), dim3(256), 0, 0, d, 50, c);
  hipMemcpy(&r, c, sizeof r, hipMemcpyDeviceToHost);
  std::printf("above 50: %u of %d\n", r, n);
  return 0;
}
