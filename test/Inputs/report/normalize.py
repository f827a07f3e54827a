"""Makes a `hipport report --format json` output comparable across machines:
the absolute root, the cost-model path, the run time, the date, the version
and the command line are replaced."""
import json
import os
import sys

d = json.load(sys.stdin)
root = d["root"]
d["root"] = "<root>"
d["seconds"] = 0
d["context"]["date"] = "<date>"
d["context"]["version"] = "<version>"
d["context"]["commandLine"] = "<command line>"
d["estimate"]["costModel"] = os.path.basename(d["estimate"]["costModel"])
text = json.dumps(d, indent=2)
print(text.replace(root, "<root>"))
