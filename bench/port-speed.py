#!/usr/bin/env python3
"""hipport port vs. clang's own parse of the same files, side by side.

Runs, alternately and N times each: `clang++-22 -x cuda --cuda-host-only
-fsyntax-only` on every file (the parse floor), `hipport port --diff -j1`
and `hipport port --diff -j2` on the same files. Prints medians and the
ratios the port issue sets targets for (port/parse <= 1.2 at -j1; -j1/-j2
>= 1.7), plus peak resident memory of one TU.

usage: bench/port-speed.py [--hipport build/bin/hipport] [--runs 5] DIR|FILE...
(default input: examples/)
"""
import argparse, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLANG = "/usr/lib/llvm-22/bin/clang++"
CUDA = os.environ.get("CUDA_PATH", "/usr/local/cuda")


def cuda_files(paths):
    out = []
    for p in paths:
        if os.path.isfile(p):
            out.append(os.path.abspath(p))
            continue
        for d, _, fs in os.walk(p):
            out += [os.path.join(d, f) for f in fs if f.endswith(".cu")]
    return sorted(out)


def run(cmd):
    """Wall time and peak RSS (KiB) of one command."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)  # this child's own peak RSS
    wall = time.perf_counter() - t
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"failed ({code}): {' '.join(cmd)}")
    return wall, usage.ru_maxrss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hipport", default=os.path.join(ROOT, "build/bin/hipport"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("inputs", nargs="*", default=[os.path.join(ROOT, "examples")])
    a = ap.parse_args()
    files = cuda_files(a.inputs)
    if not files:
        sys.exit("no .cu files")
    inc = sorted({os.path.dirname(f) for f in files})
    clang_args = ["-x", "cuda", "--cuda-host-only", "-fsyntax-only", "-w",
                  "-std=c++17", f"--cuda-path={CUDA}", f"-I{CUDA}/include/cccl",
                  "-nocudalib"] + [f"-I{d}" for d in inc]

    def parse_all():
        t = 0.0
        for f in files:
            t += run([CLANG] + clang_args + [f])[0]
        return t

    def port(jobs):
        return run([a.hipport, "port", "--diff", "-j", str(jobs)] + files)[0]

    samples = {"clang": [], "j1": [], "j2": []}
    for _ in range(a.runs):  # interleaved so load changes hit all three alike
        samples["clang"].append(parse_all())
        samples["j1"].append(port(1))
        samples["j2"].append(port(2))
    med = {k: statistics.median(v) for k, v in samples.items()}
    # Peak memory of a single TU: the largest file, alone.
    big = max(files, key=os.path.getsize)
    clang_rss = run([CLANG] + clang_args + [big])[1]
    port_rss = run([a.hipport, "port", "--diff", big])[1]
    print(f"files: {len(files)} .cu translation units; runs: {a.runs} (medians)")
    print(f"clang++-22 -fsyntax-only --cuda-host-only : {med['clang']:.2f} s")
    print(f"hipport port -j1                          : {med['j1']:.2f} s")
    print(f"hipport port -j2                          : {med['j2']:.2f} s")
    print(f"ratio port -j1 / parse   : {med['j1'] / med['clang']:.2f}  (target <= 1.2)")
    print(f"speedup -j1 / -j2        : {med['j1'] / med['j2']:.2f}  (target >= 1.7)")
    print(f"peak RSS, one TU ({os.path.basename(big)}): clang++ driver {clang_rss // 1024} MiB, "
          f"hipport {port_rss // 1024} MiB")


if __name__ == "__main__":
    main()
