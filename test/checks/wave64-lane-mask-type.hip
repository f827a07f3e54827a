// A *_sync mask of a 32-bit type: HIP's *_sync static_assert a 64-bit mask,
// so these calls do not compile for AMD GPUs (a re-creation of a port's
// scan helper that takes its mask as uint32_t from a 32-bit ballot).
// RUN: hipport lint %s --checks='-*,wave64-lane-mask-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>
#include <cstdint>

// A parameter, in a template whose call stays unresolved until instantiated.
template <typename T>
__device__ void warpScan(T *c, uint32_t i, uint32_t mask) {
  T x = c[i];
  for (int offset = 1; offset < 32; offset <<= 1) {
    T y = __shfl_up_sync(mask, x, offset, 32);
    if (int(threadIdx.x & 31) >= offset)
      x += y;
  }
  c[i] = x;
}
// CHECK: wave64-lane-mask-type.hip:14:26: error: mask 'mask' of __shfl_up_sync is a 32-bit 'uint32_t'; HIP *_sync intrinsics require a 64-bit mask (ROCm 6.2+ static_asserts it), so this does not compile for AMD GPUs: make it unsigned long long, or pass __activemask() [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-type.hip:11:53: note: declared here; make it unsigned long long

// A mask type taken from the caller: only the 32-bit instantiation fails.
template <class MaskT>
__device__ float pairSum(float v, MaskT m) {
  return v + __shfl_xor_sync(m, v, 1, 32);
}
// CHECK: wave64-lane-mask-type.hip:26:30: error: mask 'm' of __shfl_xor_sync is a 32-bit 'unsigned int'; HIP
// CHECK: wave64-lane-mask-type.hip:25:41: note: declared here; make it unsigned long long

#define MASK_OF(v) (v)

__global__ void positives(int *c, float *f, unsigned active) {
  warpScan(c, threadIdx.x, 0xffffffffu);
  f[0] = pairSum(f[0], 3u);
  // A 32-bit local computed at run time, and a parameter.
  unsigned low = active & 0xffffu;
  f[1] = __shfl_sync(low, f[1], 0);
  __syncwarp(active);
  // Through a macro: reported at the expansion.
  f[2] = __shfl_sync(MASK_OF(active), f[2], 0);
  // The literal has its own message, which says it too fails to compile.
  f[3] = __shfl_sync(0xffffffff, f[3], 0);
  f[4] = __shfl_sync(0xffffu, f[4], 0);
}
// CHECK: wave64-lane-mask-type.hip:38:22: error: mask 'low' of __shfl_sync is a 32-bit 'unsigned int'; HIP
// CHECK: wave64-lane-mask-type.hip:37:12: note: declared here; make it unsigned long long
// CHECK: wave64-lane-mask-type.hip:39:14: error: mask 'active' of __syncwarp is a 32-bit 'unsigned int'; HIP
// CHECK: wave64-lane-mask-type.hip:33:54: note: declared here; make it unsigned long long
// CHECK: wave64-lane-mask-type.hip:41:22: error: mask 'MASK_OF(active)' of __shfl_sync is a 32-bit 'unsigned int'; HIP
// CHECK: wave64-lane-mask-type.hip:33:54: note: declared here; make it unsigned long long
// CHECK: wave64-lane-mask-type.hip:43:22: error: mask 0xffffffff of __shfl_sync names lanes 0-31 only; as a 32-bit 'unsigned int' it does not even compile for AMD GPUs (HIP's *_sync static_assert a 64-bit mask, ROCm 6.2+): use ~0ull or __activemask() [wave64-lane-mask-literal]
// CHECK: wave64-lane-mask-type.hip:44:22: error: mask '0xffffu' of __shfl_sync is a 32-bit 'unsigned int'; HIP

// 64-bit masks, and a project's own *_sync that drops its mask, compile.
__device__ float myShfl(unsigned mask, float v, int l) { return __shfl(v, l); }

__global__ void negatives(float *f, unsigned long long active) {
  uint64_t m = __activemask();
  f[0] = __shfl_sync(m, f[0], 0);
  f[1] = __shfl_sync(active, f[1], 0);
  f[2] = pairSum(f[2], ~0ull);
  f[3] = __shfl_sync(__ballot_sync(~0ull, f[3] > 0), f[3], 0);
  f[4] = myShfl(0xffffu, f[4], 0);
}
