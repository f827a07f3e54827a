// RUN: hipport lint %s --checks='-*,wave64-warp-constant-use' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// A block of 32 threads counted in wavefronts of the device's width (read
// once into a const local, as HIP kernels do) has none at 64.
#include <hip/hip_runtime.h>

template <int BLOCK_SIZE> __global__ void gemv(float *out, const float *in) {
  const int wave_size = __builtin_amdgcn_wavefrontsize();
  // CHECK: :[[@LINE+2]]:25: warning: warp count 'BLOCK_SIZE / wave_size' (0 on a 64-lane wavefront) assumes 32-wide warps: 'BLOCK_SIZE' is 32 where 'gemv' is instantiated
  // CHECK: :[[@LINE+10]]:{{[0-9]+}}: note: instantiated with 32 here
  const int num_waves = BLOCK_SIZE / wave_size;
  // A width that is not the device's: no finding.
  int groups = 4;
  const int per_group = BLOCK_SIZE / groups;
  out[0] = num_waves + per_group > 0 ? in[threadIdx.x] : 0.f;
}
void launch(float *out, const float *in) {
  // CHECK: :[[@LINE+2]]:{{[0-9]+}}: warning: template argument 32 makes 'BLOCK_SIZE' the warp width of 'gemv'
  // CHECK: :[[@LINE-8]]:25: note: used as the warp width here
  hipLaunchKernelGGL(gemv<32>, dim3(1), dim3(32), 0, 0, out, in);
  hipLaunchKernelGGL(gemv<128>, dim3(1), dim3(128), 0, 0, out, in);
}
