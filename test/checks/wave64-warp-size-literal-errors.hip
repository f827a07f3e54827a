// RUN: hipport lint %s --checks='-*,wave64-warp-size-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// A TU that does not parse (a header lint was not given): clang drops an
// initializer it cannot read, so a kernel with an error in its body may have
// lost the code that makes lanes meet: its lane math stays a warning. A
// kernel of the same TU without an error is still judged.
#include <hip/hip_runtime.h>

template <typename I> __global__ void half_seen(I *out) {
  const I lane = threadIdx.x & (WARP_SIZE_FROM_MISSING_HEADER - 1);
  // CHECK: :[[@LINE+1]]:29: warning: warp index 'threadIdx.x / 32' assumes 32-wide warps; use warpSize
  const I w = threadIdx.x / 32;
  out[w] = lane;
}

__global__ void fully_seen(int *out) {
  // CHECK: :[[@LINE+1]]:21: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; no lane here reads another's
  out[threadIdx.x / 32] = 1;
}

// Launched: a template no code comes from would hold only notes.
void run(int *out) { half_seen<int><<<1, 64>>>(out); }
