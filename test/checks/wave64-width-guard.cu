// RUN: hipport lint %s --checks='-*,wave64-width-guard' --fail-on=never --quiet \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:' --implicit-check-not='note:'
#include <cstdio>
#include <cstdlib>

#define WARP_SIZE 32
#define REQUIRE_32(ws) if ((ws) != 32) std::exit(2)
// Macro case: reported at the comparison in the macro body.
// CHECK: :[[@LINE-2]]:33: error: 'REQUIRE_32(ws)' singles out 32-wide warps

__global__ void device_guard(int *status) {
  // CHECK: :[[@LINE+1]]:16: error: 'warpSize != 32' singles out 32-wide warps; AMD CDNA wavefronts have 64 lanes: make the code correct at any warp width [wave64-width-guard]
  if (warpSize != 32) {
    status[0] = -1;
    return;
  }
  status[0] = 1;
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  // CHECK: :[[@LINE+1]]:21: error: 'prop.warpSize != 32' singles out 32-wide warps
  if (prop.warpSize != 32)
    return 1;
  int ws = 0;
  cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, 0);
  // A queried width compared with a 32-valued warp constant.
  // CHECK: :[[@LINE+2]]:10: error: 'ws != WARP_SIZE' singles out 32-wide warps
  // CHECK: :6:19: note: 'WARP_SIZE' defined as 32 here
  if (ws != WARP_SIZE)
    return 1;
  int width = prop.warpSize;
  // CHECK: :[[@LINE+1]]:13: error: 'width == 32' singles out 32-wide warps
  if (width == 32)
    std::puts("32");
  REQUIRE_32(ws);

  // Negatives: a width compared with 64 picks a path for CDNA, sizes that
  // are not widths, and widths used in arithmetic.
  if (prop.warpSize == 64)
    std::puts("wave64");
  int n = 32, blocks = 0;
  cudaDeviceGetAttribute(&blocks, cudaDevAttrMultiProcessorCount, 0);
  if (blocks == 32 || n != 32)
    std::puts("count");
  size_t perBlock = (256 / ws) * sizeof(float);
  std::printf("%zu\n", perBlock);
  return 0;
}

// A dispatch on the width runs at either width: not a guard.
__global__ void k32(int *o) { o[0] = 32; }
__global__ void k64(int *o) { o[0] = 64; }
void dispatch(int *o) {
  int ws = 0;
  cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, 0);
  if (ws == 32)
    k32<<<1, 64>>>(o);
  else
    k64<<<1, 64>>>(o);
  int lanes = ws == 32 ? 32 : 64;
  o[1] = lanes;
}

// A framework's width query required to be 64 inside a check macro refuses
// RDNA's 32-lane wavefronts: a warning. The same comparison in a plain `if`
// picks a path (see above).
namespace fw { int warp_size(); }
#define FW_CHECK(cond, msg) do { if (!(cond)) std::puts(msg); } while (0)
void cache_setup() {
  // CHECK: :[[@LINE+1]]:28: warning: '{{.*}}' singles out 64-wide wavefronts; AMD RDNA GPUs run 32 lanes: make the code correct at any warp width [wave64-width-guard]
  FW_CHECK(fw::warp_size() == 64, "cache needs 64 lanes");
  if (fw::warp_size() == 64)
    std::puts("cdna");
}
