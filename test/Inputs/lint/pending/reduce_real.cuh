// Its type comes from a header the CUDA build includes first: the HIP parse
// of the region fails, and the token scan reads it.
#pragma once
#if defined(SOLVER_USING_CUDA)
static __device__ Real block_sum(Real v)
{
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffff, v, off);
  return v;
}
#endif
