// Input of lint-fix-warpsize.test: warpSize redefined as NVIDIA's width.
#define warpSize 32

__device__ int lane_of(int t) { return t % warpSize; }

__global__ void k(int *out) {
  for (int i = 0; i < warpSize; ++i)
    out[i] = lane_of(threadIdx.x);
}
