// A forward then inverse 1-D complex FFT; the round trip scales by N.
#include <cmath>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>
#include <cufft.h>

int main() {
  const int N = 256;
  std::vector<cufftComplex> Host(N);
  for (int I = 0; I < N; ++I) {
    Host[I].x = std::sin(0.1f * I);
    Host[I].y = 0.0f;
  }
  cufftComplex *Dev;
  cudaMalloc(&Dev, N * sizeof(cufftComplex));
  cudaMemcpy(Dev, Host.data(), N * sizeof(cufftComplex),
             cudaMemcpyHostToDevice);
  cufftHandle Plan;
  if (cufftPlan1d(&Plan, N, CUFFT_C2C, 1) != CUFFT_SUCCESS)
    return 1;
  cufftExecC2C(Plan, Dev, Dev, CUFFT_FORWARD);
  cufftExecC2C(Plan, Dev, Dev, CUFFT_INVERSE);
  cufftDestroy(Plan);
  std::vector<cufftComplex> Back(N);
  cudaMemcpy(Back.data(), Dev, N * sizeof(cufftComplex),
             cudaMemcpyDeviceToHost);
  cudaFree(Dev);
  float MaxErr = 0;
  for (int I = 0; I < N; ++I)
    MaxErr = std::fmax(MaxErr, std::fabs(Back[I].x / N - Host[I].x));
  std::printf("%s (max error %g)\n", MaxErr < 1e-4f ? "PASS" : "FAIL",
              MaxErr);
  return MaxErr < 1e-4f ? 0 : 1;
}
