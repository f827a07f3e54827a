// Its type and qualifier come from a header the CUDA build includes first:
// the HIP parse of the region fails. clang recovers block_sum's calls; the
// token scan reads last_lane, which the parse drops.
#pragma once
#if defined(SOLVER_USING_CUDA)
static __device__ Real block_sum(Real v)
{
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffff, v, off);
  return v;
}
SOLVER_DEVICE Real last_lane(Real v)
{
  return __shfl_sync(0xffffffff, v, 31);
}
#endif
