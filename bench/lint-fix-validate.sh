#!/usr/bin/env bash
# Are lint's fix-its right? Per program with a CUDA original and a HIP port
# that validate judges at width 64 and 32:
#   bench/lint-fix-validate.sh /path/to/cuda-samples [out-dir]
# Fetches nothing. Programs: the 7 re-created real wave64 bug patterns of
# examples/validate-real (buggy port hip/, hand-fixed port fixed/) and the
# three NVIDIA cuda-samples whose ports FAIL at 64 for a real wave64
# assumption (simpleVoteIntrinsics, held out of validate's tuning; shfl_scan;
# reduction), copied and ported as bench/validate-cuda-samples.sh does;
# with HECBENCH=/path/to/HeCBench, HeCBench ports a real fix repaired.
# For each: lint findings on the port (errors/warnings), then
# `hipport lint --fix-only='wave64-*'` on a copy, then
#   hipport validate --program --reference cuda-cpu --wave both
# on the port before and after the fix-its. Where a hand-fixed port exists
# (right at 64 and 32), --fix on a copy of it must change nothing: the
# last column. ONLY="a b" runs just those programs; FLAGS adds validate
# options (e.g. "--free-running --reference-once" when time is short).
# Logs and diffs: OUT/<name>/.
set -uo pipefail
SAMPLES_SRC=$(cd "$1" && pwd)
OUT=${2:-$(mktemp -d)}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HIPPORT=${HIPPORT:-$ROOT/build/bin/hipport}
mkdir -p "$OUT"
REAL="ballot-32bit bitpack-two-warps host-launch-n32 lane-mod32-shuffle
lane31-broadcast slots-div32 warpsize-guard"
SAMPLES="simpleVoteIntrinsics shfl_scan reduction"
want() { [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" $1 "* ]]; }

verdict() { # log width
  local v
  v=$(grep -m1 "^hip-cpu w$2 program" "$1" | awk '{print $4}' | tr -d ':')
  echo "${v:-ERROR}"
}
counts() { # lint summary line -> "E/W"
  sed -n 's/.*: \([0-9]*\) error(s), \([0-9]*\) warning(s).*/\1\/\2/p' "$1" | tail -1
}
validate() { # cuda hip log
  local limit=120
  [ "$(basename "$(dirname "$3")")" = reduction ] && limit=360
  timeout 3600 "$HIPPORT" validate --program --reference cuda-cpu --wave both \
    --timeout $limit -j 2 --work-dir "$3.work" ${FLAGS:-} "$1" "$2" > "$3" 2>&1
  rm -rf "$3.work"
}

echo "hipport $(git -C "$ROOT" rev-parse --short HEAD) cuda-samples $(git -C "$SAMPLES_SRC" rev-parse --short HEAD 2>/dev/null || cut -c1-8 "$SAMPLES_SRC.COMMIT" 2>/dev/null)"
printf '%-22s %-7s %-5s %-11s %-11s %-11s %-11s %s\n' program E/W fixes "before w64" "before w32" \
  "after w64" "after w32" "fixed/ untouched"
run_one() { # name dir (with cuda/ and hip/, maybe fixed/)
  local name=$1 d=$2
  "$HIPPORT" lint "$d/hip" -j 2 --fail-on=never > "$d/lint.txt" 2>&1
  rm -rf "$d/hipfix"; cp -r "$d/hip" "$d/hipfix"
  "$HIPPORT" lint "$d/hipfix" -j 2 --fail-on=never --quiet --fix-only='wave64-*' > "$d/fix.txt" 2>&1
  local fixes
  fixes=$(sed -n 's/.*applied \([0-9]*\) fix(es).*/\1/p' "$d/fix.txt" | awk '{s+=$1} END {print s+0}')
  diff -ru "$d/hip" "$d/hipfix" > "$d/fix.diff"
  local untouched=-
  if [ -d "$d/fixed" ]; then
    rm -rf "$d/fixedfix"; cp -r "$d/fixed" "$d/fixedfix"
    "$HIPPORT" lint "$d/fixedfix" -j 2 --fail-on=never --quiet --fix-only='wave64-*' > "$d/fixed-fix.txt" 2>&1
    if diff -rq "$d/fixed" "$d/fixedfix" > /dev/null; then untouched=yes; else untouched=CHANGED; fi
  fi
  validate "$d/cuda" "$d/hip" "$d/before.txt"
  local after64 after32
  if [ "$fixes" -gt 0 ]; then
    validate "$d/cuda" "$d/hipfix" "$d/after.txt"
    after64=$(verdict "$d/after.txt" 64); after32=$(verdict "$d/after.txt" 32)
  else
    after64="(same)"; after32="(same)"
  fi
  printf '%-22s %-7s %-5s %-11s %-11s %-11s %-11s %s\n' "$name" "$(counts "$d/lint.txt")" "$fixes" \
    "$(verdict "$d/before.txt" 64)" "$(verdict "$d/before.txt" 32)" "$after64" "$after32" "$untouched"
}
for n in $REAL; do
  want "$n" || continue
  rm -rf "${OUT:?}/$n"; mkdir -p "$OUT/$n"
  cp -r "$ROOT/examples/validate-real/$n/." "$OUT/$n/"
  run_one "$n" "$OUT/$n"
