#include "helpers.cuh"
#include <cublas_v2.h>
#include <mma.h>

using namespace nvcuda;

__global__ void reduce(const float *In, float *Out, int N) {
  extern __shared__ float Partial[];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = I < N ? In[I] : 0.f;
  V = warpSum(V);
  if (threadIdx.x % 32 == 0)
    Partial[threadIdx.x / 32] = V;
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(Out, Partial[0]);
}

__global__ void laneId(int *Out) {
  int Lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(Lane));
  Out[threadIdx.x] = Lane;
}

__global__ void tile(const half *A, const half *B, float *C) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> FA;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> FB;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> FC;
  wmma::fill_fragment(FC, 0.0f);
  wmma::load_matrix_sync(FA, A, 16);
  wmma::load_matrix_sync(FB, B, 16);
  wmma::mma_sync(FC, FA, FB, FC);
  wmma::store_matrix_sync(C, FC, 16, wmma::mem_row_major);
}

void run(float *D, float *Out, int N) {
  cublasHandle_t H;
  cublasCreate(&H);
  reduce<<<(N + 255) / 256, 256, 8 * sizeof(float)>>>(D, Out, N);
  laneId<<<1, 32>>>(nullptr);
  tile<<<1, 32>>>(nullptr, nullptr, nullptr);
  scale<<<1, 256>>>(D, 2.0f, N);
  scale<<<1, 256>>>((double *)D, 2.0, N);
  float Alpha = 1.f;
  cublasSscal(H, N, &Alpha, D, 1);
  cudaDeviceSynchronize();
  cudaStream_t S;
  cudaStreamCreate(&S);
  cudaStreamGetId(S, nullptr);
}
