#!/bin/sh
# Lint time per TU against clang++-22 -fsyntax-only of the same files with the
# same flags, measured side by side (not a test). Usage: bench/lint-time.sh DIR
set -e
DIR=${1:-test/checks}
HIPPORT=${HIPPORT:-build/bin/hipport}
FILES=$(find "$DIR" -maxdepth 1 -name '*.cu')
N=$(echo "$FILES" | wc -w)
CUDA=/usr/local/cuda
t0=$(date +%s.%N)
for f in $FILES; do
  clang++-22 -fsyntax-only -x cuda --cuda-host-only --cuda-path=$CUDA \
    -I$CUDA/include/cccl -nocudalib -Wno-unknown-cuda-version -std=c++17 -w "$f" || true
done
t1=$(date +%s.%N)
for f in $FILES; do "$HIPPORT" lint "$f" -j 1 --fail-on=never --quiet >/dev/null 2>&1; done
t2=$(date +%s.%N)
echo "$N TUs: syntax-only $(echo "$t1 - $t0" | bc) s, lint $(echo "$t2 - $t1" | bc) s," \
     "ratio $(echo "scale=2; ($t2 - $t1) / ($t1 - $t0)" | bc)"
