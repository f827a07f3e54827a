// An array with one slot per warp, sized with a warp count computed from the
// width, whose index a literal bounds: the literal is the count at one width
// (128 threads make 4 warps of 32, 2 of 64), so at the other the guard lets
// the index past the array. The token scan reads the same in TUs that do
// not parse (wave64-warp-constant-use-count-text.cu).
// RUN: hipport lint %s --checks='-*,wave64-warp-constant-use' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
#include <hip/hip_runtime.h>
#include <cstdint>

#if defined(__GFX9__)
#define WARP_SIZE 64
#else
#define WARP_SIZE 32
#endif
namespace detail { constexpr int warp_size = WARP_SIZE; }
constexpr int block_size = 128;
constexpr int num_warps = block_size / detail::warp_size;

struct state {
  uint64_t rpt_map[num_warps];
  uint32_t scratch[block_size];
};

__device__ uint64_t runs(state *s, int t, int idx) {
  uint64_t c = (t >= 4 || s->rpt_map[t] != ~0ull);
  // CHECK: :[[@LINE-1]]:22: warning: '4' bounds 't', an index of 'rpt_map', whose slots count warps ('num_warps'): a literal warp count holds at one width only (a 64-lane wavefront makes half as many warps), so the guard lets the index past the array; compare with 'num_warps' [wave64-warp-constant-use]
  uint64_t m1 = (idx < 3) ? s->rpt_map[idx + 1] : 0;
  // CHECK: :[[@LINE-1]]:24: warning: '3' bounds 'idx'
  __shared__ uint64_t slots[block_size / WARP_SIZE];
  if (idx < 4)
    // CHECK: :[[@LINE-1]]:13: warning: '4' bounds 'idx', an index of 'slots', whose slots count warps ('block_size / WARP_SIZE')
    slots[idx] = c;
  // Negatives: the guard names the count; an array not sized by warps; a
  // bound of 1.
  uint64_t m2 = (idx < num_warps) ? s->rpt_map[idx] : 0;
  uint32_t w = (idx < 4) ? s->scratch[idx] : 0;
  uint64_t m3 = (idx < 1) ? s->rpt_map[idx] : 0;
  return c + m1 + m2 + w + m3 + slots[0];
}
