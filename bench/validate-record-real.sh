#!/usr/bin/env bash
# Record/replay on the re-created real wave64 bug programs of
# examples/validate-real (issue 16's acceptance: the failing kernel and its
# first differing elements named, no spec written by hand):
#   bench/validate-record-real.sh [out-dir]
# Per pattern and port (hip: buggy, fixed): program mode with --record at
# 64 (launch-by-launch verdicts), then --replay of the original's recording
# at 64 and 32.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
HIPPORT=${HIPPORT:-$HERE/../build/bin/hipport}
OUT=${1:-$(mktemp -d)}
for p in "$HERE"/../examples/validate-real/*/; do
  name=$(basename "$p")
  for port in hip fixed; do
    dir=$OUT/$name-$port
    rm -rf "$dir"; mkdir -p "$dir"
    "$HIPPORT" validate --program --reference cuda-cpu --wave 64 --reference-once \
      --record "$dir/rec" "$p/cuda" "$p/$port" > "$dir/record.txt" 2>&1
    "$HIPPORT" validate --replay "$dir/rec/reference" --wave both --no-lint \
      "$p/cuda" "$p/$port" > "$dir/replay.txt" 2>&1
    echo "== $name/$port: $(grep -m1 '^hip-cpu w64 program' "$dir/record.txt" | cut -c1-40)"
    sed -n '/^  launches:/,/^[^ ]/p' "$dir/record.txt" | grep '^    ' | cut -c1-220 | sed 's/^/   record: /'
    grep -E '^(PASS|FAIL) |^  hip-cpu w|^  reference:|^    .*\[[0-9]+\]' "$dir/replay.txt" | head -12 | cut -c1-160 | sed 's/^/   replay: /'
  done
done
