#!/usr/bin/env bash
# Record/replay on cuda-samples programs (issue 16 item 3):
#   bench/validate-record.sh /path/to/cuda-samples [out-dir]
# Per sample (copied and ported as bench/validate-cuda-samples.sh does):
#   1. validate --program --wave 64 --reference-once          (plain)
#   2. the same with --record OUT/<name>/rec                  (recording)
#   3. validate --replay OUT/<name>/rec/reference --wave 64   (replay)
# and prints the time of 1 and 2, the recording's size and launches, the
# launch-by-launch verdict per kernel at 64 (from 2) and the replay's (3).
# ONLY="a b" picks samples by name (default: six of the twenty); KEEP=1
# keeps the recordings' data files and work directories. FLAGS passes
# validate options to 1 and 2 (e.g. --free-running); TIMEOUT is the limit
# per program or replay run (default 360 s); REPLAY_LAUNCHES the launches
# per kernel of 3 (default 16); NO_PLAIN=1 skips 1. A record run stopped
# by its timeout keeps every launch that finished (docs/validate-record.md),
# so 3 still replays those: the way to verdicts for a sample whose
# reference runs longer than one can wait. SCAN_CYCLES=N runs scan's
# main.cpp with N of its 100 cycles (iCycles) in both trees: each cycle
# launches the same kernels on the same inputs, so one cycle holds every
# distinct launch of the 100 (3,300 launches, 33 distinct).
set -uo pipefail
SRC=$(cd "$1" && pwd)
OUT=${2:-$(mktemp -d)}
HERE=$(cd "$(dirname "$0")" && pwd)
HIPPORT=${HIPPORT:-$HERE/../build/bin/hipport}
ONLY=${ONLY:-"vectorAdd simpleVoteIntrinsics shfl_scan matrixMul reduction histogram"}
ONLY="$ONLY" PREPARE_ONLY=1 HIPPORT=$HIPPORT "$HERE/validate-cuda-samples.sh" "$SRC" "$OUT" > /dev/null
for name in $ONLY; do
  dir=$OUT/$name
  [ "$name" = scan ] && [ -n "${SCAN_CYCLES:-}" ] &&
    sed -i "s/const int iCycles = 100;/const int iCycles = $SCAN_CYCLES;/" "$dir"/cuda/main.cpp "$dir"/hip/main.cpp
  args=() limit=${TIMEOUT:-360}
  [ "$name" = matrixMul ] && args=(--run-arg=-wA=128 --run-arg=-hA=128 --run-arg=-wB=128 --run-arg=-hB=128)
  common=(--program --reference cuda-cpu --wave 64 --reference-once --timeout $limit -j 2 ${FLAGS:-} "${args[@]}")
  SECONDS=0 plain=-
  [ -n "${NO_PLAIN:-}" ] ||
    { "$HIPPORT" validate "${common[@]}" --work-dir "$dir/work-plain" "$dir/cuda" "$dir/hip" > "$dir/plain.txt" 2>&1
      plain=$SECONDS; }
  SECONDS=0
  rm -rf "$dir/rec"
  "$HIPPORT" validate "${common[@]}" --record "$dir/rec" --work-dir "$dir/work-rec" "$dir/cuda" "$dir/hip" > "$dir/record.txt" 2>&1
  rec=$SECONDS; SECONDS=0
  "$HIPPORT" validate --replay "$dir/rec/reference" --wave 64 --no-lint --timeout $limit -j 2 \
    --replay-launches "${REPLAY_LAUNCHES:-16}" \
    --work-dir "$dir/work-replay" "$dir/cuda" "$dir/hip" > "$dir/replay.txt" 2>&1
  rep=$SECONDS
  size() { du -sb "$1" 2>/dev/null | cut -f1; }
  launches=$(grep -c '^launch ' "$dir/rec/reference/manifest.txt" 2>/dev/null)
  limit_hit=$(grep -m1 '^limit-reached' "$dir/rec/reference/manifest.txt" 2>/dev/null)
  verdict=$(grep -m1 '^hip-cpu w64 program' "$dir/record.txt" | cut -c1-60)
  echo "== $name: program ${verdict:-hip-cpu w64 program not-run}"
  # A reference stopped by its timeout: the port was not run.
  grep -m1 '^reference:' "$dir/record.txt" | grep -v ', pass' | cut -c1-160 | sed 's/^/   record: /'
  echo "   time: plain ${plain}s, recording ${rec}s, replay ${rep}s; reference recording $(size "$dir/rec/reference") bytes, port $(size "$dir/rec/hip-cpu-w64") bytes; $launches launch(es) ${limit_hit:+($limit_hit)}"
  sed -n '/^  launches:/,/^[^ ]/p' "$dir/record.txt" | grep '^    ' | cut -c1-200 | sed 's/^/   record: /'
  grep -E '^(PASS|FAIL) |^  hip-cpu w64|^  reference:' "$dir/replay.txt" | cut -c1-160 | sed 's/^/   replay: /'
  grep -m1 'hipport: error' "$dir/replay.txt" | sed 's/^/   replay: /'
  # The data files are big (whole allocations); KEEP=1 keeps them.
  [ -n "${KEEP:-}" ] || rm -rf "$dir"/rec/*/data "$dir"/work-*
done
