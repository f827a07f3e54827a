#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

static void check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    std::fprintf(stderr, "%s failed: %s\n", what, cudaGetErrorString(err));
    std::exit(1);
  }
}

int main() {
  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  std::vector<float> a(n, 1.0f), b(n, 2.0f), c(n);
  float *dA, *dB, *dC;
  check(cudaMalloc(&dA, bytes), "cudaMalloc");
  check(cudaMalloc(&dB, bytes), "cudaMalloc");
  check(cudaMalloc(&dC, bytes), "cudaMalloc");
  check(cudaMemcpy(dA, a.data(), bytes, cudaMemcpyHostToDevice), "copy a");
  check(cudaMemcpy(dB, b.data(), bytes, cudaMemcpyHostToDevice), "copy b");

  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  cudaEventRecord(start, stream);
  vectorAdd<<<(n + 255) / 256, 256, 0, stream>>>(dA, dB, dC, n);
  cudaEventRecord(stop, stream);
  check(cudaGetLastError(), "launch");
  cudaEventSynchronize(stop);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);

  check(cudaMemcpy(c.data(), dC, bytes, cudaMemcpyDeviceToHost), "copy c");
  for (int i = 0; i < n; ++i)
    if (c[i] != 3.0f) {
      std::printf("mismatch at %d\n", i);
      return 1;
    }
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("ok on %s (warp %d) in %.3f ms\n", prop.name, prop.warpSize, ms);
  cudaStreamDestroy(stream);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  return 0;
}
