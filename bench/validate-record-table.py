#!/usr/bin/env python3
# The table of bench/results/validate-record.txt from the outputs of one or
# more bench/validate-record.sh passes; a later pass wins for the samples
# it ran:
#   bench/validate-record-table.py "SAMPLE ..." OUT1.txt:COMMIT1 [OUT2.txt:COMMIT2 ...]
# Per sample: program verdict at 64, seconds of the plain validate run,
# the run with --record and the replay, the reference recording's size and
# launches, launch-comparison verdicts (same/differ/not compared) and
# replay verdicts (pass/fail), then each sample's lines as the pass wrote.
import re, sys


def parse(path):
    out, cur = {}, None
    for line in open(path):
        m = re.match(r'== (\S+): program hip-cpu w64 program (\S+)', line)
        if m:
            cur = m.group(1)
            out[cur] = {'prog': m.group(2), 'lines': [line.rstrip()], 'time': ''}
            continue
        if cur is None:
            continue
        out[cur]['lines'].append(line.rstrip()[:230])
        if line.startswith('   time:'):
            out[cur]['time'] = line
    return out


def row(name, v, commit):
    t = v['time']
    secs = dict(re.findall(r'(plain|recording|replay) (\d+)s', t))
    size = re.findall(r'reference recording (\d+) bytes', t)
    n = re.findall(r'; (\d+) launch', t)
    rec = [l for l in v['lines'] if l.startswith('   record:')
           and 'host side' not in l and 'note:' not in l]
    same = sum('same outputs' in l for l in rec)
    diff = sum('outputs differ at' in l for l in rec)
    nc = sum('not compared' in l for l in rec)
    rep = [l for l in v['lines'] if re.match(r'   replay: (PASS|FAIL) ', l)]
    rpass = sum(' PASS ' in l for l in rep)
    mb = int(size[0]) / 1e6 if size else 0
    return (f"{name:24} {v['prog']:5} {secs.get('plain', '-'):>5} "
            f"{secs.get('recording', '-'):>5} {secs.get('replay', '-'):>5} "
            f"{mb:9.1f} {n[0] if n else '-':>5} {same:>4}/{diff}/{nc:<3} "
            f"{rpass:>4}/{len(rep) - rpass:<3} {commit}"
            f"{' limit' if 'limit-reached' in t else ''}")


final = {}
for arg in sys.argv[2:]:
    path, commit = arg.rsplit(':', 1)
    for name, v in parse(path).items():
        final[name] = (v, commit)
order = sys.argv[1].split()
print(f"{'sample':24} {'w64':5} {'plain':>5} {'rec':>5} {'repl':>5} "
      f"{'ref MB':>9} {'lnch':>5} same/diff/nc replay p/f binary")
for name in order:
    print(row(name, *final[name]) if name in final else f"{name:24} not run")
for name in order:
    if name in final:
        print()
        print('\n'.join(final[name][0]['lines']))
