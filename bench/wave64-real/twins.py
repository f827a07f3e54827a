#!/usr/bin/env python3
"""Where the labels and the verdicts judge the same code both ways.

A held-out finding counts as good when it lies near a bug-site hunk (the
project edited that code in its fix) or a verdict confirms it as a bug
(wrong at wave64); every other finding counts against precision. A "twin"
is a finding that counts against precision although a good finding of the
same project has the same check, the same message form and the same source
line, spaces aside (`if ((threadIdx.x % 32) == 0) proxyChan.wait();` edited
in one test file of a commit and left in its sibling). No rule that reads
only the code can tell twins apart, so they bound what any check can do
with these labels. Held-out halves only, from one measure.py --dump run;
prints counts, and with --list positions and check ids (no code).

Usage: twins.py DUMP CORPUS [--list] [--labels L] [--verdicts V]
"""
import argparse
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure  # noqa: E402


def source_line(corpus, proj, commit, finding):
    path = os.path.join(corpus, proj, commit, 'before', finding['file'])
    try:
        with open(path, errors='replace') as f:
            lines = f.read().split('\n')
    except OSError:
        return None
    n = finding['line']
    return re.sub(r'\s+', '', lines[n - 1]) if 0 < n <= len(lines) else None


def key(finding, line):
    return (finding['check'], re.sub(r"'[^']*'", 'Q', finding['message'])[:50], line)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dump')
    ap.add_argument('corpus')
    ap.add_argument('--list', action='store_true')
    ap.add_argument('--labels', default=os.path.join(HERE, 'labels.json'))
    ap.add_argument('--verdicts', default=os.path.join(HERE, 'verdicts.json'))
    a = ap.parse_args()
    verdicts = measure.load_verdicts(a.verdicts)
    by_commit = measure.heldout_hunks(a.labels)
    good = collections.defaultdict(set)
    against = []
    total = 0
    for (proj, commit), hunks in sorted(by_commit.items()):
        path = os.path.join(a.dump, f'{proj}-{commit}.json')
        if not os.path.exists(path):
            continue
        sites = [h for h in hunks if h['bug_site']]
        for f in json.load(open(path))['scored']:
            total += 1
            line = source_line(a.corpus, proj, commit, f)
            if line is None:
                continue
            ok = measure.near(f, sites) or measure.verdict_of(verdicts, proj, commit, f) == 'bug'
            if ok:
                good[proj].add(key(f, line))
            else:
                against.append((proj, commit, f, key(f, line)))
    twins = [x for x in against if x[3] in good[x[0]]]
    per_project = collections.Counter(x[0] for x in twins)
    print(f'findings {total}, counted against precision {len(against)}, '
          f'of them twins of a good finding {len(twins)}')
    print('twins by project: ' + ', '.join(f'{p} {n}' for p, n in per_project.most_common()))
    if a.list:
        for proj, commit, f, _ in twins:
            print(f"  {proj}/{commit[:7]}/{f['file']}:{f['line']} {f['check']}")


if __name__ == '__main__':
    main()
