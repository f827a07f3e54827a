#!/usr/bin/env python3
"""Chooses the cost model's inputs and fit form on the FIT SET ONLY.

    bench/calibration/select_model.py [--pairs pairs.json]

Every candidate (a set of inputs, from bench/calibration/calibrate.py's
per-file counts or per-TU report, and a fit form) is scored by
leave-one-program-out cross-validation inside the fit set: each program's
pairs are predicted by weights fitted on the other fit-set programs. The
criterion, fixed before any candidate was scored: Spearman's rho of the
pooled out-of-fold predictions against the measured edit sites; ties
(within 0.01) go to the lower median relative error. Held-out pairs are
dropped when pairs.json is read and never reach this file's code; the
held-out figure is computed once, by calibrate.py --final, for the winner.
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibrate as C  # noqa: E402

# Inputs a person really works on after `hipport port`, all read from the
# report's JSON (compact_report in calibrate.py), so the report can compute
# them too. Each maps a pair's TU report to a number.
EXTRAS = {
    # Kernel body size: the device code a person reads for AMD limits.
    "kernel-lines": lambda t: sum(k["lines"] for k in t["kernels"]),
    # Mapped API call sites: each renamed call is reviewed once in context.
    "api-calls": lambda t: sum(a["calls"] for s, a in t["api"].items() if s != "unsupported"),
    # Lint findings beyond the parse error (that one is the parse-failure).
    "lint-real": lambda t: sum(n for k, n in t["lint"].items() if not k.endswith(":lint-parse-error")),
    # What the report's own split calls manual.
    "manual-sites": lambda t: t["automation"]["manual"],
    # Round 6. Source lines of the TU: a hand port differs from hipport's
    # in proportion to how much code there is to differ (naming, error
    # handling, timers a person adds or drops), whatever the items.
    "source-lines": lambda t: t["sourceLines"],
}


def inputs(p, name):
    """{input: value} of one pair for the input set called name."""
    if name == "file":
        return dict(p["counts"])
    t = p["tu"]
    d = dict(t["counts"])
    if name == "tu":
        return d
    if name == "tu+size":
        d["kernel-lines"] = EXTRAS["kernel-lines"](t)
        d["api-calls"] = EXTRAS["api-calls"](t)
        return d
    if name in ("tu+lines", "tu+size+lines"):
        if name != "tu+lines":
            d["kernel-lines"] = EXTRAS["kernel-lines"](t)
            d["api-calls"] = EXTRAS["api-calls"](t)
        d["source-lines"] = EXTRAS["source-lines"](t)
        return d
    if name == "lines":
        return {"source-lines": EXTRAS["source-lines"](t)}
    if name in ("tu+lines+manual", "manual+lines"):
        # Round 9: the report's own manual sites of the TU (unsupported
        # uses, lint errors and warnings, PTX: automation.manual; a pair
        # holds no build or operations file), with the TU's source lines.
        if name == "manual+lines":
            d = {}
        d["source-lines"] = EXTRAS["source-lines"](t)
        d["manual-sites"] = EXTRAS["manual-sites"](t)
        return d
    if name == "tu+manual":
        d = {k: v for k, v in d.items() if not k.startswith("lint-")}
        d["lint-real"] = EXTRAS["lint-real"](t)
        d["manual-sites"] = EXTRAS["manual-sites"](t)
        d["kernel-lines"] = EXTRAS["kernel-lines"](t)
        return d
    raise KeyError(name)


# The measured residual the models predict (--target): residual_sites,
# every hunk (rounds 3-6), or porting_sites, the hunks that touch porting
# code (round 7, calibrate.porting_line()).
TARGET = "residual_sites"

INPUT_SETS = ["file", "tu", "tu+size", "tu+manual",
              # round 6
              "lines", "tu+lines", "tu+size+lines",
              # round 9
              "tu+lines+manual", "manual+lines"]
FORMS = ["linear", "huber", "log"]


def solve(A, b):
    """A x = b for a small symmetric positive definite A (Gaussian
    elimination with partial pivoting; no numpy here)."""
    n = len(b)
    M = [list(A[i]) + [b[i]] for i in range(n)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(M[r][c]))
        M[c], M[piv] = M[piv], M[c]
        for r in range(c + 1, n):
            f = M[r][c] / M[c][c]
            if f:
                for t in range(c, n + 1):
                    M[r][t] -= f * M[c][t]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (M[r][n] - sum(M[r][t] * x[t] for t in range(r + 1, n))) / M[r][r]
    return x


def nnls_gram(X, y, ridge=1e-3, free=()):
    """min |Xw - y|^2 + ridge |w|^2 with w >= 0 except the columns in free,
    solved exactly by an active set (Lawson and Hanson's method on the
    normal equations): the objective is strictly convex, so this is the
    optimum the coordinate descent of round 5 converged to, found in a few
    small solves instead of thousands of sweeps."""
    k = len(X[0])
    A = [[sum(r[i] * r[j] for r in X) + (ridge if i == j else 0.0) for j in range(k)]
         for i in range(k)]
    b = [sum(r[i] * t for r, t in zip(X, y)) for i in range(k)]
    w = [0.0] * k
    P = set(free)
    grad = lambda: [b[j] - sum(A[j][i] * w[i] for i in range(k)) for j in range(k)]

    def sub(P):
        idx = sorted(P)
        z = solve([[A[i][j] for j in idx] for i in idx], [b[i] for i in idx]) if idx else []
        out = [0.0] * k
        for i, v in zip(idx, z):
            out[i] = v
        return out

    for _ in range(3 * k + 10):
        if P:
            z = sub(P)
            while any(z[j] <= 0 for j in P if j not in free):
                bad = [j for j in P if j not in free and z[j] <= 0]
                alpha = min(w[j] / (w[j] - z[j]) for j in bad)
                w = [w[i] + alpha * (z[i] - w[i]) for i in range(k)]
                P = {j for j in P if j in free or w[j] > 1e-12}
                for j in range(k):
                    if j not in P:
                        w[j] = 0.0
                z = sub(P)
            w = z
        g = grad()
        cand = [j for j in range(k) if j not in P and g[j] > 1e-9 * (1 + abs(b[j]))]
        if not cand:
            break
        P.add(max(cand, key=lambda j: g[j]))
    return w


def huber(X, y, rounds=20):
    """Non-negative weights under Huber's loss (iteratively reweighted least
    squares, threshold 1.345 robust scales of the residuals): a pair whose
    residual is far off counts linearly, not squared, so two large files
    cannot pull every weight."""
    w = nnls_gram(X, y)
    for _ in range(rounds):
        r = [t - sum(a * b for a, b in zip(row, w)) for row, t in zip(X, y)]
        s = max(1.4826 * C.median([abs(v) for v in r]), 1.0)
        u = [1.0 if abs(v) <= 1.345 * s else 1.345 * s / abs(v) for v in r]
        sq = [math.sqrt(v) for v in u]
        w = nnls_gram([[a * q for a in row] for row, q in zip(X, sq)],
                      [t * q for t, q in zip(y, sq)])
    return w


# Round 8, fixed before the refit and before heldout-4 was measured: an
# input enters a fit only if at least MIN_SUPPORT of the pairs it is fitted
# on have a nonzero count of it. Round 7's log fit put 2.36 on inline PTX
# and 1.57 on operations items, one fit pair each: a weight that one pair
# sets says what that pair did. 10 of ~340 pairs (3%) is more than 195 of
# the 200 fit programs hold (188 have at most 5 pairs), and keeps the inputs
# with real support in round 7 (13 to 259 pairs) while dropping the ones
# with 1 to 3.
MIN_SUPPORT = 10


class Model:
    """A fit form on an input set: linear (sites = sum w x, w >= 0, least
    squares, as the shipped model), huber (the same, Huber's loss) or log (log(1+sites) = b + sum w log(1+x), w >= 0): the
    log form bounds what two very large files can do to the weights."""

    def __init__(self, inputs_name, form):
        self.inputs_name, self.form = inputs_name, form

    def _row(self, p):
        d = inputs(p, self.inputs_name)
        x = [float(d.get(k, 0)) for k in self.keys]
        return ([1.0] + [math.log1p(v) for v in x]) if self.form == "log" else x

    def fit(self, pairs):
        seen = {}
        for p in pairs:
            for k, v in inputs(p, self.inputs_name).items():
                if v:
                    seen[k] = seen.get(k, 0) + 1
        self.keys = sorted(k for k, n in seen.items() if n >= MIN_SUPPORT)
        X = [self._row(p) for p in pairs]
        y = [float(p[TARGET]) for p in pairs]
        if self.form == "log":
            w = nnls_gram(X, [math.log1p(v) for v in y], free=(0,))
            self.intercept, self.w = w[0], dict(zip(self.keys, w[1:]))
        elif self.form == "huber":
            self.intercept, self.w = 0.0, dict(zip(self.keys, huber(X, y)))
        else:
            self.intercept, self.w = 0.0, dict(zip(self.keys, nnls_gram(X, y)))
        self.support = {k: sum(1 for p in pairs if inputs(p, self.inputs_name).get(k)) for k in self.keys}
        return self

    def predict(self, p):
        d = inputs(p, self.inputs_name)
        if self.form == "log":
            return math.expm1(self.intercept + sum(w * math.log1p(d.get(k, 0)) for k, w in self.w.items()))
        return sum(w * d.get(k, 0) for k, w in self.w.items())


def scores(pred, meas):
    rho = C.spearman(pred, meas) if len(pred) > 2 else float("nan")
    mre = C.median([abs(a - b) / max(b, 1.0) for a, b in zip(pred, meas)])
    return rho, mre


def has_target(p):
    """The pair's TARGET was measured: a porting-only residual only from a
    recount whose port ran to the end."""
    # Pairs added after round 7 (--add) store the porting residual of their
    # first port: no recount, the port itself must have finished.
    return p.get(TARGET) is not None and (
        TARGET == "residual_sites" or p.get("recount_rc", p.get("port_rc")) == 0)


def fit_set(pairs):
    """The fit set: the only pairs this file ever scores."""
    return [p for p in C.usable(pairs) if not p["held_out"] and p.get("tu")
            and has_target(p)]


def cross_validate(train, inputs_name, form, key=lambda p: p["group"]):
    """Out-of-fold prediction of every fit-set pair, leaving its program
    (or, with key, its source) out."""
    oof = {}
    for g in sorted({key(p) for p in train}):
        rest = [p for p in train if key(p) != g]
        m = Model(inputs_name, form).fit(rest)
        for p in train:
            if key(p) == g:
                oof[p["id"]] = m.predict(p)
    return oof


INPUT_NOTES = {
    "api-call": "each call site of a CUDA name the rules map (renamed by the port): read in its context",
    "kernel-line": "each line of a kernel body (report kernels[].lines)",
    "source-line": "each source line the report counts (summary.sourceLines): the more code, the more a hand port differs",
}
# The inputs lib/Report/CostModel.cpp computes (CostModel::knownInputs).
REPORT_INPUTS = {"api-call", "kernel-line"}
# The report's input names for this file's extras.
INPUT_NAMES = {"api-calls": "api-call", "kernel-lines": "kernel-line", "source-lines": "source-line"}


# The per-TU input names of a schema-3 model (lib/Report/CostModel.cpp
# isPerTuInput): the item kinds, the TU's source lines and (round 9) the
# split's manual sites in it.
PER_TU_NAMES = {"source-lines": "source-line", "manual-sites": "manual-site"}
# Item kinds outside C.KINDS that lib/Report's per-TU model counts too:
# port-review, the automatic edits of `hipport port` by file (round 14;
# before it perTuCounts() left them out, as no pair had counted them).
REPORT_PER_TU_KINDS = {"port-review"}


def model_predictor(model_file):
    """What `hipport report` predicts from a pair's TU report with the
    weights in model_file: the sum of count x sitesPerUnit that
    lib/Report/CostModel.cpp makes, or, for a per-tu-log model, its
    exp(intercept + sum w log(1 + count)) - 1 of the pair's one TU."""
    m = C.json.load(open(model_file))
    if m.get("form") == "per-tu-log":
        pt = m["perTu"]
        back = {v: k for k, v in PER_TU_NAMES.items()}
        w = {back.get(k, k): v["weight"] for k, v in pt["weights"].items()}

        def predict_log(p):
            t = p["tu"]
            d = dict(t["counts"])
            for k in PER_TU_NAMES:
                d[k] = EXTRAS[k](t)
            return max(0.0, math.expm1(pt["intercept"] + sum(v * math.log1p(d.get(k, 0))
                                                             for k, v in w.items())))
        return predict_log
    key = "sitesPerUnit"
    w = {k: it["evidence"][key] for k, it in m["items"].items() if key in it.get("evidence", {})}
    back = {v: k for k, v in INPUT_NAMES.items()}
    w.update({back[k]: v["evidence"][key] for k, v in m.get("inputs", {}).items()})

    def predict(p):
        t = p["tu"]
        d = dict(t["counts"])
        for k in EXTRAS:
            d[k] = EXTRAS[k](t)
        return sum(v * d.get(k, 0) for k, v in w.items())
    return predict


def final(pairs, inputs_name, form, model_file, svg_path, write):
    """The held-out figure, computed once for the chosen model, beside the
    shipped model's on the same pairs (its weights, as the report applies
    them, on each pair's TU report). Writes the model only if its held-out
    rho is higher."""
    train = fit_set(pairs)
    test = [p for p in C.usable(pairs) if p["held_out"] and p.get("tu")
            and has_target(p)]
    m = Model(inputs_name, form).fit(train)
    # Scored with the weights as the model file stores them.
    m.w = {k: round(v, 3) for k, v in m.w.items()}
    m.intercept = round(m.intercept, 3)
    shipped = model_predictor(model_file)
    rows = ["| held-out pairs of | n | rho, new model | median rel. error | "
            "rho, shipped model | median rel. error |", "|---|---|---|---|---|---|"]
    for src in sorted({p["source"] for p in test}) + ["all"]:
        ss = [p for p in test if src in ("all", p["source"])]
        me = [p[TARGET] for p in ss]
        rn, en = scores([m.predict(p) for p in ss], me)
        ro, eo = scores([shipped(p) for p in ss], me)
        rows.append(f"| {src} | {len(ss)} | {rn:.2f} | {en:.2f} | {ro:.2f} | {eo:.2f} |")
    rn, en = scores([m.predict(p) for p in test], [p[TARGET] for p in test])
    ro, eo = scores([shipped(p) for p in test], [p[TARGET] for p in test])
    rt, et = scores([m.predict(p) for p in train], [p[TARGET] for p in train])
    print("\n".join(rows))
    if TARGET != "residual_sites":
        # The same two models, the same pairs, scored in the same run on the
        # residual of rounds 3-6 (every hunk): shown, not the ship rule.
        me = [p["residual_sites"] for p in test]
        r2, e2 = scores([m.predict(p) for p in test], me)
        o2, f2 = scores([shipped(p) for p in test], me)
        print(f"\nsame pairs, target residual_sites (every hunk): new model rho {r2:.2f} "
              f"(median rel. error {e2:.2f}), shipped model rho {o2:.2f} ({f2:.2f})")
    sec = [p for p in test if p.get("porting_kinds") is not None]
    if sec:
        # Round 14's secondary target, fixed with heldout-6 before it was
        # measured: the porting hunks of the kinds the report can see
        # (residual_kinds.py: port-left-cuda, warp). Shown, not the ship rule.
        srows = ["| held-out pairs of | n | secondary target, sum | rho, new model | median rel. error | "
                 "rho, shipped model | median rel. error |", "|---|---|---|---|---|---|---|"]
        for src in sorted({p["source"] for p in sec}) + ["all"]:
            ss = [p for p in sec if src in ("all", p["source"])]
            me = [float(sum(p["porting_kinds"].get(k, 0) for k in SECONDARY)) for p in ss]
            rn2, en2 = scores([m.predict(p) for p in ss], me)
            ro2, eo2 = scores([shipped(p) for p in ss], me)
            srows.append(f"| {src} | {len(ss)} | {sum(me):.0f} | {rn2:.2f} | {en2:.2f} | {ro2:.2f} | {eo2:.2f} |")
        print(f"\nsecondary target: porting hunks of kinds {'+'.join(SECONDARY)} (the report can see)")
        print("\n".join(srows))
    print(f"\nfit set (in-sample): n={len(train)} rho {rt:.2f}, median rel. error {et:.2f}")
    ref = [p for p in train if p.get("seen_as") == SEEN_REFERENCE]
    if ref:
        me = [p[TARGET] for p in ref]
        r3, e3 = scores([m.predict(p) for p in ref], me)
        o3, f3 = scores([shipped(p) for p in ref], me)
        print(f"\n{SEEN_REFERENCE} again, for reference (SEEN: in this fit set; the shipped "
              f"model was scored on it once, unseen): n={len(ref)}, new model rho {r3:.2f} "
              f"({e3:.2f}), shipped model rho {o3:.2f} ({f3:.2f})")
    print(f"\n| input | {'weight on log(1+count)' if form == 'log' else 'sites per unit'} "
          "| pairs with it (fit set) |\n|---|---|---|")
    if form == "log":
        print(f"| intercept | {m.intercept:.3f} | {len(train)} |")
    for k in m.keys:
        print(f"| `{k}` | {m.w[k]:.3f} | {m.support[k]} |")
    ship = rn > ro
    print(f"\nship: {'yes' if ship else 'no'} (held-out rho {rn:.2f} against {ro:.2f}, target {TARGET})")
    for p in pairs:
        if p in train or p in test:
            p["predicted_sites"] = round(m.predict(p), 2)
    C.svg(train + test, svg_path, target=TARGET, res={"test": len(test), "test_rho": rn, "test_mre": en,
                                   "train": len(train), "train_rho": rt})
    # The report applies a linear model's count x weight over the tree on
    # REPORT_INPUTS, and a log model per TU (schema 3) on the item kinds and
    # source lines; an input it lacks cannot be shipped.
    if form == "log":
        lacking = [k for k in m.keys
                   if k not in C.KINDS and k not in PER_TU_NAMES and k not in REPORT_PER_TU_KINDS]
    else:
        lacking = [k for k in m.keys if k in INPUT_NAMES and INPUT_NAMES[k] not in REPORT_INPUTS]
    if ship and write and lacking:
        sys.exit(f"not writable: the report does not compute {lacking} for a {form} model")
    if ship and write and form == "log":
        write_log_model(write, m, len(train), len(test), rn)
    elif ship and write:
        items = [k for k in m.keys if k in C.KINDS]
        res = {"weights": {k: m.w[k] for k in items}, "support": m.support}
        ins = {INPUT_NAMES[k]: {"evidence": {"sitesPerUnit": m.w[k], "pairs": m.support[k]},
                                "note": INPUT_NOTES[INPUT_NAMES[k]]} for k in m.keys if k in INPUT_NAMES}
        C.write_model(write, res, len(pairs), inputs=ins,
                      model=f"{MODEL_NUMBER} (weights fitted on {len(train)} real ports, counted per TU, "
                            f"{form} fit, target {TARGET}; {len(test)} held out ({HELD_OUT_LABEL}): rho {rn:.2f})")
    return ship


# The revision --write-model gives the model and the held-out set it names
# (round 9: model 6 if it ships, scored on heldout-5).
MODEL_NUMBER = 6
# Round 14: heldout-6 (nine projects with CUDA and hand-made HIP side by side).
HELD_OUT_LABEL = "heldout-6, nine projects with CUDA and HIP twins"
# A held-out set scored in an earlier round, shown again beside the new
# one: it is in the fit set now, so its figure is marked seen.
SEEN_REFERENCE = "heldout-5"
# Round 14's secondary target (residual_kinds.KINDS): the porting hunks the
# report's counts can see.
SECONDARY = ("port-left-cuda", "warp")

# Hours per predicted site, low and high, for a per-TU model: judgement,
# not fitted (nothing here measures time). Model 4's own ranges imply about
# this much per site on the items that carry its fit: kernel-simple 1-4 h
# at 1.8 sites, api-unsupported 4-16 h at 5.8, library-mapped 4-16 h at 2.1.
HOURS_PER_SITE = [0.5, 2]


def write_log_model(path, m, ntrain, ntest, rho):
    """Writes a per-TU log fit as a schema-3 cost model: form "per-tu-log",
    the "perTu" block (intercept, HOURS_PER_SITE, each weight with its
    fit-set support); the items keep their hours and notes, and lose the
    linear model's evidence and inputs (model 4's file keeps those)."""
    cm = C.json.load(open(path))
    cm["version"] = 3
    cm["form"] = "per-tu-log"
    cm["model"] = (f"{MODEL_NUMBER} (per-TU log fit on {ntrain} real ports, target {TARGET}, inputs with "
                   f">= {MIN_SUPPORT} pairs; {ntest} held out ({HELD_OUT_LABEL}): rho {rho:.2f})")
    cm.pop("inputs", None)
    for it in cm["items"].values():
        it.pop("evidence", None)
    weights = {PER_TU_NAMES.get(k, k): {"weight": m.w[k], "pairs": m.support[k]} for k in m.keys}
    cm["perTu"] = {"intercept": m.intercept, "hoursPerSite": HOURS_PER_SITE, "weights": weights}
    o = ["{"]
    for key in ("version", "model", "form", "description"):
        o.append(f'  {C.json.dumps(key)}: {C.json.dumps(cm[key])},')
    o.append('  "categories": [')
    o.append(",\n".join("    " + C.json.dumps(c) for c in cm["categories"]))
    o.append("  ],")
    o.append(f'  "perTu": {{"intercept": {C.json.dumps(m.intercept)}, '
             f'"hoursPerSite": {C.json.dumps(HOURS_PER_SITE)}, "weights": {{')
    o.append(",\n".join(f"    {C.json.dumps(k)}: {C.json.dumps(v)}" for k, v in weights.items()))
    o.append("  }},")
    o.append('  "items": {')
    o.append(",\n".join(f"    {C.json.dumps(k)}: " + C.json.dumps({x: it[x] for x in ("category", "unit", "hours")})[:-1]
                        + ",\n      \"note\": " + C.json.dumps(it["note"]) + "}"
                        for k, it in cm["items"].items()))
    o.append("  }")
    o.append("}")
    open(path, "w").write("\n".join(o) + "\n")


def plot_model(pairs, model_file, svg_path):
    """fit.svg for the model the report ships (model_file), on the fit set
    and the held-out set it was already scored on: a picture of figures
    --final printed, not a new score."""
    pred = model_predictor(model_file)
    train = fit_set(pairs)
    test = [p for p in C.usable(pairs) if p["held_out"] and p.get("tu")
            and has_target(p)]
    pts = [dict(p, predicted_sites=round(pred(p), 2)) for p in train + test]
    rn, en = scores([pred(p) for p in test], [p[TARGET] for p in test])
    rt, _ = scores([pred(p) for p in train], [p[TARGET] for p in train])
    C.svg(pts, svg_path, target=TARGET, res={"test": len(test), "test_rho": rn, "test_mre": en,
                          "train": len(train), "train_rho": rt})
    print(f"{svg_path}: {model_file}, held-out n={len(test)} rho {rn:.2f} (mre {en:.2f}); fit set n={len(train)} rho {rt:.2f}")


def cv_table(train, key, title):
    """One CV table: key(pair) names the fold a pair is left out with."""
    sources = sorted({p["source"] for p in train})
    print(title)
    print("| inputs | form | CV rho, all | CV median rel. error | "
          + " | ".join(f"CV rho, {s}" for s in sources) + " |")
    print("|---|---|---|---|" + "---|" * len(sources))
    out = {}
    for name in INPUT_SETS:
        for form in FORMS:
            oof = cross_validate(train, name, form, key)
            rho, mre = scores([oof[p["id"]] for p in train], [p[TARGET] for p in train])
            per = []
            for s in sources:
                ss = [p for p in train if p["source"] == s]
                per.append(scores([oof[p["id"]] for p in ss], [p[TARGET] for p in ss])[0])
            print(f"| {name} | {form} | {rho:.2f} | {mre:.2f} | "
                  + " | ".join(f"{r:.2f}" for r in per) + " |")
            out[(name, form)] = (rho, mre)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", default=C.PAIRS_JSON)
    ap.add_argument("--final", nargs=2, metavar=("INPUTS", "FORM"),
                    help="fit this candidate on the fit set and score it ONCE on the held-out pairs")
    ap.add_argument("--model", default=os.path.join(C.HERE, "../../rules/cost-model.json"),
                    help="the shipped cost model, compared on the same pairs")
    ap.add_argument("--svg", default=os.path.join(C.HERE, "fit.svg"))
    ap.add_argument("--write-model", default=None,
                    help="with --final: write the weights here if the held-out rho is higher")
    ap.add_argument("--target", default="residual_sites",
                    choices=["residual_sites", "porting_sites"],
                    help="the measured residual to predict (porting_sites: round 7's "
                         "porting-only residual)")
    ap.add_argument("--plot-model", action="store_true",
                    help="draw --svg for the model in --model (the shipped one) instead")
    a = ap.parse_args()
    global TARGET
    TARGET = a.target
    if a.plot_model:
        plot_model(C.json.load(open(a.pairs))["pairs"], a.model, a.svg)
        return
    if a.final:
        meta = C.json.load(open(a.pairs))
        final(meta["pairs"], a.final[0], a.final[1], a.model, a.svg, a.write_model)
        C.json.dump(meta, open(a.pairs, "w"), indent=1)
        return
    train = fit_set(C.json.load(open(a.pairs))["pairs"])
    lopo = cv_table(train, lambda p: p["group"],
                    f"fit set: {len(train)} pairs, {len({p['group'] for p in train})} programs; "
                    "leave-one-program-out cross-validation (the choice)")
    # Each source predicted by weights fitted on the others: how a model
    # carries to a source it has not seen, as the held-out set is. Shown,
    # not used by the choice (the rule below predates it).
    cv_table(train, lambda p: p["source"], "\nleave-one-source-out cross-validation (shown only)")
    best = None
    for (name, form), (rho, mre) in lopo.items():
        # Unrounded: rho higher by more than 0.01 wins, else lower error.
        if best is None or rho > best[0] + 0.01 or (abs(rho - best[0]) <= 0.01 and mre < best[1]):
            best = (rho, mre, name, form)
    print(f"chosen: inputs {best[2]}, form {best[3]} (CV rho {best[0]:.3f}, "
          f"median rel. error {best[1]:.3f})")


if __name__ == "__main__":
    main()
