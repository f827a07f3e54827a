// The port of ../cuda/prog.cu: the ballot still kept in 32 bits.
#include <cstdio>
#include <hip/hip_runtime.h>

__global__ void countAbove(const int *in, unsigned *count) {
  unsigned m = __ballot(in[threadIdx.x] > 10);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(count, __popc(m));
}

int main() {
  int h[128];
  for (int i = 0; i < 128; ++i)
    h[i] = i;
  int *d;
  unsigned *c;
  hipMalloc(&d, sizeof h);
  hipMalloc(&c, sizeof(unsigned));
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  hipMemset(c, 0, sizeof(unsigned));
  countAbove<<<1, 128>>>(d, c);
  unsigned r = 0;
  hipMemcpy(&r, c, sizeof r, hipMemcpyDeviceToHost);
  std::printf("count %u ratio %.7f\n", r, r / 128.0);
  FILE *f = std::fopen("result.txt", "w");
  std::fprintf(f, "%u\n", r);
  std::fclose(f);
  return r == 117 ? 0 : 3;
}
