// What is NVIDIA-only, and the advice, come from the rules at the target ROCm
// release: __match_any_sync is mapped since ROCm 7.0, so only the 6.4 run
// reports it.
// RUN: hipport lint %s --checks='-*,nvidia-only-feature' --fail-on=never --quiet --rocm-version 7.1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,NEW --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// RUN: hipport lint %s --checks='-*,nvidia-only-feature' --fail-on=never --quiet --rocm-version 6.4 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,OLD --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <mma.h>
#include <cuda_pipeline.h>
using namespace nvcuda;

#define NAP(ns) __nanosleep(ns)

struct Big { float data[20000]; };
__shared__ float globalTile[17000];

__global__ void tensor(half *a, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}

__global__ void features(int *out, const int *in) {
  __shared__ int stage[256];
  __pipeline_memcpy_async(&stage[threadIdx.x], &in[threadIdx.x], sizeof(int));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __nanosleep(100);
  NAP(50);
  unsigned peers = __match_any_sync(0xffffffffu, in[0]);
  int sum = __reduce_add_sync(0xffffffffu, in[1]);
  out[0] = stage[0] + peers + sum;
}

__global__ void bigShared(float *out) {
  __shared__ float tile[20000];
  out[0] = tile[0] + globalTile[0];
}

__global__ void manySmall(float *out) {
  __shared__ float a[10000];
  __shared__ float b[10000];
  out[0] = a[0] + b[0];
}

__global__ void dyn(float *out) { out[0] = 0; }

void host(float *out) {
  cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 98304);
  dyn<<<1, 256, 100000>>>(out);
  // Negatives: within 64 KiB.
  cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  dyn<<<1, 256, 4096>>>(out);
}

__global__ void fine(float *out) {
  __shared__ float tile[1024];
  out[0] = tile[0] + __shfl_sync(0xffffffffu, out[1], 0);
}
// CHECK: nvidia-only-feature.cu:12:17: error: __nanosleep is NVIDIA-only: no HIP counterpart; __builtin_amdgcn_s_sleep takes a constant in units of 64 clocks [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:15:18: error: __shared__ 'globalTile' of 68000 bytes exceeds the 64 KiB of LDS per workgroup on AMD CDNA GPUs (gfx90a, gfx942) [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:20:3: error: nvcuda::wmma::fill_fragment is NVIDIA-only: tensor-core fragments map to rocWMMA (rocwmma::) on AMD matrix cores [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:21:3: error: nvcuda::wmma::load_matrix_sync is NVIDIA-only: tensor-core fragments map to rocWMMA (rocwmma::) on AMD matrix cores [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:22:3: error: nvcuda::wmma::store_matrix_sync is NVIDIA-only: tensor-core fragments map to rocWMMA (rocwmma::) on AMD matrix cores [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:27:3: error: __pipeline_memcpy_async is NVIDIA-only: no cp.async on AMD; load, store to shared memory and __syncthreads() [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:28:3: error: __pipeline_commit is NVIDIA-only: no cp.async pipeline on AMD; the copies are synchronous, drop it [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:29:3: error: __pipeline_wait_prior is NVIDIA-only: no cp.async pipeline on AMD; a __syncthreads() after the copies stands in [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:30:3: error: __nanosleep is NVIDIA-only: no HIP counterpart; __builtin_amdgcn_s_sleep takes a constant in units of 64 clocks [nvidia-only-feature]
// NEW-NOT: __match_any_sync
// OLD: nvidia-only-feature.cu:32:20: error: __match_any_sync is NVIDIA-only: '__match_any_sync' needs ROCm 7.0 (target is 6.4); HIP 6.2 to 6.4 declare it only with -DHIP_ENABLE_WARP_SYNC_BUILTINS{{.*}} [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:33:13: error: __reduce_add_sync is NVIDIA-only: warp reductions are not in HIP up to ROCm 6.3{{.*}} [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:38:20: error: __shared__ 'tile' of 80000 bytes exceeds the 64 KiB of LDS per workgroup on AMD CDNA GPUs (gfx90a, gfx942) [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:42:17: error: kernel 'manySmall' declares 80000 bytes of static shared memory, more than the 64 KiB of LDS per workgroup on AMD CDNA GPUs (gfx90a, gfx942) [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:43:20: note: 40000 bytes here
// CHECK: nvidia-only-feature.cu:44:20: note: 40000 bytes here
// CHECK: nvidia-only-feature.cu:51:74: error: MaxDynamicSharedMemorySize of 98304 bytes exceeds the 64 KiB of LDS per workgroup on AMD CDNA GPUs (gfx90a, gfx942) [nvidia-only-feature]
// CHECK: nvidia-only-feature.cu:52:17: error: dynamic shared memory in the launch of 100000 bytes exceeds the 64 KiB of LDS per workgroup on AMD CDNA GPUs (gfx90a, gfx942) [nvidia-only-feature]
