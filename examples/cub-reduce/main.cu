// Sums an array on the device twice: with cub::DeviceReduce (two-phase
// temporary storage) and with cub::BlockReduce inside a kernel.
#include <cstdio>
#include <vector>

#include <cub/cub.cuh>
#include <cuda_runtime.h>

constexpr int BlockThreads = 256;

__global__ void blockSums(const int *In, int *Out, int N) {
  using BlockReduce = cub::BlockReduce<int, BlockThreads>;
  __shared__ typename BlockReduce::TempStorage Temp;
  int I = blockIdx.x * BlockThreads + threadIdx.x;
  int V = I < N ? In[I] : 0;
  int Sum = BlockReduce(Temp).Sum(V);
  if (threadIdx.x == 0)
    atomicAdd(Out, Sum);
}

int main() {
  const int N = 100000;
  std::vector<int> Host(N);
  long long Want = 0;
  for (int I = 0; I < N; ++I) {
    Host[I] = I % 13 - 6;
    Want += Host[I];
  }
  int *In, *Out, *OutBlock;
  cudaMalloc(&In, N * sizeof(int));
  cudaMalloc(&Out, sizeof(int));
  cudaMalloc(&OutBlock, sizeof(int));
  cudaMemcpy(In, Host.data(), N * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(OutBlock, 0, sizeof(int));

  void *Temp = nullptr;
  size_t TempBytes = 0;
  cub::DeviceReduce::Sum(Temp, TempBytes, In, Out, N);
  cudaMalloc(&Temp, TempBytes);
  cub::DeviceReduce::Sum(Temp, TempBytes, In, Out, N);
  blockSums<<<(N + BlockThreads - 1) / BlockThreads, BlockThreads>>>(
      In, OutBlock, N);

  int Got = 0, GotBlock = 0;
  cudaMemcpy(&Got, Out, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&GotBlock, OutBlock, sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(Temp);
  cudaFree(In);
  cudaFree(Out);
  cudaFree(OutBlock);
  bool Ok = Got == Want && GotBlock == Want;
  std::printf("%s (%d, %d, want %lld)\n", Ok ? "PASS" : "FAIL", Got, GotBlock,
              Want);
  return Ok ? 0 : 1;
}
