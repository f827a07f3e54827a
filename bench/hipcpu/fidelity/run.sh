#!/bin/sh
# Fidelity of hipcpu against an NVIDIA GPU, at warpSize 32.
#   bench/hipcpu/fidelity/run.sh gpu OUTDIR   on the GPU machine: nvcc build + run
#   bench/hipcpu/fidelity/run.sh cpu OUTDIR   here: hipcpu build + run
#   bench/hipcpu/fidelity/run.sh compare GPU.bin CPU.bin
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
case "$1" in
gpu)
  mkdir -p "$2"
  nvcc -arch=sm_90 -O2 -x cu "$HERE/fidelity.cu" -o "$2/fidelity-gpu"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  "$2/fidelity-gpu" "$2/gpu.bin"
  ;;
cpu)
  mkdir -p "$2"
  BUILD=${BUILD:-$ROOT/build}
  ninja -C "$BUILD" hipcpu >/dev/null
  ${CXX:-g++} -std=c++17 -O2 -x c++ -I "$ROOT/runtime/hipcpu/include" \
    -include hipcpu/cuda_runtime.h "$HERE/fidelity.cu" -x none \
    "$BUILD/runtime/hipcpu/libhipcpu.a" -lboost_context -lpthread \
    -o "$2/fidelity-cpu"
  HIPCPU_WARP_SIZE=32 "$2/fidelity-cpu" "$2/cpu.bin"
  ;;
compare)
  python3 "$HERE/compare.py" "$2" "$3"
  ;;
*)
  echo "usage: $0 gpu|cpu OUTDIR | compare GPU.bin CPU.bin" >&2
  exit 2
  ;;
esac
