// For ROCm 5.2, *_sync warp intrinsics become the non-sync forms and the mask
// is dropped, with a note; for a new ROCm they are kept.
// REQUIRES: cuda
// RUN: hipport port %s --rocm-version 5.2 --diff 2>%t.err | FileCheck %s --check-prefix=OLD
// RUN: FileCheck %s --check-prefix=NOTE < %t.err
// RUN: hipport port %s --rocm-version 7.0 --diff | FileCheck %s --check-prefix=NEW
#include <cuda_runtime.h>

__device__ float sum(float v) {
  for (int o = 16; o > 0; o /= 2)
    // OLD: +    v += __shfl_down(v, o);
    // NEW-NOT: __shfl_down(v, o)
    // NOTE: fallback-rocm52.cu:[[@LINE+1]]:10: note: '__shfl_down_sync' became '__shfl_down': mask dropped
    v += __shfl_down_sync(0xffffffff, v, o);
  // OLD: +  return v + __shfl(v, 0, 16);
  return v + __shfl_sync(0xffffffff, v, 0, 16);
}
