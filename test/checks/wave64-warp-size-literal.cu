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
  // CHECK: :[[@LINE+2]]:18: warning: warp index 'tid / WARP_SIZE' assumes 32-wide warps; use warpSize ('WARP_SIZE' = 32) [wave64-warp-size-literal]
  // CHECK: :6:19: note: 'WARP_SIZE' defined as 32 here
  int warp = tid / WARP_SIZE;
  // CHECK: :[[@LINE+2]]:19: warning: warp index 'tid >> kLogWarp' assumes 32-wide warps; use warpSize ('kLogWarp' = 5)
  // CHECK: :{{[0-9]+}}:20: note: 'kLogWarp' defined as 5 here
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
// CHECK: :[[@LINE+2]]:24: warning: lane index 'threadIdx.x % W' assumes 32-wide warps; AMD wavefronts have 64 lanes: use warpSize ('W' = 32)
// CHECK: :[[@LINE-3]]:15: note: 'W' defined as 32 here
  out[0] = threadIdx.x % W + __any_sync(__activemask(), 1);
}
template __global__ void tmpl<>(int *out);

// Enumerator holding the warp width.
// CHECK: :[[@LINE+1]]:18: warning: 'kWarp' (= 32) is used as the warp width
enum WarpConst { kWarp = 32 };
// CHECK: :{{[0-9]+}}:{{[0-9]+}}: note: used as the warp width here: 'threadIdx.x / kWarp'
__global__ void enums(int *out) {
  // CHECK: :[[@LINE+2]]:19: warning: warp index 'threadIdx.x / kWarp' assumes 32-wide warps; use warpSize ('kWarp' = 32)
  // CHECK: :{{[0-9]+}}:18: note: 'kWarp' defined as 32 here
  out[threadIdx.x / kWarp] = __any_sync(__activemask(), 1);
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


// Uses of a warp constant beyond lane math, each reported where it is:
// loop bounds and strides, counts of warps, on either side. An array it
// sizes follows it (a use in the definition's notes): only an index past
// its end would break, and that index is lane math, reported where written.
// CHECK: :[[@LINE+1]]:15: warning: 'LANES' (= 32) is used as the warp width
#define LANES 32
// CHECK: :{{[0-9]+}}:{{[0-9]+}}: note: used as the warp width here
// CHECK: :{{[0-9]+}}:{{[0-9]+}}: note: used as the warp width here
// CHECK: :[[@LINE+3]]:25: note: sizes an array here
// CHECK: :{{[0-9]+}}:{{[0-9]+}}: note: used as the warp width here
__global__ void uses(float *out, const float *in, int n) {
  __shared__ float tile[LANES];
  int lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+2]]:34: warning: loop striding by the lanes of a warp of 'LANES' (= 32)
  // CHECK: :{{[0-9]+}}:15: note: 'LANES' defined as 32 here
  for (int i = lane; i < n; i += LANES)
    tile[lane] += in[i];
  // CHECK: :[[@LINE+2]]:23: warning: loop over the lanes of a warp of 'LANES' (= 32)
  // CHECK: :{{[0-9]+}}:15: note: 'LANES' defined as 32 here
  for (int l = 0; l < LANES; ++l)
    out[l] = tile[l];
}
int warps_for(int n) {
  // CHECK: :[[@LINE+2]]:26: warning: '(n + LANES - 1) / LANES' counts warps of 'LANES' (= 32)
  // CHECK: :{{[0-9]+}}:15: note: 'LANES' defined as 32 here
  return (n + LANES - 1) / LANES;
}

// Lanes counted down from lane 31, and the first 32 threads as "the first
// warp" in a function that works per warp.
__global__ void last_lanes(float *out, float v) {
  float acc = 0.f;
  // CHECK: :[[@LINE+1]]:16: error: loop over lanes counting down from lane 31 leaves out lanes 32-63 of a 64-lane wavefront: start at warpSize - 1
  for (int l = 31; l >= 0; --l)
    acc += __shfl(v, l);
  // CHECK: :[[@LINE+1]]:21: warning: 'threadIdx.x < 32' takes the first 32 threads as the first warp; a 64-lane wavefront has 64: compare with warpSize
  if (threadIdx.x < 32)
    out[threadIdx.x] = acc;
}

