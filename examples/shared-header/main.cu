#include "common.cuh"

void runSquare(float *host, int n);

int main() {
  const int n = 256;
  float host[n];
  for (int i = 0; i < n; ++i)
    host[i] = float(i);
  runSquare(host, n);
  DeviceBuffer buf(n);
  buf.upload(host);
  scaleKernel<float><<<(n + 63) / 64, 64>>>(buf.ptr, 0.5f, n);
  CHECK(cudaDeviceSynchronize());
  buf.download(host);
  std::printf("host[3] = %g\n", host[3]);
  return host[3] == 4.5f ? 0 : 1;
}
