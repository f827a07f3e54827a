// RUN: hipport lint %s --checks='-*,nvidia-only-feature' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>

__global__ void bigShared(float *out) {
  __shared__ float tile[20000];
  out[0] = tile[0];
}

__global__ void dyn(float *out) { out[0] = 0; }

void host(float *out) {
  hipFuncSetAttribute((const void *)dyn,
                      hipFuncAttributeMaxDynamicSharedMemorySize, 131072);
  hipLaunchKernelGGL(dyn, dim3(1), dim3(256), 100000, 0, out);
  // Negatives.
  hipLaunchKernelGGL(dyn, dim3(1), dim3(256), 1024, 0, out);
}

__global__ void fine(float *out) {
  __shared__ float tile[1024];
  out[0] = tile[0];
}
// CHECK: nvidia-only-feature.hip:6:20: error: __shared__ 'tile' of 80000 bytes exceeds the 64 KiB of LDS per workgroup on AMD CDNA GPUs (gfx90a, gfx942) [nvidia-only-feature]
// CHECK: nvidia-only-feature.hip:14:67: error: MaxDynamicSharedMemorySize of 131072 bytes exceeds the 64 KiB of LDS per workgroup on AMD CDNA GPUs (gfx90a, gfx942) [nvidia-only-feature]
// CHECK: nvidia-only-feature.hip:15:3: error: dynamic shared memory in the launch of 100000 bytes exceeds the 64 KiB of LDS per workgroup on AMD CDNA GPUs (gfx90a, gfx942) [nvidia-only-feature]
