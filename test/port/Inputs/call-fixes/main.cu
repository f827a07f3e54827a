#include <cuda_runtime.h>

// Merge-sort style bounds: CUDA's umin and mixed-sign min compute in unsigned.
__global__ void bounds(unsigned *out, unsigned n, int stride) {
  unsigned i = threadIdx.x;
  out[0] = umin(i, n);
  out[1] = umin(i + 1, 7);
  out[2] = min(stride, n);
  out[3] = max(n, 3);
  out[4] = min(stride, 4);
  out[5] = min(n, blockDim.x);
}

template <unsigned Dir> __global__ void merge(unsigned *out, unsigned n) {
  out[0] = umin(n, Dir);
}

void volume(cudaArray_t *a, cudaStream_t s, cudaEvent_t e) {
  cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  cudaMalloc3DArray(a, &d, make_cudaExtent(8, 8, 8));
  cudaMalloc3DArray(a, &d, make_cudaExtent(8, 8, 8), 0);
  cudaStreamWaitEvent(s, e);
  merge<1><<<1, 1>>>(nullptr, 2);
}
