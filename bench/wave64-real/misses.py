#!/usr/bin/env python3
"""Where lint's misses on the wave64-real corpus are, against parse failures.

Usage:
  misses.py CORPUS HIPPORT [--recovery on|off] [--half HALF|both]
            [--labels labels.json] [-j N]

Lints every BEFORE tree as measure.py does (same drivers, overlay and build
macros), with HIPPORT_RECOVERY_TRACE set, so that hipport writes, per TU and
pass, whether it parsed, whether the recovery parse ran (lib/Frontend/
Recovery.h) and the function definitions of project files its final AST has.
Then, per half, for every bug-site hunk lint misses (no width finding at or
above warning within 2 lines): is it in a tree with a TU that does not
parse, and does the AST have a function definition enclosing the hunk (a
body the checks could walk), or none (a lost body, or code at file scope).
Prints counts and hunk ids only, no code. `--recovery off` sets
HIPPORT_RECOVERY=off (lint as before the recovery parse).
"""
import argparse
import collections
import json
import os
import re
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure  # noqa: E402

ROOT_RE = re.compile(r'^.*?/wave64-real-[^/]+/root/')


def spans_of(trace_lines):
    """file -> [(first, last)] over every pass; failing TUs; recovered TUs."""
    spans = collections.defaultdict(set)
    failed, recovered = set(), set()
    for t in trace_lines:
        tu = ROOT_RE.sub('', t['tu'])
        if t['verb'] == 'lint' and not t['parsed']:
            failed.add(tu)
            if t['recovered']:
                recovered.add(tu)
        for f in t['functions']:
            path, _, rng = f.rpartition(':')
            a, _, b = rng.partition('-')
            spans[ROOT_RE.sub('', path)].add((int(a), int(b)))
    return spans, failed, recovered


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('corpus')
    ap.add_argument('hipport')
    ap.add_argument('--labels', default=os.path.join(measure.HERE, 'labels.json'))
    ap.add_argument('--recovery', default='on', choices=['on', 'off'])
    ap.add_argument('--half', default='both',
                    choices=[h for h, _ in measure.HALVES] + ['both'])
    ap.add_argument('-j', '--jobs', type=int, default=1)
    a = ap.parse_args()
    a.no_build_defines = False
    labels = json.load(open(a.labels))
    if a.recovery == 'off':
        os.environ['HIPPORT_RECOVERY'] = 'off'
    else:
        os.environ.pop('HIPPORT_RECOVERY', None)
    by_commit = collections.OrderedDict()
    for h in labels['hunks']:
        if h['half'] not in measure.UNSEEN and a.half in ('both', h['half']):
            by_commit.setdefault((h['project'], h['commit']), []).append(h)
    tally = collections.defaultdict(collections.Counter)
    ids = collections.defaultdict(list)
    wall = 0.0
    for (proj, commit), hunks in by_commit.items():
        base = os.path.join(a.corpus, proj, commit)
        before = os.path.join(base, 'before')
        if not os.path.isdir(before):
            continue
        files = sorted({h['file'] for h in hunks})
        inc = sorted({os.path.dirname(f) for f in files})
        fd, trace = tempfile.mkstemp(prefix='wave64-trace-', suffix='.jsonl')
        os.close(fd)
        os.environ['HIPPORT_RECOVERY_TRACE'] = trace
        t0 = time.time()
        found, _, _ = measure.run_lint(a.hipport, before, files, inc, a.jobs,
                                       measure.defines_for(a, proj),
                                       os.path.join(base, 'ctx'))
        wall += time.time() - t0
        with open(trace) as fh:
            lines = [json.loads(l) for l in fh if l.strip()]
        os.unlink(trace)
        spans, failed, recovered = spans_of(lines)
        scored = [f for f in found if f['file'] in files and measure.is_width_check(f['check'])
                  and measure.SEV_RANK.get(f['severity'], 0) >= measure.SEV_RANK['warning']]
        half = hunks[0]['half']  # a time-split commit counts in its own half
        T = tally[half]
        T['failing TUs'] += len(failed)
        T['failing TUs recovered'] += len(recovered)
        for h in hunks:
            if not h['bug_site']:
                continue
            T['sites'] += 1
            if any(measure.near(f, [h]) for f in scored):
                T['hit'] += 1
                continue
            T['missed'] += 1
            lo, hi = h['before_lines']
            in_fn = any(a0 <= hi and lo <= b0 for a0, b0 in spans.get(h['file'], ()))
            perr = bool(failed)
            key = ('parse-error tree' if perr else 'tree parses') + ', ' + \
                ('function in AST' if in_fn else 'no enclosing function in AST')
            T[key] += 1
            ids[(half, key)].append(h['id'])
    print(f'# misses.py: recovery {a.recovery}, {a.hipport}, lint wall time {wall:.0f} s')
    for half in ('heldout-4', 'heldout-3', 'heldout-2', 'heldout', 'tuning'):
        if half not in tally:
            continue
        T = tally[half]
        print(f'\n## {half}: sites {T["sites"]}, hit {T["hit"]}, missed {T["missed"]}; '
              f'failing TUs {T["failing TUs"]} (recovered {T["failing TUs recovered"]})')
        for k in sorted(k for k in T if ',' in k):
            print(f'  {k:<55} {T[k]:3d}  ' + ' '.join(ids[(half, k)]))


if __name__ == '__main__':
    main()
