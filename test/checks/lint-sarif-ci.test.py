"""Projects the CI-facing parts of a SARIF log into lines for FileCheck."""
import json
import sys

run = json.load(open(sys.argv[1]))["runs"][0]
print("automation:", run["automationDetails"]["id"])
inv = run["invocations"][0]
print("executionSuccessful:", inv["executionSuccessful"], "notifications:",
      len(inv["toolExecutionNotifications"]))
print("version:", run["tool"]["driver"]["version"])
for rule in run["tool"]["driver"]["rules"]:
    if rule["id"] == "wave64-ballot-mask-width":
        print(rule["id"], "helpUri:", rule["helpUri"])
        print(rule["id"], "full:", rule["fullDescription"]["text"])
        print(rule["id"], "markdown:", rule["help"]["markdown"].splitlines()[0])
