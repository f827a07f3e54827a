#include <cuda_runtime.h>
int main() {
  float *p = nullptr;
  cudaMalloc(&p, 4 * sizeof(float));
  return 0;
}
