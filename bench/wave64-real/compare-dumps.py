#!/usr/bin/env python3
"""What a lint change did, finding by finding: the scored width findings
(severity >= warning) that one measure.py --dump run has and another lacks,
per half, each with whether it lies near a bug site and its verdict. No code
in its output: positions, check ids and message heads only.

Usage: compare-dumps.py BEFORE_DUMP AFTER_DUMP [--labels L] [--verdicts V]
                        [--half H] [--list]
"""
import argparse
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure  # noqa: E402


def scored(dump, proj, commit):
    p = os.path.join(dump, f'{proj}-{commit}.json')
    if not os.path.exists(p):
        return None
    return {(f['file'], f['line'], f['check']): f for f in json.load(open(p))['scored']}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('before')
    ap.add_argument('after')
    ap.add_argument('--labels', default=os.path.join(HERE, 'labels.json'))
    ap.add_argument('--verdicts', default=os.path.join(HERE, 'verdicts.json'))
    ap.add_argument('--half')
    ap.add_argument('--list', action='store_true')
    a = ap.parse_args()
    verdicts = measure.load_verdicts(a.verdicts)
    by_commit = collections.OrderedDict()
    for h in json.load(open(a.labels))['hunks']:
        if not a.half or h['half'] == a.half:
            by_commit.setdefault((h['project'], h['commit']), []).append(h)
    # half -> (gone|new, near|bug|false-positive|unlabelled) -> count
    tally = collections.defaultdict(collections.Counter)
    sites_lost = collections.Counter()
    rows = []
    for (proj, commit), hunks in by_commit.items():
        b, f = scored(a.before, proj, commit), scored(a.after, proj, commit)
        if b is None or f is None:
            continue
        half = hunks[0]['half']
        sites = [h for h in hunks if h['bug_site']]
        for side, keys, src in (('gone', b.keys() - f.keys(), b),
                                ('new', f.keys() - b.keys(), f)):
            for k in sorted(keys):
                x = src[k]
                kind = ('near' if measure.near(x, sites) else
                        measure.verdict_of(verdicts, proj, commit, x) or 'unlabelled')
                tally[half][(side, kind)] += 1
                rows.append((half, side, kind, f'{proj}/{commit}/{x["file"]}:{x["line"]}',
                             x['severity'], x['check'], x['message'][:80]))
        for h in sites:
            had = any(measure.near(x, [h]) for x in b.values())
            has = any(measure.near(x, [h]) for x in f.values())
            if had != has:
                sites_lost[(half, 'lost' if had else 'gained')] += 1
                rows.append((half, 'site-' + ('lost' if had else 'gained'), h['class'],
                             h['id'], '', '', ''))
    for half, c in tally.items():
        parts = ', '.join(f'{s} {k} {n}' for (s, k), n in sorted(c.items()))
        print(f'[{half}] {parts}; bug sites lost {sites_lost[(half, "lost")]}, '
              f'gained {sites_lost[(half, "gained")]}')
    if a.list:
        for r in rows:
            print('  ' + ' '.join(str(x) for x in r))


if __name__ == '__main__':
    main()
