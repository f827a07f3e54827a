// Threads split into roles one 32-lane warp each (`t < 32`, `t < 64`,
// `t < 96`) in a kernel that works per warp: each bound past the first is a
// warp-role split, and a literal block sized for those roles is counted in
// 32-lane warps.
// RUN: hipport lint %s --checks='-*,wave64-warp-size-literal,wave64-host-launch-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
__device__ void decode(int *s, int lane) { s[lane] = __shfl_xor(lane, 1); }
__device__ void prefetch(int *s, int lane) { s[64 + lane] = lane; }

template <int block_size>
__global__ void __launch_bounds__(block_size) roles(int *s) {
  int t = threadIdx.x;
  // CHECK: :[[@LINE+1]]:11: warning: 't < 32' takes the first 32 threads as the first warp
  if (t < 32) {
    // CHECK: :[[@LINE+1]]:19: warning: lane index 't & 0x1f' assumes 32-wide warps
    decode(s, t & 0x1f);
    // CHECK: :[[@LINE+1]]:18: warning: 't < 64' splits the block after 2 32-lane warps, one role each
  } else if (t < 64) {
    // CHECK: :[[@LINE+1]]:21: warning: lane index 't & 0x1f' assumes 32-wide warps
    prefetch(s, t & 0x1f);
    // CHECK: :[[@LINE+1]]:18: warning: 't < 96' splits the block after 3 32-lane warps, one role each
  } else if (t < 96) {
    s[t] = 0;
  }
}

// The warp work in a device function the kernel calls counts too.
__global__ void helper_roles(int *s) {
  int t = threadIdx.x;
  // CHECK: :[[@LINE+1]]:11: warning: 't < 32' takes the first 32 threads as the first warp
  if (t < 32)
    decode(s, t);
  // CHECK: :[[@LINE+1]]:16: warning: 't < 64' splits the block after 2 32-lane warps, one role each
  else if (t < 64)
    prefetch(s, t - 32);
}

// Not roles: one first-warp test and a block-level bound that does not
// continue it warp by warp.
__global__ void tile(int *s) {
  int t = threadIdx.x;
  // CHECK: :[[@LINE+1]]:11: warning: 't < 32' takes the first 32 threads as the first warp
  if (t < 32)
    s[t] = __shfl_down(t, 1);
  if (t < 256)
    s[t] += 1;
}

// Not per warp: no collective and no lane math, so no roles of warps.
__global__ void plain(int *s) {
  int t = threadIdx.x;
  if (t < 32)
    s[t] = 1;
  else if (t < 64)
    s[t] = 2;
}

void launch(int *s) {
  // CHECK: :[[@LINE+1]]:14: warning: block of 128 threads, 4 warps of 32 lanes, for kernel 'roles', whose threads split into roles one 32-lane warp each (at thread 32, 64, 96)
  dim3 block(128, 1);
  roles<128><<<1, block>>>(s);
  tile<<<1, 256>>>(s);
  plain<<<1, 128>>>(s);
}
