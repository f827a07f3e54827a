#!/usr/bin/env python3
"""Missed bug sites against parse errors, from a measure.py --dump directory:
per half, whether each missed bug site's file is a TU that does not parse
(or a header in a tree with one), and the class of that TU's first error
(parse-failures.py's classes). Counts and hunk ids only, no code.

Usage: missed-vs-parse.py DUMP [--half H] [--list] [--mirrors DIR]
Never reads the halves of measure.UNSEEN."""
import argparse, collections, json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure
import importlib.util
spec = importlib.util.spec_from_file_location('pf', os.path.join(HERE, 'parse-failures.py')); pf = importlib.util.module_from_spec(spec); spec.loader.exec_module(pf)
ap = argparse.ArgumentParser(); ap.add_argument('dump'); ap.add_argument('--half'); ap.add_argument('--list', action='store_true'); ap.add_argument('--mirrors', default='/work/.mirror')
a = ap.parse_args()
L = json.load(open(os.path.join(HERE, 'labels.json')))
byc = collections.OrderedDict()
for h in L['hunks']:
    if h['half'] in measure.UNSEEN or (a.half and h['half'] != a.half): continue
    byc.setdefault((h['project'], h['commit']), []).append(h)
tally = collections.defaultdict(collections.Counter)
cls = collections.defaultdict(collections.Counter)
for (proj, commit), hunks in byc.items():
    p = os.path.join(a.dump, f'{proj}-{commit}.json')
    if not os.path.exists(p): continue
    d = json.load(open(p))
    scored = [f for f in d['findings'] if measure.is_width_check(f['check']) and measure.SEV_RANK.get(f['severity'],0) >= 2]
    perr = {e['tu']: e for e in d.get('parse_errors', [])}
    tree = None
    for h in hunks:
        if not h['bug_site']: continue
        half = h['half']
        hit = any(f['file'] == h['file'] and measure.near(f, [h]) for f in scored)
        T = tally[half]; T['sites'] += 1
        if hit: T['hit'] += 1; continue
        T['missed'] += 1
        f = h['file']
        drv = measure.DRIVER_DIR + '/' + f.replace('/', '__') + '.cu'
        e = perr.get(f) or perr.get(drv)
        if e: where = 'TU fails'
        elif perr and f.endswith(measure.HDR_EXT): where = 'header, tree has failing TU'
        elif perr: where = 'TU parses, tree has failing TU'
        else: where = 'tree parses'
        T[where] += 1
        if e:
            if tree is None: tree = pf.Tree(a.mirrors, h['repo'], h['commit'] + '^')
            c, what = pf.classify(e['message'], tree)
            cls[half][c] += 1
            cls[half][(c, what)] += 1
            if a.list: print(half, h['id'], h['class'], c, what)
for half, T in tally.items():
    print(half, dict(T))
    print('   first-error class of the failing TU:', {k: v for k, v in cls[half].items() if isinstance(k, str)})
    print('   detail:', sorted(((k, v) for k, v in cls[half].items() if not isinstance(k, str)), key=lambda kv: -kv[1])[:15])
