// A 32 that initializes a local whose only later uses sit in a branch this
// pass drops reaches nothing; the same declaration used by active code, or
// never named again (a macro of another file may read it), is judged.
// RUN: hipport lint %s --checks='-*,wave64-width-literal' --fail-on=never --quiet -- -DUSE_ROCM \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reduceRows(float *out, int gid) {
  float v = out[threadIdx.x];
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
#ifdef USE_ROCM
  v += __shfl_xor(v, 1);
#else
  auto group = cg::labeled_partition(warp, gid);
  v = cg::reduce(group, v, cg::plus<float>());
#endif
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  // CHECK: :[[@LINE-1]]:35: warning: '32' beside 'this_thread_block' reads as the lane count of a 32-wide warp
  out[threadIdx.x] = tile.shfl_down(v, 1);
  // Never named again in this text: a macro of another file may read it.
  auto spare = cg::tiled_partition<32>(cg::this_thread_block());
  // CHECK: :[[@LINE-1]]:36: warning: '32' beside 'this_thread_block' reads as the lane count of a 32-wide warp
}
