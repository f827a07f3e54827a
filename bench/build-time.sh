#!/usr/bin/env bash
# Fresh clone to `hipport` binary (#14: <= 6 minutes of build on the 2-core
# machine, apt time apart): clones REV of this repository into a scratch
# directory and builds the hipport target with ccache off, under
# /usr/bin/time (wall, and user+sys CPU, which holds on a loaded machine:
# CPU / 2 is the wall time two idle cores would need at best).
#   bench/build-time.sh [REV, default HEAD] [extra cmake -D options...]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
REV=${1:-HEAD}
shift || true
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
git clone -q "$ROOT" "$WORK/src"
git -C "$WORK/src" checkout -q "$REV"
echo "commit $(git -C "$WORK/src" rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
export CCACHE_DISABLE=1
/usr/bin/time -f "configure: %e s wall, %U+%S s CPU" \
  cmake -S "$WORK/src" -B "$WORK/build" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" > "$WORK/cfg.log"
/usr/bin/time -f "build hipport: %e s wall, %U+%S s CPU" \
  cmake --build "$WORK/build" -j 2 --target hipport > "$WORK/build.log"
echo "steps: $(grep -c '^\[' "$WORK/build.log"), load after $(cut -d' ' -f1-3 /proc/loadavg)"
