#!/usr/bin/env bash
# Cost on one big generated file: port, lint and the clang parse they stand
# on, side by side, each under /usr/bin/time -v (wall time, peak RSS).
#   bench/big-file.sh [megabytes, default 50] [out-dir]
# The file repeats a small kernel-and-host block (runtime calls, a launch,
# warp-size literals and a shuffle, so port edits and lint finds something in
# every block). #17 asks: peak memory <= 3x the file plus the parse, time
# within 2x of the clang parse.
set -uo pipefail
MB=${1:-50}
OUT=${2:-$(mktemp -d)}
HIPPORT=${HIPPORT:-$(dirname "$0")/../build/bin/hipport}
CUDA=${CUDA_PATH:-/usr/local/cuda}
mkdir -p "$OUT/src"
rm -rf "$OUT/out"
python3 - "$MB" > "$OUT/src/big.cu" <<'PY'
import sys
limit = int(sys.argv[1]) * 1000 * 1000
out = ['#include <cuda_runtime.h>\n']
size = len(out[0])
i = 0
while size < limit:
    b = (f"__global__ void k{i}(float *a, int n) {{\n"
         f"  int lane = threadIdx.x % 32;\n"
         f"  if (lane < n) a[lane] = __shfl_down_sync(0xffffffff, a[lane], 1);\n"
         f"}}\n"
         f"void h{i}(float *d) {{\n"
         f"  cudaMalloc(&d, 64 * sizeof(float));\n"
         f"  k{i}<<<1, 32>>>(d, 32);\n"
         f"  cudaDeviceSynchronize();\n"
         f"  cudaFree(d);\n"
         f"}}\n")
    out.append(b)
    size += len(b)
    i += 1
sys.stdout.write("".join(out))
PY
BYTES=$(stat -c %s "$OUT/src/big.cu")
LINES=$(wc -l < "$OUT/src/big.cu")
echo "file: $BYTES bytes, $LINES lines ($OUT/src/big.cu)"
declare -A CPU PEAK
measure() {
  local label=$1; shift
  /usr/bin/time -v "$@" > "$OUT/$label.out" 2> "$OUT/$label.time"
  local rc=$?
  local wall rss cpu
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$OUT/$label.time")
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$OUT/$label.time")
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.2f", s}' "$OUT/$label.time")
  CPU[$label]=$cpu PEAK[$label]=$((rss / 1024))
  printf '%-6s exit %-3s wall %-10s cpu %8s s  peak RSS %6d MB\n' "$label" "$rc" "$wall" "$cpu" $((rss / 1024))
}
measure clang clang++-22 -x cuda --cuda-host-only --cuda-path="$CUDA" \
  -I"$CUDA/include/cccl" -nocudalib -Wno-unknown-cuda-version -std=c++17 -w \
  -fsyntax-only "$OUT/src/big.cu"
measure port "$HIPPORT" port "$OUT/src" -o "$OUT/out"
measure diff "$HIPPORT" port "$OUT/src" --diff
measure lint "$HIPPORT" lint "$OUT/src" --fail-on=never
echo "port: $(grep -c '' "$OUT/out/big.cu" 2>/dev/null) lines written; diff: $(grep -c '^[-+]' "$OUT/diff.out") +/- lines; lint: $(grep -c 'warning:\|error:' "$OUT/lint.out") findings"
# #17's bounds, side by side in this run: CPU (user+sys) <= 2x the clang
# parse's, peak <= the parse's peak + 3x the file.
BOUND=$((PEAK[clang] + 3 * BYTES / 1048576))
for step in port diff lint; do
  awk -v s="$step" -v c="${CPU[$step]}" -v k="${CPU[clang]}" -v p="${PEAK[$step]}" -v b="$BOUND" \
    'BEGIN { r = c / k; printf "%-5s CPU %.2fx clang (%s)  peak %d MB, bound %d (%s)\n", s, r, r <= 2 ? "met" : "NOT met", p, b, p <= b ? "met" : "NOT met" }'
done
