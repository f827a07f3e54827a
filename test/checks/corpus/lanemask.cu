// Lane masks. Lanes 32-63 exist on CDNA: masks built in 32 bits drop them,
// and 0xffffffff as a *_sync mask names lanes 0-31 only.
#include <cstdint>

#define FULL_MASK 0xffffffff // BUG: wave64-lane-mask-literal

__global__ void lower_lanes(unsigned long long *out) {
  int lane = threadIdx.x % warpSize; // OK
  unsigned below = (1u << lane) - 1; // BUG: wave64-lane-mask-literal
  unsigned long long bit = 1 << lane; // BUG: wave64-lane-mask-literal
  unsigned lt = ~(-1 << lane); // BUG: wave64-lane-mask-literal
  unsigned long long ok = (1ull << lane) - 1; // OK
  out[threadIdx.x] = below + bit + lt + ok;
}

__global__ void sync_masks(float *out, const float *in) {
  float v = in[threadIdx.x];
  for (int off = warpSize / 2; off > 0; off /= 2) // OK
    v += __shfl_down_sync(0xffffffff, v, off); // BUG: wave64-lane-mask-literal
  v += __shfl_xor_sync(FULL_MASK, v, 1); // MAY: wave64-lane-mask-literal
  bool any = __any_sync(0xffffffff, v > 0.f); // BUG: wave64-lane-mask-literal
  bool all = __all_sync(0xFFFFFFFF, v > 1.f); // BUG: wave64-lane-mask-literal
  unsigned long long b = __ballot_sync(~0u, v > 2.f); // BUG: wave64-lane-mask-literal
  __syncwarp(0xffffffff); // BUG: wave64-lane-mask-literal
  out[threadIdx.x] = v + any + all + float(b);
}

__global__ void good_masks(float *out, const float *in) {
  float v = in[threadIdx.x];
  unsigned long long full = __activemask(); // OK
  v += __shfl_down_sync(full, v, 1); // OK
  v += __shfl_xor_sync(~0ull, v, 2); // OK
  out[threadIdx.x] = v;
}

__global__ void is_mine(int *out, const int *in) {
  int lane = threadIdx.x % warpSize; // OK
  unsigned long long m = __ballot_sync(__activemask(), in[threadIdx.x] > 0); // OK
  if (m & (1u << lane)) // BUG: wave64-lane-mask-literal
    out[0] = 1;
  if ((m >> lane) & 1) // OK
    out[1] = 1;
  if (m & (1ull << lane)) // OK
    out[2] = 1;
}

// 0xffffffff that is a colour, a seed or a sentinel; shifts that pack data.
__device__ uint32_t crc32_step(uint32_t crc, uint8_t byte) {
  crc ^= byte;
  for (int k = 0; k < 8; ++k)
    crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  return crc;
}

__global__ void checksum(uint32_t *out, const uint8_t *data, int n) {
  uint32_t crc = 0xffffffff; // OK
  for (int i = 0; i < n; ++i)
    crc = crc32_step(crc, data[i]);
  out[0] = crc ^ 0xffffffffu; // OK
}

__global__ void paint(uint32_t *pixels, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    pixels[i] = 0xffffffff; // OK
}

__global__ void set_bits(unsigned *bits, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] > 0.f)
    atomicOr(&bits[i >> 5], 1u << (i & 31)); // OK
  uint32_t flag = 1u << 3; // OK
  if (i == 0)
    bits[n] = flag;
}

__global__ void sentinel(int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && idx[i] == int(0xffffffff)) // OK
    idx[i] = 0;
}
