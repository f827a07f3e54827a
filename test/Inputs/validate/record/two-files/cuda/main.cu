// main() calls a function of another file, which a kernel's driver (this
// file alone) does not link: unused functions are dropped at the link.
#include <cstdio>
#include <cuda_runtime.h>

float hostSum(const float *x, int n); // helper.cpp

__global__ void twice(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2;
}

int main() {
  const int N = 64;
  float h[N];
  for (int i = 0; i < N; ++i)
    h[i] = float(i);
  float *x;
  cudaMalloc(&x, sizeof h);
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  twice<<<1, N>>>(x, N);
  cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("sum %g\n", hostSum(h, N));
  cudaFree(x);
  return 0;
}
