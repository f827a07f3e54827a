#!/bin/sh
# Lint time per TU against clang++-22 -fsyntax-only of the same files with the
# same flags, measured side by side, TU by TU (not a test).
# Usage: bench/lint-time.sh [DIR] [ROUNDS]
# Prints wall and CPU (user+sys) seconds of both, and their ratios: on a
# shared, loaded machine the CPU ratio is the steadier figure. The PCH cache
# is warmed first (one lint run), as in any run after the first.
set -e
DIR=${1:-test/checks}
ROUNDS=${2:-3}
HIPPORT=${HIPPORT:-build/bin/hipport}
FILES=$(find "$DIR" -maxdepth 1 -name '*.cu' | sort)
N=$(echo "$FILES" | wc -w)
CUDA=/usr/local/cuda
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for f in $FILES; do "$HIPPORT" lint "$f" -j 1 --fail-on=never --quiet >/dev/null 2>&1 || true; done
r=0
while [ $r -lt "$ROUNDS" ]; do
  for f in $FILES; do
    /usr/bin/time -a -o "$T/clang" -f "%e %U %S" clang++-22 -fsyntax-only -x cuda \
      --cuda-host-only --cuda-path=$CUDA -I$CUDA/include/cccl -nocudalib \
      -Wno-unknown-cuda-version -std=c++17 -w "$f" 2>/dev/null || true
    /usr/bin/time -a -o "$T/lint" -f "%e %U %S" "$HIPPORT" lint "$f" -j 1 \
      --fail-on=never --quiet >/dev/null 2>&1 || true
  done
  r=$((r + 1))
done
sum() { awk '/^[0-9]/ {w += $1; c += $2 + $3} END {printf "%.2f %.2f", w, c}' "$1"; }
set -- $(sum "$T/clang") $(sum "$T/lint")
echo "$N TUs x $ROUNDS rounds: syntax-only wall $1 s cpu $2 s; lint wall $3 s cpu $4 s;" \
     "ratio wall $(echo "scale=2; $3 / $1" | bc) cpu $(echo "scale=2; $4 / $2" | bc)"
