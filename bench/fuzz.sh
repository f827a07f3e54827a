#!/usr/bin/env bash
# Runs every fuzz target of the build for SECONDS each (#13 asks for an
# hour: bench/fuzz.sh 3600) and prints runs and verdict per target.
#   bench/fuzz.sh [seconds, default 3600] [build dir, default build]
set -uo pipefail
SECS=${1:-3600}
BUILD=${2:-$(dirname "$0")/../build}
SRC=$(cd "$(dirname "$0")/.." && pwd)
declare -A SEEDS=([json]=test/Inputs [rules]=test/Inputs/rules [baseline]=test/Inputs/lint
  [compile-db]=test/fuzz/seeds/compile_commands.json [config]=test/fuzz/seeds/hipport.json [cost-model]=rules/cost-model.json [spec]=test/validate/Inputs)
echo "# bench/fuzz.sh $SECS s per target, $(date -u '+%F %H:%M') UTC, $(git -C "$SRC" rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
# All targets at once, one process each: an hour each in an hour of wall time.
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
TARGETS=(json rules baseline compile-db cost-model spec config)
one() { # TARGET: fuzz it and print one line (the log's tail on failure)
  local t=$1 bin=$BUILD/test/fuzz/fuzz-$1 out rc
  if [ ! -x "$bin" ]; then echo "fuzz-$t: not built (needs libclang-rt-22-dev)"; return; fi
  out=$("$SRC/test/fuzz/run-fuzzer.sh" "$bin" "$SECS" "$SRC/${SEEDS[$t]}" 2>&1)
  rc=$?
  if [ $rc = 0 ]; then echo "fuzz-$t: ok | $(grep -E '^Done' <<< "$out" | head -1)"
  else echo "fuzz-$t: FAIL"; tail -20 <<< "$out"; fi
}
for t in "${TARGETS[@]}"; do one "$t" > "$TMP/$t" & done
wait
for t in "${TARGETS[@]}"; do cat "$TMP/$t"; done
