// Packs one predicate bit per element: each warp's 32-bit ballot goes into
// one half of a 64-bit word, two warps per word.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void pack(const int *in, unsigned long long *words) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned b = __ballot_sync(0xffffffff, in[i] % 3 == 0);
  int warp = i / warpSize;
  if (threadIdx.x % warpSize == 0)
    atomicOr(&words[warp / 2], (unsigned long long)b << (32 * (warp % 2)));
}
int main() {
  const int n = 1024, nw = n / 64;
  int h[n];
  unsigned long long w[nw];
  for (int i = 0; i < n; ++i)
    h[i] = (i * 7 + i / 5) % 11;
  int *d;
  unsigned long long *dw;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&dw, sizeof w);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(dw, 0, sizeof w);
  pack<<<n / 256, 256>>>(d, dw);
  cudaMemcpy(w, dw, sizeof w, cudaMemcpyDeviceToHost);
  for (int k = 0; k < nw; ++k)
    std::printf("word %d %016llx\n", k, w[k]);
  return 0;
}
