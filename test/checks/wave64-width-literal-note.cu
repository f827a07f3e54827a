// A file that is not warp-aware (no shuffle, ballot, nor a lane, warp or
// wavefront name) gets notes: a 2-D block of 32 x 32 may be a tile.
// RUN: hipport lint %s --checks='-*,wave64-width-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <cuda_runtime.h>

__global__ void scale(float *m, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < cols)
    m[c] *= 2.0f;
}

void launch(float *m, int cols) {
  dim3 threads(32, 32);
  // CHECK: :[[@LINE-1]]:16: note: '32' beside 'dim3' reads as the lane count of a 32-wide warp
  // #if-inactive code is not read.
#ifdef NEVER_DEFINED
  dim3 other(32);
#endif
  scale<<<(cols + 1023) / 1024, threads>>>(m, cols);
}
