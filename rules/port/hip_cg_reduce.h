// hipport shim for <cooperative_groups/reduce.h>, which HIP lacks (up to the
// newest release hipport's rules know): cg::reduce and its operators for any
// group with size(), thread_rank(), shfl() and shfl_down() (thread_block_tile,
// coalesced_group). A shfl_down tree (lane r combines [r, r + 2d) at step d),
// then rank 0's result broadcast, so every thread of the group gets the
// reduction, as with CUDA's. Correct at warp width 32 and 64, for any group
// size; for commutative, associative operators, as CUDA's are.
#ifndef HIPPORT_CG_REDUCE_SHIM
#define HIPPORT_CG_REDUCE_SHIM
#if !defined(__HIPCPU__)
#include <hip/hip_cooperative_groups.h>
#endif
namespace cooperative_groups {
template <class T> struct plus {
  __host__ __device__ T operator()(const T &A, const T &B) const { return A + B; }
};
template <class T> struct less { // the smaller of the two, as CUDA's cg::less
  __host__ __device__ T operator()(const T &A, const T &B) const { return B < A ? B : A; }
};
template <class T> struct greater { // the larger of the two
  __host__ __device__ T operator()(const T &A, const T &B) const { return A < B ? B : A; }
};
template <class T> struct bit_and {
  __host__ __device__ T operator()(const T &A, const T &B) const { return A & B; }
};
template <class T> struct bit_or {
  __host__ __device__ T operator()(const T &A, const T &B) const { return A | B; }
};
template <class T> struct bit_xor {
  __host__ __device__ T operator()(const T &A, const T &B) const { return A ^ B; }
};
template <class Group, class T, class Op>
__device__ T reduce(const Group &G, T Value, Op Combine) {
  const unsigned N = G.size(), Rank = G.thread_rank();
  for (unsigned D = 1; D < N; D <<= 1) {
    T Other = G.shfl_down(Value, D);
    if (Rank + D < N)
      Value = Combine(Value, Other);
  }
  return G.shfl(Value, 0);
}
} // namespace cooperative_groups
#endif // HIPPORT_CG_REDUCE_SHIM
