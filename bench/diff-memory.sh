#!/usr/bin/env bash
# Memory of `port --diff` against the same port written with -o, on files
# with N changed lines (#13: peak with --diff <= 2x the port without it; the
# issue saw 580 MB at 4,000 and 2.0 GB at 8,000 lines when the diff was a
# generic text diff).
#   bench/diff-memory.sh [lines...]   (default 4000 8000 16000)
set -uo pipefail
HIPPORT=${HIPPORT:-$(dirname "$0")/../build/bin/hipport}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
peak() { # prints "wall_s peak_MB" of the command
  /usr/bin/time -f '%e %M' -o "$WORK/time" "$@" > /dev/null 2>&1
  awk '{ printf "%6.2f s %6.0f MB", $1, $2 / 1024 }' "$WORK/time"
}
echo "# bench/diff-memory.sh on $(date -u +%F) at $(git -C "$(dirname "$0")" rev-parse --short HEAD)"
echo "# lines | port -o | port --diff | diff/port peak"
for N in "${@:-4000 8000 16000}"; do
  for n in $N; do
    rm -rf "$WORK/src" "$WORK/out" && mkdir -p "$WORK/src"
    python3 -c "print(''.join('void f%d() { cudaDeviceSynchronize(); }\n' % i for i in range($n)), end='')" > "$WORK/src/many.cu"
    P=$(peak "$HIPPORT" port "$WORK/src" -o "$WORK/out")
    D=$(peak "$HIPPORT" port "$WORK/src" --diff)
    echo "$n | $P | $D | $(echo "$P $D" | awk '{ printf "%.2fx", $7 / $3 }')"
  done
done
