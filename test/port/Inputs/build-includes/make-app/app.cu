#include "checks.h"
#include "kern.h"
__global__ void k(float *p) { p[threadIdx.x] = 0; }
int main() {
  float *d;
  cudaMalloc(&d, 64);
  k<<<1, 16>>>(d);
  cudaError_t e = syncAll();
  return e == cudaSuccess && lastError() == cudaSuccess ? 0 : 1;
}
