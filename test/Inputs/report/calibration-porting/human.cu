/* The HIP file a person wrote from the same CUDA source. */
#include <stdio.h>
#include <sys/time.h>
#include <hip/hip_runtime.h>

__global__ void reduce(const float *in, float *out, int n) {
  float v = in[threadIdx.x];
  for (int d = warpSize / 2; d > 0; d /= 2)
    v += __shfl_down(v, d);
  if (threadIdx.x == 0)
    *out = v;
}

int main() {
  float *d_in, *d_out;
  struct timeval t0, t1;
  gettimeofday(&t0, NULL);
  hipMalloc(&d_in, 64 * sizeof(float));
  hipMalloc(&d_out, sizeof(float));
  reduce<<<1, 64>>>(d_in, d_out, 64);
  hipDeviceSynchronize();
  float r;
  hipMemcpy(&r, d_out, sizeof(float), hipMemcpyDeviceToHost);
  printf("result %f\n", r);
  hipFree(d_in);
  hipFree(d_out);
  gettimeofday(&t1, NULL);
  fprintf(stderr, "hipMalloc and kernel: %ld us\n", (long)(t1.tv_usec - t0.tv_usec));
  return 0;
}
