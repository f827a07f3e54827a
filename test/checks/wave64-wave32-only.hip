// RUN: hipport lint %s --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// Code that calls a builtin existing only at wavefront size 32 (RDNA's WMMA
// '_w32' forms) runs only on 32-wide wavefronts: its lane math by 32 is the
// width it runs at, a note. Written as real ports write it, with a shim that
// turns the builtin into a trap where the target lacks it.
#include <hip/hip_runtime.h>

typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));

#if !defined(__HIP_DEVICE_COMPILE__) || \
    !__has_builtin(__builtin_amdgcn_wmma_f32_16x16x16_f16_w32)
__device__ inline float8 wmma_unavailable(half16, half16, float8 c) {
  __builtin_trap();
  return c;
}
#define __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c)                     \
  wmma_unavailable((a), (b), (c))
#endif

__device__ float8 tile_product(half16 a, half16 b, float8 c) {
  return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c);
}

// The head states the same width: its launch bound of one 32-wide wave.
// CHECK: :[[@LINE+1]]:35: note: '32' beside '__launch_bounds__' {{.*}}right at the only width it runs at
__global__ void __launch_bounds__(32) wmma_tiles(const half16 *a, const half16 *b, float8 *out) {
  // CHECK: :[[@LINE+1]]:31: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; this code calls a builtin that exists only at wavefront size 32 (an RDNA '_w32' builtin) and none of its '_w64' forms, so it runs only on 32-wide wavefronts: right at the only width it runs at
  int warp_id = threadIdx.x / 32;
  // CHECK: :[[@LINE+1]]:28: note: lane index 'threadIdx.x % 32' assumes 32-wide warps; this code calls
  int lane = threadIdx.x % 32;
  float8 acc = {};
  acc = tile_product(a[lane], b[warp_id], acc);
  // CHECK: :[[@LINE+2]]:12: note: __shfl_xor without a width argument beside lane math by 32; this code calls a builtin that exists only at wavefront size 32 {{.*}}: right at the only width it runs at
  // CHECK: :[[@LINE+1]]:31: note: a lone exchange of lanes 16 apart pairs lanes of the same 32-lane half at any width, no reduction of the warp; this code calls a builtin that exists only at wavefront size 32
  acc[0] = __shfl_xor(acc[0], 16);
  // CHECK: :[[@LINE+1]]:17: note: '32' beside 'warp_id' {{.*}}runs only on 32-wide wavefronts: right at the only width it runs at (a wave64 device must not dispatch it) [wave64-width-literal]
  out[warp_id * 32 + lane] = acc;
  // A 32-bit ballot word holds every lane of a 32-wide wavefront.
  // CHECK: :[[@LINE+1]]:12: note: result of __ballot stored in 32-bit 'unsigned int'{{.*}}runs only on 32-wide wavefronts: right at the only width it runs at
  unsigned hit = __ballot(lane > 3);
  // CHECK: :[[@LINE+2]]:21: note: __popc counts 32 bits of a 64-bit lane mask; {{.*}}runs only on 32-wide wavefronts
  // CHECK: :[[@LINE-2]]:12: note: mask computed here
  out[1][0] = float(__popc(hit));
}

// With a '_w64' path beside it, the code may run at 64: still a warning.
__global__ void either_width(const half16 *a, const half16 *b, float8 *out,
                             bool wide) {
  // CHECK: :[[@LINE+1]]:28: warning: lane index 'threadIdx.x % 32' assumes 32-wide warps
  int lane = threadIdx.x % 32;
  float8 acc = {};
  if (!wide)
    acc = tile_product(a[lane], b[lane], acc);
  else
    acc[0] = __builtin_amdgcn_ballot_w64(lane > 3);
  out[lane] = acc;
}

void launch(const half16 *a, const half16 *b, float8 *out) {
  // CHECK: :[[@LINE+2]]:{{[0-9]+}}: note: launch block '4 * 32' counts 32-lane groups for kernel 'wmma_tiles': this code calls a builtin that exists only at wavefront size 32 {{.*}}; the two agree at that width
  // CHECK: :[[@LINE+1]]:3: note: launched here
  hipLaunchKernelGGL(wmma_tiles, dim3(1), dim3(4 * 32), 0, 0, a, b, out);
  // CHECK: :[[@LINE+1]]:{{[0-9]+}}: note: block of 32 threads, one 32-wide warp, for kernel 'wmma_tiles': this code calls a builtin that exists only at wavefront size 32 {{.*}}; one wavefront a block at that width
  wmma_tiles<<<dim3(1), dim3(32)>>>(a, b, out);
}

// The host code that picks such a kernel by a width of 32 is what a wave64
// device must not run: it stays judged.
template <int kBlockDim>
void dispatch(const half16 *a, const half16 *b, float8 *out, int n) {
  // CHECK: :[[@LINE+1]]:{{[0-9]+}}: warning: '32' beside 'kBlockDim'
  if (kBlockDim == 32 && n > 0)
    // Read where it is instantiated (kBlockDim = 32): the block agrees.
    // CHECK: :[[@LINE+1]]:32: note: block of 32 threads, one 32-wide warp, for kernel 'wmma_tiles': this code calls a builtin that exists only at wavefront size 32
    wmma_tiles<<<dim3(1), dim3(kBlockDim)>>>(a, b, out);
}
template void dispatch<32>(const half16 *, const half16 *, float8 *, int);
