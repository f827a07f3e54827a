#!/usr/bin/env bash
# Ports every example in $1 into $2 (ROCm 5.2, what Debian's hipcc is) and
# compiles each ported translation unit for gfx90a: real AMD code objects.
# Prints one "compiled: <file>" line per success and fails on the first error.
set -euo pipefail
examples=$1 out=$2
shift 2
for ex in "$@"; do
  hipport port "$examples/$ex" -o "$out/$ex" --rocm-version 5.2 2>"$out/$ex.port.log" \
    || { cat "$out/$ex.port.log"; exit 1; }
  # The file list first, so a find error fails the test with what was there
  # (a process substitution's failure would go unseen).
  if ! files=$(find "$out/$ex" \( -name '*.cu' -o -name '*.cpp' -o -name '*.hip' \) | sort); then
    echo "NO OUTPUT: $ex"; cat "$out/$ex.port.log"; ls -la "$out" "$out/$ex" || true; exit 1
  fi
  while IFS= read -r f; do
    [ -n "$f" ] || continue
    obj="$out/$ex.$(basename "$f").o"
    if ! hipcc -std=c++17 --offload-arch=gfx90a -x hip -c "$f" -o "$obj" -I "$(dirname "$f")" \
         -w >"$out/$ex.hipcc.log" 2>&1; then
      echo "FAILED: $ex/$(basename "$f")"; cat "$out/$ex.hipcc.log"; exit 1
    fi
    # A file with kernels embeds a real AMD code object in its host object.
    if grep -q __global__ "$f" && ! llvm-objdump -h "$obj" | grep -q hip_fatbin; then
      echo "NO CODE OBJECT: $ex/$(basename "$f")"; exit 1
    fi
    echo "compiled: $ex/$(basename "$f")"
  done <<<"$files"
done
