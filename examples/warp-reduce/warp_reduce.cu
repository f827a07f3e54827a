#include <cuda_runtime.h>
#include <cstdio>

__inline__ __device__ float warpSum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void blockSum(const float *in, float *out, unsigned *positives,
                         int n) {
  __shared__ float partial[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  unsigned ballot = __ballot_sync(0xffffffff, v > 0.0f);
  float s = warpSum(v);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) {
    partial[warp] = s;
    atomicAdd(positives, __popc(ballot));
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0;
    for (int w = 0; w < blockDim.x / 32; ++w)
      total += partial[w];
    out[blockIdx.x] = total;
  }
}

int main() {
  const int n = 4096, threads = 256, blocks = n / threads;
  float *in, *out;
  unsigned *pos;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&out, blocks * sizeof(float));
  cudaMallocManaged(&pos, sizeof(unsigned));
  for (int i = 0; i < n; ++i)
    in[i] = (i % 3) - 1.0f;
  *pos = 0;
  blockSum<<<blocks, threads>>>(in, out, pos, n);
  cudaDeviceSynchronize();
  float total = 0;
  for (int b = 0; b < blocks; ++b)
    total += out[b];
  std::printf("sum %g, positives %u\n", total, *pos);
  cudaFree(in);
  cudaFree(out);
  cudaFree(pos);
  return 0;
}
