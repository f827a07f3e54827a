#!/bin/bash
# The `cuda` backend on an NVIDIA GPU as the reference for
# examples/validate-wave64, checked against `cuda-cpu` (runtime/hipcpu).
# hipport itself needs LLVM 22, which the GPU machine lacks, so the work is
# split in three steps:
#   prepare (here):    hipport records the cuda-cpu reference and writes the
#                      cuda driver it could not build here (no GPU)
#   device  (H200):    nvcc builds that driver; it runs every kernel on the
#                      recorded inputs and writes the outputs to $OUT
#   finish  (here):    the H200 outputs become a golden record (reference
#                      "cuda"), and hipport validates cuda-cpu and the port
#                      against it
# Usage: bench/validate-h200.sh prepare|device|finish [H200_OUT_DIR]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
EX=$ROOT/examples/validate-wave64
B=$ROOT/bench/validate-h200
HIPPORT=${HIPPORT:-$ROOT/build/bin/hipport}
KERNELS="blockSumBroadcast blockSumSlots countAbove halfWarpSum scale"

case "${1:-}" in
prepare)
  rm -rf "$B/bundle" /tmp/hipport-h200-work
  mkdir -p "$B/bundle"
  "$HIPPORT" validate --reference cuda-cpu --target cuda --work-dir /tmp/hipport-h200-work \
    --record "$B/bundle/golden-cpu" "$EX/cuda" "$EX/fixed" || true
  # The driver includes the kernel file by absolute path; make it relative.
  sed "s|#include \"$EX/cuda/wave64.cu\"|#include \"../../../examples/validate-wave64/cuda/wave64.cu\"|" \
    /tmp/hipport-h200-work/unbuilt/cuda/wave64.cu > "$B/bundle/driver.cu"
  ;;
device)
  cd "$B/bundle"
  nvidia-smi -L
  nvcc --version | tail -2
  nvcc -std=c++17 -O2 -w -arch=sm_90 -x cu driver.cu -o driver
  for k in $KERNELS; do
    mkdir -p "$OUT/$k"
    ./driver "$k" "golden-cpu/$k/in" "$OUT/$k"
    echo "$k: ran"
  done
  nvcc --version | grep release > "$OUT/nvcc-version.txt"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$OUT/nvcc-version.txt"
  ;;
finish)
  H200=${2:?give the folder the H200 outputs came back to}
  G=/tmp/hipport-h200-golden
  rm -rf "$G" && cp -r "$B/bundle/golden-cpu" "$G"
  for k in $KERNELS; do cp "$H200/$k"/*.bin "$G/$k/out/"; done
  TOOL=$(tr '\n' ' ' < "$H200/nvcc-version.txt")
  python3 - "$G/manifest.json" "$TOOL" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["reference"] = "cuda"
m["toolchain"] = "nvcc on an NVIDIA H200: " + sys.argv[2].strip()
json.dump(m, open(sys.argv[1], "w"), indent=2)
PY
  echo "== cuda-cpu (the original on runtime/hipcpu, width 32) against cuda on the H200"
  "$HIPPORT" validate --reference golden:$G --target cuda-cpu "$EX/cuda" "$EX/cuda" || true
  echo "== the port at widths 64 and 32 against cuda on the H200"
  "$HIPPORT" validate --reference golden:$G --wave both "$EX/cuda" "$EX/hip" || true
  echo "== the fixed port against cuda on the H200"
  "$HIPPORT" validate --reference golden:$G --wave both "$EX/cuda" "$EX/fixed" || true
  ;;
*)
  echo "usage: $0 prepare|device|finish [H200_OUT_DIR]" >&2
  exit 2
  ;;
esac
