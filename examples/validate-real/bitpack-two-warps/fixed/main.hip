// Fixed: a wave64 fills a word by itself; a wave32 fills half of one.
// The width this build targets, as the HIP compiler predefines it.
#if defined(__GFX9__) || (defined(__AMDGCN_WAVEFRONT_SIZE) && __AMDGCN_WAVEFRONT_SIZE == 64)
#define WAVE 64
#else
#define WAVE 32
#endif
#include <cstdio>
#include <hip/hip_runtime.h>
__global__ void pack(const int *in, unsigned long long *words) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long b = __ballot(in[i] % 3 == 0);
  int warp = i / warpSize;
  if (threadIdx.x % warpSize == 0)
#if WAVE == 64
    atomicOr(&words[warp], b);
#else
    atomicOr(&words[warp / 2], (b & 0xffffffffull) << (32 * (warp % 2)));
#endif
}
int main() {
  const int n = 1024, nw = n / 64;
  int h[n];
  unsigned long long w[nw];
  for (int i = 0; i < n; ++i)
    h[i] = (i * 7 + i / 5) % 11;
  int *d;
  unsigned long long *dw;
  hipMalloc(&d, sizeof h);
  hipMalloc(&dw, sizeof w);
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  hipMemset(dw, 0, sizeof w);
  hipLaunchKernelGGL(pack, dim3(n / 256), dim3(256), 0, 0, d, dw);
  hipMemcpy(w, dw, sizeof w, hipMemcpyDeviceToHost);
  for (int k = 0; k < nw; ++k)
    std::printf("word %d %016llx\n", k, w[k]);
  return 0;
}
