// Lane math by 32 that is right at any wavefront width, as lint judges it
// (notes, not warnings): kernels whose lanes never read each other's, and a
// kernel whose shuffles stay in 32-lane segments. The program checks its
// own results against the host and exits 1 when one is wrong.
#include <cstdio>
#include <cuda_runtime.h>

// Row sums of a CSR matrix, one 32-thread vector per row, reduced in shared
// memory in lock-step (the CUSP vector kernel's shape): no lane reads
// another's register, only shared memory within its own group of 32.
__global__ void csrVector(const int *Ptr, const int *Val, int *Out, int Rows) {
  __shared__ volatile int S[256 + 16];
  int Lane = threadIdx.x & 31;
  int Row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  int Sum = 0;
  if (Row < Rows)
    for (int J = Ptr[Row] + Lane; J < Ptr[Row + 1]; J += 32)
      Sum += Val[J];
  S[threadIdx.x] = Sum;
  if (Lane < 16) S[threadIdx.x] = Sum = Sum + S[threadIdx.x + 16];
  if (Lane < 8) S[threadIdx.x] = Sum = Sum + S[threadIdx.x + 8];
  if (Lane < 4) S[threadIdx.x] = Sum = Sum + S[threadIdx.x + 4];
  if (Lane < 2) S[threadIdx.x] = Sum = Sum + S[threadIdx.x + 2];
  if (Lane < 1) S[threadIdx.x] = Sum = Sum + S[threadIdx.x + 1];
  if (Lane == 0 && Row < Rows)
    Out[Row] = S[threadIdx.x];
}

// A 32 x 32 tile transpose through shared memory, indexed by 32-lane groups.
__global__ void transpose(const int *In, int *Out) {
  __shared__ int T[32][33];
  int Col = threadIdx.x % 32, Row = threadIdx.x / 32;
  for (int R = Row; R < 32; R += blockDim.x / 32)
    T[R][Col] = In[blockIdx.x * 1024 + R * 32 + Col];
  __syncthreads();
  for (int R = Row; R < 32; R += blockDim.x / 32)
    Out[blockIdx.x * 1024 + R * 32 + Col] = T[Col][R];
}

// A block sum whose shuffles all pass width 32: each 32-lane segment of a
// 64-lane wavefront reduces on its own and writes its own slot.
__device__ int segmentSum(int V) {
  for (int M = 16; M > 0; M >>= 1)
    V += __shfl_xor_sync(~0ull, V, M, 32);
  return V;
}
__global__ void blockSum(const int *In, int *Out) {
  __shared__ int Slot[32];
  int Lane = threadIdx.x & 31, Seg = threadIdx.x >> 5;
  int V = segmentSum(In[blockIdx.x * blockDim.x + threadIdx.x]);
  if (Lane == 0)
    Slot[Seg] = V;
  __syncthreads();
  if (Seg == 0) {
    V = Lane < (int)(blockDim.x / 32) ? Slot[Lane] : 0;
    V = segmentSum(V);
    if (Lane == 0)
      Out[blockIdx.x] = V;
  }
}

int main() {
  const int Rows = 64, PerRow = 40, Nnz = Rows * PerRow;
  static int Ptr[Rows + 1], Val[Nnz], RowSum[Rows];
  for (int R = 0; R <= Rows; ++R)
    Ptr[R] = R * PerRow;
  for (int I = 0; I < Nnz; ++I)
    Val[I] = (I * 37) % 101;
  const int Tiles = 4, N = Tiles * 1024;
  static int A[N], B[N], Sums[Tiles];
  for (int I = 0; I < N; ++I)
    A[I] = (I * 7919) % 1000;
  int *DPtr, *DVal, *DOut, *DA, *DB, *DS;
  cudaMalloc(&DPtr, sizeof(Ptr));
  cudaMalloc(&DVal, sizeof(Val));
  cudaMalloc(&DOut, sizeof(RowSum));
  cudaMalloc(&DA, sizeof(A));
  cudaMalloc(&DB, sizeof(B));
  cudaMalloc(&DS, sizeof(Sums));
  cudaMemcpy(DPtr, Ptr, sizeof(Ptr), cudaMemcpyHostToDevice);
  cudaMemcpy(DVal, Val, sizeof(Val), cudaMemcpyHostToDevice);
  cudaMemcpy(DA, A, sizeof(A), cudaMemcpyHostToDevice);
  csrVector<<<Rows / 8, 256>>>(DPtr, DVal, DOut, Rows);
  transpose<<<Tiles, 256>>>(DA, DB);
  blockSum<<<Tiles, 1024>>>(DA, DS);
  cudaMemcpy(RowSum, DOut, sizeof(RowSum), cudaMemcpyDeviceToHost);
  cudaMemcpy(B, DB, sizeof(B), cudaMemcpyDeviceToHost);
  cudaMemcpy(Sums, DS, sizeof(Sums), cudaMemcpyDeviceToHost);
  int Wrong = 0;
  for (int R = 0; R < Rows; ++R) {
    int Want = 0;
    for (int J = Ptr[R]; J < Ptr[R + 1]; ++J)
      Want += Val[J];
    Wrong += RowSum[R] != Want;
  }
  for (int T = 0; T < Tiles; ++T) {
    int Want = 0;
    for (int I = 0; I < 1024; ++I) {
      Want += A[T * 1024 + I];
      Wrong += B[T * 1024 + (I % 32) * 32 + I / 32] != A[T * 1024 + I];
    }
    Wrong += Sums[T] != Want;
  }
  std::printf("wrong %d\n", Wrong);
  return Wrong ? 1 : 0;
}
