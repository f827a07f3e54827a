#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <cstdio>

__global__ void setup(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void sample(curandState *states, unsigned *hits, int perThread) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = states[id];
  unsigned count = 0;
  for (int i = 0; i < perThread; ++i) {
    float x = curand_uniform(&local);
    float y = curand_uniform(&local);
    if (x * x + y * y <= 1.0f)
      ++count;
  }
  states[id] = local;
  atomicAdd(hits, count);
}

int main() {
  const int blocks = 64, threads = 128, perThread = 1000;
  curandState *states;
  unsigned *hits;
  cudaMalloc(&states, blocks * threads * sizeof(curandState));
  cudaMallocManaged(&hits, sizeof(unsigned));
  *hits = 0;
  setup<<<blocks, threads>>>(states, 1234ull);
  sample<<<blocks, threads>>>(states, hits, perThread);
  cudaDeviceSynchronize();
  double pi = 4.0 * *hits / (double(blocks) * threads * perThread);
  std::printf("pi ~= %f\n", pi);
  cudaFree(states);
  cudaFree(hits);
  return 0;
}
