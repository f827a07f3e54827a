#!/usr/bin/env bash
# Lint JSON of two hipport binaries on the same inputs, compared with cmp:
# the proof that a speed change moved no finding (#17).
#   bench/lint-identical.sh BIN_A BIN_B [CUDA_SAMPLES_DIR] [EXTRA_DIR...]
# Inputs: each test/checks/*.cu, test/checks/corpus, each examples/*/,
# CUDA_SAMPLES_DIR/Samples/0_Introduction (with -I its Common), and each
# EXTRA_DIR (e.g. the src/ of bench/big-file.sh 3 OUT). Exit 1 on a difference.
set -uo pipefail
A=$1 B=$2 SAMPLES=${3:-} ; shift 2; [ $# -gt 0 ] && shift
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
lintall() { # BIN OUT
  local bin=$1 out=$2 n=0; mkdir -p "$out"
  run() { n=$((n + 1)); "$bin" lint "$@" --format=json --fail-on=never --quiet -j2 > "$out/$n.json" 2>&1; }
  for f in "$ROOT"/test/checks/*.cu; do run "$f"; done
  run "$ROOT/test/checks/corpus"
  for d in "$ROOT"/examples/*/; do run "$d"; done
  [ -n "$SAMPLES" ] && run "$SAMPLES/Samples/0_Introduction" -- -I "$SAMPLES/Common"
  for d in "${EXTRA[@]}"; do run "$d"; done
}
EXTRA=("$@")
lintall "$A" "$WORK/a"; lintall "$B" "$WORK/b"
rc=0; total=0
for f in "$WORK"/a/*.json; do
  total=$((total + 1))
  cmp -s "$f" "$WORK/b/$(basename "$f")" || { echo "differs: output $(basename "$f")"; rc=1; }
done
echo "$total outputs compared, $([ $rc = 0 ] && echo all identical || echo some differ)"
exit $rc
