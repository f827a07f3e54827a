// A device helper that returns nothing, takes no writable reference and
// makes no collective (nor does what it calls) keeps its 32-lane groups to
// itself: they number its own threads' work, right at any width, even
// where its kernel shuffles elsewhere (a re-creation of a per-warp graph
// routine whose sibling routine shuffles).
// RUN: hipport lint %s --checks='-*,wave64-warp-size-literal' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <hip/hip_runtime.h>

#define WS 32

__device__ void perWarpFill(int *dist, int n) {
  const int lane = threadIdx.x % WS;
  for (int i = lane; i < n; i += WS)
    dist[i] = 0;
}

// Returns its lane index: the caller's shuffles may use it.
__device__ int laneOf() {
  return threadIdx.x % WS;
}

// Hands its lane index out through a reference: judged as well.
__device__ void laneInto(int &lane) {
  lane = threadIdx.x % WS;
}

__global__ void kernel(int *dist, float *out, int n) {
  perWarpFill(dist, n);
  int lane;
  laneInto(lane);
  out[threadIdx.x] = __shfl(out[threadIdx.x], laneOf() + lane);
}
// CHECK: no-cross-lane-helper.hip:10:12: warning: 'WS' (= 32) is used as the warp width; AMD wavefronts have 64 lanes: derive it from warpSize [wave64-warp-size-literal]
// CHECK: no-cross-lane-helper.hip:13:32: note: used as the warp width here: 'threadIdx.x % WS'
// CHECK: no-cross-lane-helper.hip:20:22: note: used as the warp width here: 'threadIdx.x % WS'
// CHECK: no-cross-lane-helper.hip:25:22: note: used as the warp width here: 'threadIdx.x % WS'
// CHECK: no-cross-lane-helper.hip:14:34: note: strides over its own group's lanes here
// CHECK: no-cross-lane-helper.hip:13:32: note: lane index 'threadIdx.x % WS' assumes 32-wide warps; no lane here reads another's
// CHECK: no-cross-lane-helper.hip:10:12: note: 'WS' defined as 32 here
// CHECK: no-cross-lane-helper.hip:20:22: warning: lane index 'threadIdx.x % WS' assumes 32-wide warps; AMD wavefronts have 64 lanes
// CHECK: no-cross-lane-helper.hip:10:12: note: 'WS' defined as 32 here
// CHECK: no-cross-lane-helper.hip:25:22: warning: lane index 'threadIdx.x % WS' assumes 32-wide warps; AMD wavefronts have 64 lanes
// CHECK: no-cross-lane-helper.hip:10:12: note: 'WS' defined as 32 here
