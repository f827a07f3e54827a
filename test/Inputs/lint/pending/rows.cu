#include "solver_utils.cuh"

#ifdef SOLVER_USING_CUDA
// A CUDA branch with a branch for the other build: chosen on purpose.
__global__ void rows_cuda(const float *x, float *y, int n)
{
  int lane = threadIdx.x % 32;
  y[lane] = x[lane];
}
#else
__global__ void rows_other(const float *x, float *y, int n) { y[0] = x[0]; }
#endif

#if defined(SOLVER_USING_CUDA)
__global__ void row_sums(const float *x, float *y, int n)
{
  int lane = threadIdx.x % 32;
  float s = 0.f;
  for (int i = lane; i < n; i += 32)
    s += x[blockIdx.x * n + i];
  s = warp_sum(s);
  // Every lane reads the total: lanes 16-31 fold lanes of the next half.
  y[blockIdx.x * n + lane] = s;
}
#endif
