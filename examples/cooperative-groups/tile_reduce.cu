#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__device__ int tileSum(cg::thread_block_tile<32> tile, int v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v;
}

__global__ void sumKernel(const int *in, int *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = tileSum(tile, i < n ? in[i] : 0);
  if (tile.thread_rank() == 0)
    atomicAdd(out, v);
  block.sync();
}

int main() {
  const int n = 1024;
  int *in, *out;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, sizeof(int));
  for (int i = 0; i < n; ++i)
    in[i] = 1;
  *out = 0;
  sumKernel<<<n / 256, 256>>>(in, out, n);
  cudaDeviceSynchronize();
  std::printf("sum = %d\n", *out);
  cudaFree(in);
  cudaFree(out);
  return *out == n ? 0 : 1;
}
