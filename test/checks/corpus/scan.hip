// HIP scan and compaction kernels: warpSize-correct and 32-assuming code.
#include <hip/hip_runtime.h>
#include <cstdint>

#define WAVE 32 // BUG: wave64-warp-size-literal

__global__ void compact(int *out, int *count, const int *in) {
  int lane = threadIdx.x % warpSize; // OK
  int keep = in[threadIdx.x] > 0;
  unsigned long long m = __ballot(keep); // OK
  unsigned long long below = (1ull << lane) - 1; // OK
  int pos = __popcll(m & below); // OK
  int base = 0;
  if (lane == 0)
    base = atomicAdd(count, __popcll(m)); // OK
  base = __shfl(base, 0); // OK
  if (keep)
    out[base + pos] = in[threadIdx.x];
}

__global__ void compact32(int *out, int *count, const int *in) {
  int lane = threadIdx.x % WAVE; // MAY: wave64-warp-size-literal
  int keep = in[threadIdx.x] > 0;
  unsigned m = __ballot(keep); // BUG: wave64-ballot-mask-width
  int pos = __popc(m & ((1u << lane) - 1)); // BUG: wave64-lane-mask-literal, wave64-ballot-mask-width
  int base = 0;
  if (lane == 0)
    base = atomicAdd(count, __popc(m)); // BUG: wave64-ballot-mask-width
  base = __shfl(base, 0); // BUG: wave64-shuffle-width
  if (keep)
    out[base + pos] = in[threadIdx.x];
}

__global__ void inclusive(float *out, const float *in) {
  int lane = threadIdx.x % warpSize; // OK
  float v = in[threadIdx.x];
  for (int d = 1; d < warpSize; d *= 2) { // OK
    float n = __shfl_up(v, d); // OK
    if (lane >= d)
      v += n;
  }
  out[threadIdx.x] = v;
}

__global__ void histogram(int *bins, const uint32_t *keys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[(keys[i] * 2654435761u) >> 27], 1); // OK
}
