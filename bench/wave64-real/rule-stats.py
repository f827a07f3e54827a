#!/usr/bin/env python3
"""Per rule (check id + message shape): findings near / far from bug sites,
per half and project count, and clean-set errors/warnings, from a
measure.py --dump directory.

Usage: rule-stats.py DUMP [--labels L] [--clean C] [--check GLOB] [--far]
Never reads the halves of measure.UNSEEN.
"""
import argparse, collections, fnmatch, json, os, re, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure  # noqa

def shape(msg):
    m = re.sub(r"'[^']*'", "'_'", msg)
    m = re.sub(r'\(= [^)]*\)', '(= _)', m)
    m = re.sub(r'\d+', 'N', m)
    return ' '.join(m.split()[:9])

def load(dump, labels, clean, pat, with_far=False):
    by_commit = collections.defaultdict(list)
    for h in labels['hunks']:
        by_commit[(h['project'], h['commit'])].append(h)
    st = collections.defaultdict(lambda: {'near': 0, 'far': 0, 'nearp': set(), 'farp': set(),
                                          'cerr': 0, 'cwarn': 0, 'halves': collections.Counter(),
                                          'far_list': []})
    for (proj, commit), hunks in by_commit.items():
        p = os.path.join(dump, f'{proj}-{commit}.json')
        if not os.path.exists(p):
            continue
        d = json.load(open(p))
        files = {h['file'] for h in hunks}
        sites = [h for h in hunks if h['bug_site']]
        half = hunks[0]['half']
        for f in d['findings']:
            if f['file'] not in files or not fnmatch.fnmatch(f['check'], pat):
                continue
            if measure.SEV_RANK.get(f['severity'], 0) < 2:
                continue
            k = (f['check'], f['severity'], shape(f['message']))
            s = st[k]
            if measure.near(f, sites):
                s['near'] += 1; s['nearp'].add(proj); s['halves'][half] += 1
            else:
                s['far'] += 1; s['farp'].add(proj)
                s['far_list'].append(f'{proj}/{commit[:8]}/{f["file"]}:{f["line"]}')
    for e in clean['sets']:
        p = os.path.join(dump, f'clean-{e["name"]}.json')
        if not os.path.exists(p):
            continue
        d = json.load(open(p))
        found = d if isinstance(d, list) else d['findings']
        for f in found:
            if f['file'] not in e['paths'] or not fnmatch.fnmatch(f['check'], pat):
                continue
            k = (f['check'], f['severity'], shape(f['message']))
            if f['severity'] == 'error':
                st[k]['cerr'] += 1
            elif f['severity'] == 'warning':
                st[k]['cwarn'] += 1
    return st

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dump')
    ap.add_argument('--labels', default=os.path.join(HERE, 'labels.json'))
    ap.add_argument('--clean', default=os.path.join(HERE, 'clean.json'))
    ap.add_argument('--check', default='wave64-*')
    ap.add_argument('--far', action='store_true')
    a = ap.parse_args()
    labels = json.load(open(a.labels))
    labels['hunks'] = [h for h in labels['hunks'] if h['half'] not in measure.UNSEEN]
    st = load(a.dump, labels, json.load(open(a.clean)), a.check)
    for k, s in sorted(st.items(), key=lambda kv: -kv[1]['near']):
        print(f"{s['near']:4d} near ({len(s['nearp'])} proj {dict(s['halves'])}) "
              f"{s['far']:4d} far ({len(s['farp'])} proj) clean E{s['cerr']} W{s['cwarn']} | "
              f"{k[0]} {k[1]}: {k[2]}")
        if a.far:
            for x in s['far_list'][:8]:
                print('        far', x)

if __name__ == '__main__':
    main()
