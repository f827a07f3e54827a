// A result that changes from run to run (it depends on the process id),
// next to one that does not.
#include <cstdio>
#include <unistd.h>
#include <hip/hip_runtime.h>
__global__ void twice(int *x) { x[threadIdx.x] *= 2; }
int main() {
  int h[32], *d;
  for (int i = 0; i < 32; ++i)
    h[i] = i;
  hipMalloc(&d, sizeof h);
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(twice, dim3(1), dim3(32), 0, 0, d);
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  std::printf("pid-dependent %d stable %d\n", int(getpid() % 100003), h[31]);
  return 0;
}
