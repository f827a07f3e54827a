// RUN: hipport lint %s --checks='-*,wave64-compile-time-width' --fail-on=never --quiet -- -DUSE_ROCM \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// Without USE_ROCM its CUDA branches are the active ones; the file still
// tests __HIP_PLATFORM_AMD__, so lint also reads it as the HIP passes do.
// RUN: hipport lint %s --checks='-*,wave64-compile-time-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --check-prefix=CUDA --implicit-check-not='warning:'
// CUDA: warning: warp width 'THREADS_PER_WARP' is fixed at 32 for every AMD target
// The wave-macro fallbacks below are taken by the HIP host pass either way.
// CUDA: warning: warp width 'BNB_WARP_SIZE' falls back to 64
// CUDA: warning: warp width 'L_WAVE_SIZE' falls back to 64
// CUDA: warning: warp width 'L_WAVE_SIZE' falls back to 64
// The device pass's branch of a device-pass test.
// CUDA: warning: warp width 'warpSize' is fixed at 32 for every AMD target

// Positive: the AMD branch of a platform test fixes the width at 64.
#if defined(USE_ROCM)
// CHECK: :[[@LINE+1]]:9: warning: warp width 'WARP_SIZE' is fixed at 64 for every AMD target: wave32 targets (RDNA, e.g. gfx1100) run 32-lane wavefronts, so slots, strides and lane ranges sized from it are wrong there; pick it per target (`__GFX9__`, `__AMDGCN_WAVEFRONT_SIZE`) or use warpSize [wave64-compile-time-width]
#define WARP_SIZE 64
// CHECK: :[[@LINE+1]]:15: warning: warp width 'kWarpSize' is fixed at 64 for every AMD target
constexpr int kWarpSize = 64;
#else
#define WARP_SIZE 32
constexpr int kWarpSize = 32;
#endif

// Positive: the #else of a negated platform test is the AMD branch.
#ifndef USE_ROCM
#define WS 32
#else
// CHECK: :[[@LINE+1]]:9: warning: warp width 'WS' is fixed at 64 for every AMD target
#define WS 64
#endif

// Positive: 32 chosen for AMD is wrong on every wave64 (CDNA) target.
#if defined(__HIP_PLATFORM_AMD__) || defined(USE_ROCM)
// CHECK: :[[@LINE+1]]:9: warning: warp width 'THREADS_PER_WARP' is fixed at 32 for every AMD target: wave64 targets (CDNA, e.g. gfx90a; MI100 to MI355) run 64-lane wavefronts, so lanes 32-63 fall outside everything sized or indexed from it; pick it per target (`__GFX9__`, `__AMDGCN_WAVEFRONT_SIZE`) or use warpSize [wave64-compile-time-width]
#define THREADS_PER_WARP 32
#endif

// Negative: picked per target, as the gfx90a and gfx1100 passes each see it.
#if defined(USE_ROCM) && defined(__GFX9__)
#define WAVE_SIZE 64
#elif defined(USE_ROCM)
#define WAVE_SIZE 32
#else
#define WAVE_SIZE 32
#endif
#if defined(__AMDGCN_WAVEFRONT_SIZE) && __AMDGCN_WAVEFRONT_SIZE == 64
#define LANES_PER_WAVE 64
#endif

// Negative: 64 that is not a warp width.
#ifdef USE_ROCM
#define BLOCK_SIZE 64
constexpr int kTile = 64;
#endif

// Macro case: a width macro defined through another macro is left alone
// (its definition is not a literal 64).
#ifdef USE_ROCM
#define HW_WIDTH 64
#define WARP_WIDTH HW_WIDTH
#endif

__global__ void k(int *o) {
  o[threadIdx.x % WARP_SIZE] =
      kWarpSize + WS + WAVE_SIZE + BLOCK_SIZE + kTile + THREADS_PER_WARP;
}

// Negative: a chain that tests the target, whose last branch is the host
// pass's stop-gap (host reads are wave64-host-launch-width's).
#if !defined(USE_ROCM)
static constexpr int kWaveSize = 32;
#elif defined(__GFX9__)
static constexpr int kWaveSize = 64;
#elif defined(__HIP_DEVICE_COMPILE__)
static constexpr int kWaveSize = 32;
#else
static constexpr int kWaveSize = 64;
#endif
__global__ void k2(int *o) { o[0] = kWaveSize; }

// Positive: the fallback of a test of __AMDGCN_WAVEFRONT_SIZE alone is what
// every host pass and LLVM 22's device passes take: the width of every
// target there. Project-prefixed names are widths too.
#ifdef __AMDGCN_WAVEFRONT_SIZE
#define BNB_WARP_SIZE __AMDGCN_WAVEFRONT_SIZE
#else
// CHECK: :[[@LINE+1]]:9: warning: warp width 'BNB_WARP_SIZE' falls back to 64 where __AMDGCN_WAVEFRONT_SIZE is not defined: every host pass, and the device pass of compilers that no longer define it (LLVM 22), take this branch, so it is the width of every target there, wrong on wave32 (RDNA); pick it with the target macros (`__GFX9__` for wave64) or use warpSize [wave64-compile-time-width]
#define BNB_WARP_SIZE 64
#endif
#if defined(__AMDGCN_WAVEFRONT_SIZE__)
#define L_WAVE_SIZE __AMDGCN_WAVEFRONT_SIZE__
#elif !defined(__HIP_DEVICE_COMPILE__)
// CHECK: :[[@LINE+1]]:9: warning: warp width 'L_WAVE_SIZE' falls back to 64 where __AMDGCN_WAVEFRONT_SIZE is not defined
#define L_WAVE_SIZE 64
#else
// The device pass's branch: LLVM 22 defines neither wave macro there.
// CHECK: :[[@LINE+1]]:9: warning: warp width 'L_WAVE_SIZE' falls back to 64 where __AMDGCN_WAVEFRONT_SIZE is not defined
#define L_WAVE_SIZE 64
#endif
// Negative: a target macro picks the width where the wave macro is missing.
#if defined(__AMDGCN_WAVEFRONT_SIZE)
#define A_WARP_SIZE __AMDGCN_WAVEFRONT_SIZE
#elif defined(__GFX9__)
#define A_WARP_SIZE 64
#else
#define A_WARP_SIZE 32
#endif
__global__ void k3(int *o) { o[0] = BNB_WARP_SIZE + L_WAVE_SIZE + A_WARP_SIZE; }

// Positive: 32 chosen where the AMD device pass compiles (a branch of the
// device pass, which the host pass never takes), even under a name that
// shadows warpSize.
namespace pool {
#if defined(__CUDA_ARCH__) || (defined(__HIP_DEVICE_COMPILE__) && defined(__HIP__))
// CHECK: :[[@LINE+1]]:16: warning: warp width 'warpSize' is fixed at 32 for every AMD target: wave64 targets
constexpr auto warpSize = 32;
#else
constexpr auto warpSize = 1;
#endif
__device__ int lanes() { return warpSize; }
} // namespace pool
