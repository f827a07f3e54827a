// A TU that does not parse: an array with one slot per warp, sized with a
// warp count computed from the width, whose index a literal bounds. The
// literal is the warp count at one width (128 threads make 4 warps of 32, 2
// of 64), so on a 64-lane wavefront the guard lets the index past the array
// (hipDF's parquet page encoder before its wave64 fix).
// RUN: hipport lint %s --checks='-*,wave64-warp-constant-use' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include "project_headers_not_found.h"

constexpr int encode_block_size = 128;
constexpr int num_encode_warps  = encode_block_size / cudf::detail::warp_size;

struct page_enc_state {
  bitmask_type rpt_map[num_encode_warps];
  uint32_t scratch[encode_block_size];
};

__device__ void run_lengths(page_enc_state *s, int t, int idx) {
  bitmask_type c = ballot(t >= 4 || s->rpt_map[t] != LANE_MASK_ALL);
  // CHECK: :[[@LINE-1]]:32: warning: '4' bounds 't', an index of 'rpt_map', whose slots count warps ('num_encode_warps'): a literal warp count holds at one width only (a 64-lane wavefront makes half as many warps), so the guard lets the index past the array; compare with 'num_encode_warps' (seen in the text: this file did not parse) [wave64-warp-constant-use]
  bitmask_type m0 = (idx < 4) ? s->rpt_map[idx] : 0;
  // CHECK: :[[@LINE-1]]:28: warning: '4' bounds 'idx'
  bitmask_type m1 = (3 > idx) ? s->rpt_map[idx + 1] : 0;
  // CHECK: :[[@LINE-1]]:22: warning: '3' bounds 'idx'
  // Negatives: the guard names or computes the count; an array not sized by
  // warps; a bound of 1 (the first slot, there at any width).
  bitmask_type m2 = (idx < num_encode_warps) ? s->rpt_map[idx] : 0;
  m2 |= (idx < 128 / cudf::detail::warp_size) ? s->rpt_map[idx] : 0;
  uint32_t w = (idx < 4) ? s->scratch[idx] : 0;
  bitmask_type m3 = (idx < 1) ? s->rpt_map[idx] : 0;
  s->scratch[0] = c + m0 + m1 + m2 + w + m3;
}
