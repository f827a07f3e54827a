// RUN: hipport lint %s --checks='-*,wave64-sync-shim' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// A file that does not parse gets the same findings: they come from the
// preprocessor, not the AST.
// RUN: cp %s %t.hip && echo 'proj::missing m;' >> %t.hip
// RUN: hipport lint %t.hip --checks='-*,wave64-sync-shim' --fail-on=never --quiet \
// RUN:   | FileCheck %s --check-prefix=BROKEN
#include <hip/hip_runtime.h>

#ifdef __HIP_PLATFORM_AMD__
// Object-like aliases pass the mask on as the value.
// CHECK: :[[@LINE+1]]:9: error: '__shfl_sync' is defined to call '__shfl' with the lane mask as its first argument
#define __shfl_sync __shfl
// CHECK: :[[@LINE+1]]:9: error: '__shfl_xor_sync' is defined to call '__shfl_xor'
#define __shfl_xor_sync __shfl_xor
// A variadic-only shim forwards the mask too.
// CHECK: :[[@LINE+1]]:9: error: '__shfl_down_sync' is defined to call '__shfl_down'
#define __shfl_down_sync(...) __shfl_down(__VA_ARGS__)
// So does a named first parameter passed first.
// CHECK: :[[@LINE+1]]:9: error: '__any_sync' is defined to call '__any'
#define __any_sync(mask, pred) __any(mask)
// Right: the mask is dropped.
#define __ballot_sync(mask, pred) __ballot(pred)
#define __shfl_up_sync(mask, ...) __shfl_up(__VA_ARGS__)
#define __all_sync(mask, pred) __all(pred)
#endif
// Not a sync intrinsic, or not an alias of its own mask-less name.
#define __syncwarp() __builtin_amdgcn_wave_barrier()
#define my_shfl_sync __shfl
#define __reduce_add_sync(mask, v) warp_sum(v)

// BROKEN: error: '__shfl_sync' is defined to call '__shfl'
// BROKEN: error: '__shfl_xor_sync' is defined to call '__shfl_xor'
// BROKEN: error: '__shfl_down_sync' is defined to call '__shfl_down'
// BROKEN: error: '__any_sync' is defined to call '__any'

__global__ void k(float *out, float x) {
  out[threadIdx.x] = __shfl_sync(0xffffffff, x, 0) + __shfl_xor_sync(~0ull, x, 1);
}

// No macro: a `_sync` dropped by hand, the mask kept. HIP's
// __shfl_down(var, delta, width) shuffles the mask.
#define FULL_MASK 0xffffffff
__global__ void dropped(float *out, float err, int v) {
  for (int offset = 8; offset > 0; offset /= 2)
    // CHECK: :[[@LINE+1]]:24: error: '__shfl_down' is called with a *_sync argument list: HIP's __shfl_down(var, ..., width) shuffles the mask '0xffffffff', reads 'err' as its lane or offset and 'offset' as the width; drop the mask ('__shfl_down(err, offset)') or call __shfl_down_sync [wave64-sync-shim]
    err += __shfl_down(0xffffffff, err, offset);
  // CHECK: :[[@LINE+1]]:21: error: '__shfl_xor' is called with a *_sync argument list: {{.*}}the mask 'FULL_MASK'
  err += __shfl_xor(FULL_MASK, err, 1);
  // Right: the value first, with or without a width.
  err += __shfl_down(err, 1) + __shfl(err, 0, 32) + __shfl_up(err, 1, 16);
  out[threadIdx.x] = err + __shfl(v, 0);
}
