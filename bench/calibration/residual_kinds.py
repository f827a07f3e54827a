#!/usr/bin/env python3
"""What the porting-only residual of the FIT SET is made of, by hunk kind.

    bench/calibration/residual_kinds.py CORPUS [--hipport BIN] [--sources a,b]

Ports every fit-set pair of pairs.json again (as calibrate.py measures
them; held-out pairs are never read) and sorts each porting hunk of the
diff against the human HIP file into the first kind that fits it:
  port-left-cuda  the port's side still spells a CUDA name (the report
                  can see it: an unsupported or unknown name);
  warp            a line of it is warp-level code (lint and the
                  warp-level kernel count can see it);
  include         a header include differs;
  guard           a CUDA/HIP preprocessor guard differs (a person added
                  or dropped platform code);
  launch          a kernel launch differs (arguments, configuration);
  human-added     only the human side has porting code: API calls, error
                  checks, attributes a person added;
  human-dropped   only the port's side has porting code: CUDA code a
                  person removed or replaced by something else;
  changed         both sides are porting code and differ: a different
                  call, other arguments, another type.
Prints the hunks of each kind per source and the share the report's
counts can see (port-left-cuda and warp), and what formatting and
comments would add: the hunks of the raw line diff, of the diff with
whitespace and blank lines dropped, and of the residual's own diff
(comments and equivalent spellings dropped too). Writes nothing to
pairs.json. --reuse WORK reads the ports of an earlier run's work dir.
"""
import argparse
import collections
import difflib
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibrate as C  # noqa: E402

CUDA_NAME = re.compile(r"^(cuda[A-Z_0-9]|cu[A-Z]|CU[a-z_]|CUDA_|CUDART_|__nv|__NV|__cuda|__CUDA|"
                       r"cublas|cusparse|cufft|curand|cusolver|cudnn|nvrtc|nvtx|nccl|nvcuda)")
KINDS = ["port-left-cuda", "warp", "include", "guard", "launch", "human-added",
         "human-dropped", "changed"]
SEEN = {"port-left-cuda", "warp"}


def left_cuda(line):
    code = C.STRING.sub('""', line)
    return any(CUDA_NAME.match(t) for t in C.TOKEN.findall(code) if not t[0].isdigit())


def warp(line):
    code = C.STRING.sub('""', line)
    return any(C.WARP.search(t) for t in C.TOKEN.findall(code) if not t[0].isdigit())


def kind(a, b):
    """The kind of one porting hunk: a, the port's lines; b, the human's."""
    both = a + b
    if any(left_cuda(x) for x in a):
        return "port-left-cuda"
    if any(warp(x) for x in both):
        return "warp"
    if any(re.match(r"#\s*include", x) for x in both):
        return "include"
    if any(C.GUARD.match(x) for x in both):
        return "guard"
    if any("<<<" in x or "hipLaunchKernelGGL" in x for x in both):
        return "launch"
    pa, pb = any(C.porting_line(x) for x in a), any(C.porting_line(x) for x in b)
    return "human-added" if pb and not pa else "human-dropped" if pa and not pb else "changed"


def hunk_kinds(ported, human, source):
    """Kinds of the porting hunks of one pair (calibrate.residuals' diff)."""
    a, b = C.normalise(ported, source), C.normalise(human, source)
    sa, sb = C.normalise(ported, source, spaced=True), C.normalise(human, source, spaced=True)
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if any(C.porting_line(x) for x in sa[i1:i2] + sb[j1:j2]):
            out.append(kind(sa[i1:i2], sb[j1:j2]))
    return out


def hunks(a, b):
    return sum(1 for t, *_ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
               if t != "equal")


def format_hunks(ported, human, source):
    """Hunks of the raw diff, of the diff without whitespace and blank
    lines, and of the residual's normalised diff."""
    raw = hunks(ported.splitlines(), human.splitlines())
    squeeze = lambda t: [x for x in (re.sub(r"\s+", "", l) for l in t.splitlines()) if x]
    return raw, hunks(squeeze(ported), squeeze(human)), hunks(C.normalise(ported, source),
                                                             C.normalise(human, source))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--hipport", default=os.path.join(C.HERE, "../../build/bin/hipport"))
    ap.add_argument("--pairs", default=C.PAIRS_JSON)
    ap.add_argument("--sources", default="", help="only these sources (comma-separated)")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--reuse", default=None, metavar="WORK",
                    help="the work dir of an earlier run: its ports are read, not redone")
    a = ap.parse_args()
    pairs = [p for p in C.usable(json.load(open(a.pairs))["pairs"]) if not p["held_out"]]
    if a.sources:
        pairs = [p for p in pairs if p["source"] in a.sources.split(",")]
    work = a.reuse or tempfile.mkdtemp(prefix="hipport-kinds-")
    args = C.extra_args(a.corpus, work, pairs)
    C.launch_syntaxes(a.corpus, pairs)
    cache, by_source, n_pairs = {}, collections.defaultdict(collections.Counter), collections.Counter()
    if a.reuse:
        for p in pairs:
            key = (p["cuda_dir"], p["launch_syntax"])
            out = os.path.join(work, "port", C.hashlib.sha1(repr(key).encode()).hexdigest()[:12])
            if os.path.isdir(out):
                cache[key] = (out, 0)
    fmt = collections.defaultdict(lambda: [0, 0, 0])
    with open(os.path.join(work, "log.txt"), "w") as log:
        for p in pairs:
            pf, rc = C.port_once(a.corpus, os.path.abspath(a.hipport), pairs, p,
                                 args.get(p["source"], []), work, log, a.timeout, cache)
            if rc != 0:
                continue
            human = open(os.path.join(a.corpus, p["hip_path"]), errors="replace").read()
            ported = open(pf, errors="replace").read()
            by_source[p["source"]].update(hunk_kinds(ported, human, p["source"]))
            n_pairs[p["source"]] += 1
            for i, n in enumerate(format_hunks(ported, human, p["source"])):
                fmt[p["source"]][i] += n
    total = collections.Counter()
    print("| source | pairs | porting hunks | " + " | ".join(KINDS) + " | report can see |")
    print("|---|---|---|" + "---|" * (len(KINDS) + 1))
    for s in sorted(by_source) + ["all"]:
        c = total if s == "all" else by_source[s]
        if s != "all":
            total.update(c)
        n = sum(c.values())
        seen = sum(c[k] for k in SEEN)
        np_ = sum(n_pairs.values()) if s == "all" else n_pairs[s]
        print(f"| {s} | {np_} | {n} | " + " | ".join(str(c[k]) for k in KINDS)
              + f" | {seen / n if n else 0:.2f} |")
    print("\n| source | hunks, raw diff | without whitespace and blank lines | "
          "normalised (the residual: comments, spellings too) |\n|---|---|---|---|")
    for s in sorted(fmt) + ["all"]:
        r = [sum(v[i] for v in fmt.values()) for i in range(3)] if s == "all" else fmt[s]
        print(f"| {s} | {r[0]} | {r[1]} | {r[2]} |")
    print(f"\nwork: {work} (delete when read)", file=sys.stderr)


if __name__ == "__main__":
    main()
