#!/usr/bin/env bash
# kill -9 campaign: N random kills during `port --in-place` and `lint --fix`
# (alternating) on a copy of a tree; after each kill every file must be
# exactly old or new (a backup exactly absent or right), and the next run
# must leave no temporary (FILE.hipport-XXXXXX) and the tree exactly as an
# uninterrupted run leaves it.
#   bench/kill-campaign.sh [N, default 50] [out-dir]
# The port tree is examples/ copied COPIES times (default 20); port runs the
# token pass only (--cuda-path pointing nowhere) so the run is short and
# writes are most of it. The lint tree is LINT_COPIES (default 3) copies of
# test/Inputs/lint/fix/warp.cu and examples/warp-reduce, parsed with CUDA.
# Kill times are uniform in [5%, 100%] of an uninterrupted run's time.
set -uo pipefail
N=${1:-50}
OUT=${2:-$(mktemp -d)}
HERE=$(cd "$(dirname "$0")/.." && pwd)
HIPPORT=${HIPPORT:-$HERE/build/bin/hipport}
COPIES=${COPIES:-20}
LINT_COPIES=${LINT_COPIES:-3}
rm -rf "$OUT/tree" "$OUT/ref" "$OUT/work"
mkdir -p "$OUT/tree/port" "$OUT/tree/lint" "$OUT/ref"
for c in $(seq "$COPIES"); do cp -r "$HERE/examples" "$OUT/tree/port/copy$c"; done
for c in $(seq "$LINT_COPIES"); do
  mkdir -p "$OUT/tree/lint/c$c"
  cp "$HERE/test/Inputs/lint/fix/warp.cu" "$OUT/tree/lint/c$c/warp.cu"
  cp -r "$HERE/examples/warp-reduce" "$OUT/tree/lint/c$c/"
done
cmd() { # kind dir
  if [ "$1" = port ]; then
    echo "$HIPPORT" port "$2" --in-place --cuda-path /nonexistent -j "${JOBS:-1}"
  else
    echo "$HIPPORT" lint "$2" --fix --fail-on=never --quiet -j "${JOBS:-1}"
  fi
}
declare -A T
for kind in port lint; do
  cp -a "$OUT/tree/$kind" "$OUT/ref/$kind"
  start=$(date +%s.%N)
  $(cmd $kind "$OUT/ref/$kind") > "$OUT/ref-$kind.log" 2>&1
  T[$kind]=$(echo "$(date +%s.%N) - $start" | bc)
  echo "uninterrupted $kind: ${T[$kind]} s, $(find "$OUT/ref/$kind" -type f | wc -l) files after"
done
check() { # phase kind
  python3 - "$1" "$OUT/tree/$2" "$OUT/ref/$2" "$OUT/work" <<'PY'
import hashlib, os, re, sys
phase, old, new, work = sys.argv[1:]
def snap(d):
    m = {}
    for r, _, fs in os.walk(d):
        for f in fs:
            p = os.path.join(r, f)
            if os.path.islink(p) or not os.path.isfile(p):
                continue
            m[os.path.relpath(p, d)] = hashlib.sha256(open(p, "rb").read()).hexdigest()
    return m
O, N, W = snap(old), snap(new), snap(work)
tmp = re.compile(r"\.hipport-[A-Za-z0-9]{6}$")
left = [p for p in W if tmp.search(p)]
bad = [p for p, h in W.items() if not tmp.search(p) and h not in (O.get(p), N.get(p))]
missing = [p for p in O if p not in W]
n_new = sum(1 for p, h in W.items() if p in N and h == N[p] and O.get(p) != h)
n_todo = sum(1 for p in N if N[p] != O.get(p))
if phase == "after-kill":
    state = ("mid-write" if 0 < n_new < n_todo or left else
             "before-writes" if n_new == 0 else "all-written")
    print(f"{state} new={n_new}/{n_todo} leftovers={len(left)} bad={len(bad)} missing={len(missing)}"
          + (f" bad: {bad[:3]}" if bad else ""))
    sys.exit(1 if bad or missing else 0)
same = W == N
print(f"rerun exact={same} leftovers={len(left)} bad={len(bad)}"
      + (f" bad: {bad[:3]}" if bad else ""))
sys.exit(0 if same and not left else 1)
PY
}
fails=0
: > "$OUT/trials.txt"
for i in $(seq "$N"); do
  kind=$([ $((i % 2)) = 1 ] && echo port || echo lint)
  rm -rf "$OUT/work"
  cp -a "$OUT/tree/$kind" "$OUT/work"
  delay=$(python3 -c "import random; print(round(random.uniform(0.05, 1.0) * ${T[$kind]}, 3))")
  $(cmd $kind "$OUT/work") > /dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null && killed=yes || killed=no
  wait "$pid" 2>/dev/null
  a=$(check after-kill $kind) || fails=$((fails + 1))
  $(cmd $kind "$OUT/work") > "$OUT/rerun.log" 2>&1
  b=$(check rerun $kind) || fails=$((fails + 1))
  echo "$i $kind delay=${delay}s killed=$killed | $a | $b" | tee -a "$OUT/trials.txt"
done
echo "trials: $N; killed while running: $(grep -c 'killed=yes' "$OUT/trials.txt")"
for s in before-writes mid-write all-written; do
  echo "  $s: $(grep 'killed=yes' "$OUT/trials.txt" | grep -c "| $s")"
done
echo "  kills that left temporaries: $(grep 'killed=yes' "$OUT/trials.txt" | grep -c '| [a-z-]* new=[0-9/]* leftovers=[1-9]')"
echo "failures (a file neither old nor new, a lost file, leftovers or a wrong tree after the rerun): $fails"
