#!/usr/bin/env bash
# Program-mode validation of 20 NVIDIA/cuda-samples programs (no graphics,
# no multi-GPU), chosen before running any of them:
#   bench/validate-cuda-samples.sh /path/to/cuda-samples [out-dir]
# Fetches nothing. Per sample: its directory and the headers of Common/
# are copied into OUT/<name>/cuda, `hipport port` makes OUT/<name>/hip, and
#   hipport validate --program --reference cuda-cpu --wave both
# runs the original on runtime/hipcpu at width 32 as the reference and the
# port at 64 and 32. One line per sample with the verdict at each width,
# then a summary. Logs: OUT/<name>/validate.txt. ONLY="a b" runs just the
# samples of those names (for re-checking one; the figures come from all).
# FLAGS="--free-running" adds validate options to every run.
set -uo pipefail
SRC=$(cd "$1" && pwd)
OUT=${2:-$(mktemp -d)}
HIPPORT=${HIPPORT:-$(cd "$(dirname "$0")/.." && pwd)/build/bin/hipport}
SAMPLES="
0_Introduction/asyncAPI
0_Introduction/clock
0_Introduction/fp16ScalarProduct
0_Introduction/matrixMul
0_Introduction/mergeSort
0_Introduction/simpleAtomicIntrinsics
0_Introduction/simpleCallback
0_Introduction/simpleCooperativeGroups
0_Introduction/simpleOccupancy
0_Introduction/simpleStreams
0_Introduction/simpleTemplates
0_Introduction/simpleVoteIntrinsics
0_Introduction/simpleZeroCopy
0_Introduction/template
0_Introduction/vectorAdd
2_Concepts_and_Techniques/histogram
2_Concepts_and_Techniques/reduction
2_Concepts_and_Techniques/scalarProd
2_Concepts_and_Techniques/scan
2_Concepts_and_Techniques/shfl_scan
"
if [ -n "${ONLY:-}" ]; then
  SAMPLES=$(for s in $SAMPLES; do for o in $ONLY; do [ "$(basename "$s")" = "$o" ] && echo "$s"; done; done)
fi
mkdir -p "$OUT"
echo "cuda-samples $(git -C "$SRC" rev-parse --short HEAD 2>/dev/null || cat "$SRC.COMMIT" 2>/dev/null | cut -c1-8)"
printf '%-26s %-12s %-12s %s\n' sample w64 w32 "first difference or error"
declare -A COUNT
for s in $SAMPLES; do
  name=$(basename "$s")
  dir=$OUT/$name
  rm -rf "$dir"
  mkdir -p "$dir/cuda"
  # Common's headers first: a sample's own file of the same name wins.
  find "$SRC/Common" -maxdepth 1 -name '*.h' -exec cp {} "$dir/cuda/" \;
  cp -r "$SRC/Samples/$s/." "$dir/cuda/"
  rm -f "$dir/cuda/CMakeLists.txt" "$dir/cuda/"*.sln "$dir/cuda/"*.vcxproj* "$dir/cuda/Makefile"
  "$HIPPORT" port "$dir/cuda" -o "$dir/hip" --allow-non-utf8 -j 2 > "$dir/port.txt" 2>&1
  # PREPARE_ONLY=1: copy and port only (bench/validate-record.sh).
  [ -n "${PREPARE_ONLY:-}" ] && continue
  # The sample's own options where its default size is a GPU benchmark
  # that hipcpu cannot run in the time limit (matrixMul: 300 products of
  # 320x320 by 640x320 matrices; the same code on 128x128 ones).
  # simpleStreams has no size option: 60 launches of 16M threads take about
  # 200 s per run on hipcpu, so it gets a longer limit per run.
  args=() limit=120
  case $name in
    matrixMul) args=(--run-arg=-wA=128 --run-arg=-hA=128 --run-arg=-wB=128 --run-arg=-hB=128) ;;
    simpleStreams) limit=480 ;;
    # In lockstep mode (validate's default) these three take 3-8 times
    # their free-running 35-50 s per run.
    mergeSort|reduction) limit=360 ;;
    # histogram: 64 MiB of bytes binned in shared memory, a statement step
    # per byte per lane in lockstep. scan: 100 cycles of 6.8M-element scans
    # with no size option, ~1,500 CPU s per run (docs/hipcpu.md, cost).
    histogram) limit=1800 ;;
    scan) limit=5400 ;;
  esac
  SECONDS=0
  timeout 14400 "$HIPPORT" validate --program --reference cuda-cpu --wave both \
    --timeout $limit -j 2 --work-dir "$dir/work" ${FLAGS:-} "${args[@]}" "$dir/cuda" "$dir/hip" \
    > "$dir/validate.txt" 2>&1
  verdict() { grep -m1 "^hip-cpu w$1 program" "$dir/validate.txt" | awk '{print $4}' | tr -d ':'; }
  w64=$(verdict 64); w32=$(verdict 32)
  [ -z "$w64" ] && w64=ERROR && w32=ERROR
  why=$(grep -m1 -E '^(reference: .*(ERROR|TIMEOUT)|  (stdout|exit|output)|hip-cpu w64 program [A-Z-]+:|hipport: error)' "$dir/validate.txt" | cut -c1-110)
  printf '%-26s %-12s %-12s %s (%ss)\n' "$name" "$w64" "$w32" "$why" "$SECONDS"
  COUNT[$w64]=$(( ${COUNT[$w64]:-0} + 1 ))
done
[ -n "${PREPARE_ONLY:-}" ] && exit 0
echo -n "at width 64:"
for k in "${!COUNT[@]}"; do echo -n " $k ${COUNT[$k]}"; done
echo
