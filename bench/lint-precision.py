#!/usr/bin/env python3
"""Precision and recall of `hipport lint` on the labelled corpus.

Every line of test/checks/corpus/*.{cu,cuh,hip} may carry a label (see the
corpus README):

  // BUG: id[, id]   a finding with each id must appear on this line
  // WARN: id[, id]  32-assuming but correct at wave64: a finding is welcome,
                     its absence is not a miss
  // MAY: id[, id]   a use of a named constant reported at its definition:
                     a finding is tolerated
  // OK              a look-alike: any finding is a false positive

Findings at or above --min-severity (warning: notes, the width net's
hints among them, are not claims) are counted once per (file, line, check
id):
  true positive  - on a BUG line with one of its ids;
  false positive - on an OK or unlabelled line, or with an id the label
                   does not name;
  false negative - a BUG id with no finding on its line.

Prints precision, recall, the severity agreement (WAVE64.md: bugs are
errors, 32-assuming code is a warning), and every miss and false positive.
With --min-precision/--min-recall it exits 1 when a figure falls below.
"""

import argparse
import json
import os
import re
import subprocess
import sys

LABEL = re.compile(r"//\s*(BUG|WARN|MAY):\s*([\w,\s-]+?)\s*$|//\s*(OK)\b")
SUFFIXES = (".cu", ".cuh", ".hip")


def labels(root):
    """{(relpath, line): (kind, {ids})} for every labelled line."""
    out = {}
    for dirpath, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith(SUFFIXES):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            with open(path, encoding="utf-8") as f:
                for no, text in enumerate(f, 1):
                    m = LABEL.search(text)
                    if not m:
                        continue
                    if m.group(3):
                        out[(rel, no)] = ("OK", set())
                    else:
                        ids = {i.strip() for i in m.group(2).split(",") if i.strip()}
                        out[(rel, no)] = (m.group(1), ids)
    return out


def run_lint(hipport, root, extra):
    cmd = [hipport, "lint", root, "--format=json", "--fail-on=never", "--quiet"] + extra
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.stderr.write(p.stderr)
        sys.exit(f"lint-precision: {' '.join(cmd)} exited {p.returncode}")
    if p.stderr.strip():
        # Parse errors make every figure meaningless: say so loudly.
        sys.stderr.write(p.stderr)
    return json.loads(p.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--hipport", default="hipport")
    ap.add_argument("--corpus", default=os.path.join(here, "..", "test", "checks", "corpus"))
    ap.add_argument("--min-precision", type=float)
    ap.add_argument("--min-recall", type=float)
    ap.add_argument("--min-severity", default="warning", choices=["note", "remark", "warning", "error"])
    ap.add_argument("lint_args", nargs="*", help="extra arguments for hipport lint")
    a = ap.parse_args()
    root = os.path.realpath(a.corpus)

    want = labels(root)
    report = run_lint(a.hipport, root, a.lint_args)
    found = {}
    rank = {"note": 0, "remark": 1, "warning": 2, "error": 3}
    for f in report["findings"]:
        if rank.get(f["severity"], 0) < rank[a.min_severity]:
            continue
        rel = os.path.relpath(os.path.join(root, f["file"]), root) if not os.path.isabs(f["file"]) \
            else os.path.relpath(f["file"], root)
        found.setdefault((rel, f["line"], f["checkId"]), f["severity"])

    tp, fp, fn = [], [], []
    warn_hits, warn_errors, bug_warnings = 0, [], []
    for (rel, line, cid), sev in sorted(found.items()):
        kind, ids = want.get((rel, line), (None, set()))
        if kind == "BUG" and cid in ids:
            tp.append((rel, line, cid))
            if sev != "error":
                bug_warnings.append((rel, line, cid, sev))
        elif kind in ("WARN", "MAY") and cid in ids:
            if kind == "WARN":
                warn_hits += 1
                if sev == "error":
                    warn_errors.append((rel, line, cid))
        else:
            fp.append((rel, line, cid, kind or "unlabelled"))
    for (rel, line), (kind, ids) in sorted(want.items()):
        if kind == "BUG":
            for cid in sorted(ids):
                if (rel, line, cid) not in found:
                    fn.append((rel, line, cid))

    bugs = sum(len(ids) for k, ids in want.values() if k == "BUG")
    oks = sum(1 for k, _ in want.values() if k == "OK")
    warns = sum(len(ids) for k, ids in want.values() if k == "WARN")
    precision = len(tp) / (len(tp) + len(fp)) if tp or fp else 1.0
    recall = len(tp) / bugs if bugs else 1.0
    print(f"corpus: {bugs} bug sites, {oks} look-alikes, {warns} 32-assuming sites")
    print(f"true positives: {len(tp)}, false positives: {len(fp)}, false negatives: {len(fn)}")
    print(f"precision: {precision:.3f}")
    print(f"recall: {recall:.3f}")
    print(f"bugs reported as errors: {len(tp) - len(bug_warnings)} of {len(tp)}")
    print(f"32-assuming sites reported: {warn_hits} of {warns} ({len(warn_errors)} as errors)")
    for rel, line, cid in fn:
        print(f"miss: {rel}:{line}: {cid}")
    for rel, line, cid, kind in fp:
        print(f"false positive: {rel}:{line}: {cid} (line is {kind})")
    for rel, line, cid, sev in bug_warnings:
        print(f"too mild: {rel}:{line}: {cid} is a bug at wave64, reported as {sev}")
    for rel, line, cid in warn_errors:
        print(f"too severe: {rel}:{line}: {cid} is correct at wave64, reported as error")

    ok = True
    if a.min_precision is not None and precision < a.min_precision:
        print(f"FAIL: precision {precision:.3f} < {a.min_precision}")
        ok = False
    if a.min_recall is not None and recall < a.min_recall:
        print(f"FAIL: recall {recall:.3f} < {a.min_recall}")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
