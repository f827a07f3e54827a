// The token scan of a TU that does not parse: kernel templates of the text
// launched with a warp width or per-warp size of 32, directly or through a
// launch macro, by host code that never asks the device for its width.
// RUN: hipport lint %s --checks='-*,wave64-host-dispatch-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include "project_headers_not_found.h"

template <typename T, int WarpSize>
__global__ void rowReduce(T *out, const T *in) {
  out[threadIdx.x / WarpSize] = in[threadIdx.x % WarpSize];
}
template <typename K, int NumWarpQ, int NumThreadQ, int ThreadsPerBlock = 128>
__global__ void blockSelect(K *out, int k) { out[threadIdx.x] = NumWarpQ + k; }
template <int Bits> __global__ void pack(unsigned *o) { o[threadIdx.x / Bits] = 0; }

// A header's kernel, known only through the macro's parameter names.
#define SELECT_CALL(WARP_Q, THREAD_Q) \
  blockSelect<float, WARP_Q, THREAD_Q><<<grid, 128, 0, stream>>>(out, k)
#define HEADER_CALL(WARP_Q) headerSelect<float, WARP_Q><<<grid, 128>>>(out, k)

void launchAll(Tensor out, const float *in, int k, dim3 grid, Stream stream) {
  // CHECK: :[[@LINE+1]]:20: error: host code launches 'rowReduce' with WarpSize = 32, its warp width; nothing here picks 64 for a 64-lane wavefront: dispatch on the device's warp width (hipDeviceAttributeWarpSize) and instantiate both (seen in the text: this file did not parse) [wave64-host-dispatch-width]
  rowReduce<float, 32><<<1, 64>>>(out, in);
  if (k <= 32) {
    // CHECK: :[[@LINE+1]]:5: warning: host code launches 'blockSelect' with NumWarpQ = 32, a per-warp size of 32-wide warps
    SELECT_CALL(32, 2);
  } else if (k <= 128) {
    SELECT_CALL(128, 3);
  }
  // CHECK: :[[@LINE+1]]:3: warning: host code launches 'headerSelect' with WARP_Q = 32, a per-warp size of 32-wide warps
  HEADER_CALL(32);
}

// Negatives: a dispatch on the queried width, a word width of 32.
void launchByWidth(Tensor out, unsigned *bits, const float *in, int dev) {
  int ws = 0;
  hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, dev);
  if (ws == 64)
    rowReduce<float, 64><<<1, 64>>>(out, in);
  else
    rowReduce<float, 32><<<1, 32>>>(out, in);
}
void packAll(unsigned *bits) { pack<32><<<1, 64>>>(bits); }
