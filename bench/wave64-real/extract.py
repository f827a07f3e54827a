#!/usr/bin/env python3
"""Extract the wave64 real-code corpus from fetched mirrors.

Usage:
  extract.py MIRROR_ROOT CORPUS_ROOT [--commits commits.txt] [--hunks OUT.json]
             [--clean clean.json] [--tree-headers] [--projects P1,P2,...]
             [--section TEXT]

MIRROR_ROOT holds bare git dirs as the `fetch` tool leaves them
(MIRROR_ROOT/<owner>+<name>/repo). For every commit in commits.txt this writes,
outside every repository,

  CORPUS_ROOT/<project>/<commit>/before/<path>   file at the commit's parent
  CORPUS_ROOT/<project>/<commit>/after/<path>    file at the commit
  CORPUS_ROOT/<project>/<commit>/ctx/<path>      headers of the touched files'
                                                 folders at the parent (for -I),
                                                 and of every folder a `ctx=DIR`
                                                 field of the commit's line names
                                                 (recursively: the project's own
                                                 headers that its sources include
                                                 from the repository root)
  CORPUS_ROOT/<project>/<commit>/drivers.txt     untouched TUs of those folders
                                                 that include a touched header,
                                                 copied into before/ and after/
                                                 so the header gets linted

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
MAX_DRIVERS = 2  # TUs taken per touched header
TU_EXT = ('.cu', '.cpp', '.cc', '.c', '.hip', '.cxx')
# The whole tree's headers (--tree-headers): what a checkout's #include finds.
# .hu: LightGBM's CUDA headers (include/LightGBM/cuda/*.hu).
TREE_HDR_EXT = HDR_EXT + ('.hh', '.hxx', '.h++', '.cuh', '.hip.h', '.def', '.ipp', '.tcc', '.hu')
HEADER_CAP = 1 << 20   # bytes: larger headers are generated tables, not API
TREE_CAP = 24 << 20    # bytes of headers per commit, nearest folders first


def git(repo, *args, binary=False):
    out = subprocess.run(['git', '-C', repo, *args], capture_output=True,
                         check=True).stdout
    return out if binary else out.decode('utf-8', 'replace')


def read_commits(path):
    """The rows of commits.txt; each carries `section`, the text of the last
    whole-line `# ...` comment above it ('' before the first one)."""
    rows, section = [], ''
    for line in open(path):
        if line.startswith('#'):
            section = line[1:].strip()
            continue
        line = line.split('#', 1)[0].strip()
        if not line:
            continue
        f = line.split()
        rows.append({'project': f[0], 'repo': f[1], 'commit': f[2],
                     'exclude': [x for x in f[3:] if not x.startswith('ctx=')],
                     'ctx': [x[4:] for x in f[3:] if x.startswith('ctx=')],
                     'section': section})
    return rows


def mirror_dir(root, repo):
    return os.path.join(root, repo.replace('/', '+'), 'repo')


def tree_headers(repo, rev, near, exclude=()):
    """The C/C++/CUDA/HIP headers of the tree at rev, as a user's checkout
    holds them: every header of at most HEADER_CAP bytes, nearest to the
    paths of `near` first (the longest shared folder prefix), until
    TREE_CAP bytes are taken. Returns [(path, blob)]."""
    rows = []
    for line in git(repo, 'ls-tree', '-r', '-l', rev).split('\n'):
        meta, _, path = line.partition('\t')
        f = meta.split()
        if len(f) != 4 or f[1] != 'blob' or not path.endswith(TREE_HDR_EXT):
            continue
        if any(x in path for x in exclude) or not f[3].isdigit() or int(f[3]) > HEADER_CAP:
            continue
        rows.append((path, f[2], int(f[3])))

    def shared(path):
        parts = path.split('/')[:-1]
        best = 0
        for n in near:
            q = n.split('/')[:-1]
            k = 0
            while k < min(len(parts), len(q)) and parts[k] == q[k]:
                k += 1
            best = max(best, k)
        return best
    rows.sort(key=lambda r: (-shared(r[0]), r[0]))
    out, total = [], 0
    for path, blob, size in rows:
        if total + size > TREE_CAP:
            break
        out.append((path, blob))
        total += size
    return out


def write_blobs(repo, items, base):
    """Writes each (path, blob) under base, with one `git cat-file --batch`."""
    if not items:
        return
    p = subprocess.Popen(['git', '-C', repo, 'cat-file', '--batch'],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    data, _ = p.communicate(''.join(b + '\n' for _, b in items).encode())
    at = 0
    for path, _ in items:
        nl = data.index(b'\n', at)
        size = int(data[at:nl].split()[2])
        body = data[nl + 1:nl + 1 + size]
        at = nl + 1 + size + 1
        dest = os.path.join(base, path)
        if os.path.exists(dest):
            continue
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, 'wb') as f:
            f.write(body)


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


def extract_clean(mirrors, corpus, clean_json, whole_tree=False):
    """CORPUS/clean/<half>/<name>/files/<path> for the listed paths, and
    CORPUS/clean/<half>/<name>/ctx/<path> for the headers of include_dirs
    (with whole_tree, every header of the tree: tree_headers)."""
    for e in json.load(open(clean_json))['sets']:
        repo = mirror_dir(mirrors, e['repo'])
        base = os.path.join(corpus, 'clean', e['half'], e['name'])
        for p in e['paths']:
            if not write_blob(repo, e['commit'], p, os.path.join(base, 'files', p)):
                print(f"missing {e['repo']}@{e['commit']}:{p}", file=sys.stderr)
        for d in e['include_dirs']:
            for p in git(repo, 'ls-tree', '-r', '--name-only', e['commit'], d).split('\n'):
                if p.endswith(HDR_EXT):
                    write_blob(repo, e['commit'], p, os.path.join(base, 'ctx', p))
        if whole_tree:
            write_blobs(repo, [(p, b) for p, b in tree_headers(repo, e['commit'], e['paths'])
                               if p not in e['paths']], os.path.join(base, 'ctx'))
        print(f"clean {e['half']}/{e['name']}: {len(e['paths'])} files", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('mirrors')
    ap.add_argument('corpus')
    ap.add_argument('--commits', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), 'commits.txt'))
    ap.add_argument('--hunks')
    ap.add_argument('--clean', help='clean.json: also extract the clean set')
    ap.add_argument('--tree-headers', action='store_true',
                    help="lay every header of the tree at the parent into ctx/ "
                         "(tree_headers), as a user's checkout holds them")
    ap.add_argument('--projects',
                    help='comma-separated project names: extract only their '
                         'commits (a new set without rewriting the others)')
    ap.add_argument('--section',
                    help='extract only the commits listed under a whole-line '
                         'comment of commits.txt that starts with this text '
                         '(a time-split set whose projects older sets hold)')
    a = ap.parse_args()
    only = set(a.projects.split(',')) if a.projects else None
    if a.clean:
        extract_clean(a.mirrors, a.corpus, a.clean, a.tree_headers)
    all_hunks = []
    for row in read_commits(a.commits):
        if only is not None and row['project'] not in only:
            continue
        if a.section is not None and not row['section'].startswith(a.section):
            continue
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
        drivers = []
        for d in ctx_dirs:
            tree = git(repo, 'ls-tree', '--name-only', parent, (d + '/') if d else '.')
            for p in tree.split('\n'):
                if p.endswith(HDR_EXT):
                    write_blob(repo, parent, p, os.path.join(base, 'ctx', p))
                elif p.endswith(TU_EXT) and p not in names:
                    drivers.append(p)
        for d in row['ctx']:
            for p in git(repo, 'ls-tree', '-r', '--name-only', parent, d).split('\n'):
                if p.endswith(HDR_EXT) and p not in names:
                    write_blob(repo, parent, p, os.path.join(base, 'ctx', p))
        if a.tree_headers:
            write_blobs(repo, [(p, b) for p, b in tree_headers(repo, parent, names)
                               if p not in names], os.path.join(base, 'ctx'))
        # A header is linted only through a TU that includes it: take the
        # project's own TUs of the same folder that include a touched header.
        hdrs = [os.path.basename(n) for n in names if n.endswith(HDR_EXT)]
        used, per_hdr = [], {}
        for p in drivers:
            text = git(repo, 'show', f'{parent}:{p}')
            hit = [h for h in hdrs if per_hdr.get(h, 0) < MAX_DRIVERS and re.search(
                r'#\s*include\s*["<][^">]*\b' + re.escape(h) + '[">]', text)]
            if hit:
                for h in hit:
                    per_hdr[h] = per_hdr.get(h, 0) + 1
                write_blob(repo, parent, p, os.path.join(base, 'before', p))
                write_blob(repo, full, p, os.path.join(base, 'after', p))
                used.append(p)
        with open(os.path.join(base, 'drivers.txt'), 'w') as f:
            f.write(''.join(u + '\n' for u in used))
        print(f"{row['project']} {row['commit']}: {len(names)} files", file=sys.stderr)
    if a.hunks:
        with open(a.hunks, 'w') as f:
            json.dump(all_hunks, f, indent=1)


if __name__ == '__main__':
    main()
