// RUN: hipport lint %s --checks='-*,wave64-layout-vs-warpsize' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'

// A data layout whose width is a compile-time function of a template
// parameter: 32 lanes for a split layout, 64 for a full one. On a 64-lane
// wavefront a split layout puts two groups in one wave.
enum class Layout { Split, Full };
constexpr int layoutWidth(Layout L) { return L == Layout::Split ? 32 : 64; }
template <Layout L> constexpr int c_width = layoutWidth(L);
template <Layout L> constexpr int c_pairSize = 64;
#define LANE_OF(t) ((t) & (warpSize - 1))

template <Layout L>
__global__ void kernel(float *out, const unsigned *masks) {
  const unsigned tidx = threadIdx.x;
  const unsigned group = (c_pairSize<L> == warpSize) ? 0 : tidx / c_width<L>;
  const unsigned lane = tidx & (warpSize - 1);
  unsigned m = masks[group];
  if (warpSize == 64)
    m |= 1;
  out[tidx] = lane + m + LANE_OF(tidx);
}
// CHECK: wave64-layout-vs-warpsize.cu:11:28: warning: warpSize used as the width of a layout that is 'c_pairSize<L>' lanes wide (compared at line 16): on a 64-lane wavefront running a 32-lane layout, lanes of two layout groups mix; use the layout's width [wave64-layout-vs-warpsize]
// CHECK: wave64-layout-vs-warpsize.cu:16:44: warning: 'c_pairSize<L> == warpSize' compares the layout's compile-time width 'c_pairSize<L>' with warpSize, the wavefront's: a 32-lane layout on a 64-lane wavefront (or the reverse) makes them differ and the test picks the wrong path; compare with the layout's own width [wave64-layout-vs-warpsize]
// CHECK: wave64-layout-vs-warpsize.cu:17:33: warning: warpSize used as the width of a layout that is 'c_pairSize<L>' lanes wide (compared at line 16): on a 64-lane wavefront running a 32-lane layout, lanes of two layout groups mix; use the layout's width [wave64-layout-vs-warpsize]

// The layout's width tested against 64 in a constant expression: the
// shuffle tree and the last-lane test below use the wavefront's width.
template <Layout L>
__device__ float reduce(float v, unsigned tidx) {
  if constexpr (layoutWidth(L) == 64)
    v += __shfl_xor(v, 32);
  for (int o = warpSize >> 1; o > 0; o >>= 1)
    v += __shfl_down(v, o);
  return (tidx & (warpSize - 1)) == 0 ? v : 0.f;
}
// CHECK: wave64-layout-vs-warpsize.cu:[[@LINE-4]]:16: warning: warpSize used as the width of a layout that is 'layoutWidth(L)' lanes wide (compared at line 31): {{.*}} [wave64-layout-vs-warpsize]
// CHECK: wave64-layout-vs-warpsize.cu:[[@LINE-3]]:19: warning: warpSize used as the width of a layout that is 'layoutWidth(L)' lanes wide (compared at line 31): {{.*}} [wave64-layout-vs-warpsize]

// Negatives: no layout width of its own (warpSize is the width), a
// hardware test, a template parameter compared with a literal but no
// warpSize, and the layout's own width used for its lanes.
__device__ float plain(float v) {
  for (int o = warpSize >> 1; o > 0; o >>= 1)
    v += __shfl_down(v, o);
  if (warpSize == 64)
    v += 1;
  return v;
}
template <int N> __device__ int fixedN(int x) { return N == 32 ? x : x + 1; }
template <Layout L>
__device__ unsigned ownLanes(unsigned tidx) {
  if constexpr (c_width<L> == 64)
    return tidx & 63;
  return tidx & (c_width<L> - 1);
}

// Instantiated: a template no code comes from would hold only notes.
template __global__ void kernel<Layout::Split>(float *, const unsigned *);
__global__ void use_reduce(float *out) {
  out[threadIdx.x] = reduce<Layout::Split>(out[threadIdx.x], threadIdx.x);
}
