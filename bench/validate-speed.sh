#!/bin/bash
# Kernels validated per minute with the hip-cpu target on this machine:
# the whole pipeline (spec derivation, launch-only rewrite, driver builds,
# cuda-cpu reference and hip-cpu runs, comparison, lint of failures) on
# examples/validate-wave64, cold each time (fresh work directory).
# Not a test: it prints figures and asserts nothing.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HIPPORT=${HIPPORT:-$ROOT/build/bin/hipport}
EX=$ROOT/examples/validate-wave64
RUNS=${RUNS:-3}
echo "machine: $(nproc) cores, $(uname -m)"
for variant in "hip --wave 64" "hip --wave both" "fixed --wave both"; do
  set -- $variant
  dir=$1; shift
  total=0
  for i in $(seq "$RUNS"); do
    s=$(date +%s.%N)
    "$HIPPORT" validate --reference cuda-cpu "$@" "$EX/cuda" "$EX/$dir" > /dev/null || true
    e=$(date +%s.%N)
    total=$(echo "$total + $e - $s" | bc -l)
  done
  avg=$(echo "$total / $RUNS" | bc -l)
  printf '%-22s 5 kernels in %5.2f s  -> %5.0f kernels/minute\n' \
    "$dir $*" "$avg" "$(echo "5 * 60 / $avg" | bc -l)"
done
