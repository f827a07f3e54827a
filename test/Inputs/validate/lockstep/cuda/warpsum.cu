// A pre-CUDA-9 reduction: the last 32 elements are summed warp-synchronously,
// with `volatile` and no __syncwarp, as the old SDK samples did. Right on a
// GPU (the lanes of a warp execute each statement together); the program
// checks its own sum and exits 1 when it is wrong.
#include <cstdio>
#include <cuda_runtime.h>

__device__ void warpReduce(volatile int *S, unsigned T) {
  S[T] += S[T + 32];
  S[T] += S[T + 16];
  S[T] += S[T + 8];
  S[T] += S[T + 4];
  S[T] += S[T + 2];
  S[T] += S[T + 1];
}

__global__ void blockSum(const int *In, int *Out) {
  __shared__ int S[64];
  unsigned T = threadIdx.x;
  for (unsigned I = T; I < 64; I += blockDim.x)
    S[I] = In[blockIdx.x * 64 + I];
  __syncthreads();
  if (T < 32)
    warpReduce(S, T);
  if (T == 0)
    Out[blockIdx.x] = S[0];
}

int main() {
  const int Blocks = 256, N = Blocks * 64;
  static int H[N], P[Blocks];
  long long Want = 0;
  for (int I = 0; I < N; ++I) {
    H[I] = (I * 7919) % 1000;
    Want += H[I];
  }
  int *DIn, *DOut;
  cudaMalloc(&DIn, N * sizeof(int));
  cudaMalloc(&DOut, Blocks * sizeof(int));
  cudaMemcpy(DIn, H, N * sizeof(int), cudaMemcpyHostToDevice);
  blockSum<<<Blocks, 64>>>(DIn, DOut);
  cudaMemcpy(P, DOut, Blocks * sizeof(int), cudaMemcpyDeviceToHost);
  long long Got = 0;
  for (int B = 0; B < Blocks; ++B)
    Got += P[B];
  std::printf("sum %lld (expected %lld)\n", Got, Want);
  cudaFree(DIn);
  cudaFree(DOut);
  return Got == Want ? 0 : 1;
}
