// A warp reduction that assumes 32 lanes, next to one that asks warpSize.
// Run at both widths to see the wave64 bug as a wrong number:
//   HIPCPU_WARP_SIZE=32 ./warp_sum    both sums right
//   HIPCPU_WARP_SIZE=64 ./warp_sum    the hardcoded one loses half
#include <cstdio>
#include <vector>

__global__ void sumHardcoded(const int *In, int *Out) {
  int V = In[blockIdx.x * blockDim.x + threadIdx.x];
  for (int Off = 16; Off > 0; Off /= 2)
    V += __shfl_down(V, Off);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(Out, V);
}

__global__ void sumPortable(const int *In, int *Out) {
  int V = In[blockIdx.x * blockDim.x + threadIdx.x];
  for (int Off = warpSize / 2; Off > 0; Off /= 2)
    V += __shfl_down(V, Off);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(Out, V);
}

int main() {
  const int N = 1 << 16;
  int *In, *Sums;
  hipMalloc(&In, N * sizeof(int));
  hipMalloc(&Sums, 2 * sizeof(int));
  std::vector<int> H(N, 1);
  hipMemcpy(In, H.data(), N * sizeof(int), hipMemcpyHostToDevice);
  hipMemset(Sums, 0, 2 * sizeof(int));
  hipLaunchKernelGGL(sumHardcoded, N / 256, 256, 0, 0, In, Sums);
  hipLaunchKernelGGL(sumPortable, N / 256, 256, 0, 0, In, Sums + 1);
  int R[2];
  hipMemcpy(R, Sums, sizeof R, hipMemcpyDeviceToHost);
  hipDeviceProp_t P;
  hipGetDeviceProperties(&P, 0);
  std::printf("warpSize %d: expected %d, hardcoded-32 %d, warpSize-based %d\n",
              P.warpSize, N, R[0], R[1]);
  return R[1] == N ? 0 : 1;
}