// The same through a local holding the thread index, beside a collective.
__global__ void first_warp_local(unsigned long long *out, bool p) {
  int const t = threadIdx.x;
  unsigned long long votes = __ballot(p);
  // CHECK: :[[@LINE+1]]:11: warning: 't < 32' takes the first 32 threads as the first warp
  if (t < 32)
    out[t] = votes;
}

// Negatives: 32 threads of a tile in code with no warp-level work, a
// constant that is not a warp width, and a run-time width.
#define TILE 32
__global__ void tiles(float *out, const float *in, int n) {
  __shared__ float t[TILE][TILE + 1];
  if (threadIdx.x < 32)
    t[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  for (int i = 0; i < TILE; ++i)
    out[i] = t[i][0] + float(n / TILE);
  const int ws = warpSize;
  for (int i = threadIdx.x; i < n; i += ws)
    out[i] = float(i / ws);
}

// Shuffles in a template (dependent arguments leave the call unresolved).
// Every shuffle passes width 32: 32-lane logical warps, right at wave64, so
// notes, not warnings.
template <typename T>
__device__ T tmpl_reduce(T v) {
  // CHECK: :[[@LINE+1]]:16: note: shuffle loop starting at offset 16 covers a 32-wide warp; every shuffle here passes width 32 or reads within its own 32-lane half, so the lanes form 32-lane logical warps, two to a 64-lane wavefront: right at either width
  for (int m = 16; m > 0; m >>= 1)
    // CHECK: :[[@LINE+1]]:27: note: shuffle width 32 splits a 64-lane wavefront into independent 32-lane halves; every shuffle here passes width 32
    v += __shfl_xor(v, m, 32);
  return v;
}
template __device__ float tmpl_reduce<float>(float v);

// A 32-lane logical warp through a helper: the lane math by 32 names the
// segment's lanes (notes); the same math beside a full-width shuffle is a
// warning.
__device__ float seg_sum(float v) {
  // CHECK: :[[@LINE+1]]:16: note: shuffle loop starting at offset 16 covers a 32-wide warp; every shuffle here
  for (int o = 16; o > 0; o >>= 1)
    // CHECK: :[[@LINE+1]]:27: note: shuffle width 32 splits a 64-lane wavefront into independent 32-lane halves; every shuffle here
    v += __shfl_xor(v, o, 32);
  return v;
}
__global__ void seg_kernel(float *slots, float v) {
  v = seg_sum(v);
  // CHECK: :[[@LINE+1]]:21: note: lane index 'threadIdx.x % 32' assumes 32-wide warps; every shuffle here passes width 32
  if (threadIdx.x % 32 == 0)
    // CHECK: :[[@LINE+1]]:25: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; every shuffle here passes width 32
    slots[threadIdx.x / 32] = v;
}
__global__ void mixed_kernel(float *slots, float v) {
  v = seg_sum(v) + __shfl(v, 0);
  // CHECK: :[[@LINE+1]]:21: warning: lane index 'threadIdx.x % 32' assumes 32-wide warps
  if (threadIdx.x % 32 == 0)
    // CHECK: :[[@LINE+1]]:25: warning: warp index 'threadIdx.x / 32' assumes 32-wide warps
    slots[threadIdx.x / 32] = v;
}

// A butterfly below 32 at the default width whose total every lane reads, in
// a kernel that numbers its lanes by 32: each half of a 64-lane wavefront
// folds its own group, the group the kernel means. Right at 64, like a tree
// read by each group's lane 0: the tree and the lane index keep a warning,
// the rest are notes. The same butterfly in a kernel that numbers nothing by
// 32 may be meant for the whole wavefront (a warning), and beside warpSize
// it is (an error).
__global__ void half_allreduce(float *out, const float *in) {
  // CHECK: :[[@LINE+1]]:34: warning: lane index 'threadIdx.x % 32' assumes 32-wide warps; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads (or every lane, where the code numbers its lanes by 32)
  const int lane = threadIdx.x % 32;
  // CHECK: :[[@LINE+1]]:34: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; every shuffle here is a reduction tree
  const int warp = threadIdx.x / 32;
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle loop starting at offset 16 covers a 32-wide warp; every shuffle here is a reduction tree within 32 lanes
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor(v, o);
  out[warp * 32 + lane] = v;
}
__global__ void half_allreduce_unnumbered(float *out, const float *in) {
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+1]]:16: warning: shuffle loop starting at offset 16 covers a 32-wide warp; on a 64-lane wavefront each half reduces separately
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor(v, o);
  out[threadIdx.x / 64] = v;
}
__global__ void half_allreduce_wide(float *out, const float *in) {
  float v = in[threadIdx.x];
  // CHECK: :[[@LINE+3]]:16: error: shuffle loop starting at offset 16 covers a 32-wide warp; {{.*}} lanes 32-63 are left out of the total
  // CHECK: :[[@LINE+4]]:21: note: warpSize used here
  // CHECK: :[[@LINE+3]]:46: warning: lane index 'threadIdx.x % 32' assumes 32-wide warps; AMD wavefronts have 64 lanes: use warpSize
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor(v, o);
  out[threadIdx.x / warpSize + threadIdx.x % 32] = v;
}

