"""Writes a small pairs.json for calibration-split.test: 12 fit-set pairs
in 4 programs of 2 sources, and 3 pairs of a named held-out set whose
residuals are far off (a fit or table that used them would show it)."""
import json
import sys


def pair(i, group, source, sites, held_out=False):
    tu = {"counts": {"kernel-simple": i % 3 + 1, "api-supported": i % 4},
          "sourceLines": 50 + 10 * i, "files": 1,
          "kernels": [{"lines": 5 + i, "file": "a.cu", "warp": False, "asm": 0}],
          "lint": {}, "api": {"supported": {"distinct": 2, "calls": i}},
          "unparsed": 0, "automation": {"automatic": i, "manual": 1, "edits": i + 1}}
    return {"id": f"{group}/f{i}.cu", "group": group, "source": source,
            "held_out": held_out, "port_rc": 0, "report_rc": 0,
            "residual_sites": sites, "residual_lines": 2 * sites,
            "porting_sites": sites // 2, "porting_lines": sites, "recount_rc": 0,
            "counts": dict(tu["counts"]), "tu": tu}


pairs = [pair(i, f"{'ab'[i % 2]}/p{i % 4}", "ab"[i % 2], i % 5 + 1) for i in range(12)]
pairs += [pair(20 + i, "sealed/p", "sealed", 1000, "heldout-x") for i in range(3)]
json.dump({"pairs": pairs}, open(sys.argv[1], "w"))
