// The warp width written as 32: broadcasts from lane 31, "the last lane",
// warp slots counted with 32 but indexed with warpSize (or the reverse).
#include <cstdio>
#include <cstdlib>

#define WARP_SIZE 32 // BUG: wave64-warp-size-literal

__global__ void broadcast_total(float *out, const float *in) {
  float v = in[threadIdx.x];
  for (int off = 1; off < warpSize; off *= 2) { // OK
    float n = __shfl_up_sync(__activemask(), v, off); // OK
    if (int(threadIdx.x % warpSize) >= off) // OK
      v += n;
  }
  float total = __shfl_sync(__activemask(), v, 31); // BUG: wave64-warp-size-literal
  if (threadIdx.x % warpSize == 0) // OK
    out[threadIdx.x / warpSize] = total; // OK
}

__global__ void last_lane(float *out, const float *in) {
  int lane = threadIdx.x % warpSize; // OK
  float v = in[threadIdx.x];
  if (lane == 31) // BUG: wave64-warp-size-literal
    out[threadIdx.x / warpSize] = v; // OK
}

__global__ void slot_mismatch(float *out, const float *in) {
  extern __shared__ float slots[];
  int nwarps = blockDim.x / 32; // BUG: wave64-warp-size-literal
  int warp = threadIdx.x / warpSize; // OK
  int lane = threadIdx.x % warpSize; // OK
  float v = in[threadIdx.x];
  for (int off = warpSize / 2; off > 0; off /= 2) // OK
    v += __shfl_down_sync(__activemask(), v, off); // OK
  if (lane == 0)
    slots[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int w = 0; w < nwarps; ++w)
      s += slots[w];
    out[blockIdx.x] = s;
  }
}

__global__ void slot_shift(float *out, const float *in) {
  __shared__ float part[1024 / 32]; // OK
  float v = in[threadIdx.x];
  for (int off = warpSize / 2; off > 0; off /= 2) // OK
    v += __shfl_xor_sync(__activemask(), v, off); // OK
  if (threadIdx.x % warpSize == 0) // OK
    part[threadIdx.x >> 5] = v; // BUG: wave64-warp-size-literal
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = part[0] + part[1];
}

__global__ void half_tree_into_warp_slot(float *out, const float *in) {
  __shared__ float slot[32]; // OK
  float v = in[threadIdx.x];
  for (int off = 16; off > 0; off /= 2) // BUG: wave64-warp-size-literal
    v += __shfl_down_sync(__activemask(), v, off); // OK
  if (threadIdx.x % warpSize == 0) // OK
    slot[threadIdx.x / warpSize] = v; // OK
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = slot[0];
}

__global__ void named_width(float *out, const float *in) {
  int lane = threadIdx.x % warpSize; // OK
  int warp = threadIdx.x / WARP_SIZE; // MAY: wave64-warp-size-literal
  if (lane == 0)
    out[warp] = in[threadIdx.x];
}

__global__ void width_guard(int *status) {
  if (warpSize != 32) { // BUG: wave64-width-guard
    status[0] = -1;
    return;
  }
  status[0] = 1;
}

__global__ void per_warp_sum(float *out, const float *in) {
  extern __shared__ float sums[];
  int warp = threadIdx.x / warpSize; // OK
  float v = in[threadIdx.x];
  for (int off = warpSize / 2; off > 0; off /= 2) // OK
    v += __shfl_down_sync(__activemask(), v, off); // OK
  if (threadIdx.x % warpSize == 0) // OK
    sums[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = sums[0];
}

void launch_sums(float *out, const float *in, int blocks) {
  int threads = 256;
  size_t shmem = (threads / 32) * sizeof(float); // BUG: wave64-host-launch-width
  per_warp_sum<<<blocks, threads, shmem>>>(out, in);
}

int main() {
  int dev = 0, ws = 0;
  cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, dev);
  if (ws != 32) { // BUG: wave64-width-guard
    std::fprintf(stderr, "needs 32-wide warps\n");
    std::exit(1);
  }
  size_t perBlock = (256 / ws) * sizeof(float); // OK
  std::printf("%zu\n", perBlock);
  return 0;
}
