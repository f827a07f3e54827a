#include <cuda_runtime.h>

// Does not parse: the report must fall back to a text scan, say so, and
// still find the kernel and its launch.
__global__ void brokenKernel(float *X) {
  X[threadIdx.x] = __shfl_xor_sync(0xffffffff, X[threadIdx.x], 1) +
}

void launchBroken(float *X) {
  brokenKernel<<<1, 32>>>(X);
  cudaMemset(X, 0, 128);
}
