#!/bin/sh
# Builds warp_sum.cpp against hipcpu and runs it at widths 32 and 64.
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
ninja -C "$BUILD" hipcpu >/dev/null
g++ -std=c++17 -O2 -I "$ROOT/runtime/hipcpu/include" -include hipcpu/hip_runtime.h \
  "$ROOT/examples/hipcpu-demo/warp_sum.cpp" "$BUILD/runtime/hipcpu/libhipcpu.a" \
  -lboost_context -lpthread -o /tmp/hipcpu-warp_sum
HIPCPU_WARP_SIZE=32 /tmp/hipcpu-warp_sum
HIPCPU_WARP_SIZE=64 /tmp/hipcpu-warp_sum
