// A TU that does not parse: constants computed from a warp width of 32 (one
// defined here, found on the recovered AST; one from a header lint could
// not find, found by the token scan) and their uses in extents and loops.
// RUN: hipport lint %s --checks='-*,wave64-warp-constant-use' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include "project_headers_not_found.h"

#define WARP_SIZE 32
constexpr int kBitsPerWord = 32;
static const int WS = 32;
static const int MSB = 1 << (WS - 1);

template <typename T, int NumWarpQ, int ThreadsPerBlock>
struct BlockQueue {
  // kWarpSize is the header's: its value is unknown here, its name says it.
  // CHECK: :[[@LINE+1]]:24: warning: 'kNumWarps' is computed from a warp width of 32: a count of warps or of per-lane items of 32-wide warps; derive it from the wavefront's width (seen in the text: this file did not parse) [wave64-warp-constant-use]
  static constexpr int kNumWarps = ThreadsPerBlock / kWarpSize;
  // CHECK: :[[@LINE+1]]:24: warning: 'kRegs' is computed from the warp width 'WARP_SIZE' (= 32)
  static constexpr int kRegs = NumWarpQ / WARP_SIZE;
  // CHECK: :[[@LINE+1]]:10: warning: array 'regs' is sized 'kRegs' with 'kRegs', computed from a warp width of 32
  T regs[kRegs];
  __device__ T sum() {
    T s = 0;
    // CHECK: :[[@LINE+1]]:25: warning: loop bound 'kRegs' counts warps or per-lane items with 'kRegs', computed from a warp width of 32
    for (int i = 0; i < kRegs; ++i)
      s += __shfl_xor_sync(0xffffffffu, regs[i], 1);
    return s;
  }
};

__global__ void k(float *out, unsigned *bits, int n) {
  // A warp index that is not computed with 32, scaled by 32.
  int warp = threadIdx.y;
  // CHECK: :[[@LINE+1]]:7: warning: 'warp * 32' scales warp index 'warp' by a 32-lane width
  out[warp * 32 + threadIdx.x] = 0.f;
  // Negatives: word widths, a run-time width, one width throughout.
  const int lane = threadIdx.x % WS;
  constexpr int kWords = 256 / kBitsPerWord;
  const int ws = warpSize;
  int nwarps = blockDim.x / ws;
  int wid = threadIdx.x / 32;
  out[wid * 32 + lane] = nwarps;
  bits[n / WS] = MSB | kWords;
}
