// Fixed: one leader and one slot per wave of the target.
// The width this build targets, as the HIP compiler predefines it.
#if defined(__GFX9__) || (defined(__AMDGCN_WAVEFRONT_SIZE) && __AMDGCN_WAVEFRONT_SIZE == 64)
#define WAVE 64
#else
#define WAVE 32
#endif
// Block sum: the leader of each 32 threads writes its partial sum to a
// slot indexed by warp, then thread 0 adds the slots.
#include <cstdio>
#include <hip/hip_runtime.h>
#define BLOCK 256
__global__ void blockSum(const int *in, int *out) {
  __shared__ int slots[BLOCK / WAVE];
  int v = in[blockIdx.x * BLOCK + threadIdx.x];
  for (int o = WAVE / 2; o > 0; o /= 2)
    v += __shfl_down(v, o);
  if (threadIdx.x % WAVE == 0)
    slots[threadIdx.x / warpSize] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int w = 0; w < BLOCK / WAVE; ++w)
      s += slots[w];
    out[blockIdx.x] = s;
  }
}
int main() {
  const int blocks = 8, n = blocks * BLOCK;
  int h[n], r[blocks];
  for (int i = 0; i < n; ++i)
    h[i] = i % 17;
  int *d, *o;
  hipMalloc(&d, sizeof h);
  hipMalloc(&o, sizeof r);
  hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(blockSum, dim3(blocks), dim3(BLOCK), 0, 0, d, o);
  hipMemcpy(r, o, sizeof r, hipMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b)
    std::printf("block %d sum %d\n", b, r[b]);
  return 0;
}
