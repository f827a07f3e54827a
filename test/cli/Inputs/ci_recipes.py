"""Runs the CI recipes hipport documents, locally: the GitHub Actions steps of
docs/ci.md for each shard, and the pre-commit hook of .pre-commit-hooks.yaml
on a scratch repository's staged files. Prints facts for FileCheck."""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

import yaml

src_root, lint_inputs, work = sys.argv[1:4]


def workflow():
    text = open(os.path.join(src_root, "docs", "ci.md")).read()
    block = re.search(r"```yaml\n(.*?)```", text, re.S).group(1)
    return yaml.safe_load(block)


def sarif_results(path):
    run = json.load(open(path))["runs"][0]
    found = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
              r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in run["results"]}
    return run["automationDetails"]["id"], found


def actions():
    job = workflow()["jobs"]["lint"]
    shutil.copytree(lint_inputs, os.path.join(work, "src"))
    categories, union = set(), set()
    for shard in job["strategy"]["matrix"]["shard"]:
        for step in job["steps"]:
            sub = lambda s: s.replace("${{ matrix.shard }}", str(shard))
            if "run" in step:
                rc = subprocess.run(shlex.split(sub(step["run"])), cwd=work,
                                    capture_output=True).returncode
                print(f"shard {shard} {step['name']}: rc {rc}")
            elif step.get("uses", "").startswith("github/codeql-action/upload-sarif"):
                cat, found = sarif_results(os.path.join(work, sub(step["with"]["sarif_file"])))
                ok = cat == sub(step["with"]["category"]) + "/"
                print(f"shard {shard} category {cat} matches upload: {ok}")
                categories.add(cat)
                union |= found
    subprocess.run(["hipport", "lint", "src", "--format", "sarif", "--fail-on=never",
                    "-o", "all.sarif"], cwd=work, check=True)
    _, everything = sarif_results(os.path.join(work, "all.sarif"))
    print(f"distinct categories: {len(categories)}")
    print(f"union of shards equals unsharded: {union == everything} ({len(everything)} results)")


def precommit():
    hook = yaml.safe_load(open(os.path.join(src_root, ".pre-commit-hooks.yaml")))[0]
    repo = os.path.join(work, "repo")
    os.makedirs(repo)
    git = lambda *a: subprocess.run(["git", "-C", repo, *a], check=True, capture_output=True)
    git("init", "-q")
    with open(os.path.join(repo, "clean.cu"), "w") as f:
        f.write("__global__ void k(float *o) { o[threadIdx.x] = 1.0f; }\n")
    with open(os.path.join(repo, "unstaged.cu"), "w") as f:
        f.write("__global__ void u(int *o) { o[0] = threadIdx.x % 32; }\n")
    with open(os.path.join(repo, "bad.cu"), "w") as f:
        f.write("__global__ void b(int *o, float v) {\n"
                "  unsigned m = __ballot_sync(0xffffffffu, v > 0);\n"
                "  o[0] = __popc(m);\n}\n")
    git("add", "clean.cu", "bad.cu")
    staged = git("diff", "--cached", "--name-only").stdout.decode().split()
    files = [f for f in staged if re.search(hook["files"], f)]
    r = subprocess.run(shlex.split(hook["entry"]) + files, cwd=repo, capture_output=True, text=True)
    print(f"pre-commit on {' '.join(sorted(files))}: rc {r.returncode}")
    out = r.stdout + r.stderr
    print("reports bad.cu:", "bad.cu:2" in out, "| reports unstaged.cu:", "unstaged.cu" in out)


actions()
precommit()
