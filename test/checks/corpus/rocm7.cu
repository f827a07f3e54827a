// warpSize as a compile-time constant: valid CUDA, an error with ROCm 7 where
// warpSize is read at run time.

#define LANES_PER_ROW warpSize // BUG: rocm7-warpsize-constexpr

constexpr int kHalfWarp = warpSize / 2; // BUG: rocm7-warpsize-constexpr

template <int Width = warpSize> // BUG: rocm7-warpsize-constexpr
__global__ void segmented(int *out) {
  out[threadIdx.x] = Width;
}

__global__ void partials(float *out, const float *in) {
  __shared__ float partial[warpSize]; // BUG: rocm7-warpsize-constexpr
  __shared__ float row[LANES_PER_ROW]; // MAY: rocm7-warpsize-constexpr
  float regs[warpSize / 4]; // BUG: rocm7-warpsize-constexpr
  static_assert(warpSize == 32, "32-wide warps"); // BUG: rocm7-warpsize-constexpr, wave64-width-guard
  partial[threadIdx.x % warpSize] = in[threadIdx.x]; // OK
  row[0] = 0;
  regs[0] = kHalfWarp;
  __syncthreads();
  out[threadIdx.x] = partial[0] + row[0] + regs[0];
}

__global__ void run_time(float *out, const float *in) {
  __shared__ float partial[64]; // OK
  const int half = warpSize / 2; // OK
  int lanes = warpSize; // OK
  if (threadIdx.x % warpSize < half) // OK
    partial[threadIdx.x % warpSize] = in[threadIdx.x]; // OK
  __syncthreads();
  out[threadIdx.x] = partial[0] * lanes;
}
