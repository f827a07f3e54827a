"""Fails when hipport's C++ names a CUDA library the rules' library blocks
do not: library knowledge is data (rules/*.json "library"), so a library
spelled in a string literal of lib/ or tools/ (a header, a link name, a
CMake target, a display name) must be one the rules name.
check_library_names.py RULES_DIR SOURCE_DIR..."""
import glob
import json
import os
import re
import sys

# Spellings of NVIDIA's CUDA libraries (as headers, link names, CMake
# targets and display names use them); a token counts only as a whole word.
VOCABULARY = ["cublasLt", "cublas", "cufft", "cusparseLt", "cusparse", "curand",
              "cusolver", "nccl", "cudnn", "nvrtc", "cutlass", "thrust", "cub",
              "tensorrt", "nvinfer", "npp", "nvjpeg", "nvtx", "cupti", "nvml",
              "cutensor", "nvshmem", "optix", "cudss", "cufile", "nvcomp",
              "nvjitlink", "cuquantum", "nvblas", "dcgm"]
TOKEN = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(VOCABULARY) + r")(?![A-Za-z])", re.I)
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)

rules, sources = sys.argv[1], sys.argv[2:]
known = set()
for f in glob.glob(os.path.join(rules, "*.json")) + glob.glob(os.path.join(rules, "*/*.json")):
    try:
        d = json.load(open(f))
    except ValueError:
        continue
    lib = d.get("library") if isinstance(d, dict) else None
    if not lib:
        continue
    known.add(d["family"].lower())
    for m in TOKEN.finditer(json.dumps(lib)):
        known.add(m.group(1).lower())
bad, seen = [], set()
for root in sources:
    for f in sorted(glob.glob(os.path.join(root, "**/*.[ch]*"), recursive=True)):
        if not f.endswith((".cpp", ".h", ".def", ".inc")):
            continue
        text = COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), open(f, errors="replace").read())
        for n, line in enumerate(text.splitlines(), 1):
            for s in STRING.findall(line):
                for m in TOKEN.finditer(s):
                    t = m.group(1).lower()
                    seen.add(t)
                    if t not in known:
                        bad.append(f"{f}:{n}: names library '{m.group(1)}', which no rules library block names")
for b in bad:
    print("error:", b)
print(f"{len(seen)} library names in the sources, {len(known)} in the rules, {len(bad)} unknown")
sys.exit(1 if bad else 0)
