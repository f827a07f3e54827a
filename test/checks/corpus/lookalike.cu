// 32 and 31 and 5 that have nothing to do with warps: bit widths, hashes,
// byte counts, tiles, banks, plain loops.
#include <cstdint>

#define TILE 32
#define BITS_PER_WORD 32 // OK

__device__ uint32_t mix(uint32_t h, uint32_t k) {
  k *= 0xcc9e2d51u;
  k = (k << 15) | (k >> 17);
  h ^= k;
  h = (h << 13) | (h >> 19);
  return h * 5 + 0xe6546b64u;
}

__global__ void hash_buckets(int *counts, const uint32_t *keys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  uint32_t h = mix(0xffffffffu, keys[i]); // OK
  unsigned bucket = h % 32; // OK
  atomicAdd(&counts[bucket], 1);
  unsigned shard = keys[i] & 31; // OK
  atomicAdd(&counts[32 + shard], 1); // OK
}

__global__ void pack_bits(uint32_t *words, const uint8_t *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int word = i / BITS_PER_WORD; // OK
  int bit = i % BITS_PER_WORD; // OK
  if (flags[i])
    atomicOr(&words[word], 1u << bit); // OK
}

__global__ void copy_words(uint32_t *dst, const uint8_t *src, size_t nbytes) {
  size_t nwords = nbytes >> 5; // OK
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nwords)
    dst[i] = src[i * 32]; // OK
  size_t tail = nbytes % 32; // OK
  if (i == 0 && tail)
    dst[nwords] = src[nbytes - 1];
}

__global__ void transpose(float *out, const float *in, int w, int h) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x; // OK
  int y = blockIdx.y * TILE + threadIdx.y; // OK
  if (x < w && y < h)
    tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x; // OK
  y = blockIdx.x * TILE + threadIdx.y; // OK
  if (x < h && y < w)
    out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void tail_sum(float *out, const float *data, int n) {
  float acc = 0;
  for (int i = 16; i < n; ++i) // OK
    acc += data[i];
  for (int k = 16; k > 0; k /= 2) // OK
    acc *= 0.5f;
  out[blockIdx.x] = acc;
}

__global__ void rgba(uint32_t *px, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  uint32_t c = px[i];
  uint32_t r = (c >> 24) & 0xff, g = (c >> 16) & 0xff, b = (c >> 8) & 0xff;
  uint32_t grey = (r * 77 + g * 150 + b * 29) >> 8;
  px[i] = c == 0xffffffff ? c : (grey << 24) | (grey << 16) | (grey << 8) | 0xff; // OK
}

__global__ void bank_spread(float *out, const float *in) {
  __shared__ float buf[32 * 33]; // OK
  int bank = (threadIdx.x * 33) % 32; // OK
  buf[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = buf[bank];
}

__global__ void float_bits(int *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t u = __float_as_uint(in[i]);
  int exponent = int((u >> 23) & 0xff) - 127;
  uint32_t top = u >> 31; // OK
  out[i] = exponent + int(top);
}

__global__ void strided(float *out, const float *in, int n) {
  int stride = 32; // OK
  for (int i = threadIdx.x; i < n; i += stride * blockDim.x) // OK
    out[i] = in[i];
}
