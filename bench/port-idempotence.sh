#!/usr/bin/env bash
# Idempotence on NVIDIA/cuda-samples: a port of a port changes nothing.
# Fetches nothing: give it a checkout of cuda-samples.
#   bench/port-idempotence.sh /path/to/cuda-samples [out-dir]
# MODE=mirror (default): ports the whole tree (Common/ included) into
# OUT/once, ports OUT/once into OUT/twice with the same options.
# MODE=in-place: copies the tree to OUT/inplace, runs port --in-place
# --no-backup on it, keeps a copy of that as OUT/inplace1, runs
# port --in-place again, and compares OUT/inplace1 with OUT/inplace.
# MODE=both: the two, one after the other.
# Counts the lines the second pass changed (git diff --no-index --numstat),
# per half of the corpus: sample directories (Samples/*/*) sorted by path,
# odd positions the tuning half, even positions the held-out half (Common/
# and the rest reported apart).
# The split was fixed before the fix it measures (#17: matrixMulDynlinkJIT,
# position 9, tuning half).
set -uo pipefail
SRC=$(cd "$1" && pwd)
OUT=${2:-$(mktemp -d)}
HIPPORT=${HIPPORT:-$(dirname "$0")/../build/bin/hipport}
OPTS=(--rocm-version 5.2 --allow-non-utf8 -j "${JOBS:-2}")
mkdir -p "$OUT"
MODE=${MODE:-mirror}
(cd "$SRC" && find Samples -mindepth 2 -maxdepth 2 -type d | LC_ALL=C sort) > "$OUT/samples.txt"

# count FIRST SECOND: files of FIRST and the lines SECOND differs by, per half.
count() {
python3 - "$OUT" "$1" "$2" <<'PY'
import os, subprocess, sys
out, once, twice = sys.argv[1:4]
numstat = subprocess.run(["git", "diff", "--no-index", "--numstat", once, twice],
                         capture_output=True, text=True).stdout
half = {}
for i, d in enumerate(open(os.path.join(out, "samples.txt")).read().split(), 1):
    half[d] = "tuning" if i % 2 else "held-out"
files = {"held-out": 0, "tuning": 0, "other": 0}
for root, _, names in os.walk(once):
    for n in names:
        rel = os.path.relpath(os.path.join(root, n), once)
        files[half.get("/".join(rel.split("/")[:3]), "other")] += 1
lines = {k: 0 for k in files}
changed = {k: [] for k in files}
for row in numstat.splitlines():
    add, dele, path = row.split("\t", 2)
    path = path.split(" => ")[0].strip("{}")
    rel = os.path.relpath(path, once) if path.startswith(once) else path
    rel = rel.replace(twice + "/", "")
    k = half.get("/".join(rel.split("/")[:3]), "other")
    n = (0 if add == "-" else int(add)) + (0 if dele == "-" else int(dele))
    lines[k] += n
    changed[k].append(f"{rel} (+{add} -{dele})")
for k in ("held-out", "tuning", "other"):
    print(f"{k:9}: {files[k]} files, {len(changed[k])} changed by the second pass, "
          f"{lines[k]} lines (+/-)")
    for c in changed[k][:20]:
        print("   ", c)
PY
}

if [ "$MODE" = mirror ] || [ "$MODE" = both ]; then
  rm -rf "$OUT/once" "$OUT/twice"
  SECONDS=0
  "$HIPPORT" port "$SRC" -o "$OUT/once" "${OPTS[@]}" > "$OUT/once.log" 2>&1
  echo "mirror pass 1: $SECONDS s, exit $?"
  SECONDS=0
  "$HIPPORT" port "$OUT/once" -o "$OUT/twice" "${OPTS[@]}" > "$OUT/twice.log" 2>&1
  echo "mirror pass 2: $SECONDS s, exit $?"
  count "$OUT/once" "$OUT/twice"
fi
if [ "$MODE" = in-place ] || [ "$MODE" = both ]; then
  rm -rf "$OUT/inplace" "$OUT/inplace1"
  cp -a "$SRC" "$OUT/inplace"
  SECONDS=0
  "$HIPPORT" port "$OUT/inplace" --in-place --no-backup "${OPTS[@]}" > "$OUT/inplace1.log" 2>&1
  echo "in-place pass 1: $SECONDS s, exit $?"
  cp -a "$OUT/inplace" "$OUT/inplace1"
  SECONDS=0
  "$HIPPORT" port "$OUT/inplace" --in-place --no-backup "${OPTS[@]}" > "$OUT/inplace2.log" 2>&1
  echo "in-place pass 2: $SECONDS s, exit $?"
  count "$OUT/inplace1" "$OUT/inplace"
fi
