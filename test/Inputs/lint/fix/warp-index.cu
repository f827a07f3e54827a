// Input of lint-fix-warp-index.test: warp slots counted with 32 while the
// same kernel indexes lanes with warpSize, and lane 31 as the last lane.
__global__ void k(float *out, const float *in) {
  __shared__ float part[64];
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / 32;
  int warp2 = threadIdx.x >> 5;
  float v = in[threadIdx.x];
  if (lane == 31)
    part[warp] = v;
  __syncthreads();
  if (threadIdx.x < blockDim.x / 32)
    out[warp2] = part[threadIdx.x];
}
