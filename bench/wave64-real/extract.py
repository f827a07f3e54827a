#!/usr/bin/env python3
"""Extract the wave64 real-code corpus from fetched mirrors.

Usage:
  extract.py MIRROR_ROOT CORPUS_ROOT [--commits commits.txt] [--hunks OUT.json]

MIRROR_ROOT holds bare git dirs as the `fetch` tool leaves them
(MIRROR_ROOT/<owner>+<name>/repo). For every commit in commits.txt this writes,
outside every repository,

  CORPUS_ROOT/<project>/<commit>/before/<path>   file at the commit's parent
  CORPUS_ROOT/<project>/<commit>/after/<path>    file at the commit
  CORPUS_ROOT/<project>/<commit>/ctx/<path>      headers of the touched files'
                                                 folders at the parent (for -I)

and, with --hunks, the raw zero-context diff hunks (with their text, so this
file stays outside the repository) that labels.json is built from.
Only C, C++, CUDA and HIP sources are taken; build files are not linted.
"""
import argparse
import json
import os
import re
import subprocess
import sys

SRC_EXT = ('.cu', '.cuh', '.h', '.hpp', '.cpp', '.cc', '.hip', '.c', '.inc',
           '.inl', '.cxx')
HDR_EXT = ('.h', '.cuh', '.hpp', '.inc', '.inl')


def git(repo, *args, binary=False):
    out = subprocess.run(['git', '-C', repo, *args], capture_output=True,
                         check=True).stdout
    return out if binary else out.decode('utf-8', 'replace')


def read_commits(path):
    rows = []
    for line in open(path):
        line = line.split('#', 1)[0].strip()
        if not line:
            continue
        f = line.split()
        rows.append({'project': f[0], 'repo': f[1], 'commit': f[2],
                     'exclude': f[3:]})
    return rows


def mirror_dir(root, repo):
    return os.path.join(root, repo.replace('/', '+'), 'repo')


def write_blob(repo, rev, path, dest):
    try:
        data = git(repo, 'show', f'{rev}:{path}', binary=True)
    except subprocess.CalledProcessError:
        return False
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, 'wb') as f:
        f.write(data)
    return True


HUNK_RE = re.compile(r'^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@')


def parse_hunks(diff_text):
    hunks, cur = [], None
    for line in diff_text.splitlines():
        m = HUNK_RE.match(line)
        if m:
            b, bn, a, an = m.groups()
            cur = {'before_start': int(b),
                   'before_count': 1 if bn is None else int(bn),
                   'after_start': int(a),
                   'after_count': 1 if an is None else int(an),
                   'removed': [], 'added': []}
            hunks.append(cur)
        elif cur is not None and line.startswith('-') and not line.startswith('---'):
            cur['removed'].append(line[1:])
        elif cur is not None and line.startswith('+') and not line.startswith('+++'):
            cur['added'].append(line[1:])
    return hunks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('mirrors')
    ap.add_argument('corpus')
    ap.add_argument('--commits', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), 'commits.txt'))
    ap.add_argument('--hunks')
    a = ap.parse_args()
    all_hunks = []
    for row in read_commits(a.commits):
        repo = mirror_dir(a.mirrors, row['repo'])
        if not os.path.isdir(repo):
            print(f'missing mirror {repo}', file=sys.stderr)
            continue
        full = git(repo, 'rev-parse', row['commit']).strip()
        parent = git(repo, 'rev-parse', full + '^').strip()
        names = git(repo, 'diff', '--name-only', parent, full).split('\n')
        names = [n for n in names if n.endswith(SRC_EXT)
                 and not any(x in n for x in row['exclude'])]
        base = os.path.join(a.corpus, row['project'], row['commit'])
        ctx_dirs = set()
        for n in names:
            write_blob(repo, parent, n, os.path.join(base, 'before', n))
            write_blob(repo, full, n, os.path.join(base, 'after', n))
            ctx_dirs.add(os.path.dirname(n))
            for h in parse_hunks(git(repo, 'diff', '-U0', parent, full, '--', n)):
                h.update({'project': row['project'], 'repo': row['repo'],
                          'commit': row['commit'], 'file': n})
                all_hunks.append(h)
        for d in ctx_dirs:
            tree = git(repo, 'ls-tree', '--name-only', parent, (d + '/') if d else '.')
            for p in tree.split('\n'):
                if p.endswith(HDR_EXT):
                    write_blob(repo, parent, p, os.path.join(base, 'ctx', p))
        print(f"{row['project']} {row['commit']}: {len(names)} files", file=sys.stderr)
    if a.hunks:
        with open(a.hunks, 'w') as f:
            json.dump(all_hunks, f, indent=1)


if __name__ == '__main__':
    main()
