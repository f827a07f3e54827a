// Fix-its that make a port take the width it runs at: a 32-lane shuffle gets
// the width 32 its lane math assumes; a host launch size or a kernel's width
// argument written as 32 gets the device's width (queried where it is
// computed). None where the 32 is constexpr, in a macro, or where the
// function already computes lanes with another width (adapted by hand).
// REQUIRES: cuda
// RUN: cp %s %t.cu
// RUN: hipport lint %t.cu --checks='-*,wave64-shuffle-width,wave64-host-launch-width,wave64-warp-constant-use' --fix --fail-on=never --quiet 2>&1 | FileCheck --check-prefix=FIX %s
// RUN: FileCheck --check-prefix=FILE %s < %t.cu
// The comment lines below also reach FileCheck: each pattern is anchored at
// the start of a line, so only the code can match it.
// RUN: hipport lint %t.cu --checks='-*,wave64-shuffle-width,wave64-host-launch-width,wave64-warp-constant-use' --fix --fail-on=never --quiet 2>&1 | FileCheck --check-prefix=AGAIN %s
// FIX: applied 3 fix(es) to
// AGAIN: no fixes to apply
#define SHFL_NEXT(v, l) __shfl_sync(0xffffffffu, v, ((l) + 1) % 32)

__global__ void rows(const float *m, float *out) {
  int row = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
  int lane = threadIdx.x % warpSize;
  float v = m[row * warpSize + lane];
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (lane == 0)
    out[row] = v;
}

__global__ void scan(int *data, int width) {
  int lane = threadIdx.x % warpSize;
  int v = data[threadIdx.x];
  for (int i = 1; i <= width; i *= 2) {
    int n = __shfl_up_sync(0xffffffffu, v, i, width);
    if (lane >= i)
      v += n;
  }
  data[threadIdx.x] = v;
}

__global__ void rotate(const int *in, int *out) {
  int lane = threadIdx.x % 32;
  out[threadIdx.x] = __shfl_sync(0xffffffffu, in[threadIdx.x], (lane + 1) % 32);
}

// Lanes also computed with warpSize: adapted by hand, no fix.
__global__ void rotateByHand(const int *in, int *out) {
  int lane = threadIdx.x % 32;
  int base = threadIdx.x % warpSize - lane;
  out[threadIdx.x] = __shfl_sync(0xffffffffu, in[threadIdx.x], base + (lane + 1) % 32);
}

// In a macro: no fix.
__global__ void rotateMacro(const int *in, int *out) {
  int lane = threadIdx.x % 32;
  out[threadIdx.x] = SHFL_NEXT(in[threadIdx.x], lane);
}

void launch(const float *m, float *o, int *d, int *i) {
  int block = 4 * 32;
  rows<<<16, block>>>(m, o);
  // A constexpr size cannot hold a run-time query: no fix.
  constexpr int Fixed = 4 * 32;
  rows<<<16, Fixed>>>(m, o);
  scan<<<1, 256>>>(d, 32);
  rotate<<<1, 64>>>(i, d);
}
// FILE: {{^}}#define SHFL_NEXT(v, l) __shfl_sync(0xffffffffu, v, ((l) + 1) % 32)
// FILE: {{^  }}out[threadIdx.x] = __shfl_sync(0xffffffffu, in[threadIdx.x], (lane + 1) % 32, 32);
// FILE: {{^  }}out[threadIdx.x] = __shfl_sync(0xffffffffu, in[threadIdx.x], base + (lane + 1) % 32);
// FILE: {{^  }}out[threadIdx.x] = SHFL_NEXT(in[threadIdx.x], lane);
// FILE: {{^  }}int block = 4 * [] { int D = 0, W = 32; cudaGetDevice(&D); cudaDeviceGetAttribute(&W, cudaDevAttrWarpSize, D); return W; }();
// FILE: {{^  }}constexpr int Fixed = 4 * 32;
// FILE: {{^  }}scan<<<1, 256>>>(d, [] { int D = 0, W = 32; cudaGetDevice(&D); cudaDeviceGetAttribute(&W, cudaDevAttrWarpSize, D); return W; }());
// FILE: {{^  }}rotate<<<1, 64>>>(i, d);
