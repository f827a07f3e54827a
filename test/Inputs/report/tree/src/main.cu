#include <cuda_runtime.h>
#include <cstdio>

void run(float *D, float *Out, int N);

int main() {
  float *D;
  cudaMalloc(&D, 1024 * sizeof(float));
  cudaFree(D);
  return 0;
}
