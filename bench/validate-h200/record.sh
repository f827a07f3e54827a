#!/bin/sh
# Launch recordings made on an NVIDIA GPU, compared with hipcpu's (issue #16,
# item 3: recordings comparable across machines).
#   record.sh gpu OUT DIR...   on the GPU machine: builds runtime/cudarecord
#       and each DIR's .cu files with nvcc (-cudart shared), runs each under
#       the recorder; OUT/recordings.tar.gz holds OUT/<name>/{manifest.txt,data/}
#   record.sh compare GPU-OUT WORK DIR...   here: for each DIR (a validate
#       example with cuda/ and hip/), hipport validate --record on hipcpu, then
#       the GPU's recording against hipcpu's of the original at 32 and of the
#       port at 64 (hipport validate --compare-recordings), and the GPU's
#       recording replayed in the port's kernels (--replay)
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
HIPPORT=${HIPPORT:-$ROOT/build/bin/hipport}
Mode=$1 Out=$2
shift 2
case "$Mode" in
gpu)
  CUDA=${CUDA_HOME:-/usr/local/cuda}
  mkdir -p "$Out"
  g++ -std=c++17 -O2 -shared -fPIC -I"$CUDA/include" -I"$ROOT/runtime/hipcpu/include" \
    "$ROOT/runtime/cudarecord/cudarecord.cpp" -L"$CUDA/lib64" -lcudart -lcuda \
    -ldl -o "$Out/libcudarecord.so"
  Names=
  for D in "$@"; do
    [ -d "$D/cuda" ] || continue
    N=$(basename "$D")
    Names="$Names $N"
    nvcc -arch=sm_90 -O2 -cudart shared $(ls "$D"/cuda/*.cu "$D"/cuda/*.cpp 2>/dev/null) \
      -o "$Out/$N.exe"
    rm -rf "${Out:?}/$N"
    timeout 120 env HIPCPU_RECORD="$Out/$N" \
      LD_PRELOAD="$Out/libcudarecord.so" "$Out/$N.exe" > "$Out/$N.stdout" 2>&1 || echo "$N: exit $?"
    echo "$N: $(grep -c '^launch' "$Out/$N/manifest.txt") launches"
  done
  (cd "$Out" && tar czf recordings.tar.gz $Names $(for N in $Names; do echo "$N.stdout"; done))
  ;;
compare)
  Work=$1
  shift
  for D in "$@"; do
    [ -d "$D/cuda" ] || continue
    N=$(basename "$D")
    rm -rf "${Work:?}/$N"
    mkdir -p "$Work/$N"
    "$HIPPORT" validate --program --reference cuda-cpu --wave 64 \
      --record "$Work/$N/rec" --work-dir "$Work/$N/work" "$D/cuda" "$D/hip" \
      > "$Work/$N/validate.txt" 2>&1 || true
    echo "== $N: the GPU's recording against hipcpu's of the original (cuda-cpu, 32)"
    "$HIPPORT" validate --compare-recordings "$Out/$N" "$Work/$N/rec/reference" | sed 1,2d || true
    echo "== $N: the GPU's recording against hipcpu's of the port at 64"
    "$HIPPORT" validate --compare-recordings "$Out/$N" "$Work/$N/rec/hip-cpu-w64" | sed 1,2d || true
    echo "== $N: the GPU's recording replayed in the port's kernels at 64 and 32"
    "$HIPPORT" validate --replay "$Out/$N" --wave both --work-dir "$Work/$N/replay" \
      "$D/cuda" "$D/hip" 2>&1 | grep -E '^(pass|FAIL|NO-VERDICT|  hip-cpu|    [a-z].*expected)' || true
  done
  ;;
*)
  echo "usage: $0 gpu OUT DIR... | compare GPU-OUT WORK DIR..." >&2
  exit 2
  ;;
esac
