#!/usr/bin/env bash
# Port accuracy on NVIDIA/cuda-samples, as shared/MEASURE.md defines it.
# Fetches nothing: give it a checkout of cuda-samples.
#   bench/cuda-samples-accuracy.sh /path/to/cuda-samples [out-dir]
# Ports the whole tree (Common/ included) into a mirror for ROCm 5.2 (Debian's
# hipcc), then compiles every third Samples/**/*.cu (sorted by path) with
#   hipcc -std=c++17 --offload-arch=gfx90a -fsyntax-only -x hip -I<mirror>/Common -I<its dir>
# and prints one line per file plus a summary of first errors by kind.
set -uo pipefail
SRC=$(cd "$1" && pwd)
OUT=${2:-$(mktemp -d)}
HIPPORT=${HIPPORT:-$(dirname "$0")/../build/bin/hipport}
MIRROR=$OUT/mirror
mkdir -p "$OUT"
rm -rf "$MIRROR"
SECONDS=0
"$HIPPORT" port "$SRC" -o "$MIRROR" --rocm-version 5.2 -j "${JOBS:-2}" --stats=json \
  > "$OUT/port-stats.json" 2> "$OUT/port.log"
echo "port: $SECONDS s, $(grep -c 'port-parse-error' "$OUT/port.log") parse-error findings"
ok=0 total=0
: > "$OUT/failures.txt"
while IFS= read -r rel; do
  total=$((total + 1))
  f=$MIRROR/$rel
  log=$OUT/logs/${rel//\//_}.log
  mkdir -p "$OUT/logs"
  if hipcc -std=c++17 --offload-arch=gfx90a -fsyntax-only -x hip -w \
       -I"$MIRROR/Common" -I"$(dirname "$f")" "$f" > "$log" 2>&1; then
    ok=$((ok + 1)); echo "ok    $rel"
  else
    first=$(grep -m1 -E 'error:' "$log" | sed -E 's/^[^ ]+ error: //')
    echo "FAIL  $rel: $first"
    echo "$rel: $first" >> "$OUT/failures.txt"
  fi
done < <(cd "$SRC" && find Samples -name '*.cu' | LC_ALL=C sort | awk 'NR % 3 == 1')
echo "compiled: $ok of $total (every third Samples/**/*.cu)"
echo "first errors by kind:"
sed -E 's/^[^:]+: //; s/'"'"'[^'"'"']*'"'"'/X/g' "$OUT/failures.txt" | sort | uniq -c | sort -rn
