// Fixed: the mask has the width of the target's wave.
// The width this build targets, as the HIP compiler predefines it.
#if defined(__GFX9__) || (defined(__AMDGCN_WAVEFRONT_SIZE) && __AMDGCN_WAVEFRONT_SIZE == 64)
#define WAVE 64
#else
#define WAVE 32
#endif
#include <cstdio>
#include <hip/hip_runtime.h>
__global__ void countAbove(const int *in, int t, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if WAVE == 64
  unsigned long long mask = __ballot(in[i] > t);
  int bits = __popcll(mask);
#else
  unsigned mask = static_cast<unsigned>(__ballot(in[i] > t));
  int bits = __popc(mask);
#endif
  if (threadIdx.x % warpSize == 0)
    atomicAdd(count, unsigned(bits));
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
