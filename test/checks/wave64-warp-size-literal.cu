// RUN: hipport lint %s --checks='-*,wave64-warp-size-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'

// Named constant: reported once, at its definition, with its uses as notes.
// CHECK: :[[@LINE+1]]:19: warning: 'WARP_SIZE' (= 32) is used as the warp width; AMD wavefronts have 64 lanes: derive it from warpSize [wave64-warp-size-literal]
#define WARP_SIZE 32
// CHECK: :{{[0-9]+}}:{{[0-9]+}}: note: used as the warp width here: 'tid / WARP_SIZE'
// CHECK: :[[@LINE+1]]:20: warning: 'kLogWarp' (= 5) is used as log2 of the warp width
constexpr unsigned kLogWarp = 5;
// CHECK: :{{[0-9]+}}:{{[0-9]+}}: note: used as the warp width here: 'tid >> kLogWarp'
// Function-like macro: reported in the macro body, where the fix goes.
// CHECK: :[[@LINE+1]]:27: warning: lane index '{{.*}}' assumes 32-wide warps
#define LANE_OF(t) ((t) % 32)

__global__ void positives(int *out) {
  int tid = threadIdx.x;
  // CHECK: :[[@LINE+1]]:20: warning: lane index 'tid % 32' assumes 32-wide warps; AMD wavefronts have 64 lanes: use warpSize [wave64-warp-size-literal]
  int lane = tid % 32;
  int warp = tid / WARP_SIZE;
  int warp2 = tid >> kLogWarp;
  // CHECK: :[[@LINE+1]]:29: warning: lane index 'threadIdx.x & 31' assumes 32-wide warps
  int lane2 = threadIdx.x & 31;
  int v = out[tid] + LANE_OF(tid);
  // CHECK: :[[@LINE+1]]:18: warning: shuffle loop starting at offset 16 covers a 32-wide warp
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffffu, v, off);
  // CHECK: :[[@LINE+1]]:43: warning: shuffle width 32 splits a 64-lane wavefront into independent 32-lane halves; use warpSize
  v += __shfl_xor_sync(0xffffffffu, v, 1, 32);
  // CHECK: :[[@LINE+1]]:43: error: broadcast from lane 31 reads the middle of a 64-lane wavefront, not its last lane; use warpSize - 1
  int total = __shfl_sync(0xffffffffu, v, 31);
  // CHECK: :[[@LINE+1]]:15: error: 'lane == 31' takes lane 31 as the last lane; on a 64-lane wavefront it is 63: use warpSize - 1
  if (lane == 31)
    out[warp] = total;
  // CHECK: :[[@LINE+1]]:41: warning: reduction step of 16 lanes covers a 32-wide warp
  v += __shfl_down_sync(0xffffffffu, v, 16);
  out[warp2 + lane2] = v;
}

__global__ void mixed(int *out) {
  // One slot per 32-wide warp, indexed by warpSize: wrong at wave64.
  // CHECK: :[[@LINE+1]]:{{[0-9]+}}: error: 'blockDim.x / 32' counts 32-wide warps per block; use warpSize; this function also uses warpSize
  int slots = blockDim.x / 32;
  // CHECK: :[[@LINE+1]]:{{[0-9]+}}: note: warpSize used here
  int w = threadIdx.x / warpSize;
  if (w < slots)
    out[w] = 1;
}

// Template parameter default holding the warp width.
// CHECK: :[[@LINE+1]]:15: warning: 'W' (= 32) is used as the warp width
template <int W = 32> __global__ void tmpl(int *out) {
// CHECK: :{{[0-9]+}}:{{[0-9]+}}: note: used as the warp width here: 'threadIdx.x % W'
  out[0] = threadIdx.x % W;
}

// Enumerator holding the warp width.
// CHECK: :[[@LINE+1]]:18: warning: 'kWarp' (= 32) is used as the warp width
enum WarpConst { kWarp = 32 };
// CHECK: :{{[0-9]+}}:{{[0-9]+}}: note: used as the warp width here: 'threadIdx.x / kWarp'
__global__ void enums(int *out) {
  out[threadIdx.x / kWarp] = 0;
}

// Negatives: 32 that is not the warp width.
#define BITS_PER_WORD 32
__global__ void negatives(unsigned *bits, int n, const unsigned *keys) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Bit packing into 32-bit words.
  bits[i >> 5] |= 1u << (i & 31);
  bits[i / BITS_PER_WORD] |= 1u << (i % BITS_PER_WORD);
  int word = i / 32;
  // A 32-bucket hash of data, not of a thread index.
  unsigned bucket = keys[i] % 32;
  // Sizes and counts.
  int chunks = n / 32;
  // warpSize-based lane math.
  int lane = threadIdx.x % warpSize;
  int v = __shfl_down_sync(0xffffffffu, lane, warpSize / 2);
  bits[word] = bucket + chunks + v;
}

