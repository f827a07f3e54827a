#!/usr/bin/env python3
"""Why the TUs of the wave64-real corpus do not parse: counts per class and half.

Usage:
  parse-failures.py DUMP MIRRORS [--labels labels.json] [--clean clean.json]
                    [--list]

DUMP is what `measure.py ... --dump DIR` wrote: one file per fix commit and
clean set, each with `parse_errors`, one {tu, message} per TU that did not
parse (lint-parse-error's message names clang's first error). MIRRORS holds
the fetched bare git dirs (as for extract.py): a missing header is looked up
in the repository's tree at the linted commit. Only the commits of the
halves in --labels are read, never measure.UNSEEN's (nobody
reads those sets' parse errors), and the clean sets of --clean.

Each TU is classed by its first error:
  project-header   `#include` of a header the repository holds (at the parent
                   of the fix, or at the clean set's commit)
  generated-header a header the build writes (the tree holds NAME.in,
                   NAME.cmake.in or NAME.cmakein)
  rocm-library     a HIP/ROCm header Debian's HIP 5.2 lacks (hip/*, rocblas,
                   hipblas, hipcub, rocprim, rocwmma, rccl, ...)
  external-dep     any other header not in the tree (torch, ATen, c10,
                   pybind11, cub, thrust, cutlass, mpi, ...)
  wrong-platform   the error lies in the HIP headers' NVIDIA platform, or
                   names a CUDA toolkit header or type that a HIP build for
                   AMD never reads
  amd-builtin      an undeclared name of the AMD device builtins or HIP
                   intrinsics (`__builtin_amdgcn_*`, `__hip_*`, `__shfl*`, ...)
  project-code     any other error (an undeclared project name, a template
                   error): code clang cannot compile with what the corpus holds
Nothing of the code is printed; --list adds per TU its class and the
missing header's name or the error's category (no source text).
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
NOT_FOUND = re.compile(r"'([^']+)' file not found")
ROCM_PREFIXES = ('hip/', 'hipblas', 'hipcub/', 'rocprim/', 'rocblas', 'rocwmma/',
                 'rccl', 'hiprand', 'rocrand', 'hipfft', 'rocfft', 'miopen',
                 'hipsparse', 'rocsparse', 'hipsolver', 'rocsolver', 'hipblaslt',
                 'rocthrust', 'ck/', 'hip_fp16', 'amd_')
CUDA_HEADER = re.compile(r'^(cuda|cublas|cufft|curand|cusparse|cusolver|nvrtc|'
                         r'nvToolsExt|cudnn|nvml|cooperative_groups|mma\.h|'
                         r'crt/|device_launch|vector_types|sm_\d)')
BUILTIN = re.compile(r"undeclared (?:identifier|function) '(__builtin_amdgcn_\w+|"
                     r"__hip_\w+|__shfl\w*|__ballot\w*|__activemask|__lane_id|"
                     r"__ockl_\w+|__ocml_\w+|__llvm_amdgcn_\w+|__syncwarp|"
                     r"__reduce_\w+_sync|__match_\w+|__any\w*|__all\w*|__builtin_\w+|"
                     r"__(?:h|float2half|half2float)\w*)'")
CLASSES = ['project-header', 'generated-header', 'rocm-library', 'external-dep',
           'wrong-platform', 'amd-builtin', 'project-code']


def first_error(message):
    """(file, text) of the first error a lint-parse-error message names."""
    m = re.search(r'first: (.*?)\); its wave64', message, re.S)
    text = m.group(1) if m else message
    loc = re.match(r'(/[^:]+):\d+:\d+: (.*)', text, re.S)
    return (loc.group(1), loc.group(2)) if loc else ('', text)


class Tree:
    """The file names of one repository commit, for header look-ups."""

    def __init__(self, mirrors, repo, rev):
        git = os.path.join(mirrors, repo.replace('/', '+'), 'repo')
        try:
            if not rev.endswith('^'):
                rev = subprocess.run(['git', '-C', git, 'rev-parse', rev],
                                     capture_output=True, text=True,
                                     check=True).stdout.strip()
            out = subprocess.run(['git', '-C', git, 'ls-tree', '-r', '--name-only', rev],
                                 capture_output=True, text=True, check=True).stdout
        except (subprocess.CalledProcessError, FileNotFoundError):
            out = ''
        self.paths = set(out.split('\n')) - {''}

    def holds(self, name):
        name = re.sub(r'^(\.\.?/)+', '', name)  # `../include/x.h` from a source folder
        return any(p == name or p.endswith('/' + name) for p in self.paths)


def classify(message, tree):
    where, text = first_error(message)
    m = NOT_FOUND.search(text)
    if m:
        name = m.group(1)
        if tree.holds(name):
            return 'project-header', name
        if any(tree.holds(name + s) for s in ('.in', '.cmake.in', '.cmakein')):
            return 'generated-header', name
        if name.startswith(ROCM_PREFIXES):
            return 'rocm-library', name
        if CUDA_HEADER.match(name):
            return 'wrong-platform', name
        return 'external-dep', name
    if '/nvidia_detail/' in where or re.search(r"'cuda\w*'|CUDA|cudaError", text):
        return 'wrong-platform', 'nvidia-platform'
    b = BUILTIN.search(text)
    if b:
        return 'amd-builtin', b.group(1)
    if where.startswith('/usr/'):
        return 'project-code', 'error in a system header'
    return 'project-code', re.sub(r"'[^']*'", "'…'", text)[:60]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dump')
    ap.add_argument('mirrors')
    ap.add_argument('--labels', default=os.path.join(HERE, 'labels.json'))
    ap.add_argument('--clean', default=os.path.join(HERE, 'clean.json'))
    ap.add_argument('--list', action='store_true')
    a = ap.parse_args()
    labels = json.load(open(a.labels))
    runs = []  # (half, dump file, repo, rev)
    seen = set()
    for h in labels['hunks']:
        key = (h['project'], h['commit'])
        if h['half'] in measure.UNSEEN or key in seen:
            continue
        seen.add(key)
        runs.append((h['half'], f'{h["project"]}-{h["commit"]}.json', h['repo'],
                     h['commit'] + '^'))
    for e in json.load(open(a.clean))['sets']:
        runs.append((f'clean-{e["half"]}', f'clean-{e["name"]}.json', e['repo'], e['commit']))
    counts = collections.defaultdict(collections.Counter)
    tus = collections.Counter()
    listing = []
    for half, name, repo, rev in runs:
        path = os.path.join(a.dump, name)
        if not os.path.exists(path):
            continue
        d = json.load(open(path))
        tus[half] += 0
        errs = d.get('parse_errors', []) if isinstance(d, dict) else []
        if not errs:
            continue
        tree = Tree(a.mirrors, repo, rev)
        for e in errs:
            c, what = classify(e['message'], tree)
            counts[half][c] += 1
            tus[half] += 1
            listing.append((half, name[:-5], e['tu'], c, what))
    halves = [h for h in ('tuning', 'heldout', 'clean-tuning', 'clean-heldout') if h in tus]
    print('# parse-error TUs by the class of their first error '
          f'(dump {a.dump}); heldout = the round-3 half (seen)')
    print(f'{"class":<18}' + ''.join(f'{h:>15}' for h in halves) + f'{"all":>8}')
    for c in CLASSES:
        row = [counts[h][c] for h in halves]
        print(f'{c:<18}' + ''.join(f'{n:>15}' for n in row) + f'{sum(row):>8}')
    row = [tus[h] for h in halves]
    print(f'{"total":<18}' + ''.join(f'{n:>15}' for n in row) + f'{sum(row):>8}')
    if a.list:
        for half, run, tu, c, what in sorted(listing):
            print(f'  {half:<14} {run:<34} {tu}: {c} ({what})')


if __name__ == '__main__':
    main()
