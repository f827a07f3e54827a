// RUN: hipport lint %s --checks='-*,wave64-shuffle-width' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>

__global__ void positives(float *out, float v) {
  int lane = threadIdx.x & 31;
  v += __shfl_down(v, 1);
  out[lane] = __shfl(v, 5);
}

__global__ void negatives(float *out, float v) {
  int lane = threadIdx.x % warpSize;
  out[lane] = __shfl_down(v, 1) + __shfl_down(v, 1, 32);
}
// CHECK: wave64-shuffle-width.hip:7:8: warning: __shfl_down without a width argument spans the whole 64-lane wavefront, but the lane math of this function assumes 32 lanes; pass the width explicitly or compute lanes from warpSize [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.hip:6:26: note: lanes computed for 32-wide warps here: 'threadIdx.x & 31'
// CHECK: wave64-shuffle-width.hip:8:15: error: __shfl without a width argument spans the whole 64-lane wavefront, but the lane math of this function assumes 32 lanes; pass the width explicitly or compute lanes from warpSize (lanes 32-63 read source lanes of the first half) [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.hip:6:26: note: lanes computed for 32-wide warps here: 'threadIdx.x & 31'

// A tree whose offsets start from the queried width spans the whole
// wavefront on purpose, whatever 32-lane math sits beside it.
__global__ void queriedTree(float *out, float v) {
  const int wave_size = __builtin_amdgcn_wavefrontsize();
  for (int offset = wave_size >> 1; offset > 0; offset >>= 1)
    v += __shfl_down(v, offset);
  out[threadIdx.x % 32] = v;
}

// The source lane is a bit of a ballot mask (`__ffsll(bal) - 1`): a lane of
// the whole wavefront, which the default width reaches. So is the bit of a
// mask kept in 32 bits: it names lanes 0-31 only, which is the ballot's
// finding (wave64-ballot-mask-width), not the shuffle's. A lane from
// 32-lane math beside it still reads the first half.
__global__ void ballotLane(int *out, const int *in) {
  const int lane = threadIdx.x % 32;
  int v = in[threadIdx.x];
  unsigned long long bal = __ballot(v > 3);
  while (bal != 0) {
    const int who = __ffsll(bal) - 1;
    bal &= bal - 1;
    out[lane] += __shfl(v, who);
  }
  out[threadIdx.x] += __shfl(v, lane + 1);
  int bal32 = __ballot(v > 5);
  out[lane] += __shfl(v, __ffs(bal32) - 1);
}
// CHECK: wave64-shuffle-width.hip:41:18: note: __shfl reads the lane a ballot's bit names, a lane of the whole wavefront: its default width is right at 64 [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.hip:43:23: error: __shfl without a width argument spans the whole 64-lane wavefront, but the lane math of this function assumes 32 lanes; pass the width explicitly or compute lanes from warpSize (lanes 32-63 read source lanes of the first half) [wave64-shuffle-width]
// CHECK: wave64-shuffle-width.hip:35:32: note: lanes computed for 32-wide warps here: 'threadIdx.x % 32'
// CHECK: wave64-shuffle-width.hip:45:16: note: __shfl reads the lane a ballot's bit names

// A scan step that rises under `d < 32` from a start no constant gives
// stays below 32 when the start cannot be negative (an unsigned count); a
// signed start may be negative, and stays judged.
__device__ void scanFrom(long &val, long *sbuf, const unsigned char dim,
                         int sdim) {
  const int lane = threadIdx.x & 31;
  for (int d = dim; d < 32; d *= 2) {
    unsigned int part = __shfl_up((int)val, d);
    if (lane >= d) val += part;
  }
  for (int d = sdim; d < 32; d *= 2) {
    unsigned int part = __shfl_up((int)val, d);
    if (lane >= d) val += part;
  }
  if (lane == 31) sbuf[threadIdx.x >> 5] = val;
}
// CHECK: wave64-shuffle-width.hip:[[@LINE-9]]:25: note: __shfl_up without a width argument, beside lane math by 32, reads only within each lane's own 32-lane half here: right at either width
// CHECK: wave64-shuffle-width.hip:[[@LINE-6]]:25: warning: __shfl_up without a width argument spans the whole 64-lane wavefront
// CHECK: wave64-shuffle-width.hip:[[@LINE-13]]:32: note: lanes computed for 32-wide warps here: 'threadIdx.x & 31'

// A broadcast from lane 0 reads the wavefront's first lane at any width;
// the second leader that `lane == 0` by 32 makes at 64 is the lane math's
// defect, reported there (wave64-warp-size-literal), not this read's.
__global__ void leaderBroadcast(int *next, int *items) {
  int lane = threadIdx.x % 32;
  int i;
  if (lane == 0)
    i = atomicAdd(next, 1);
  // CHECK: :[[@LINE+1]]:7: note: __shfl broadcasts lane 0, the wavefront's first lane at any width: right at 64 as a read; lane math by 32 beside it makes lane 32 a second leader, which is reported where that math is written [wave64-shuffle-width]
  i = __shfl(i, 0);
  items[i * 32 + lane] = lane;
}
