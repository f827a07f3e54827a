#include <hip/hip_runtime.h>
__global__ void clean(int *out) {
  int lane = threadIdx.x % warpSize;
  out[lane] = __shfl_down(lane, 1);
}
