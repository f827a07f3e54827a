#!/usr/bin/env python3
"""Checks that `hipport report` applies the shipped cost model as the
calibration scored it: for N fit-set pairs (HeCBench and Rodinia, which need
no extra clang arguments), select_model.py's prediction from the pair's
stored TU counts against the report's predictedManualSites over the same
files (the pair's file and its tu_headers). With --held-out-set NAME, N
pairs of that held-out set instead, with the clang arguments their source
needs (calibrate.extra_args).

    bench/calibration/crosscheck_report.py CORPUS N [--hipport BIN]
                                           [--held-out-set NAME]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import select_model as S  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("n", type=int)
    ap.add_argument("--hipport", default=os.path.join(HERE, "../../build/bin/hipport"))
    ap.add_argument("--model", default=os.path.join(HERE, "../../rules/cost-model.json"))
    ap.add_argument("--held-out-set", default=None, metavar="NAME")
    a = ap.parse_args()
    S.TARGET = "porting_sites"
    pred = S.model_predictor(a.model)
    pairs = json.load(open(S.C.PAIRS_JSON))["pairs"]
    if a.held_out_set:
        ps = [p for p in pairs if p["held_out"] == a.held_out_set and p.get("tu")]
    else:
        ps = [p for p in pairs
              if p["source"] in ("hecbench", "rodinia") and not p["held_out"] and p.get("tu")]
    ps = ps[::max(1, len(ps) // a.n)][:a.n]
    extra = S.C.extra_args(a.corpus, tempfile.mkdtemp(prefix="hipport-crosscheck-"), ps) \
        if a.held_out_set else {}
    agree, got_all = 0, []
    for p in ps:
        roots = [os.path.join(a.corpus, p["cuda_dir"], p["cuda_rel"])] + \
                [os.path.join(a.corpus, h) for h in p["tu_headers"]]
        out = subprocess.run([a.hipport, "report"] + roots + ["--format", "json", "--quiet", "-j", "1",
                                                             "--cost-model", a.model]
                             + extra.get(p["source"], []),
                             capture_output=True, text=True).stdout
        e = json.loads(out)["estimate"]
        want, got = round(pred(p), 1), e["predictedManualSites"]
        agree += abs(want - got) <= 0.1
        got_all.append(got)
        print(f"{p['id']:55s} select_model {want:6.1f} report {got:6.1f} TUs {e.get('pricedTranslationUnits')}")
    print(f"{agree} of {len(ps)} agree within 0.1")
    # The figure a user of the report gets: its own predictions, scored.
    rho, mre = S.scores(got_all, [p[S.TARGET] for p in ps])
    print(f"the report's predictions against {S.TARGET}: rho {rho:.2f}, "
          f"median rel. error {mre:.2f} (n={len(ps)})")


if __name__ == "__main__":
    main()
