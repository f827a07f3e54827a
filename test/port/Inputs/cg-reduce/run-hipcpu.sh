#!/usr/bin/env bash
# Builds a ported .cu against runtime/hipcpu and runs it at warp width $3.
#   run-hipcpu.sh SRC_ROOT PORTED.cu WIDTH WORKDIR
set -euo pipefail
SRC=$1 FILE=$2 WIDTH=$3 WORK=$4
LIB=$(dirname "$(command -v hipport)")/../runtime/hipcpu/libhipcpu.a
# The port's HIP includes resolve to empty stubs: hipcpu's header stands in.
mkdir -p "$WORK/stub/hip"
: > "$WORK/stub/hip/hip_runtime.h"
: > "$WORK/stub/hip/hip_cooperative_groups.h"
g++ -std=c++17 -O1 -w -I"$WORK/stub" -I"$SRC/runtime/hipcpu/include" \
  -include hipcpu/hip_runtime.h -x c++ "$FILE" -x none "$LIB" \
  -lboost_context -lpthread -o "$WORK/run$WIDTH"
HIPCPU_WARP_SIZE=$WIDTH "$WORK/run$WIDTH"
