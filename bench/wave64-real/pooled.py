#!/usr/bin/env python3
"""The held-out figures of one measure.py --dump run, pooled over every
held-out half: recall of bug-site hunks, near-or-confirmed (the share of
scored findings near a bug-site hunk or confirmed a bug by a verdict), the
same per severity, and near any modifying hunk of the fix (followups and
unrelated edits included, the issue's literal "near a fix hunk") or
confirmed. No code in its output.

Usage: pooled.py DUMP [--labels L] [--verdicts V]
"""
import argparse
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure  # noqa: E402


def ratio(a, b):
    return f'{a}/{b} = {a / b:.3f}' if b else f'{a}/0'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dump')
    ap.add_argument('--labels', default=os.path.join(HERE, 'labels.json'))
    ap.add_argument('--verdicts', default=os.path.join(HERE, 'verdicts.json'))
    a = ap.parse_args()
    verdicts = measure.load_verdicts(a.verdicts)
    by_commit = measure.heldout_hunks(a.labels)
    sites = found = 0
    good = collections.Counter()
    total = collections.Counter()
    near_any = 0
    for (proj, commit), hunks in sorted(by_commit.items()):
        path = os.path.join(a.dump, f'{proj}-{commit}.json')
        if not os.path.exists(path):
            continue
        scored = json.load(open(path))['scored']
        bug_sites = [h for h in hunks if h['bug_site']]
        fix_hunks = [h for h in hunks if h['kind'] == 'modifying']
        sites += len(bug_sites)
        found += sum(any(measure.near(f, [h]) for f in scored) for h in bug_sites)
        for f in scored:
            confirmed = measure.verdict_of(verdicts, proj, commit, f) == 'bug'
            ok = measure.near(f, bug_sites) or confirmed
            total[f['severity']] += 1
            good[f['severity']] += ok
            near_any += measure.near(f, fix_hunks) or confirmed
    n, g = sum(total.values()), sum(good.values())
    print(f'held-out, pooled: recall {ratio(found, sites)}; '
          f'near-or-confirmed {ratio(g, n)}')
    for sev in sorted(total):
        print(f'  {sev}: near-or-confirmed {ratio(good[sev], total[sev])}')
    print(f'  near any fix hunk or confirmed {ratio(near_any, n)}')


if __name__ == '__main__':
    main()
