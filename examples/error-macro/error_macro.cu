#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err_));                                  \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

#define ALLOC(ptr, bytes) CUDA_CHECK(cudaMalloc((void **)&(ptr), (bytes)))

__global__ void fill(int *p, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v;
}

int main() {
  int *d = nullptr;
  const int n = 1000;
  ALLOC(d, n * sizeof(int));
  CUDA_CHECK(cudaMemset(d, 0, n * sizeof(int)));
  fill<<<(n + 127) / 128, 128>>>(d, 7, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  int h[n];
  CUDA_CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
#ifdef __CUDACC__
  std::printf("compiled by a GPU compiler\n");
#else
  cudaDeviceReset();
#endif
#if defined(CUDART_VERSION) && CUDART_VERSION >= 11000
  CUDA_CHECK(cudaFree(d));
#else
  cudaFree(d);
#endif
  std::printf("h[999] = %d\n", h[n - 1]);
  return h[n - 1] == 7 ? 0 : 1;
}
