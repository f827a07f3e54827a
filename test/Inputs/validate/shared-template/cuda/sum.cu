// cuda-samples' SharedMemory<T>: a block-scope `extern __shared__` inside a
// class template, one element type per specialisation.
#include <cstdio>
#include <cuda_runtime.h>

template <class T> struct SharedMemory {
  __device__ operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};
template <> struct SharedMemory<double> {
  __device__ operator double *() {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }
};

template <class T> __global__ void blockSum(const T *In, T *Out) {
  T *S = SharedMemory<T>();
  unsigned Tid = threadIdx.x;
  S[Tid] = In[blockIdx.x * blockDim.x + Tid];
  __syncthreads();
  for (unsigned H = blockDim.x / 2; H > 0; H /= 2) {
    if (Tid < H)
      S[Tid] += S[Tid + H];
    __syncthreads();
  }
  if (Tid == 0)
    Out[blockIdx.x] = S[0];
}

template <class T> int run() {
  const int Blocks = 4, Threads = 128;
  T H[Blocks * Threads], R[Blocks];
  for (int I = 0; I < Blocks * Threads; ++I)
    H[I] = T(I % 7);
  T *In, *Out;
  cudaMalloc(&In, sizeof H);
  cudaMalloc(&Out, sizeof R);
  cudaMemcpy(In, H, sizeof H, cudaMemcpyHostToDevice);
  blockSum<T><<<Blocks, Threads, Threads * sizeof(T)>>>(In, Out);
  cudaMemcpy(R, Out, sizeof R, cudaMemcpyDeviceToHost);
  for (int B = 0; B < Blocks; ++B)
    printf("block %d: %g\n", B, double(R[B]));
  cudaFree(In);
  cudaFree(Out);
  return 0;
}

int main() { return run<int>() + run<double>(); }