// A block scan of 32-lane groups whose only shuffle reads within each
// lane's own half (the value of `__shfl_up(v, d)` is used where
// `lane >= d`): each half of a 64-lane wavefront scans its own group, and
// the per-group slots match.
__global__ void group_scan(int *slots, int v) {
  // CHECK: :[[@LINE+1]]:28: note: lane index 'threadIdx.x & 31' assumes 32-wide warps; every shuffle here passes width 32 or reads within its own 32-lane half
  int lane = threadIdx.x & 31;
  // CHECK: :[[@LINE+1]]:29: note: warp index 'threadIdx.x >> 5' assumes 32-wide warps; every shuffle here
  int warp = threadIdx.x >> 5;
  // CHECK: :[[@LINE+1]]:23: note: shuffle loop bounded by a 32-wide warp, read only under a guard by a lane index by 32: each 32-lane half scans on its own, right at either width; every shuffle here
  for (int d = 1; d < 32; d <<= 1) {
    int t = __shfl_up(v, d);
    if (lane >= d)
      v += t;
  }
  // CHECK: :[[@LINE+1]]:15: note: 'lane == 31' takes lane 31 as the last lane; every shuffle here
  if (lane == 31)
    slots[warp] = v;
}

// A width-less XOR butterfly from 16 stays in each half too, but nothing
// here groups its consumers by 32: thread 0 takes the first half's total as
// the wavefront's.
__global__ void wave_total(float *out, float v) {
  // CHECK: :[[@LINE+1]]:16: warning: shuffle loop starting at offset 16 covers a 32-wide warp
  for (int m = 16; m > 0; m >>= 1)
    v += __shfl_xor(v, m);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

// Shuffles of a cooperative-groups tile; lane 31 of the tile is its last.
struct Tile32 {
  float shfl_xor(float v, int m) const;
  float shfl(float v, int src) const;
};
__device__ float tile_reduce(const Tile32 &t, float v) {
  // CHECK: :[[@LINE+1]]:18: warning: shuffle loop starting at offset 16 covers a 32-wide warp
  for (int off = 16; off > 0; off /= 2)
    v += t.shfl_xor(v, off);
  return t.shfl(v, 31);
}

// Word width, not warp width: WS also counts the bits of an int (it shifts
// bits in and out of 32-bit words), so 'n / WS' indexes words. Its uses as
// the warp width (lane math, a lane-stepping loop) are still reported.
// CHECK: :[[@LINE+1]]:18: warning: 'WS' (= 32) is used as the warp width
static const int WS = 32;
static const int MSB = 1 << (WS - 1);
// CHECK: :{{[0-9]+}}:{{[0-9]+}}: note: used as the warp width here: 'threadIdx.x % WS'
__global__ void word_bits(unsigned *words, const int *cols, int n) {
  // CHECK: :[[@LINE+2]]:26: warning: lane index 'threadIdx.x % WS' assumes 32-wide warps
  // CHECK: :{{[0-9]+}}:18: note: 'WS' defined as 32 here
  int lane = threadIdx.x % WS;
  for (int i = lane; i < n; i += n) {
    int c = cols[i];
    atomicOr(&words[c / WS], (unsigned)MSB >> (c % WS));
  }
  for (int i = threadIdx.x; i < n / WS + 1; i += blockDim.x)
    words[i] = __any_sync(__activemask(), 1);
}

// Loops from a lane index striding by a literal 32 lanes: lanes 32-63 of a
// 64-lane wavefront repeat the work of lanes 0-31.
__global__ void lane_strides(float *p, int k, int n) {
  int warp_lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+1]]:43: warning: loop from a lane index striding by 32 lanes: on a 64-lane wavefront lanes 32-63 repeat the work of lanes 0-31; stride by warpSize [wave64-warp-size-literal]
  for (int i = warp_lane * k; i < n; i += 32 * k)
    p[i] = 0;
  // CHECK: :[[@LINE+1]]:39: warning: loop from a lane index striding by 32 lanes
  for (int i = warp_lane; i < n; i += 32)
    p[i] = 1;
  // Negative: a block stride from the thread index, the run-time width.
  for (int i = threadIdx.x; i < n; i += 32)
    p[i] = 2;
  for (int i = warp_lane; i < n; i += warpSize)
    p[i] = 3;
}

