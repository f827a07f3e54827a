#!/usr/bin/env bash
# Configures and builds hipport into ${BUILD_DIR:-build} (Release; ccache when
# installed, shared between checkouts of this machine).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-$(nproc)}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
# TARGET=hipport builds just the tool (what scripts/demo.sh needs).
cmake --build "$BUILD_DIR" -j "$JOBS" ${TARGET:+--target "$TARGET"}