done
for n in $SAMPLES; do
  want "$n" || continue
  # The copy and port of bench/validate-cuda-samples.sh, nothing else.
  ONLY=$n PREPARE_ONLY=1 HIPPORT=$HIPPORT "$ROOT/bench/validate-cuda-samples.sh" \
    "$SAMPLES_SRC" "$OUT/samples" > /dev/null 2>&1
  rm -rf "${OUT:?}/$n"; mv "$OUT/samples/$n" "$OUT/$n"
  run_one "$n" "$OUT/$n"
done
# HeCBench programs whose HIP port a real fix repaired, when HECBENCH names a
# checkout of zjin-lcf/HeCBench at the fix's parent: jacobi (e0f8b3f28^, a
# `_sync` dropped by hand: __shfl_down(0xffffffff, err, offset)). Its grid
# is cut to a CPU's size in both copies alike (N 2048 -> 256, at most 500
# sweeps): at full size the reference runs past the timeout on hipcpu.
for n in ${HECBENCH:+jacobi}; do
  want "hecbench-$n" || continue
  d=$OUT/hecbench-$n
  rm -rf "${d:?}"; mkdir -p "$d"
  cp -r "$HECBENCH/src/$n-cuda" "$d/cuda"; cp -r "$HECBENCH/src/$n-hip" "$d/hip"
  sed -i 's/^#define N 2048/#define N 256/; s/max_iters = 10000/max_iters = 500/' \
    "$d/cuda/main.cu" "$d/hip/main.cu"
  run_one "hecbench-$n" "$d"
done
# The other 17 samples of bench/validate-cuda-samples.sh pass at 64 and 32
# (bench/results/validate-cuda-samples.txt): --fix must leave them alone,
# and any it edits is validated after the edit. PASSING=0 skips this part.
[ "${PASSING:-1}" = 0 ] && exit 0
OTHERS="asyncAPI clock fp16ScalarProduct matrixMul mergeSort simpleAtomicIntrinsics
simpleCallback simpleCooperativeGroups simpleOccupancy simpleStreams simpleTemplates
simpleZeroCopy template vectorAdd histogram scalarProd scan"
ONLY="$(echo $OTHERS)" PREPARE_ONLY=1 HIPPORT=$HIPPORT "$ROOT/bench/validate-cuda-samples.sh" \
  "$SAMPLES_SRC" "$OUT/passing" > /dev/null 2>&1
edited=0
for n in $OTHERS; do
  d=$OUT/passing/$n
  rm -rf "$d/hipfix"; cp -r "$d/hip" "$d/hipfix"
  "$HIPPORT" lint "$d/hipfix" -j 2 --fail-on=never --quiet --fix-only='wave64-*' > "$d/fix.txt" 2>&1
  fixes=$(sed -n 's/.*applied \([0-9]*\) fix(es).*/\1/p' "$d/fix.txt" | awk '{s+=$1} END {print s+0}')
  [ "$fixes" -eq 0 ] && continue
  edited=$((edited + 1))
  validate "$d/cuda" "$d/hipfix" "$d/after.txt"
  echo "  $n: $fixes fix(es); after: w64 $(verdict "$d/after.txt" 64) w32 $(verdict "$d/after.txt" 32)"
done
echo "samples passing at 64 and 32 that --fix-only='wave64-*' edits: $edited of 17"
