// What hipport port wrote (re-created by us: the shape of a HeCBench pair).
#include <stdio.h>
#include "hip/hip_runtime.h"

__global__ void reduce(const float *in, float *out, int n) {
  float v = in[threadIdx.x];
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_down(v, d);
  if (threadIdx.x == 0)
    *out = v;
}

int main() {
  float *d_in, *d_out;
  hipMalloc(&d_in, 64 * sizeof(float));
  hipMalloc(&d_out, sizeof(float));
  reduce<<<1, 64>>>(d_in, d_out, 64);
  float r;
  hipMemcpy(&r, d_out, sizeof(float), hipMemcpyDeviceToHost);
  printf("%f\n", r);
  hipFree(d_in);
  hipFree(d_out);
  return 0;
}
