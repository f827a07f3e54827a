#!/usr/bin/env bash
# Rodinia's CUDA programs, ported with their own Makefiles and built with
# Debian's hipcc. Fetches nothing: give it a Rodinia checkout (cuda/ and
# common/ as in yuhc/gpu-rodinia).
#   bench/rodinia-build.sh /path/to/rodinia [out-dir]
# Ports the tree (sources, Makefiles and common/make.config) into a mirror for
# ROCm 5.2 and --offload-arch=gfx90a, then runs `make` (the default target)
# in each cuda/<program>/ of the mirror and prints one line per program:
#   ok    <program>          every default target built
#   FAIL  <program>: <first error line>
# Split, fixed before any build was tried (after one survey of all link lines,
# which motivated -lamdhip64 and make.config): programs in sorted order, the
# 1st, 3rd, ... (b+tree, bfs, dwt2d, ...) are held out; the others (backprop,
# cfd, gaussian, ...) were used to develop the fixes.
set -uo pipefail
SRC=$(cd "$1" && pwd)
OUT=${2:-$(mktemp -d)}
HIPPORT=${HIPPORT:-$(dirname "$0")/../build/bin/hipport}
MIRROR=$OUT/mirror
mkdir -p "$OUT/logs"
rm -rf "$MIRROR"
SECONDS=0
"$HIPPORT" port "$SRC" -o "$MIRROR" --rocm-version 5.2 --offload-arch=gfx90a \
  -j "${JOBS:-2}" --stats > "$OUT/port-stats.txt" 2> "$OUT/port.log"
echo "port: rc $?, $SECONDS s"
ok=0 total=0 i=0
for dir in $(cd "$MIRROR/cuda" && ls -d */ | tr -d / | LC_ALL=C sort); do
  [ -f "$MIRROR/cuda/$dir/Makefile" ] || [ -f "$MIRROR/cuda/$dir/makefile" ] || continue
  i=$((i + 1))
  half=tuning; [ $((i % 2)) -eq 1 ] && half=held-out
  total=$((total + 1))
  log=$OUT/logs/$dir.log
  if timeout "${MAKE_TIMEOUT:-900}" make -C "$MIRROR/cuda/$dir" -j1 > "$log" 2>&1; then
    ok=$((ok + 1)); echo "ok    $dir ($half)"
  else
    first=$(grep -m1 -E 'error|Error|No rule|not found' "$log" | sed -E "s|$MIRROR/||g")
    echo "FAIL  $dir ($half): $first"
  fi
done
echo "built: $ok of $total programs (make, default target, Debian's hipcc, gfx90a)"
