#!/usr/bin/env bash
# run-fuzzer.sh BINARY SECONDS SEEDS... : fuzzes for SECONDS from a fresh
# corpus seeded with SEEDS; fails on any crash, leak, timeout or OOM, and
# prints the runs made (so a fuzzer that does nothing shows).
set -uo pipefail
BIN=$1 SECS=$2
shift 2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/corpus"
# Only small seed files: big rule tables slow every mutation down.
find "$@" -type f -size -64k -exec cp -t "$WORK/corpus" {} + 2>/dev/null
"$BIN" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$WORK/" "$WORK/corpus" > "$WORK/log" 2>&1
RC=$?
grep -E "^Done [0-9]+ runs" "$WORK/log" || tail -40 "$WORK/log"
if [ $RC -ne 0 ]; then
  echo "FAIL: $(basename "$BIN") exit $RC"; ls "$WORK"/crash-* "$WORK"/timeout-* "$WORK"/oom-* 2>/dev/null
  exit 1
fi
RUNS=$(sed -nE 's/^Done ([0-9]+) runs.*/\1/p' "$WORK/log")
[ "${RUNS:-0}" -gt 100 ] || { echo "FAIL: only ${RUNS:-0} runs"; exit 1; }
