// Shuffles without a width span the whole 64-lane wavefront; lane arithmetic
// with 32 then names lanes of the wrong half.

__global__ void rotate_in_group(float *out, const float *in) {
  int lane = threadIdx.x & 31; // WARN: wave64-warp-size-literal
  float v = in[threadIdx.x];
  float right = __shfl_sync(__activemask(), v, (lane + 1) & 31); // BUG: wave64-shuffle-width, wave64-warp-size-literal
  out[threadIdx.x] = right;
}

__global__ void group_leader(float *out, const float *in) {
  int group = threadIdx.x / 32; // WARN: wave64-warp-size-literal
  float v = in[threadIdx.x];
  float lead = __shfl_sync(__activemask(), v, 0); // BUG: wave64-shuffle-width
  if (threadIdx.x % 32 == 0) // WARN: wave64-warp-size-literal
    out[group] = lead;
}

__global__ void mirror(float *out, const float *in) {
  int lane = threadIdx.x % 32; // WARN: wave64-warp-size-literal
  float v = in[threadIdx.x];
  out[threadIdx.x] = __shfl_sync(__activemask(), v, 31 - lane); // BUG: wave64-shuffle-width, wave64-warp-size-literal
}

// Correct at wave64, though written for 32 (WAVE64.md): each 32-lane half
// computes its own result.
__global__ void half_scan(float *out, const float *in) {
  int lane = threadIdx.x % 32; // WARN: wave64-warp-size-literal
  float v = in[threadIdx.x];
  for (int d = 1; d < 32; d *= 2) { // WARN: wave64-warp-size-literal
    float n = __shfl_up_sync(__activemask(), v, d); // WARN: wave64-shuffle-width
    if (lane >= d)
      v += n;
  }
  out[threadIdx.x] = v;
}

__global__ void half_tree(float *out, const float *in) {
  __shared__ float slot[32]; // OK
  float v = in[threadIdx.x];
  for (int off = 16; off > 0; off /= 2) // WARN: wave64-warp-size-literal
    v += __shfl_down_sync(__activemask(), v, off); // WARN: wave64-shuffle-width
  if (threadIdx.x % 32 == 0) // WARN: wave64-warp-size-literal
    slot[threadIdx.x / 32] = v; // WARN: wave64-warp-size-literal
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = slot[0];
}

__global__ void width32(float *out, const float *in) {
  float v = in[threadIdx.x];
  v += __shfl_xor_sync(__activemask(), v, 16, 32); // WARN: wave64-warp-size-literal
  v += __shfl_xor_sync(__activemask(), v, 8, 32); // WARN: wave64-warp-size-literal
  out[threadIdx.x] = v;
}

// warpSize-correct code and butterflies below 32.
__global__ void full_tree(float *out, const float *in) {
  float v = in[threadIdx.x];
  for (int off = warpSize / 2; off > 0; off /= 2) // OK
    v += __shfl_down_sync(__activemask(), v, off); // OK
  float total = __shfl_sync(__activemask(), v, 0); // OK
  float last = __shfl_sync(__activemask(), v, warpSize - 1); // OK
  if (threadIdx.x % warpSize == warpSize - 1) // OK
    out[threadIdx.x / warpSize] = total + last; // OK
}

__global__ void butterfly(float *out, const float *in) {
  float v = in[threadIdx.x];
  v += __shfl_xor_sync(__activemask(), v, 1); // OK
  v += __shfl_xor_sync(__activemask(), v, 2); // OK
  v += __shfl_xor_sync(__activemask(), v, 4); // OK
  out[threadIdx.x] = v;
}

__global__ void neighbour(float *out, const float *in) {
  int lane = threadIdx.x % warpSize; // OK
  float v = in[threadIdx.x];
  float left = __shfl_up_sync(__activemask(), v, 1); // OK
  out[threadIdx.x] = lane > 0 ? v - left : v;
}
