// Inline PTX and NVIDIA-only device features: nothing that builds for AMD.
#include <cstdint>

__device__ unsigned lane_id() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane)); // BUG: ptx-inline-asm
  return lane;
}

__device__ uint32_t reverse(uint32_t x) {
  uint32_t r;
  asm("brev.b32 %0, %1;" : "=r"(r) : "r"(x)); // BUG: ptx-inline-asm
  return r;
}

__device__ float load_nc(const float *p) {
  float v;
  asm volatile("ld.global.nc.f32 %0, [%1];" : "=f"(v) : "l"(p)); // BUG: ptx-inline-asm
  return v;
}

__global__ void features(float *out, const int *keys) {
  __shared__ float tile[20000]; // BUG: nvidia-only-feature
  __nanosleep(100); // BUG: nvidia-only-feature
  unsigned peers = __match_any_sync(__activemask(), keys[threadIdx.x]); // BUG: nvidia-only-feature
  tile[threadIdx.x] = load_nc(out) + float(peers) + float(lane_id() + reverse(1));
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void fits(float *out) {
  __shared__ float tile[8192]; // OK
  tile[threadIdx.x] = float(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}
