// CUDA code with a HIP branch, as hipified extensions are written: the HIP
// passes see the branch with ROCm 7's warp-synchronous intrinsics (HIP 5.2's
// headers lack them), even though a framework header is missing.
#include <cuda_runtime.h>
#include "framework_config.h"

#ifdef __HIP_PLATFORM_AMD__
#define FULL_MASK 0xffffffffffffffffull
#else
#define FULL_MASK 0xffffffffu
#endif

__global__ void reduce(float *out, const float *in) {
  float v = in[threadIdx.x];
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_xor_sync(FULL_MASK, v, off);
  // A 32-bit ballot on the AMD branch is still a bug there.
  unsigned m = __ballot_sync(FULL_MASK, v > 0.f);
  if (threadIdx.x % warpSize == 0)
    out[threadIdx.x / warpSize] = v + float(m);
}
