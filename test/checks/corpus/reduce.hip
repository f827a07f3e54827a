// A HIP port that kept its CUDA assumptions.
#include <hip/hip_runtime.h>
#include <cstdint>

__global__ void block_sum(float *out, const float *in) {
  __shared__ float slots[16]; // OK
  float v = in[threadIdx.x];
  for (int off = 16; off > 0; off /= 2) // BUG: wave64-warp-size-literal
    v += __shfl_down(v, off); // OK
  if (threadIdx.x % warpSize == 0) // OK
    slots[threadIdx.x / warpSize] = v; // OK
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int w = 0; w < int(blockDim.x) / warpSize; ++w) // OK
      s += slots[w];
    out[blockIdx.x] = s;
  }
}

__global__ void votes(int *out, const int *flags) {
  int p = flags[threadIdx.x];
  unsigned m = __ballot(p); // BUG: wave64-ballot-mask-width
  int n = __popc(__ballot(p > 1)); // BUG: wave64-ballot-mask-width
  uint32_t lt = __lanemask_lt(); // BUG: wave64-ballot-mask-width
  unsigned long long below = 1u << __lane_id(); // BUG: wave64-lane-mask-literal
  unsigned long long all = __ballot(p > 2); // OK
  int c = __popcll(all); // OK
  uint64_t before = __lanemask_lt(); // OK
  out[threadIdx.x] = int(m) + n + int(lt) + int(below) + c + int(before);
}

__global__ void broadcast(float *out, const float *in) {
  float v = in[threadIdx.x];
  float last31 = __shfl(v, 31); // BUG: wave64-warp-size-literal
  float last = __shfl(v, warpSize - 1); // OK
  float first = __shfl(v, 0); // OK
  out[threadIdx.x] = last31 + last + first;
}

__global__ void amd_asm(int *out) {
  asm volatile("s_waitcnt vmcnt(0)" ::: "memory"); // OK
  __builtin_amdgcn_s_sleep(2); // OK
  out[threadIdx.x] = __lane_id();
}
