// Two well-behaved kernels; ../hip/faulty.hip breaks them on purpose.
#include <cuda_runtime.h>

__global__ void crashes(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] += 1;
}

__global__ void hangs(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] *= 2;
}

int main() {
  int *d;
  cudaMalloc(&d, 128 * sizeof(int));
  crashes<<<2, 64>>>(d, 128);
  hangs<<<2, 64>>>(d, 128);
  return 0;
}