// The typed 32 of a stride whose other factor is a macro of 32.
#define VALUES_PER_LANE 32
__global__ void lane_stride_macro(float *p, int n) {
  int warp_lane = threadIdx.x % warpSize;
  // CHECK: :[[@LINE+1]]:57: warning: loop from a lane index striding by 32 lanes
  for (int i = warp_lane * VALUES_PER_LANE; i < n; i += 32 * VALUES_PER_LANE)
    p[i] = 0;
}

// All lanes but the last, or the last, as an ordered test against lane 31.
// CHECK: :[[@LINE+2]]:19: error: 'LAST_LANE' (= 31) is used as the last lane / lane mask
// CHECK: :[[@LINE+10]]:12: note: used as the warp width here: 'lane >= LAST_LANE'
#define LAST_LANE 31
__global__ void segmented_carry(const int *rows, float *y, const float *v) {
  // CHECK: :[[@LINE+1]]:34: warning: lane index 'threadIdx.x & 31' assumes 32-wide warps
  const int lane = threadIdx.x & 31;
  // CHECK: :[[@LINE+1]]:14: error: 'lane < 31' takes lane 31 as the last lane; on a 64-lane wavefront it is 63: use warpSize - 1
  if (lane < 31 && rows[threadIdx.x] != rows[threadIdx.x + 1])
    y[rows[threadIdx.x]] += v[threadIdx.x];
  // CHECK: :[[@LINE+2]]:12: error: 'lane >= LAST_LANE' takes lane 31 as the last lane
  // CHECK: :[[@LINE-8]]:19: note: 'LAST_LANE' defined as 31 here
  if (lane >= LAST_LANE)
    y[0] = v[threadIdx.x] * __any_sync(__activemask(), 1);
  // Negative: 31 threads of a block, a count below 31.
  if (threadIdx.x < 31)
    y[1] = v[0];
  int n = rows[0];
  if (n < 31)
    y[2] = v[1];
}

// No lane reads another's: a kernel (and the helper only it calls) whose
// 32-lane groups only number threads and shared memory computes the same at
// any width (lanes of a wave run together): notes.
__device__ int tile_row() {
  // CHECK: :[[@LINE+1]]:24: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; no lane here reads another's (no shuffle, ballot, vote, warp primitive, lane index or warpSize in this kernel or what it calls), so its 32-lane groups only number threads and memory: right at either width [wave64-warp-size-literal]
  return threadIdx.x / 32;
}
__global__ void transpose_tiles(const float *in, float *out) {
  __shared__ float tile[32][33];
  // CHECK: :[[@LINE+1]]:27: note: lane index 'threadIdx.x % 32' assumes 32-wide warps; no lane here reads another's
  int col = threadIdx.x % 32;
  tile[tile_row()][col] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[col][tile_row()];
}

// Still warnings: a helper that a voting kernel calls too, a kernel that
// calls a function lint cannot see, and 32s beside a named width of 64 (a
// half-ported kernel: the two disagree whether lanes meet or not).
__device__ int group_of() {
  // CHECK: :[[@LINE+1]]:24: warning: warp index 'threadIdx.x / 32' assumes 32-wide warps; use warpSize
  return threadIdx.x / 32;
}
__global__ void quiet_groups(int *out) { out[group_of()] = 0; }
__global__ void voting_groups(int *out) {
  out[group_of()] = __any_sync(__activemask(), 1);
}
__device__ int reduce_elsewhere(int v);
__global__ void calls_unseen(int *out) {
  // CHECK: :[[@LINE+1]]:28: warning: lane index 'threadIdx.x % 32' assumes 32-wide warps
  int lane = threadIdx.x % 32;
  out[lane] = reduce_elsewhere(lane);
}
#define PORTED_WARP_SIZE 64
__global__ void half_ported(int *out) {
  int lane = threadIdx.x & (PORTED_WARP_SIZE - 1);
  // CHECK: :[[@LINE+1]]:35: warning: warp index 'threadIdx.x / 32' assumes 32-wide warps
  out[lane] = 16 * (threadIdx.x / 32 + 1);
}

