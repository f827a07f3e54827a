"""Checks a SARIF log against the properties SARIF 2.1.0 requires and hipport
promises, and prints one projected line per result for FileCheck. Validation
against the official schema is sarif-validate.js (lint-sarif-schema.test)."""
import json
import sys

log = json.load(open(sys.argv[1]))


def need(cond, what):
    if not cond:
        sys.exit("invalid SARIF: " + what)


need(log.get("version") == "2.1.0", "version must be 2.1.0")
need(isinstance(log.get("runs"), list) and log["runs"], "runs must be a non-empty array")
for run in log["runs"]:
    driver = run["tool"]["driver"]
    need(isinstance(driver.get("name"), str), "tool.driver.name")
    rules = driver.get("rules", [])
    ids = [r["id"] for r in rules]
    need(len(ids) == len(set(ids)), "rule ids unique")
    for r in rules:
        need(r["defaultConfiguration"]["level"] in ("none", "note", "warning", "error"), "rule level")
    for base in run.get("originalUriBaseIds", {}).values():
        need(base["uri"].endswith("/"), "uriBaseId uri must end with /")
    for res in run["results"]:
        need(isinstance(res["message"]["text"], str), "result.message.text")
        need(res["level"] in ("none", "note", "warning", "error"), "result.level")
        if "ruleIndex" in res:
            need(rules[res["ruleIndex"]]["id"] == res["ruleId"], "ruleIndex matches ruleId")
        loc = res["locations"][0]["physicalLocation"]
        reg = loc["region"]
        need(reg.get("startLine", 1) >= 1 and reg.get("startColumn", 1) >= 1, "region 1-based")
        need(reg["charOffset"] >= 0 and reg["charLength"] >= 0, "region offsets")
        need(loc["artifactLocation"].get("uriBaseId") in (None, "SRCROOT"), "uriBaseId")
        for rel in res.get("relatedLocations", []):
            need("physicalLocation" in rel, "relatedLocations physicalLocation")
        for fix in res.get("fixes", []):
            for ch in fix["artifactChanges"]:
                for rep in ch["replacements"]:
                    need("deletedRegion" in rep, "replacement.deletedRegion")
        print("%s %s:%d:%d %s" % (res["ruleId"], loc["artifactLocation"]["uri"],
                                reg["startLine"], reg["startColumn"], res["level"]))
print("rules: %d" % len(run["tool"]["driver"]["rules"]))
