// Block sum: the leader of each 32 threads writes its partial sum to a
// slot indexed by warp, then thread 0 adds the slots.
#include <cstdio>
#include <cuda_runtime.h>
#define BLOCK 256
__global__ void blockSum(const int *in, int *out) {
  __shared__ int slots[BLOCK / 32];
  int v = in[blockIdx.x * BLOCK + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
  if (threadIdx.x % 32 == 0)
    slots[threadIdx.x / warpSize] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int w = 0; w < BLOCK / 32; ++w)
      s += slots[w];
    out[blockIdx.x] = s;
  }
}
int main() {
  const int blocks = 8, n = blocks * BLOCK;
  int h[n], r[blocks];
  for (int i = 0; i < n; ++i)
    h[i] = i % 17;
  int *d, *o;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&o, sizeof r);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  blockSum<<<blocks, BLOCK>>>(d, o);
  cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b)
    std::printf("block %d sum %d\n", b, r[b]);
  return 0;
}
