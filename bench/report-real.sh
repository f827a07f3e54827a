#!/bin/sh
# Measures `hipport report` on a real CUDA tree that you fetched yourself
# (this script downloads nothing), e.g. a checkout of NVIDIA/cuda-samples:
#   bench/report-real.sh /tmp/cuda-samples [build-dir]
# Prints the commit, the wall time of the report (with and without lint),
# and the summary of the JSON model; writes report.{json,md,html} to $OUT.
set -eu
SRC=${1:?usage: report-real.sh SRC_DIR [BUILD_DIR]}
BUILD=${2:-$(dirname "$0")/../build}
OUT=${OUT:-/tmp/hipport-report-bench}
HIPPORT="$BUILD/bin/hipport"
mkdir -p "$OUT"
if git -C "$SRC" rev-parse HEAD >/dev/null 2>&1; then
  echo "commit: $(git -C "$SRC" rev-parse HEAD)"
fi
echo "cores: $(nproc)"
for Mode in no-lint lint; do
  Flag=""
  [ "$Mode" = no-lint ] && Flag="--no-lint"
  Start=$(date +%s.%N)
  "$HIPPORT" report "$SRC" $Flag --format json -o "$OUT/report-$Mode.json" --quiet
  End=$(date +%s.%N)
  echo "$Mode: $(echo "$End - $Start" | bc) s"
done
"$HIPPORT" report "$SRC" --no-lint -o "$OUT/report.md" --quiet
"$HIPPORT" report "$SRC" --no-lint -o "$OUT/report.html" --quiet
python3 - "$OUT/report-lint.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("summary:", json.dumps(d["summary"]))
print("estimate: %(low)s-%(high)s h" % d["estimate"]["total"])
for c in d["estimate"]["categories"]:
    print("  %-12s %8.1f-%-8.1f h" % (c["category"], c["low"], c["high"]))
print("dominant:")
for x in d["estimate"]["dominant"]:
    print("  %s: %s-%s h" % (x["what"], x["low"], x["high"]))
PY
