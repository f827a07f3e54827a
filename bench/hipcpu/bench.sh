#!/bin/sh
# Builds and runs the hipcpu speed benchmark (not a test).
# Usage: bench/hipcpu/bench.sh [build-dir]   (default: build)
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build}
[ -f "$BUILD/build.ninja" ] || cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$BUILD" hipcpu-bench >/dev/null
echo "hipcpu speed, $(nproc) cores, HIPCPU_THREADS=${HIPCPU_THREADS:-all}"
"$BUILD/bin/hipcpu-bench"
