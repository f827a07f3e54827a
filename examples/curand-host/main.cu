// Fills a device buffer with uniform numbers through the cuRAND host API
// and checks their mean.
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>
#include <curand.h>

#define CHECK_CURAND(call)                                                     \
  do {                                                                         \
    curandStatus_t S = (call);                                                 \
    if (S != CURAND_STATUS_SUCCESS) {                                          \
      std::fprintf(stderr, "cuRAND error %d at line %d\n", int(S), __LINE__);  \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main() {
  const size_t N = 1 << 20;
  float *Dev;
  cudaMalloc(&Dev, N * sizeof(float));
  curandGenerator_t Gen;
  CHECK_CURAND(curandCreateGenerator(&Gen, CURAND_RNG_PSEUDO_DEFAULT));
  CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(Gen, 1234ULL));
  CHECK_CURAND(curandGenerateUniform(Gen, Dev, N));
  CHECK_CURAND(curandDestroyGenerator(Gen));
  std::vector<float> Host(N);
  cudaMemcpy(Host.data(), Dev, N * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(Dev);
  double Sum = 0;
  for (float V : Host)
    Sum += V;
  double Mean = Sum / N;
  bool Ok = Mean > 0.49 && Mean < 0.51;
  std::printf("%s (mean %.4f)\n", Ok ? "PASS" : "FAIL", Mean);
  return Ok ? 0 : 1;
}
