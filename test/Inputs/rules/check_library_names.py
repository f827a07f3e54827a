"""Library knowledge is data: every rules/*.json family has one `library`
block, and the C++ that used to carry library knowledge (derive presets, the
report's libraries and dialect prefixes, the build scanners and rewriter, the
NVIDIA-only advice) names no library in its string literals: what it needs
comes from the blocks. A library word in one of those files, or one the rules'
blocks do not name, is an error.
check_library_names.py SRC_ROOT [FILE...]"""
import glob
import json
import os
import re
import sys

root = sys.argv[1]
files = sys.argv[2:] or [
    "lib/Rules/Derive.cpp", "lib/Report/Libraries.cpp", "lib/Report/TextScan.cpp",
    "lib/BuildScan/CMakeScanner.cpp", "lib/BuildScan/LineRules.cpp",
    "lib/BuildScan/BuildRewriter.cpp", "lib/Checks/NvidiaOnlyFeatureCheck.cpp"]

# Words that name CUDA or ROCm libraries (not the runtime, driver or language),
# the rules' and some they have no block for.
LIBRARY = re.compile(
    r"(?:(?<=-l)|(?<![A-Za-z0-9_]))("
    r"cusparselt|hipsparselt|cudss|cufile|nvshmem|rocshmem|rocalution|nvcomp|cuquantum|"
    r"cu(blas|blasLt|fft|rand|sparse|solver|dnn|tensor)|nccl|rccl|nvtx|nvToolsExt|roctx|"
    r"nvml|nvidia-ml|rocm_smi|amd_?smi|nvrtc|hiprtc|npp[a-z]*|nvjpeg|rocjpeg|thrust|rocthrust|"
    r"cub|hipcub|rocprim|cutlass|cute|tensorrt|nvinfer|migraphx|miopen|"
    r"hip(blas|blaslt|fft|rand|sparse|solver|tensor)|roc(blas|fft|rand|sparse|solver|wmma)"
    r")(?![a-z])", re.IGNORECASE)

problems = []
vocabulary = set()
for f in sorted(glob.glob(os.path.join(root, "rules", "*.json"))):
    name = os.path.basename(f)
    if name.startswith(("cost-model", "ptx-")):
        continue
    d = json.load(open(f))
    lib = d.get("library")
    if lib is None:
        problems.append(f"rules/{name}: family '{d.get('family')}' has no library block")
        continue
    texts = [lib.get("name", ""), lib.get("rocm", ""), d["family"]]
    for key in ("headers", "includes"):
        for side in lib.get(key, {}).values():
            texts += side
    for key in ("prefixes", "link", "cmake"):
        for p in lib.get(key, []):
            texts += [p["cuda"], p["hip"]]
    for t in texts:
        for m in LIBRARY.finditer(t):
            vocabulary.add(m.group(0).lower())

def literals(text):
    """(line, literal) of every string literal outside comments."""
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            i = j
            continue
        if c == "'" and i + 2 < n:  # a character literal such as '"'
            j = text.find("'", i + 1 + (text[i + 1] == "\\"))
            i = j + 1 if j > 0 else i + 1
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            yield line, text[i + 1:j]
            i = j + 1
            continue
        i += 1

for rel in files:
    path = rel if os.path.isabs(rel) else os.path.join(root, rel)
    for line, lit in literals(open(path).read()):
        for m in LIBRARY.finditer(lit):
            word = m.group(0)
            where = f"{rel}:{line}"
            if word.lower() not in vocabulary:
                problems.append(f"{where}: names library '{word}', which no rules library block names")
            else:
                problems.append(f"{where}: names library '{word}' in C++; read it from the rules' library blocks")

for p in problems:
    print("error:", p)
print(f"{len(vocabulary)} library names in the rules, {len(files)} files checked, {len(problems)} problems")
sys.exit(1 if problems else 0)
