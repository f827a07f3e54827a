// Under clang-tidy the checks run one by one, each with its own index of
// the TU's lane groups: a finding in a kernel that lanes 32-63 never run
// (every launch gives it one 32-thread row) is a remark there too, as it
// is a note under `hipport lint`; the launch keeps its warning.
// REQUIRES: cuda, hipport-tidy
// RUN: clang-tidy-22 --load=%hipport_tidy --checks='-*,hipport-*' %s -- -x cuda --cuda-host-only --cuda-path=/usr/local/cuda -I/usr/local/cuda/include/cccl -nocudalib -Wno-unknown-cuda-version 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning: {{.*}}[hipport' --implicit-check-not='remark:'

__global__ void one_row(const float *x, int *out) {
  // CHECK-DAG: :[[@LINE+1]]:28: remark: lane index 'threadIdx.x % 32' {{.*}}one 32-thread row{{.*}}[hipport-wave64-warp-size-literal]
  int lane = threadIdx.x % 32;
  // CHECK-DAG: :[[@LINE+2]]:12: remark: result of __ballot_sync stored in 32-bit {{.*}}one 32-thread row{{.*}}[hipport-wave64-ballot-mask-width]
  // CHECK-DAG: :[[@LINE+1]]:30: remark: mask 0xffffffff of __ballot_sync {{.*}}one 32-thread row{{.*}}[hipport-wave64-lane-mask-literal]
  unsigned m = __ballot_sync(0xffffffff, x[lane] > 0.f);
  // CHECK-DAG: :[[@LINE+1]]:15: remark: __popc counts 32 bits {{.*}}one 32-thread row{{.*}}[hipport-wave64-ballot-mask-width]
  out[lane] = __popc(m);
}

// The same body launched with a wider block is judged as usual.
__global__ void any_block(const float *x, int *out) {
  // CHECK-DAG: :[[@LINE+1]]:28: warning: lane index 'threadIdx.x % 32' {{.*}}[hipport-wave64-warp-size-literal]
  int lane = threadIdx.x % 32;
  // CHECK-DAG: :[[@LINE+2]]:12: warning: result of __ballot_sync stored in 32-bit {{.*}}[hipport-wave64-ballot-mask-width]
  // CHECK-DAG: :[[@LINE+1]]:30: warning: mask 0xffffffff of __ballot_sync {{.*}}[hipport-wave64-lane-mask-literal]
  unsigned m = __ballot_sync(0xffffffff, x[lane] > 0.f);
  // CHECK-DAG: :[[@LINE+1]]:15: warning: __popc counts 32 bits {{.*}}[hipport-wave64-ballot-mask-width]
  out[lane] = __popc(m);
}

void run(const float *x, int *out) {
  // CHECK-DAG: :[[@LINE+1]]:{{[0-9]+}}: warning: block of 32 threads, one 32-wide warp, for kernel 'one_row'{{.*}}[hipport-wave64-host-launch-width]
  one_row<<<4, 32>>>(x, out);
  any_block<<<4, 128>>>(x, out);
}
