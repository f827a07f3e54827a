#!/usr/bin/env bash
# Port and lint of a whole CUDA project against the sum of
# `clang++-22 -x cuda --cuda-host-only -fsyntax-only` over the same TUs,
# side by side in one run (not a test). CPU seconds (user+sys) are the
# figure: they hold on a loaded machine, where wall time does not.
# Usage: bench/project-speed.sh PROJECT_DIR [COMMON_INCLUDE_DIR]
#   e.g. bench/project-speed.sh ~/cuda-samples/Samples/0_Introduction ~/cuda-samples/Common
# LINT_ONLY=1: clang's sum and lint (cold, then warm cache) only, for a whole
# tree (bench/project-speed.sh ~/cuda-samples/Samples ~/cuda-samples/Common).
# Lint is given the same TUs clang parses (the .cu files; a directory would
# also lint its .cpp and .c files). ALL_TUS=1: every TU lint finds (.cu,
# .cpp, .cc, .cxx, .c), clang parsing each as lint does (C as C, the rest as
# CUDA), and lint given the directory.
# PHASES=1: hipport runs with HIPPORT_MEMORY_TRACE=1, and each run's line is
# followed by the phase its peak was reached in (a PCH build or a TU parse;
# maxrss of the hipport process, as /usr/bin/time reports it).
set -euo pipefail
DIR=$(realpath "$1")
COMMON=${2:+$(realpath "$2")}
HIPPORT=$(realpath "${HIPPORT:-build/bin/hipport}")
CUDA=/usr/local/cuda
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [ -n "${ALL_TUS:-}" ]; then
  mapfile -t TUS < <(find "$DIR" -type f \( -name '*.cu' -o -name '*.cpp' -o -name '*.cc' -o -name '*.cxx' -o -name '*.c' \) | sort)
else
  mapfile -t TUS < <(find "$DIR" -name '*.cu' | sort)
fi
echo "project: $DIR (${#TUS[@]} .cu TUs)"

cpu() { # runs "$@", appends "user sys maxrss_kb wall" to $WORK/t, stderr to $WORK/err
  /usr/bin/time -a -o "$WORK/t" -f "%U %S %M %e" "$@" > /dev/null 2> "$WORK/err" || true
}
sum_cpu() { grep -v "^Command" "$WORK/t" | awk '{u+=$1; s+=$2; if ($3>m) m=$3; w+=$4} END {printf "%.2f %.0f %.2f\n", u+s, m/1024, w}'; }

: > "$WORK/t"
for f in "${TUS[@]}"; do
  LANG_ARGS=(-x cuda --cuda-host-only --cuda-path=$CUDA -I$CUDA/include/cccl
    -nocudalib -Wno-unknown-cuda-version -std=c++17)
  [ "${f##*.}" = c ] && LANG_ARGS=(-x c)
  cpu clang++-22 -fsyntax-only "${LANG_ARGS[@]}" -w \
    ${COMMON:+-I$COMMON} -I"$(dirname "$f")" "$f"
done
read -r CLANG CLANG_MB CLANG_WALL < <(sum_cpu)
echo "clang -fsyntax-only, sum over TUs: ${CLANG} s CPU ${CLANG_WALL} s wall (peak ${CLANG_MB} MiB)"

run() { # label, then the hipport arguments
  local label=$1; shift
  : > "$WORK/t"
  if [ -n "${PHASES:-}" ]; then
    cpu env HIPPORT_MEMORY_TRACE=1 "$HIPPORT" "$@"
  else
    cpu "$HIPPORT" "$@"
  fi
  read -r T MB WALL < <(sum_cpu)
  printf '%-34s %7.2f s CPU %7.2f s wall  peak %4d MiB  ratio %.2f\n' \
    "$label" "$T" "$WALL" "$MB" "$(echo "scale=4; $T / $CLANG" | bc)"
  [ -z "${PHASES:-}" ] || awk '$1 == "memory-trace" && $5 > m {m = $5; l = $2 " " $3}
    END {if (m) printf "  peak %d MiB reached in: %s\n", m, l}' "$WORK/err"
}
EXTRA=(${COMMON:+-- -I$COMMON})
if [ -n "${LINT_ONLY:-}" ]; then
  INPUTS=("${TUS[@]}")
  [ -n "${ALL_TUS:-}" ] && INPUTS=("$DIR")
  run "lint -j1, cold cache"  lint "${INPUTS[@]}" --fail-on=never --quiet -j1 --cache-dir "$WORK/cache" "${EXTRA[@]}"
  run "lint -j1, warm cache"  lint "${INPUTS[@]}" --fail-on=never --quiet -j1 --cache-dir "$WORK/cache" "${EXTRA[@]}"
  exit 0
fi
run "port -j1, cold cache"  port "$DIR" --diff -j1 --cache-dir "$WORK/cache" "${EXTRA[@]}"
run "port -j1, warm cache"  port "$DIR" --diff -j1 --cache-dir "$WORK/cache" "${EXTRA[@]}"
run "port -j1, no cache"    port "$DIR" --diff -j1 --cache-dir off "${EXTRA[@]}"
run "lint -j1, warm cache"  lint "$DIR" --fail-on=never --quiet -j1 --cache-dir "$WORK/cache" "${EXTRA[@]}"
run "lint -j1, no cache"    lint "$DIR" --fail-on=never --quiet -j1 --cache-dir off "${EXTRA[@]}"
run "lint -j2, warm cache"  lint "$DIR" --fail-on=never --quiet -j2 --cache-dir "$WORK/cache" "${EXTRA[@]}"
