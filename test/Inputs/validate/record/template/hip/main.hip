// A template kernel launched from a template host function, for two
// element types: the launch spells the kernel sumBlocks<T, 64>.
#include <cstdio>
#include <hip/hip_runtime.h>

template <typename T, int B>
__global__ void sumBlocks(const T *in, T *out) {
  __shared__ T s[B];
  s[threadIdx.x] = in[blockIdx.x * B + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    T t = 0;
    for (int i = 0; i < B; ++i)
      t += s[i];
    out[blockIdx.x] = t;
  }
}

template <typename T> void run(const char *What) {
  const int N = 256;
  T h[N], r[N / 64];
  for (int i = 0; i < N; ++i)
    h[i] = T(i % 7);
  T *in, *out;
  hipMalloc(&in, sizeof h);
  hipMalloc(&out, sizeof r);
  hipMemcpy(in, h, sizeof h, hipMemcpyHostToDevice);
  sumBlocks<T, 64><<<N / 64, 64>>>(in, out);
  hipMemcpy(r, out, sizeof r, hipMemcpyDeviceToHost);
  for (int b = 0; b < N / 64; ++b)
    std::printf("%s block %d: %g\n", What, b, double(r[b]));
  hipFree(in);
  hipFree(out);
}

int main() {
  run<int>("int");
  run<float>("float");
  return 0;
}
