// Row sums, one warp per row: the host sizes the block as 4 warps of 32
// threads; the kernel finds its row from warpSize.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void rowSums(const float *m, int cols, float *out) {
  int row = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
  int lane = threadIdx.x % warpSize;
  float v = 0;
  for (int c = lane; c < cols; c += warpSize)
    v += m[row * cols + c];
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
  if (lane == 0)
    out[row] = v;
}
int main() {
  const int rows = 64, cols = 96, warpsPerBlock = 4;
  static float h[rows * cols], r[rows];
  for (int i = 0; i < rows * cols; ++i)
    h[i] = float(i % 11);
  float *d, *o;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&o, sizeof r);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(o, 0, sizeof r);
  int block = warpsPerBlock * 32;
  rowSums<<<rows / warpsPerBlock, block>>>(d, cols, o);
  cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  double s = 0;
  for (int i = 0; i < rows; ++i)
    s += r[i] * (i + 1);
  std::printf("weighted row sums %.1f\n", s);
  return 0;
}
