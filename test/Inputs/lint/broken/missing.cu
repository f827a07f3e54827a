// A TU whose header is missing: the kernels come from its macros, so clang
// cannot see them, and only the token scan reads their text.
#include <cuda_runtime.h>
#include "kernel_macros.h"

WARP_KERNEL(reduce, (float *out, const float *in), {
  float v = in[threadIdx.x];
  int lane = threadIdx.x % 32;
  v += __shfl_down_sync(0xffffffff, v, 1);
  float total = __shfl_sync(0xffffffff, v, 31);
  if (lane == 0)
    out[blockIdx.x] = total;
})

#if defined(NEVER_DEFINED)
// Inactive code is not compiled by any pass: not reported.
WARP_KERNEL(off, (float *v), { v[0] = __shfl_sync(0xffffffff, v[0], 31); })
#endif

// A port that maps the sync intrinsic onto HIP's: the mask goes nowhere, so
// the text of the call is not the intrinsic it is spelled like.
#define __shfl_xor_sync(mask, var, laneMask) __shfl_xor(var, laneMask)
WARP_KERNEL(mapped, (float *v), { v[0] += __shfl_xor_sync(0xffffffff, v[0], 1); })
