// RUN: hipport lint %s --checks='-*,ptx-inline-asm' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#define LANE_ID(r) asm("mov.u32 %0, %%laneid;" : "=r"(r))

__device__ unsigned lane() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

__device__ unsigned bits(unsigned x) {
  unsigned r;
  asm("popc.b32 %0, %1;" : "=r"(r) : "r"(x));
  asm("brev.b32 %0, %1;" : "=r"(r) : "r"(r));
  return r;
}

__device__ float load(const float *p) {
  float v;
  asm volatile("ld.global.nc.f32 %0, [%1];" : "=f"(v) : "l"(p));
  return v;
}

__device__ void copy(void *smem, const void *g) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(0), "l"(g));
}

__device__ unsigned custom(unsigned a, unsigned b) {
  unsigned r;
  asm("{\n\t.reg .u32 t;\n\tvabsdiff4.u32.u32.u32.add %0, %1, %2, 0;\n\t}"
      : "=r"(r) : "r"(a), "r"(b));
  return r;
}

__global__ void k(unsigned *out) {
  unsigned l;
  LANE_ID(l);
  out[0] = lane() + bits(l) + custom(l, l);
}

// Negative: no asm here.
__global__ void plain(unsigned *out) { out[0] = __popc(out[1]); }
// CHECK: ptx-inline-asm.cu:3:20: error: inline PTX assembly 'mov.u32' (%laneid) does not compile for AMD GPUs; use __lane_id() [ptx-inline-asm]
// CHECK: ptx-inline-asm.cu:7:3: error: inline PTX assembly 'mov.u32' (%laneid) does not compile for AMD GPUs; use __lane_id() [ptx-inline-asm]
// CHECK: ptx-inline-asm.cu:13:3: error: inline PTX assembly 'popc.b32' (popc) does not compile for AMD GPUs; use __popc() / __popcll() [ptx-inline-asm]
// CHECK: ptx-inline-asm.cu:14:3: error: inline PTX assembly 'brev.b32' (brev) does not compile for AMD GPUs; use __brev() / __brevll() [ptx-inline-asm]
// CHECK: ptx-inline-asm.cu:20:3: error: inline PTX assembly 'ld.global.nc.f32' (ld.global.nc) does not compile for AMD GPUs; use __ldg() [ptx-inline-asm]
// CHECK: ptx-inline-asm.cu:25:3: error: inline PTX assembly 'cp.async.ca.shared.global' (cp.async) has no direct HIP equivalent: no asynchronous global-to-shared copy on AMD; use ordinary loads and __syncthreads() [ptx-inline-asm]
// CHECK: ptx-inline-asm.cu:30:3: error: inline PTX assembly 'vabsdiff4.u32.u32.u32.add' does not compile for AMD GPUs; rewrite it in HIP C++ [ptx-inline-asm]
