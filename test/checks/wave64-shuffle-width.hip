// RUN: hipport lint %s --checks='-*,wave64-shuffle-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>

__global__ void positives(float *out, float v) {
  int lane = threadIdx.x & 31;
  v += __shfl_down(v, 1);
  out[lane] = __shfl(v, 0);
}

__global__ void negatives(float *out, float v) {
  int lane = threadIdx.x % warpSize;
  out[lane] = __shfl_down(v, 1) + __shfl_down(v, 1, 32);
}
// CHECK: wave64-shuffle-width.hip:7:8: warning: __shfl_down without a width argument spans the whole 64-lane wavefront, but the lane math of this function assumes 32 lanes; pass the width explicitly or compute lanes from warpSize [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.hip:6:26: note: lanes computed for 32-wide warps here: 'threadIdx.x & 31'
// CHECK: wave64-shuffle-width.hip:8:15: error: __shfl without a width argument spans the whole 64-lane wavefront, but the lane math of this function assumes 32 lanes; pass the width explicitly or compute lanes from warpSize (lanes 32-63 read source lanes of the first half) [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.hip:6:26: note: lanes computed for 32-wide warps here: 'threadIdx.x & 31'

// A tree whose offsets start from the queried width spans the whole
// wavefront on purpose, whatever 32-lane math sits beside it.
__global__ void queriedTree(float *out, float v) {
  const int wave_size = __builtin_amdgcn_wavefrontsize();
  for (int offset = wave_size >> 1; offset > 0; offset >>= 1)
    v += __shfl_down(v, offset);
  out[threadIdx.x % 32] = v;
}
