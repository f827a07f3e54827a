"""Checks the rules' library blocks, which the report reads for its library
table: every rules/*.json family has one, a library (not "language": true)
has a ROCm counterpart and a maturity note, and its #include prefixes are
claimed by no other library. check_libraries.py RULES_DIR"""
import glob
import json
import os
import sys

rules = sys.argv[1]
bad = []
libs = 0
prefixes = {}
for f in sorted(glob.glob(os.path.join(rules, "*.json"))):
    name = os.path.basename(f)
    if name.startswith(("cost-model", "ptx-")):
        continue
    d = json.load(open(f))
    lib = d.get("library")
    if lib is None:
        bad.append(f"family '{d['family']}' ({name}) has no library block")
        continue
    if lib.get("language"):
        continue
    libs += 1
    for key in ("rocm", "maturity"):
        if not lib.get(key):
            bad.append(f"library {d['family']} has no {key}")
    for p in lib.get("includes", {}).get("cuda", []):
        if p in prefixes:
            bad.append(f"include prefix '{p}' is claimed by {prefixes[p]} and {d['family']}")
        prefixes[p] = d["family"]
for b in bad:
    print("error:", b)
print(f"{libs} libraries, {len(prefixes)} include prefixes, {len(bad)} problems")
sys.exit(1 if bad else 0)
