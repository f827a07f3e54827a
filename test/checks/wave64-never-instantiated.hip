// RUN: hipport lint %s --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// A kernel template that its source file defines and never instantiates (no
// launch, call or explicit instantiation names it) builds no code: another
// TU cannot instantiate it. Its width findings are notes until code does;
// the same template, launched, is read as usual: here a butterfly each
// 32-lane group of the kernel's own numbering folds (a half-local tree).
#include <hip/hip_runtime.h>

template <int BLOCK>
__global__ void compress_max(const float *in, float *out) {
  // CHECK: :[[@LINE+1]]:28: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; this is a function template the file defines and never instantiates, so no code of this build comes from it: judge it where code instantiates it
  int warp = threadIdx.x / 32;
  // CHECK: :[[@LINE+1]]:28: note: lane index 'threadIdx.x % 32' {{.*}}never instantiates
  int lane = threadIdx.x % 32;
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: note: shuffle loop starting at offset 16 {{.*}}never instantiates
  for (int o = 16; o > 0; o /= 2)
    // CHECK: :[[@LINE+1]]:18: note: __shfl_xor without a width argument
    v = fmaxf(v, __shfl_xor(v, o));
  // CHECK: :[[@LINE+1]]:15: note: 'lane == 31' takes lane 31 as the last lane; {{.*}}never instantiates
  if (lane == 31)
    // CHECK: :[[@LINE+1]]:31: note: '32' beside 'lane' {{.*}}never instantiates
    out[blockIdx.x * (BLOCK / 32) + warp] = v;
}

template <int BLOCK>
__global__ void compress_sum(const float *in, float *out) {
  // CHECK: :[[@LINE+1]]:28: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; every shuffle here is a reduction tree within 32 lanes
  int warp = threadIdx.x / 32;
  // CHECK: :[[@LINE+1]]:28: warning: lane index 'threadIdx.x % 32' {{.*}}(or every lane, where the code numbers its lanes by 32)
  int lane = threadIdx.x % 32;
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle loop starting at offset 16 {{.*}}reduction tree within 32 lanes
  for (int o = 16; o > 0; o /= 2)
    // CHECK: :[[@LINE+1]]:10: note: __shfl_xor without a width argument
    v += __shfl_xor(v, o);
  // CHECK: :[[@LINE+1]]:15: note: 'lane == 31' takes lane 31 as the last lane; {{.*}}reduction tree within 32 lanes
  if (lane == 31)
    // CHECK: :[[@LINE+1]]:31: note: '32' beside 'lane' {{.*}}reduction tree within 32 lanes
    out[blockIdx.x * (BLOCK / 32) + warp] = v;
}

void run(const float *in, float *out, int n) {
  compress_sum<256><<<n / 256, 256>>>(in, out);
}
