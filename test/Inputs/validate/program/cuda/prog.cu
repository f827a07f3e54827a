// Counts the elements above 10 with a warp ballot, prints the count and a
// ratio, writes result.txt, and exits 0 only for the right count.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void countAbove(const int *in, unsigned *count) {
  unsigned m = __ballot_sync(0xffffffff, in[threadIdx.x] > 10);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(count, __popc(m));
}

int main() {
  int h[128];
  for (int i = 0; i < 128; ++i)
    h[i] = i;
  int *d;
  unsigned *c;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&c, sizeof(unsigned));
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(c, 0, sizeof(unsigned));
  countAbove<<<1, 128>>>(d, c);
  unsigned r = 0;
  cudaMemcpy(&r, c, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("count %u ratio %.7f\n", r, r / 128.0);
  FILE *f = std::fopen("result.txt", "w");
  std::fprintf(f, "%u\n", r);
  std::fclose(f);
  return r == 117 ? 0 : 3;
}