// A shuffle-down tree from 16 whose total only lane 0 of each 32-lane group
// reads (`lane == 0`): lane 0 and lane 32 each fold their own half, so the
// lane math is right at 64: the warp index is a note; the tree and the lane
// index that picks each group's lane 0 still assume 32 lanes and keep their
// warnings (shared/WAVE64.md).
__global__ void leader_tree(float *slots, float v) {
  // CHECK: :[[@LINE+1]]:34: warning: lane index 'threadIdx.x % 32' assumes 32-wide warps; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads (or every lane, where the code numbers its lanes by 32), so each half of a 64-lane wavefront reduces on its own: right at 64, but each tree uses half the wavefront
  const int lane = threadIdx.x % 32;
  // CHECK: :[[@LINE+1]]:34: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads
  const int warp = threadIdx.x / 32;
  // CHECK: :[[@LINE+1]]:16: warning: shuffle loop starting at offset 16 covers a 32-wide warp; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads (or every lane, where the code numbers its lanes by 32), so each half of a 64-lane wavefront reduces on its own: right at 64, but each tree uses half the wavefront; derive the width from warpSize to use all 64 lanes
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down(v, o);
  if (lane == 0)
    slots[warp] = v;
}
// The same tree read by every lane: lanes 16-31 fold lanes of the other half.
__global__ void every_lane_tree(float *out, float v) {
  // CHECK: :[[@LINE+1]]:34: warning: lane index 'threadIdx.x % 32' assumes 32-wide warps; AMD wavefronts have 64 lanes
  const int lane = threadIdx.x % 32;
  // CHECK: :[[@LINE+1]]:16: warning: shuffle loop starting at offset 16 covers a 32-wide warp; on a 64-lane wavefront each half reduces separately
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down(v, o);
  out[lane] = v;
}
// A butterfly in a helper that returns the total, its width a macro; the
// kernel reads the total in lane 0 of each group, per array element too.
// The macro's definition is where the fix goes: its warning lists the uses,
// each a note of its own.
// CHECK: :[[@LINE+6]]:19: warning: 'TREE_WARP' (= 32) is used as the warp width; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads
// CHECK: note: used as the warp width here: 'int m = TREE_WARP / 2;'
// CHECK: note: used as the warp width here: 'threadIdx.x & (TREE_WARP - 1)'
// CHECK: note: used as the warp width here: 'threadIdx.x / TREE_WARP'
// CHECK: :[[@LINE+2]]:19: note: shuffle loop starting at offset 16 covers a 32-wide warp; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads
// CHECK: note: 'TREE_WARP' defined as 32 here
#define TREE_WARP 32
__device__ float tree_max(float v) {
  for (int m = TREE_WARP / 2; m > 0; m >>= 1)
    v = fmaxf(v, __shfl_xor(v, m));
  return v;
}
__global__ void helper_leader(float *slots, float a, float b) {
  float part[2] = {a, b};
  for (int i = 0; i < 2; ++i)
    part[i] = tree_max(part[i]);
  // CHECK: :[[@LINE+2]]:20: note: lane index 'threadIdx.x & (TREE_WARP - 1)' assumes 32-wide warps; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads
  // CHECK: note: 'TREE_WARP' defined as 32 here
  if ((threadIdx.x & (TREE_WARP - 1)) == 0)
    // CHECK: :[[@LINE+2]]:23: note: warp index 'threadIdx.x / TREE_WARP' assumes 32-wide warps; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads
    // CHECK: note: 'TREE_WARP' defined as 32 here
    slots[threadIdx.x / TREE_WARP] = part[0] + part[1];
}
// The helper's total read by a block's thread 0 of many warps' worth of
// lanes (`threadIdx.x == 0` after a block-wide loop): still lane 0 only.
__global__ void helper_first_thread(float *out, float v) {
  v = tree_max(v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}
// Per-lane partial sums in a local array sized by a template parameter,
// each element reduced by its own tree and read by each group's lane 0.
template <int N>
__global__ void leader_array_tree(float *slots, const float *x) {
  float part[N];
  for (int i = 0; i < N; ++i)
    part[i] = x[i * blockDim.x + threadIdx.x];
  // CHECK: :[[@LINE+1]]:34: warning: lane index 'threadIdx.x % 32' assumes 32-wide warps; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads
  const int lane = threadIdx.x % 32;
  // CHECK: :[[@LINE+1]]:34: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads
  const int warp = threadIdx.x / 32;
  for (int i = 0; i < N; ++i)
    // CHECK: :[[@LINE+1]]:18: warning: shuffle loop starting at offset 16 covers a 32-wide warp; every shuffle here is a reduction tree within 32 lanes whose total only lane 0 of each 32-lane group reads
    for (int o = 16; o > 0; o >>= 1)
      part[i] += __shfl_down(part[i], o);
  if (lane == 0)
    for (int i = 0; i < N; ++i)
      slots[warp * N + i] = part[i];
}
template __global__ void leader_array_tree<4>(float *slots, const float *x);

// A word index in a variable of any name: every use of 'idx' indexes the
// 32-bit words of a bitmap (a subscript, or the pointer of an atomic), so
// 'id / 32' counts words, not warps. The same division whose result also
// picks a warp slot stays a finding.
__device__ bool testBit(unsigned id, const unsigned *bitmask) {
  const unsigned idx = id / 32;
  const unsigned bit = id % 32;
  return bitmask[idx] & (1u << bit);
}
__device__ void setBit(unsigned id, unsigned *bitmask) {
  const unsigned idx = id / 32;
  atomicOr(bitmask + idx, 1u << (id % 32));
}
__global__ void wordAndSlot(unsigned *bitmask, float *slots) {
  unsigned tid = threadIdx.x;
  // CHECK: :[[@LINE+1]]:30: warning: warp index 'tid / 32' assumes 32-wide warps; use warpSize
  const unsigned idx = tid / 32;
  bitmask[idx] = 0;
  slots[idx] = __shfl_xor_sync(__activemask(), 1.0f, 1);
}

// 'warp' and 'lane' here number groups of threads: an index named like a
// width is none, so the kernel's lanes still never read each other's.
__global__ void named_groups(const float *in, float *out) {
  // CHECK: :[[@LINE+1]]:28: note: warp index 'threadIdx.x / 32' assumes 32-wide warps; no lane here reads another's
  int warp = threadIdx.x / 32;
  // CHECK: :[[@LINE+1]]:28: note: lane index 'threadIdx.x % 32' assumes 32-wide warps; no lane here reads another's
  int lane = threadIdx.x % 32;
  out[warp * 32 + lane] = in[threadIdx.x];
}

// A constant named for a count of warps (kNumMaxWarpGroups, WARPS_PER_BLOCK)
// sizes per-group data; one named for the lanes of a warp is the width.
constexpr int kNumMaxWarpGroups = 32;
constexpr int WARPS_PER_BLOCK = 32;
// CHECK: :[[@LINE+2]]:15: warning: 'kGroupWarpSize' (= 32) is used as the warp width
// CHECK: :[[@LINE+4]]:24: note: sizes an array here
constexpr int kGroupWarpSize = 32;
__global__ void per_warp(int *out, int n) {
  __shared__ int sums[WARPS_PER_BLOCK];
  __shared__ int lanes[kGroupWarpSize];
  sums[0] = lanes[0] = n;
  out[threadIdx.x] = sums[0] + lanes[0] + __shfl_xor(n, 1);
}
// CHECK: :[[@LINE+3]]:15: warning: 'kLanes' (= 32) is used as the warp width
// CHECK: :[[@LINE+10]]:24: note: used as the warp width here: 'threadIdx.x % kLanes'
// CHECK: :[[@LINE+4]]:27: note: sizes an array here
constexpr int kLanes = 32;
__global__ void per_group(int *out, int n) {
  __shared__ int sent[kNumMaxWarpGroups];
  __shared__ int per_lane[kLanes];
  int g = blockIdx.x % kNumMaxWarpGroups;
  sent[g] = n;
  // CHECK: :[[@LINE+2]]:24: warning: lane index 'threadIdx.x % kLanes' assumes 32-wide warps
  // CHECK: :[[@LINE-7]]:15: note: 'kLanes' defined as 32 here
  per_lane[threadIdx.x % kLanes] = n;
  out[threadIdx.x] = sent[g] + per_lane[0] + __shfl(n, 0);
}

// A named 32 that is the x extent of a block of several rows (dim3(kRowLanes,
// kRows)): threadIdx.x stays below it at any wave width, so the tile and
// loops it sizes are the rows' (notes at the definition, not findings). The
// definition stays a finding: two rows share a 64-lane wavefront. The same
// constant in a kernel whose only block is one row is right everywhere:
// lanes 32-63 never run (wave64-one-warp-blocks.hip).
// CHECK: :[[@LINE+4]]:15: warning: 'kRowLanes' (= 32) is the row width of a block of several rows; a 64-lane AMD wavefront holds two rows
// CHECK: :[[@LINE+8]]:31: note: sized by the block's row width here
// CHECK: :[[@LINE+11]]:23: note: sized by the block's row width here
// CHECK: :[[@LINE+4]]:23: note: sized by the block's row width here
constexpr int kRowLanes = 32;
constexpr int kRows = 4;
__global__ void row_tiles(const int *a, int *out, int n) {
  __shared__ int tile[kRowLanes][kRowLanes + 1];
  int lane = threadIdx.x;
  for (int k = 0; k < n; k += kRowLanes)
    tile[threadIdx.y][lane] = a[k + lane];
  __syncthreads();
  int d = 0;
  for (int i = 0; i < kRowLanes; ++i)
    d += tile[lane][i];
  out[threadIdx.y * kRowLanes + lane] = d + __shfl_xor(d, 1);
}
void run_rows(const int *a, int *out, int n) {
  dim3 block(kRowLanes, kRows);
  row_tiles<<<1, block>>>(a, out, n);
}
// CHECK: :[[@LINE+2]]:15: note: 'kSegLanes' (= 32) is used as the warp width; every launch of this kernel gives it a block of one 32-thread row
// CHECK: :[[@LINE+3]]:22: note: sizes an array here
constexpr int kSegLanes = 32;
__global__ void one_row(int *out) {
  __shared__ int seg[kSegLanes];
  seg[threadIdx.x] = out[threadIdx.x];
  out[threadIdx.x] = seg[threadIdx.x ^ 1] + __shfl_xor(out[0], 1);
}
void run_one_row(int *out) {
  dim3 block(kSegLanes, 1);
  one_row<<<1, block>>>(out);
}

// A tree from 16 in a kernel of 2-D blocks whose rows are its threadIdx.x
// (threadIdx.y read, no blockDim.x, no linear id): each row reduces its own
// lanes, and a row of 32 is a 32-lane group at any width. A linear id
// (`threadIdx.y * 32`) makes the rows one range of lanes again: the error
// stays.
__global__ void tile_rows(const int *in, int *out, int n) {
  __shared__ int tile[32][33];
  int lane = threadIdx.x & (warpSize - 1);
  int v = lane < n ? in[lane] : 0;
  // CHECK: :[[@LINE+1]]:16: note: shuffle loop starting at offset 16 covers a 32-wide warp; on a 64-lane wavefront each half reduces separately: start at warpSize / 2; here each threadIdx.y row of this 2-D block reduces its own threadIdx.x lanes
  for (int i = 16; i >= 1; i /= 2)
    v += __shfl_xor(v, i);
  // CHECK: :[[@LINE+1]]:23: note: reduction step of 16 lanes covers a 32-wide warp{{.*}}here each threadIdx.y row
  v += __shfl_down(v, 16);
  tile[threadIdx.y][threadIdx.x] = v;
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.y] = tile[threadIdx.y][0];
}
__global__ void linear_rows(const int *in, int *out) {
  int tid = threadIdx.x + threadIdx.y * 32;
  int v = in[tid];
  // CHECK: :[[@LINE+2]]:16: error: shuffle loop starting at offset 16 covers a 32-wide warp{{.*}}this function collects results per warpSize lanes
  // CHECK: :[[@LINE+3]]:13: note: warpSize used here
  for (int i = 16; i >= 1; i /= 2)
    v += __shfl_xor(v, i);
  if (tid % warpSize == 0)
    out[tid / warpSize] = v;
}

