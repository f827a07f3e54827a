#include <cuda_runtime.h>

__global__ void fastExp(float *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = __expf(X[I]);
}

void fastExpAll(float *X, int N) { fastExp<<<(N + 127) / 128, 128>>>(X, N); }
