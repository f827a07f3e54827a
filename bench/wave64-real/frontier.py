#!/usr/bin/env python3
"""How far precision can rise by silencing whole message forms, with recall
kept at a floor: an upper bound for any severity policy that treats every
finding of one form alike (issue #10's two bars, read side by side).

A form is a check id, a severity and the message's head with quoted names
blanked. The search is greedy and uses the labels and verdicts, so it is an
oracle: it shows what the labels allow, not a rule to adopt. Held-out halves
(`heldout*`) only, from one measure.py --dump run. No code in its output.

Usage: frontier.py DUMP [--min-recall R] [--labels L] [--verdicts V]
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


def form(f):
    return (f['check'], f['severity'], re.sub(r"'[^']*'", "Q", f['message'])[:70])


def load(dump, labels, verdicts):
    """(form, good, sites near) per held-out finding, and the held-out site ids."""
    by_commit = collections.defaultdict(list)
    for h in labels['hunks']:
        if h['half'].startswith('heldout'):
            by_commit[(h['project'], h['commit'])].append(h)
    findings, site_ids = [], []
    for (proj, commit), hunks in by_commit.items():
        path = os.path.join(dump, f'{proj}-{commit}.json')
        if not os.path.exists(path):
            continue
        sites = [h for h in hunks if h['bug_site']]
        site_ids += [h['id'] for h in sites]
        for f in json.load(open(path))['scored']:
            good = measure.near(f, sites) or measure.verdict_of(verdicts, proj, commit, f) == 'bug'
            findings.append((form(f), good, {h['id'] for h in sites if measure.near(f, [h])}))
    return findings, site_ids


def score(findings, n_sites, silenced):
    kept = [f for f in findings if f[0] not in silenced]
    found = set().union(*(f[2] for f in kept)) if kept else set()
    good = sum(f[1] for f in kept)
    return len(found) / n_sites, (good / len(kept) if kept else 0.0), len(found), good, len(kept)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dump')
    ap.add_argument('--min-recall', type=float, default=0.85)
    ap.add_argument('--labels', default=os.path.join(HERE, 'labels.json'))
    ap.add_argument('--verdicts', default=os.path.join(HERE, 'verdicts.json'))
    a = ap.parse_args()
    findings, site_ids = load(a.dump, json.load(open(a.labels)), measure.load_verdicts(a.verdicts))
    n = len(site_ids)
    silenced = set()
    fmt = 'recall {:.3f}  near-or-confirmed {:.3f}  ({} sites, {}/{} findings)'
    print('all forms:  ' + fmt.format(*score(findings, n, silenced)))
    forms = {f[0] for f in findings}
    while True:
        now = score(findings, n, silenced)[1]
        best = None
        for fm in forms - silenced:
            r, p, *_ = score(findings, n, silenced | {fm})
            if r >= a.min_recall and p > now and (best is None or p > best[1]):
                best = (fm, p)
        if best is None:
            break
        silenced.add(best[0])
        print(f'silence {best[0][0]} {best[0][1]}: {best[0][2]}')
    print('best:       ' + fmt.format(*score(findings, n, silenced)))


if __name__ == '__main__':
    main()
