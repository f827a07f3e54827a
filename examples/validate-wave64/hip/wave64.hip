// The port of ../cuda/wave64.cu by `hipport port --rocm-version 5.2
// --rename-ext`, unchanged: it keeps the three wave64 bugs of the original.
// ../fixed/wave64.hip is this file with the bugs repaired.
#include <cstdio>
#include <hip/hip_runtime.h>

constexpr int N = 4096;
constexpr int Threads = 256;
constexpr int Blocks = N / Threads;

// Right at any width: one element per thread.
__global__ void scale(const float *in, float *out, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * factor;
}

// BUG at wave64: the ballot is kept in 32 bits, so lanes 32-63 vanish.
__global__ void countAbove(const int *in, unsigned *counts, int threshold,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  unsigned mask = __ballot(v > threshold);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(&counts[blockIdx.x], __popc(mask));
}

// BUG at wave64: the warp total is broadcast from lane 31, the last lane of
// a 32-wide warp; at 64 lanes it is only the first half's prefix.
__global__ void blockSumBroadcast(const float *in, float *out, int n) {
  __shared__ float partial[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  int lane = threadIdx.x % warpSize;
  for (int d = 1; d < warpSize; d *= 2) {
    float t = __shfl_up(v, d);
    if (lane >= d)
      v += t;
  }
  float total = __shfl(v, 31);
  if (lane == 0)
    partial[threadIdx.x / warpSize] = total;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int w = 0; w < blockDim.x / warpSize; ++w)
      s += partial[w];
    out[blockIdx.x] = s;
  }
}

// BUG at wave64: leaders are chosen every 32 threads but slots are indexed
// by warpSize, so at 64 lanes lane 32 overwrites lane 0's slot with half a sum.
__global__ void blockSumSlots(const int *in, int *out, int n) {
  __shared__ int slots[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_down(v, off);
  if (threadIdx.x % 32 == 0)
    slots[threadIdx.x / warpSize] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int w = 0; w < blockDim.x / warpSize; ++w)
      s += slots[w];
    out[blockIdx.x] = s;
  }
}

// Assumes 32 lanes and is still right at 64: each 32-lane half reduces
// within itself, and one slot per 32 threads is used throughout.
__global__ void halfWarpSum(const int *in, int *out, int n) {
  __shared__ int slots[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down(v, off);
  if (threadIdx.x % 32 == 0)
    slots[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int w = 0; w < blockDim.x / 32; ++w)
      s += slots[w];
    out[blockIdx.x] = s;
  }
}

int main() {
  float *fin, *fout, *sums;
  int *iin, *isums;
  unsigned *counts;
  hipMalloc(&fin, N * sizeof(float));
  hipMalloc(&fout, N * sizeof(float));
  hipMalloc(&sums, Blocks * sizeof(float));
  hipMalloc(&iin, N * sizeof(int));
  hipMalloc(&isums, Blocks * sizeof(int));
  hipMalloc(&counts, Blocks * sizeof(unsigned));
  hipMemset(counts, 0, Blocks * sizeof(unsigned));
  scale<<<Blocks, Threads>>>(fin, fout, 2.5f, N);
  countAbove<<<Blocks, Threads>>>(iin, counts, 50, N);
  blockSumBroadcast<<<Blocks, Threads>>>(fin, sums, N);
  blockSumSlots<<<Blocks, Threads>>>(iin, isums, N);
  halfWarpSum<<<Blocks, Threads>>>(iin, isums, N);
  hipDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
