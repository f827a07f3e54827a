// RUN: hipport lint %s --checks='-*,ptx-inline-asm' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>

__device__ unsigned leftover() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

// Negative: AMD GCN assembly is what a HIP source may hold.
__device__ void wait() { asm volatile("s_waitcnt lgkmcnt(0)" ::); }
__device__ void nop() { asm volatile("s_nop 0"); }
// CHECK: ptx-inline-asm.hip:7:3: error: inline PTX assembly 'mov.u32' (%laneid) does not compile for AMD GPUs; use __lane_id() [ptx-inline-asm]
