// The token scan of a TU that does not parse reads code for 32-wide
// wavefronts only as the AST does (wave64-wave32-only.hip): a function that
// calls a '_w32' builtin and no '_w64' one gets notes; the same shuffle in
// another function stays a warning.
// The kernels' heads do not parse (an undefined macro): the AST never sees
// their bodies.
// RUN: hipport lint %s --checks='-*,wave64-shuffle-width,wave64-warp-size-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include "wmma_headers_not_found.h"

__global__ void WMMA_BOUNDS wmma_rows(const half16 *a, const half16 *b, float8 *out) {
  // CHECK: :[[@LINE+1]]:26: note: lane index 'threadIdx.x % 32' assumes 32-wide warps; this code calls a builtin that exists only at wavefront size 32 (an RDNA '_w32' builtin) and none of its '_w64' forms, so it runs only on 32-wide wavefronts: right at the only width it runs at {{.*}}(seen in the text: this file did not parse)
  int lane = threadIdx.x % 32;
  float8 c = {};
  c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a[lane], b[lane], c);
  float m = c[0];
  // CHECK: :[[@LINE+1]]:8: note: __shfl_down without a width argument spans the whole 64-lane wavefront, but the lane math of this file assumes 32 lanes; this code calls a builtin that exists only at wavefront size 32
  m += __shfl_down(m, 16);
  out[lane][0] = m;
}

__global__ void WMMA_BOUNDS rows(float *out, float m) {
  // CHECK: :[[@LINE+2]]:8: warning: __shfl_down without a width argument spans the whole 64-lane wavefront, but the lane math of this file assumes 32 lanes
  // LAUNCH: :[[@LINE+1]]:8: warning: __shfl_down without a width argument
  m += __shfl_down(m, 16);
  out[threadIdx.x] = m;
}

// A kernel that calls such a function of the file is one too, and its
// launches are sized for the only width it runs at: no host finding. The
// launch of the full-width kernel stays one.
// RUN: hipport lint %s --checks='-*,wave64-host-launch-width,wave64-shuffle-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --check-prefix=LAUNCH --implicit-check-not='warning:' --implicit-check-not='error:'
__device__ float8 tile_product(const half16 *a, const half16 *b) {
  float8 c = {};
  return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a[0], b[0], c);
}
template <int WM> __global__ void WMMA_BOUNDS gemm(const half16 *a, const half16 *b, float *out) {
  float m = tile_product(a, b)[0];
  // CHECK: :[[@LINE+2]]:8: note: __shfl_down without a width argument spans the whole 64-lane wavefront, but the lane math of this file assumes 32 lanes; this code calls a builtin that exists only at wavefront size 32
  // LAUNCH: :[[@LINE+1]]:8: note: __shfl_down without a width argument spans the whole 64-lane wavefront, but the lane math of this file assumes 32 lanes; this code calls a builtin that exists only at wavefront size 32
  m += __shfl_down(m, 16);
  out[threadIdx.x] = m;
}
void launch_all(const half16 *a, const half16 *b, float *out, int n) {
  constexpr int kThreads = 2 * 2 * 32;
  hipLaunchKernelGGL(HIP_KERNEL_NAME(gemm<2>), dim3(n), dim3(kThreads), 0, 0, a, b, out);
  int threads = 4 * 32;
  dim3 block(threads);
  rows<<<n, block>>>(out, 1.0f);
  // LAUNCH: :[[@LINE-3]]:21: warning: 'threads' is computed with 32 and sizes a launch
}

// A block of one 32-lane wavefront for a wave32-only kernel is the only
// width it runs at (hip-ep's WMMA decode kernels): neither a host finding
// nor one of the width net. The same block for a kernel that shuffles over
// the whole wavefront stays both.
// RUN: hipport lint %s --checks='-*,wave64-host-launch-width,wave64-width-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --check-prefix=BLOCK --implicit-check-not='warning:' --implicit-check-not='error:'
void launch_blocks(const half16 *a, const half16 *b, float8 *out8, float *out, int n) {
  wmma_rows<<<n, 32, 0, 0>>>(a, b, out8);
  // BLOCK-DAG: :[[@LINE+2]]:13: warning: block of 32 threads, one 32-wide warp, for kernel 'rows'
  // LAUNCH: :[[@LINE+1]]:13: warning: block of 32 threads, one 32-wide warp, for kernel 'rows'
  rows<<<n, 32, 0, 0>>>(out, 1.0f);
}
// The net's 32s inside a wave32-only body are notes (wmma_rows' lane math
// above), as the token scan's; a 32 that only scales a wave32-only kernel's
// launch through a constant is not followed that far.
// BLOCK-DAG: wave64-wave32-only-text.cu:13:28: note: '32' beside 'lane' reads as the lane count of a 32-wide warp; this code calls a builtin that exists only at wavefront size 32
// BLOCK-DAG: wave64-wave32-only-text.cu:46:36: warning: '32' beside 'kThreads'

