#!/bin/sh
# Measures `hipport report` on a real CUDA tree that you fetched yourself
# (this script downloads nothing), e.g. a checkout of NVIDIA/cuda-samples:
#   bench/report-real.sh /tmp/cuda-samples [build-dir]
# One run, lint included (two parses per TU), timed; writes report.json to
# $OUT and prints the summary and the estimate. Set FORMATS="md html" to
# also write those (one more run each).
set -eu
SRC=${1:?usage: report-real.sh SRC_DIR [BUILD_DIR]}
BUILD=${2:-$(dirname "$0")/../build}
OUT=${OUT:-/tmp/hipport-report-bench}
HIPPORT="$BUILD/bin/hipport"
mkdir -p "$OUT"
if git -C "$SRC" rev-parse HEAD >/dev/null 2>&1; then
  echo "commit: $(git -C "$SRC" rev-parse HEAD)"
fi
echo "cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg)"
Start=$(date +%s)
"$HIPPORT" report "$SRC" --format json -o "$OUT/report.json" --quiet -j "${JOBS:-$(nproc)}"
End=$(date +%s)
echo "report (with lint, -j ${JOBS:-$(nproc)}): $((End - Start)) s"
for F in ${FORMATS:-}; do
  "$HIPPORT" report "$SRC" -o "$OUT/report.$F" --quiet
done
python3 - "$OUT/report.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("context:", json.dumps(d["context"]))
print("summary:", json.dumps(d["summary"]))
a = d["automation"]
print("headline:", d["headline"])
kinds = {}
for s in a["sites"]:
    k = kinds.setdefault(s["kind"], [0, 0])
    k[0] += 1
    k[1] += s["count"]
print("automatic edits: %d, manual edits: %d, of %d; sites by kind (sites, edits):" %
      (a["automatic"], a["manual"], a["edits"]))
for k, (n, e) in kinds.items():
    print("  %-16s %5d %6d" % (k, n, e))
print("first sites:")
for s in a["sites"][:12]:
    print("  %s %s:%d %s" % (s["kind"], s["file"], s["line"], s["what"][:110]))
print("predicted manual edit sites (calibrated):", d["estimate"].get("predictedManualSites"))
print("notes:", d["notes"])
print("estimate: %(low)s-%(high)s h" % d["estimate"]["total"], "(hours from: %s)" % d["estimate"].get("hoursFrom"))
for p in d["estimate"].get("parts", []):
    print("  part %-16s %8.1f-%-8.1f h  %s (%s)" % (p["part"], p["low"], p["high"], p["what"], p["from"]))
print("by category (the same total shared out):")
for c in d["estimate"]["categories"]:
    print("  %-12s %8.1f-%-8.1f h" % (c["category"], c["low"], c["high"]))
print("dominant:")
for x in d["estimate"]["dominant"]:
    print("  %s: %s-%s h" % (x["what"], x["low"], x["high"]))
PY
