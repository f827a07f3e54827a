// The port, as hipify leaves it: the ballot is 64 bits wide at width 64,
// "unsigned" keeps its low half, and lanes 32-63 report lanes 0-31.
#include <cstdio>
#include <hip/hip_runtime.h>

__global__ void scale(float *x, float f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= f;
}

__global__ void countPositive(const float *x, int *counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = __ballot(i < n && x[i] > 0);
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
  hipMalloc(&x, N * sizeof(float));
  hipMalloc(&counts, N / 32 * sizeof(int));
  hipMemcpy(x, h, sizeof h, hipMemcpyHostToDevice);
  hipMemset(counts, 0, N / 32 * sizeof(int));
  scale<<<N / Block, Block>>>(x, 2.0f, N);
  countPositive<<<N / Block, Block>>>(x, counts, N);
  scale<<<N / Block, Block>>>(x, 0.5f, N);
  int c[N / 32];
  hipMemcpy(c, counts, sizeof c, hipMemcpyDeviceToHost);
  for (int k = 0; k < N / 32; ++k)
    std::printf("warp %d: %d positive\n", k, c[k]);
  hipFree(x);
  hipFree(counts);
  return 0;
}
