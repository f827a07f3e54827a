// RUN: hipport lint %s --checks='-*,wave64-warp-constant-use' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'

// Per-warp slot arrays of 32 handed to the helpers that fill them.

// A block scan: the last lane of each warp writes its warp's slot, then the
// first warp scans the slots, one per lane (a lane of a warpSize-wide warp:
// 0-63 at wave64).
template <typename T>
__device__ T blockScan(T v, T *slots) {
  const unsigned lane = threadIdx.x % warpSize;
  const unsigned warp = threadIdx.x / warpSize;
  if (lane == warpSize - 1)
    slots[warp] = v;
  __syncthreads();
  if (warp == 0)
    slots[lane] = slots[lane] + 1;
  __syncthreads();
  return warp == 0 ? v : slots[warp - 1] + v;
}

// A block reduction: the slots are read by lanes below the warp count only.
template <typename T>
__device__ T blockSum(T v, T *slots) {
  const unsigned lane = threadIdx.x % warpSize;
  const unsigned warp = threadIdx.x / warpSize;
  if (lane == 0)
    slots[warp] = v;
  __syncthreads();
  const unsigned warps = blockDim.x / warpSize;
  return lane < warps ? slots[lane] : 0;
}

template <typename T>
__global__ void scanKernel(T *out) {
  // CHECK: :[[@LINE+3]]:16: error: 'buf' has 32 slots, but 'slots[lane]' (in 'blockScan') indexes it with a lane of a warpSize-wide warp: lanes 32-63 of a 64-lane wavefront go past its end; size it for 64 lanes [wave64-warp-constant-use]
  // CHECK: :[[@LINE+3]]:22: note: handed on here
  // CHECK: :17:5: note: indexed here
  __shared__ T buf[32];
  out[threadIdx.x] = blockScan<T>(out[threadIdx.x], buf);
}
template __global__ void scanKernel<float>(float *);

__global__ void sumKernel(float *out) {
  // CHECK: :[[@LINE+3]]:20: warning: 'partial' has 32 slots, one per warp of 32 lanes, but 'slots[warp]' (in 'blockSum') counts warps with warpSize: the slots and the warp index disagree at wave64; size it with the width the index uses [wave64-warp-constant-use]
  // CHECK: :[[@LINE+3]]:12: note: handed on here
  // CHECK: :28:5: note: indexed here
  __shared__ float partial[32];
  out[0] = blockSum(out[threadIdx.x], partial);
}

// Slots of 32-lane warps, while the warp is collected at full width.
__device__ void warpScan32(unsigned *c, unsigned i) {
  unsigned x = c[i];
  for (int d = 1; d < 32; d <<= 1) {
    unsigned y = __shfl_up(x, d);
    if ((threadIdx.x & 31) >= d)
      x += y;
  }
  c[i] = x;
}
__device__ void prefixScan32(unsigned *c, unsigned *ws, unsigned n) {
  for (unsigned i = threadIdx.x; i < n; i += blockDim.x) {
    warpScan32(c, i);
    unsigned warpId = i / 32;
    if ((threadIdx.x & 31) == 31)
      ws[warpId] = c[i];
  }
  unsigned long long any = __ballot(n > 32);
  (void)any;
}
__global__ void histKernel(unsigned *c, unsigned n) {
  // CHECK: :[[@LINE+3]]:23: warning: 'ws' has 32 slots, one per 32-lane warp ('ws[warpId]' (in 'prefixScan32')), while the warp is collected at full width: a 64-lane wavefront spans two slots; count warps and size the slots with warpSize [wave64-warp-constant-use]
  // CHECK: :[[@LINE+3]]:3: note: handed on here
  // CHECK: :67:7: note: indexed here
  __shared__ unsigned ws[32];
  prefixScan32(c, ws, n);
}

// Macro: the extent is a macro's 32 and the helper call comes from a macro.
#define SLOTS 32
#define SCAN(v, s) blockScan<float>(v, s)
__global__ void macroKernel(float *out) {
  // CHECK: :[[@LINE+3]]:20: error: 'mbuf' has 32 slots, but 'slots[lane]' (in 'blockScan') indexes it with a lane of a warpSize-wide warp
  // CHECK: :[[@LINE+3]]:12: note: handed on here
  // CHECK: :17:5: note: indexed here
  __shared__ float mbuf[SLOTS];
  out[0] = SCAN(out[threadIdx.x], mbuf);
}

// Negative: slots for 64 lanes; a bitmap of 32 words indexed by a bit
// index; slots of 32-lane warps where no collective spans the wavefront; a
// 2-D tile.
__device__ void fillWords(unsigned *bits, unsigned n) {
  for (unsigned i = threadIdx.x; i < n; i += blockDim.x)
    atomicOr(&bits[i / 32], 1u << (i % 32));
}
__device__ void perWarp32(float *s, float v) { s[threadIdx.x / 32] = v; }
__global__ void cleanKernel(float *out, unsigned n) {
  __shared__ float wide[64];
  out[0] = blockScan<float>(out[threadIdx.x], wide);
  __shared__ unsigned bits[32];
  fillWords(bits, n);
  __shared__ float quiet[32];
  perWarp32(quiet, out[0]);
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
}
