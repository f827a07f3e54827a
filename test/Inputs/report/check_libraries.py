"""Checks rules/report/libraries.json against the rule families:
every family a library names is a rules/*.json family, and every rule family
that is a library (not the cuda-* language families or library-types) is
claimed by exactly one library. check_libraries.py RULES_DIR"""
import glob
import json
import os
import sys

rules = sys.argv[1]
families = {}
for f in sorted(glob.glob(os.path.join(rules, "*.json"))):
    name = os.path.basename(f)
    if name.startswith(("cost-model", "ptx-")):
        continue
    families[json.load(open(f))["family"]] = name
libs = json.load(open(os.path.join(rules, "report", "libraries.json")))["libraries"]
bad = []
claimed = {}
for lib in libs:
    for fam in lib["families"]:
        if fam not in families:
            bad.append(f"library {lib['id']} names family '{fam}', which no rules/*.json defines")
        claimed.setdefault(fam, []).append(lib["id"])
for fam, file in families.items():
    if fam.startswith("cuda-") or fam == "library-types":
        continue
    if len(claimed.get(fam, [])) != 1:
        bad.append(f"family '{fam}' ({file}) is claimed by {claimed.get(fam, [])}, expected one library")
ids = [l["id"] for l in libs]
if len(ids) != len(set(ids)):
    bad.append("duplicate library ids")
for b in bad:
    print("error:", b)
print(f"{len(libs)} libraries, {len(claimed)} families claimed, {len(bad)} problems")
sys.exit(1 if bad else 0)
