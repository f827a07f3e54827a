// Ported as is: a lane index % 32 used with a 64-wide shuffle.
// Rotates values by one lane within each group of 32 threads.
#include <cstdio>
#include <hip/hip_runtime.h>
__global__ void rotate(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  out[i] = __shfl(in[i], (lane + 1) % 32);
}
int main() {
  const int n = 512;
  int h[n], r[n];
  for (int i = 0; i < n; ++i)
    h[i] = i;
  int *d, *o;
  hipMalloc(&d, sizeof h);
  hipMalloc(&o, sizeof r);
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(rotate, dim3(n / 128), dim3(128), 0, 0, d, o);
  hipMemcpy(r, o, sizeof r, hipMemcpyDeviceToHost);
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += long(r[i]) * (i % 5);
  std::printf("checksum %ld first %d %d last %d\n", s, r[0], r[31], r[n - 1]);
  return 0;
}
