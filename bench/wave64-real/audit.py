#!/usr/bin/env python3
"""Recall per blind-audit verdict: of the audited held-out bug sites
(audit-sample.json), how many each verdict holds and how many one
measure.py --dump run finds (a scored finding within NEAR lines), with the
naive grep's figure beside it when the corpus is given. It first re-draws
the sample from labels.json and refuses a file that no longer matches it.
No code in its output.

Usage: audit.py DUMP [--corpus CORPUS] [--labels L] [--audit A]
"""
import argparse
import collections
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure  # noqa: E402

SEED, SIZE = 21, 120


def sample_ids(labels):
    sites = [h for h in labels['hunks'] if h['bug_site'] and h['half'].startswith('heldout')]
    random.seed(SEED)
    return {h['id'] for h in random.sample(sites, SIZE)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dump')
    ap.add_argument('--corpus', help='the corpus measure.py read, for the grep figure')
    ap.add_argument('--labels', default=os.path.join(HERE, 'labels.json'))
    ap.add_argument('--audit', default=os.path.join(HERE, 'audit-sample.json'))
    a = ap.parse_args()
    labels = json.load(open(a.labels))
    audit = {v['id']: v for v in json.load(open(a.audit))['verdicts']}
    if set(audit) != sample_ids(labels):
        sys.exit(f'{a.audit} does not match the sample drawn from {a.labels}')
    hunks = {h['id']: h for h in labels['hunks']}
    tally = collections.defaultdict(collections.Counter)
    for hid, v in audit.items():
        h = hunks[hid]
        path = os.path.join(a.dump, f"{h['project']}-{h['commit']}.json")
        scored = json.load(open(path))['scored'] if os.path.exists(path) else []
        t = tally[v['verdict']]
        t['sites'] += 1
        t['lint'] += any(measure.near(f, [h]) for f in scored)
        if a.corpus:
            before = os.path.join(a.corpus, h['project'], h['commit'], 'before')
            t['grep'] += any(measure.near(f, [h]) for f in measure.grep_findings(before, [h['file']]))
    print(f'{"verdict":<14}{"sites":>6}{"lint":>12}' + (f'{"grep":>12}' if a.corpus else ''))
    for verdict in ('wrong-at-64', 'right-at-64', 'not-compiled', 'unclear'):
        t = tally.get(verdict)
        if not t:
            continue
        row = f'{verdict:<14}{t["sites"]:>6}{t["lint"]:>5} ({t["lint"] / t["sites"]:.3f})'
        if a.corpus:
            row += f'{t["grep"]:>5} ({t["grep"] / t["sites"]:.3f})'
        print(row)


if __name__ == '__main__':
    main()
