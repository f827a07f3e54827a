// Kernel A (scale) runs four times before kernel B (countPositive) first
// runs: with a small --record-limit, A's launches fill the budget, and B's
// first launch must still be recorded.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float *x, float f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= f;
}

__global__ void countPositive(const float *x, int *counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = __ballot_sync(0xffffffff, i < n && x[i] > 0);
  if (threadIdx.x % 32 == 0)
    counts[i / 32] = __popc(mask);
}

int main() {
  const int N = 256, Block = 128;
  float h[N];
  for (int i = 0; i < N; ++i)
    h[i] = float(i * 7 % 5) - 2;
  float *x;
  int *counts;
  cudaMalloc(&x, N * sizeof(float));
  cudaMalloc(&counts, N / 32 * sizeof(int));
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(counts, 0, N / 32 * sizeof(int));
  for (int r = 0; r < 2; ++r) {
    scale<<<N / Block, Block>>>(x, 2.0f, N);
    scale<<<N / Block, Block>>>(x, 0.5f, N);
  }
  countPositive<<<N / Block, Block>>>(x, counts, N);
  int c[N / 32];
  cudaMemcpy(c, counts, sizeof c, cudaMemcpyDeviceToHost);
  for (int k = 0; k < N / 32; ++k)
    std::printf("warp %d: %d positive\n", k, c[k]);
  cudaFree(x);
  cudaFree(counts);
  return 0;
}
