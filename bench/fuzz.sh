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
for t in "${TARGETS[@]}"; do
  BIN=$BUILD/test/fuzz/fuzz-$t
  [ -x "$BIN" ] || { echo "fuzz-$t: not built (needs libclang-rt-22-dev)" > "$TMP/$t"; continue; }
  ( OUT=$("$SRC/test/fuzz/run-fuzzer.sh" "$BIN" "$SECS" "$SRC/${SEEDS[$t]}" 2>&1)
    RC=$?
    echo "fuzz-$t: $([ $RC = 0 ] && echo ok || echo FAIL) | $(echo "$OUT" | grep -E '^Done' | head -1)"
    [ $RC = 0 ] || echo "$OUT" | tail -20 ) > "$TMP/$t" &
done
wait
for t in "${TARGETS[@]}"; do cat "$TMP/$t"; done
