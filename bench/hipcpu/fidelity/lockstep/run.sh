#!/bin/sh
# Lockstep and forward-progress fidelity of hipcpu against an NVIDIA GPU,
# at warpSize 32 (issue #16, item 4). progress.cu prints every result.
#   run.sh gpu OUTDIR       on the GPU machine: nvcc build + run -> OUTDIR/gpu.txt
#   run.sh cpu OUTDIR       here: hipport validate's CPU build (scheduling
#                           points written by hipport), lockstep (the default)
#                           -> OUTDIR/lockstep.txt, --free-running -> free.txt
#   run.sh compare OUTDIR   one line per result: GPU vs lockstep vs free-running
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
HIPPORT=${HIPPORT:-$ROOT/build/bin/hipport}
case "$1" in
gpu)
  mkdir -p "$2"
  nvcc -arch=sm_90 -O2 "$HERE/progress.cu" -o "$2/progress-gpu"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$2/gpu-name.txt"
  timeout 120 "$2/progress-gpu" > "$2/gpu.txt"
  ;;
cpu)
  mkdir -p "$2"
  rm -rf "$2/hip" "$2/work-lockstep" "$2/work-free"
  "$HIPPORT" port "$HERE" -o "$2/hip" > "$2/port.txt" 2>&1
  for Mode in lockstep free; do
    Flag=; [ $Mode = free ] && Flag=--free-running
    "$HIPPORT" validate --program --reference cuda-cpu --wave 32 $Flag \
      --timeout 120 --work-dir "$2/work-$Mode" "$HERE" "$2/hip" \
      > "$2/validate-$Mode.txt" 2>&1 || true
    cp "$2/work-$Mode/reference/stdout.txt" "$2/$Mode.txt"
  done
  ;;
compare)
  python3 - "$2" <<'PY'
import sys, os
d = sys.argv[1]
def load(name):
    out = {}
    path = os.path.join(d, name)
    if os.path.exists(path):
        for line in open(path):
            k, *v = line.split()
            out[k] = v
    return out
gpu, lock, free = load("gpu.txt"), load("lockstep.txt"), load("free.txt")
def verdict(got, want):
    if got is None:
        return "missing"
    bad = sum(a != b for a, b in zip(got, want)) + abs(len(got) - len(want))
    return "ok" if bad == 0 else f"{bad} differ"
print(f"{'output':24} {'count':>6}  {'lockstep (default)':20} {'free-running':14}")
agree = True
for k, want in gpu.items():
    if k == "done":
        continue
    a, b = verdict(lock.get(k), want), verdict(free.get(k), want)
    agree &= a == "ok"
    print(f"{k:24} {len(want):>6}  {a:20} {b:14}")
print("lockstep agrees with the GPU on every output" if agree and gpu
      else "lockstep DISAGREES with the GPU")
sys.exit(0 if agree and gpu else 1)
PY
  ;;
*)
  echo "usage: $0 gpu|cpu|compare OUTDIR" >&2
  exit 2
  ;;
esac
