// RUN: hipport lint %s --checks='-*,wave64-warp-constant-use' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
// The same judged as the HIP compiler for AMD sees it (the file tests an AMD
// target macro), where __launch_bounds__ is amdgpu_flat_work_group_size:
// RUN: hipport lint %s --checks='-*,wave64-warp-constant-use' --fail-on=never --quiet -- -DTESTS_TARGET \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#if defined(TESTS_TARGET) && defined(__GFX9__)
#endif

// A square tile whose edge is the warp width: 32 x 32 = 1024 threads, but
// 64 x 64 = 4096 on a 64-lane wavefront, more than a block may have.
constexpr int kWarpSize = 32;

template <typename T>
__device__ T dot(const T a[kWarpSize][kWarpSize + 1],
                 const T b[kWarpSize][kWarpSize + 1]) {
  // CHECK-DAG: :[[@LINE-2]]:28: warning: 'kWarpSize' is the edge of the square tile of kernel 'tiled' (launch bounds 'kWarpSize * kWarpSize'), not a warp width here: on a 64-lane wavefront the tile has 4096 threads; use the tile's own edge [wave64-warp-constant-use]
  // CHECK-DAG: :[[@LINE-2]]:28: warning: 'kWarpSize' is the edge of the square tile
  T s = 0;
  // CHECK-DAG: :[[@LINE+1]]:23: warning: 'kWarpSize' is the edge of the square tile
  for (int i = 0; i < kWarpSize; ++i)
    s += a[threadIdx.y][i] * b[threadIdx.x][i];
  return s;
}

template <typename T>
// CHECK-DAG: :[[@LINE+1]]:19: error: launch bounds 'kWarpSize * kWarpSize' make kernel 'tiled' a square tile with the warp width 'kWarpSize' as its edge: 4096 threads on a 64-lane wavefront, more than the 1024 a block may have; give the tile an edge of its own [wave64-warp-constant-use]
__launch_bounds__(kWarpSize * kWarpSize) __global__ void tiled(T *out, const T *a, const T *b, int n) {
  // CHECK-DAG: :[[@LINE+1]]:19: warning: 'kWarpSize' is the edge of the square tile
  __shared__ T sa[kWarpSize][kWarpSize + 1];
  // CHECK-DAG: :[[@LINE+1]]:19: warning: 'kWarpSize' is the edge of the square tile
  __shared__ T sb[kWarpSize][kWarpSize + 1];
  // CHECK-DAG: :[[@LINE+1]]:26: warning: 'kWarpSize' is the edge of the square tile
  int row = blockIdx.y * kWarpSize + threadIdx.y;
  sa[threadIdx.y][threadIdx.x] = a[row * n + threadIdx.x];
  sb[threadIdx.y][threadIdx.x] = b[row * n + threadIdx.x];
  __syncthreads();
  out[row * n + threadIdx.x] = dot<T>(sa, sb);
}

// Macro case: the width is a macro.
#define WARP_SIZE 32
// CHECK-DAG: :[[@LINE+1]]:19: error: launch bounds 'WARP_SIZE * WARP_SIZE' make kernel 'transpose' a square tile with the warp width 'WARP_SIZE' as its edge
__launch_bounds__(WARP_SIZE * WARP_SIZE) __global__ void transpose(float *o, const float *i) {
  // CHECK-DAG: :[[@LINE+1]]:22: warning: 'WARP_SIZE' is the edge of the square tile of kernel 'transpose'
  __shared__ float t[WARP_SIZE][WARP_SIZE + 1];
  t[threadIdx.y][threadIdx.x] = i[threadIdx.x];
  __syncthreads();
  o[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

// Negatives: warps of the width times a count of warps, and a tile with an
// edge of its own.
constexpr int kWarps = 8;
constexpr int kTile = 32;
__launch_bounds__(kWarpSize * kWarps) __global__ void rows(float *o) {
  o[threadIdx.x % kWarpSize] = 0;
}
__launch_bounds__(kTile * kTile) __global__ void square(float *o) {
  __shared__ float t[kTile][kTile + 1];
  t[threadIdx.y][threadIdx.x] = 0;
  o[0] = t[0][0];
}

// Instantiated: a template no code comes from would hold only notes.
template __global__ void tiled<float>(float *, const float *, const float *,
                                      int);
