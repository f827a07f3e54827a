// ../hip/wave64.hip with its three wave64 bugs repaired: a 64-bit ballot
// counted with __popcll, the broadcast from lane warpSize - 1, and leaders
// chosen by warpSize like the slots they write. Right at widths 32 and 64.
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

// Fixed: the ballot is 64 bits wide in HIP; keep all of it.
__global__ void countAbove(const int *in, unsigned *counts, int threshold,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  unsigned long long mask = __ballot(v > threshold);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(&counts[blockIdx.x], __popcll(mask));
}

// Fixed: the warp total is broadcast from the last lane, warpSize - 1.
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
  float total = __shfl(v, warpSize - 1);
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

// Fixed: leaders are chosen by warpSize, as the slots are indexed.
__global__ void blockSumSlots(const int *in, int *out, int n) {
  __shared__ int slots[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_down(v, off);
  if (threadIdx.x % warpSize == 0)
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
