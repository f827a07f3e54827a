// The token scan of a TU that does not parse: shuffles without a width
// (the intrinsics and PyTorch's WARP_SHFL* wrappers, declared in a header
// lint could not find) in a file whose lane math assumes 32 lanes.
// RUN: hipport lint %s --checks='-*,wave64-shuffle-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include "torch_headers_not_found.h"

template <typename U>
__device__ void welford(U &mu, U &count) {
  for (int l = 0; l <= 4; ++l) {
    int src = (threadIdx.x + (1 << l)) & 31;
    // CHECK: :[[@LINE+1]]:13: warning: WARP_SHFL without a width argument spans the whole 64-lane wavefront, but the lane math of this file assumes 32 lanes; pass the width explicitly or compute lanes from warpSize (seen in the text: this file did not parse) [wave64-shuffle-width]
    U muB = WARP_SHFL(mu, src);
    // With a width the author chose the segment: not reported.
    U cB = WARP_SHFL(count, src, 32);
    mu += muB + cB;
  }
  // An xor reads lane ^ 1 at any width above 1: its width changes nothing.
  mu = WARP_SHFL_XOR(mu, 1);
  mu += __shfl_xor(mu, 16);
  // CHECK: :[[@LINE+1]]:9: warning: __shfl_down without a width argument
  mu += __shfl_down(mu, 1);
  // A project's own function of the same shape is not a shuffle.
  mu += my_shfl(mu, 1);
}

// Instantiated: a template no code comes from would hold only notes.
__global__ void use_welford(float *mu, float *count) { welford(*mu, *count); }

// A tree whose offsets start from the queried width spans the wavefront on
// purpose: not reported. One from a constant 32 still is.
__device__ float wholeWave(float v) {
  const int wave_size = __builtin_amdgcn_wavefrontsize();
  for (int offset = wave_size >> 1; offset > 0; offset >>= 1)
    v += __shfl_down(v, offset);
  const int ws = 32;
  for (int o = ws >> 1; o > 0; o >>= 1)
    // CHECK: :[[@LINE+1]]:10: warning: __shfl_down without a width argument
    v += __shfl_down(v, o);
  for (int o = WARP_SIZE >> 1; o > 0; o >>= 1)
    // CHECK: :[[@LINE+1]]:10: warning: __shfl_down without a width argument
    v += __shfl_down(v, o);
  return v;
}

// A tree whose total only lane 0 of each 32-lane group reads: lane 0 and
// lane 32 each fold their own half, right at 64. The AST shows the bodies
// although the file has errors, and the text's finding is a note there.
__device__ float leaderSum(float v) {
  for (int o = 16; o > 0; o >>= 1)
    // CHECK: :[[@LINE+1]]:10: note: __shfl_down without a width argument spans the whole 64-lane wavefront, but the lane math of this file assumes 32 lanes; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads
    v += __shfl_down(v, o);
  return v;
}
__global__ void leaderSlots(float *slots, const float *in) {
  float v = leaderSum(in[threadIdx.x]);
  if ((threadIdx.x & 31) == 0)
    slots[threadIdx.x / 32] = v;
}
