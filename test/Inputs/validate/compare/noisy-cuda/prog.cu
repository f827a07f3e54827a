// A result that changes from run to run (it depends on the process id),
// next to one that does not.
#include <cstdio>
#include <unistd.h>
#include <cuda_runtime.h>
__global__ void twice(int *x) { x[threadIdx.x] *= 2; }
int main() {
  int h[32], *d;
  for (int i = 0; i < 32; ++i)
    h[i] = i;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  twice<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("pid-dependent %d stable %d\n", int(getpid() % 100003), h[31]);
  return 0;
}