// A loop from a lane of a group (lane = threadIdx.x % GROUP) striding by the
// same GROUP covers its range once per group at any width, when the group
// computes the range itself: a use in the definition's notes. A range taken
// from a collective (a start from a whole-wave shuffle, an unguarded `__any`
// in the condition) mixes two groups on a 64-lane wavefront: still a finding.
// CHECK: :[[@LINE+1]]:15: warning: 'GROUP' (= 32) is used as the warp width
#define GROUP 32
// CHECK: :[[@LINE+12]]:32: note: used as the warp width here: 'threadIdx.x % GROUP'
// CHECK: :[[@LINE+12]]:33: note: used as the warp width here: 'threadIdx.x / GROUP'
// CHECK: :[[@LINE+13]]:36: note: strides over its own group's lanes here, from a lane by the same constant over a range no collective gives: right at any width
// CHECK: :[[@LINE+14]]:48: note: strides over its own group's lanes here
// CHECK: :{{[0-9]+}}:38: note: used as the warp width here
// CHECK: :{{[0-9]+}}:41: note: strides over its own group's lanes here
// CHECK: :{{[0-9]+}}:41: note: used as the warp width here
// CHECK: :[[@LINE+5]]:32: warning: lane index 'threadIdx.x % GROUP' assumes 32-wide warps
// CHECK: :{{[0-9]+}}:15: note: 'GROUP' defined as 32 here
// CHECK: :[[@LINE+4]]:33: warning: warp index 'threadIdx.x / GROUP' assumes 32-wide warps
// CHECK: :{{[0-9]+}}:15: note: 'GROUP' defined as 32 here
__global__ void group_loops(int *out, const int *in, const int *ends, int n) {
  const int lane = threadIdx.x % GROUP;
  const int group = threadIdx.x / GROUP;
  const int end = ends[group];
  for (int i = lane; i < end; i += GROUP)
    out[i] = in[i];
  for (int i = group * n + lane; i < end; i += GROUP)
    out[i] += 1;
  int b = __shfl(end, 0);
  // CHECK: :[[@LINE+2]]:38: warning: loop striding by the lanes of a warp of 'GROUP' (= 32)
  // CHECK: :{{[0-9]+}}:15: note: 'GROUP' defined as 32 here
  for (int i = b + lane; i < n; i += GROUP)
    out[i] = 0;
  // A vote over the whole wave whose body works under the same test only
  // keeps finished lanes idle: right at any width. Without the guard the
  // lanes of one group run past their range while the other's go on.
  for (int i = lane; __any(i < n); i += GROUP)
    if (i < n)
      out[i] = 1;
  // CHECK: :[[@LINE+2]]:41: warning: loop striding by the lanes of a warp of 'GROUP' (= 32)
  // CHECK: :{{[0-9]+}}:15: note: 'GROUP' defined as 32 here
  for (int i = lane; __any(i < n); i += GROUP)
    out[i % n] += 1;
}

// `id / 32` that only indexes 32-bit words, one of which stores a ballot
// (a bitmask update): the index of a word of lane bits, whose layout the
// ballot decides (wave64-ballot-mask-width), no warp index of its own.
__global__ void ballot_words(unsigned *bitmask, float *slots, int pred) {
  unsigned mask = __ballot_sync(__activemask(), pred);
  if (threadIdx.x % warpSize == 0) {
    // CHECK: :[[@LINE+1]]:38: note: 'threadIdx.x / 32' indexes 32-bit words of lane bits that a ballot fills
    unsigned mask_id = threadIdx.x / 32;
    bitmask[mask_id] = ~mask & bitmask[mask_id];
  }
  // CHECK: :[[@LINE+2]]:33: error: warp index 'threadIdx.x / 32' assumes 32-wide warps; use warpSize; this function also uses warpSize
  // CHECK: :{{[0-9]+}}:{{[0-9]+}}: note: warpSize used here
  unsigned slot = threadIdx.x / 32;
  slots[slot] = __shfl_xor(1.0f, 1);
  bitmask[slot] = mask;
}
