#!/usr/bin/env python3
"""Measure `hipport lint` on the wave64-real corpus (unseen held-out set first).

Usage:
  measure.py CORPUS HIPPORT [--labels labels.json] [--clean clean.json]
             [--min-severity warning] [-j N] [--dump DIR]

CORPUS is what extract.py wrote (CORPUS/<project>/<commit>/{before,after,ctx},
CORPUS/clean/...). For every fix commit, lint runs once on the BEFORE tree as
a user would (`hipport lint DIR --format json -- -I<ctx dirs>`); only findings
in the files the fix touched are scored. A touched header that no TU of the
tree includes, and a CUDA source with a C/C++ extension (.c, .cc, .cpp), is
reached through a one-line driver `.cu` of ours that includes it (written in
a temporary copy, never in CORPUS). The project's HIP build macros
(BUILD_DEFINES, e.g. -DUSE_ROCM) are passed after `--` unless --no-build-defines.

Figures, per project, per half and for all; the halves in HALVES order
(heldout-6, the unseen set, first; then heldout-5, heldout-5t, heldout-4, heldout-3,
heldout-2 and the round-3 held-out half, which have been analysed miss by miss;
then tuning), each one that labels.json holds; a commit counts in its hunks'
half:
  recall     bug-site hunks (labels.json `bug_site`) with a finding of a width
             check (`wave64-*`) at or above --min-severity within 2 lines of
             the hunk's before-lines
  near       share of those findings that lie within 2 lines of a bug site
  the same two for grep -nE '32|31|0x1f|__ballot|__popc' on the same files
  confirmed  share of the findings that lie near a bug site or that
             verdicts.json labels a real wave64 bug the fix left in place
             (`bug`); findings it labels `false-positive` and findings it
             does not label are listed apart
  clean      error-severity width findings per 5,000 lines on the clean set,
             each one listed with its verdict
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
HDR_EXT = ('.h', '.cuh', '.hpp', '.inc', '.inl')
TU_EXT = ('.cu', '.cpp', '.cc', '.c', '.hip', '.cxx')
GREP_RE = re.compile(r'32|31|0x1f|__ballot|__popc')
SEV_RANK = {'note': 0, 'remark': 1, 'warning': 2, 'error': 3}
NEAR = 2
DRIVER_DIR = '__wave64_bench_drivers__'
# The project's own build-system macros of its HIP build (what a user's
# compile_commands.json would carry). Compiler-predefined macros
# (__HIP_PLATFORM_AMD__, __GFX9__, ...) are left to hipport.
BUILD_DEFINES = {
    'exllamav2': ['-DUSE_ROCM'],
    'fbgemm': ['-DUSE_ROCM'],
    'ggml': ['-DGGML_USE_HIP'],
    'hypre': ['-DHYPRE_USING_HIP', '-DHYPRE_USING_GPU'],
    'mamba': ['-DUSE_ROCM', '-DROCM_WARP_SIZE=64'],  # setup.py's, for a wave64 target
    'faiss': ['-DUSE_ROCM'],
    'vllm': ['-DUSE_ROCM'],
    'gsplat': ['-DUSE_ROCM'],
    'kokkos': ['-DKOKKOS_ENABLE_HIP'],
    'quda': ['-DQUDA_TARGET_HIP'],
    # heldout-3: each project's HIP build (makefile, CMake or setup.py)
    'kaldi': ['-DHAVE_CUDA=1', '-D__IS_HIP_COMPILE__=1'],
    'pytorch3d': ['-DUSE_ROCM', '-DWITH_CUDA'],
    'qmcpack': ['-DENABLE_HIP', '-DQMC_CUDA2HIP'],
    'ginkgo': ['-DGINKGO_HIP_PLATFORM_HCC=1'],
    'lightgbm': ['-DUSE_ROCM', '-DUSE_CUDA'],  # the .cu files sit in #ifdef USE_CUDA
    'magma': ['-DMAGMA_HAVE_HIP'],
    'mallocmc': ['-DALPAKA_ACC_GPU_HIP_ENABLED'],
    'gauxc': ['-DGAUXC_ENABLE_HIP'],
    'grid': ['-DGRID_HIP'],
    'morpheus': ['-DMORPHEUS_ENABLE_HIP', '-DKOKKOS_ENABLE_HIP'],
    'mscclpp': ['-DUSE_ROCM'],
    'cycles': ['-D__KERNEL_GPU__', '-D__KERNEL_HIP__'],
    # heldout-4: each project's HIP build (CMake)
    'hoomd': ['-DENABLE_HIP'],
    'mlx': ['-DMLX_USE_ROCM'],
    'deepep': ['-DUSE_ROCM'],  # setup.py --variant rocm (a torch extension)
    'rxmesh': ['-DUSE_HIP'],  # CMake -DUSE_HIP=ON (target_compile_definitions)
    'desul': ['-D__HIPCC__', '-DDESUL_HAVE_HIP_ATOMICS'],  # hipcc's macro, which Macros.hpp and Generic.hpp test
    # heldout-8: the hipcc of their time passed the platform macro itself
    'cutt': ['-D__HIP_PLATFORM_HCC__'],
    'cub-hip': ['-D__HIP_PLATFORM_HCC__'],
    # heldout-9: its CMake's one definition (common.h's precision choice)
    'tiny-rocm-nn': ['-DTCNN_MIN_GPU_ARCH=75'],
}
# (labels.json half, heading), in print order. A half of labels.json that is
# not listed here is printed after these, under its own name.
HALVES = [('heldout-11', 'heldout-11 set (seen since round 12: LLNL DiHydrogen, made in round 12 '
                         'by a helper who wrote no check, measured once unseen)'),
          ('heldout-9', 'heldout-9 set (seen since 23:33 UTC round 11: tiny-rocm-nn, made in round 11 '
                        'by a helper who wrote no check)'),
          ('heldout-8', "heldout-8 set (seen since 23:07 UTC round 11: cuTT's HIP ports and cub-hip, made in "
                        'round 11 by a helper who wrote no check)'),
          ('heldout-6', 'heldout-6 set (seen since round 10: hipDF, made in '
                        'round 10 and measured twice unseen)'),
          ('heldout-5', 'heldout-5 set (seen since round 9: new projects, made '
                        'in round 8)'),
          ('heldout-5t', 'heldout-5t set (seen since round 9: time split, fixes '
                         'newer than every commit of their project in older halves)'),
          ('heldout-4', 'heldout-4 set (seen since round 8: measured twice '
                        'in round 7)'),
          ('heldout-3', 'heldout-3 set (seen since round 7: measured twice '
                        'in round 6)'),
          ('heldout-2', 'heldout-2 set (seen since round 6: measured three '
                        'times in round 5)'),
          ('heldout', 'heldout half (seen in round 3)'),
          ('tuning', 'tuning half')]


# Halves nobody may read (hunks, misses, far findings) while writing a check;
# the analysis scripts leave them out. Empty since round 11: heldout-8 and
# heldout-9 were measured unseen and are read from 23:07 and 23:33 UTC,
# heldout-11 (round 12) after its one unseen run.
UNSEEN = ()


def is_width_check(check_id):
    return check_id.startswith('wave64-')


def needs_driver(tree, rel):
    """A header no TU in `tree` includes, or CUDA code in a .c/.cc/.cpp file."""
    path = os.path.join(tree, rel)
    if rel.endswith(HDR_EXT):
        base = re.escape(os.path.basename(rel))
        pat = re.compile(r'#\s*include\s*["<][^">]*\b' + base + r'[">]')
        for dp, _, fs in os.walk(tree):
            for f in fs:
                if f.endswith(TU_EXT):
                    with open(os.path.join(dp, f), errors='replace') as fh:
                        if pat.search(fh.read()):
                            return False
        return True
    if rel.endswith(('.c', '.cc', '.cpp', '.cxx')):
        with open(path, errors='replace') as fh:
            text = fh.read()
        return bool(re.search(r'__global__|__device__|__shfl|__ballot|<<<', text))
    return False


def overlay(ctx, root):
    """Copy the context headers of `ctx` into `root` where the tree lacks them,
    so that relative includes (`../config.hpp`) resolve as in a checkout."""
    if not ctx or not os.path.isdir(ctx):
        return
    for dp, _, fs in os.walk(ctx):
        for f in fs:
            src = os.path.join(dp, f)
            dst = os.path.join(root, os.path.relpath(src, ctx))
            if not os.path.exists(dst):
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copyfile(src, dst)


# Include roots a project's build passes, chosen by one rule for every tree:
# the folders of these names at depth 1 or 2 (include/, src/include/,
# rocprim/include/, csrc/), then the repository root (measure.py passes it last).
BUILD_INCLUDE_NAMES = ('include', 'inc', 'includes', 'src', 'csrc', 'source')


def build_include_dirs(root):
    out = []
    for d1 in sorted(os.listdir(root)):
        p1 = os.path.join(root, d1)
        if not os.path.isdir(p1) or d1 == DRIVER_DIR:
            continue
        if d1 in BUILD_INCLUDE_NAMES:
            out.append(p1)
        for d2 in sorted(os.listdir(p1)):
            if d2 in BUILD_INCLUDE_NAMES and os.path.isdir(os.path.join(p1, d2)):
                out.append(os.path.join(p1, d2))
    return out


def run_lint(hipport, tree, files, inc_rel, jobs, defines=(), ctx=None, laid=True,
             build_includes=True):
    """Lint a temporary copy of `tree`; return (findings, parse errors: one
    {'tu', 'message'} per TU that does not parse, drivers). `inc_rel` are include dirs relative to the tree. With `laid`,
    the context headers of `ctx` are laid over the copy (as in a checkout);
    otherwise the context folders are passed with -I, as before 2026-12-01
    12:00."""
    tmp = tempfile.mkdtemp(prefix='wave64-real-')
    try:
        root = os.path.join(tmp, 'root')
        shutil.copytree(tree, root)
        if laid:
            overlay(ctx, root)
            inc_dirs = [os.path.join(root, d) for d in inc_rel]
        else:
            inc_dirs = [os.path.join(ctx, d) for d in inc_rel]
        drivers = 0
        for rel in files:
            if os.path.exists(os.path.join(root, rel)) and needs_driver(root, rel):
                d = os.path.join(root, DRIVER_DIR)
                os.makedirs(d, exist_ok=True)
                name = rel.replace('/', '__') + '.cu'
                with open(os.path.join(d, name), 'w') as f:
                    f.write(f'#include "{os.path.join(root, rel)}"\n')
                drivers += 1
        dirs = sorted({os.path.dirname(os.path.join(root, r)) for r in files})
        cmd = [hipport, 'lint', root, '--format', 'json', '--fail-on', 'never',
               '-j', str(jobs), '--']
        # The repository root last: includes written from it (<faiss/gpu/...>)
        # resolve against the tree and the headers laid over it, as in a checkout.
        top = root if laid else ctx
        cmd += ['-I' + d for d in dirs] + ['-I' + d for d in inc_dirs]
        if build_includes and laid:
            cmd += ['-I' + d for d in build_include_dirs(root)
                    if d not in dirs and d not in inc_dirs]
        cmd += ['-I' + top]
        cmd += list(defines)
        p = subprocess.run(cmd, capture_output=True, text=True)
        try:
            out = json.loads(p.stdout)
        except json.JSONDecodeError:
            print(f'lint output not JSON for {tree}: {p.stderr[-400:]}', file=sys.stderr)
            return [], [], drivers
        # One lint-parse-error finding per TU that does not parse (at its first
        # error when that lies in a project file; the TU is then its note).
        rel_of = lambda x: os.path.relpath(x, root) if x.startswith(root) else x
        perrs = [{'tu': rel_of(next((n['file'] for n in f.get('notes', [])
                                     if n.get('message') == 'in this translation unit'),
                                    f['file'])),
                  'message': f.get('message', '')}
                 for f in out.get('findings', []) if f.get('checkId') == 'lint-parse-error']
        seen, found = set(), []
        for f in out.get('findings', []):
            rel = f['file']
            if rel.startswith(root):
                rel = os.path.relpath(rel, root)
            key = (rel, f['line'], f['checkId'])
            if key in seen:
                continue
            seen.add(key)
            found.append({'file': rel, 'line': f['line'], 'check': f['checkId'],
                          'severity': f['severity'], 'message': f.get('message', '')})
        return found, perrs, drivers
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def grep_findings(tree, files):
    out = []
    for rel in files:
        path = os.path.join(tree, rel)
        if not os.path.exists(path):
            continue
        with open(path, errors='replace') as fh:
            for i, line in enumerate(fh, 1):
                if GREP_RE.search(line):
                    out.append({'file': rel, 'line': i})
    return out


def defines_for(a, project):
    return [] if a.no_build_defines else BUILD_DEFINES.get(project, [])


def near(f, hunks):
    return any(h['file'] == f['file'] and
               h['before_lines'][0] - NEAR <= f['line'] <= h['before_lines'][1] + NEAR
               for h in hunks)


def heldout_hunks(labels_path):
    """The held-out halves' hunks, by (project, commit)."""
    by_commit = collections.defaultdict(list)
    for h in json.load(open(labels_path))['hunks']:
        if h['half'].startswith('heldout'):
            by_commit[(h['project'], h['commit'])].append(h)
    return by_commit


def load_verdicts(path):
    """(project or clean set, commit or 'clean', file, line, check) -> verdict entry."""
    if not path or not os.path.exists(path):
        return {}
    out = {}
    for v in json.load(open(path))['verdicts']:
        out[(v['project'], v['commit'], v['file'], v['line'], v['check'])] = v
    return out


def verdict_of(verdicts, project, commit, f):
    v = verdicts.get((project, commit, f['file'], f['line'], f['check']))
    return v['verdict'] if v else None


class Tally:
    def __init__(self):
        self.sites = self.hit = self.ghit = 0
        self.confirmed = self.false_pos = self.unlabelled = 0
        self.found = self.fnear = self.grep = self.gnear = 0
        self.hit_any = 0
        self.missed = collections.Counter()
        self.by_class = collections.Counter()
        self.far = []
        self.parse_err = self.drivers = 0

    def add(self, o):
        for k, v in vars(o).items():
            if k in ('missed', 'by_class'):
                getattr(self, k).update(v)
            elif k == 'far':
                self.far += v
            else:
                setattr(self, k, getattr(self, k) + v)


def ratio(a, b):
    return f'{a / b:.3f}' if b else '  n/a'


def fmt(name, t):
    ok = t.fnear + t.confirmed
    return (f'{name:<14} sites {t.sites:4d}  lint recall {ratio(t.hit, t.sites)} '
            f'({t.hit}/{t.sites}), near {ratio(t.fnear, t.found)} ({t.fnear}/{t.found}),'
            f' near-or-confirmed {ratio(ok, t.found)} ({ok}/{t.found}; '
            f'{t.false_pos} false-positive, {t.unlabelled} unlabelled)'
            f' | grep recall {ratio(t.ghit, t.sites)} ({t.ghit}/{t.sites}), near '
            f'{ratio(t.gnear, t.grep)} ({t.gnear}/{t.grep}) | any-severity recall '
            f'{ratio(t.hit_any, t.sites)} | parse-error TUs {t.parse_err}, drivers {t.drivers}')


def measure_corpus(a, labels, dump):
    by_commit = collections.OrderedDict()
    for h in labels['hunks']:
        by_commit.setdefault((h['project'], h['commit']), []).append(h)
    per_proj = collections.OrderedDict()
    min_rank = SEV_RANK[a.min_severity]
    for (proj, commit), hunks in by_commit.items():
        base = os.path.join(a.corpus, proj, commit)
        before = os.path.join(base, 'before')
        if not os.path.isdir(before):
            print(f'missing {before}; run extract.py', file=sys.stderr)
            continue
        files = sorted({h['file'] for h in hunks})
        inc = sorted({os.path.dirname(f) for f in files})
        dumped = os.path.join(a.reuse_dump or '', f'{proj}-{commit}.json')
        if a.reuse_dump:
            d = json.load(open(dumped))
            found, perrs, drv = d['findings'], d.get('parse_errors', []), d.get('drivers', 0)
        else:
            found, perrs, drv = run_lint(a.hipport, before, files, inc, a.jobs,
                                        defines_for(a, proj), os.path.join(base, 'ctx'),
                                        not a.no_overlay, not a.no_build_includes)
        in_files = [f for f in found if f['file'] in files and is_width_check(f['check'])]
        scored = [f for f in in_files if SEV_RANK.get(f['severity'], 0) >= min_rank]
        sites = [h for h in hunks if h['bug_site']]
        g = grep_findings(before, files)
        t = Tally()
        t.parse_err, t.drivers = len(perrs), drv
        t.sites = len(sites)
        for h in sites:
            hit = any(near(f, [h]) for f in scored)
            t.hit += hit
            t.hit_any += any(near(f, [h]) for f in in_files)
            t.ghit += any(near(f, [h]) for f in g)
            t.by_class[h['class']] += 1
            if not hit:
                t.missed[h['class']] += 1
        t.found = len(scored)
        t.fnear = sum(near(f, sites) for f in scored)
        t.far = [dict(f, project=proj, commit=commit,
                      verdict=verdict_of(a.verdicts, proj, commit, f))
                 for f in scored if not near(f, sites)]
        for f in t.far:
            t.confirmed += f['verdict'] == 'bug'
            t.false_pos += f['verdict'] == 'false-positive'
            t.unlabelled += f['verdict'] is None
        t.grep = len(g)
        t.gnear = sum(near(f, sites) for f in g)
        # By the hunks' half, not the project's: a time-split set (heldout-5t)
        # holds new commits of projects that older halves hold.
        half = hunks[0]['half']
        per_proj.setdefault((half, proj), Tally()).add(t)
        if dump:
            with open(os.path.join(dump, f'{proj}-{commit}.json'), 'w') as fh:
                json.dump({'findings': found, 'scored': scored, 'parse_err': len(perrs),
                           'parse_errors': perrs, 'drivers': drv}, fh, indent=1)
    return per_proj


def measure_clean(a, clean, dump):
    res = collections.OrderedDict()
    for e in clean['sets']:
        base = os.path.join(a.corpus, 'clean', e['half'], e['name'])
        files_root = os.path.join(base, 'files')
        if not os.path.isdir(files_root):
            print(f'missing {files_root}; run extract.py --clean', file=sys.stderr)
            continue
        if a.reuse_dump:
            d = json.load(open(os.path.join(a.reuse_dump, f'clean-{e["name"]}.json')))
            found, perrs = (d, []) if isinstance(d, list) else (d['findings'],
                                                                d.get('parse_errors', []))
        else:
            found, perrs, _ = run_lint(a.hipport, files_root, e['paths'], e['include_dirs'],
                                      a.jobs, defines_for(a, e['name'].split('-')[0]),
                                      os.path.join(base, 'ctx'), not a.no_overlay,
                                      not a.no_build_includes)
        lines = 0
        for p in e['paths']:
            with open(os.path.join(files_root, p), errors='replace') as fh:
                lines += sum(1 for _ in fh)
        errs = [f for f in found if f['file'] in e['paths'] and is_width_check(f['check'])
                and f['severity'] == 'error']
        warns = [f for f in found if f['file'] in e['paths'] and is_width_check(f['check'])
                 and f['severity'] == 'warning']
        g = grep_findings(files_root, e['paths'])
        r = res.setdefault(e['half'], {'lines': 0, 'errors': [], 'warnings': 0, 'grep': 0,
                                        'files': 0, 'parse_err': 0})
        r['lines'] += lines
        r['files'] += len(e['paths'])
        r['errors'] += [dict(f, set=e['name'],
                             verdict=verdict_of(a.verdicts, e['name'], 'clean', f))
                        for f in errs]
        r['warnings'] += len(warns)
        r['grep'] += len(g)
        r['parse_err'] += len(perrs)
        if dump:
            with open(os.path.join(dump, f'clean-{e["name"]}.json'), 'w') as fh:
                json.dump({'findings': found, 'parse_err': len(perrs),
                           'parse_errors': perrs}, fh, indent=1)
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('corpus')
    ap.add_argument('hipport')
    ap.add_argument('--labels', default=os.path.join(HERE, 'labels.json'))
    ap.add_argument('--clean', default=os.path.join(HERE, 'clean.json'))
    ap.add_argument('--verdicts', default=os.path.join(HERE, 'verdicts.json'),
                    help='our labels of findings not near a fix hunk')
    ap.add_argument('--reuse-dump', metavar='DIR',
                    help='score the findings a --dump run wrote to DIR instead of '
                         'linting again (after editing verdicts.json)')
    ap.add_argument('--unlabelled', metavar='FILE',
                    help='write the far findings and clean-set errors that have no '
                         'verdict yet to FILE, as verdicts.json entries to fill in')
    ap.add_argument('--min-severity', default='warning', choices=list(SEV_RANK))
    ap.add_argument('-j', '--jobs', type=int, default=1)
    ap.add_argument('--dump', help='write the raw findings of every run here')
    ap.add_argument('--list-far', action='store_true',
                    help='list every scored finding that is not near a bug site')
    ap.add_argument('--no-overlay', action='store_true',
                    help='pass the context folders with -I instead of laying their '
                         'headers over the tree (the method before 2026-12-01 12:00)')
    ap.add_argument('--no-build-includes', action='store_true',
                    help='do not pass the include roots of BUILD_INCLUDE_NAMES '
                         '(the method before 2026-12-01 20:00)')
    ap.add_argument('--no-build-defines', action='store_true',
                    help="do not pass the projects' HIP build macros (BUILD_DEFINES)")
    a = ap.parse_args()
    if a.dump and a.reuse_dump:
        ap.error('--dump and --reuse-dump exclude each other')
    if a.dump:
        os.makedirs(a.dump, exist_ok=True)
    labels = json.load(open(a.labels))
    a.verdicts = load_verdicts(a.verdicts)
    clean = json.load(open(a.clean))
    ver = subprocess.run([a.hipport, '--version'], capture_output=True, text=True)
    print(f'# wave64-real: {a.hipport} ({(ver.stdout or ver.stderr).strip()[:80]})')
    print('# build defines: ' + ('none' if a.no_build_defines else json.dumps(BUILD_DEFINES)))
    print(f'# width checks: wave64-*; scored severity >= {a.min_severity}; near = within '
          f'{NEAR} lines of a bug-site hunk\'s before-lines; grep: {GREP_RE.pattern}')
    per_proj = measure_corpus(a, labels, a.dump)
    total = Tally()
    present = {h for h, _ in per_proj}
    order = [(h, t) for h, t in HALVES if h in present]
    order += [(h, f'{h} half') for h in sorted(present - {h for h, _ in HALVES})]
    for half, title in order:
        print(f'\n## {title}')
        ht = Tally()
        for (h, proj), t in per_proj.items():
            if h == half:
                print(fmt(proj, t))
                ht.add(t)
        print(fmt(f'[{half}]', ht))
        print('   recall by class: ' + ', '.join(
            f'{c} {n - ht.missed[c]}/{n}' for c, n in ht.by_class.most_common()))
        print(f'   missed bug-site classes: {dict(ht.missed.most_common())}')
        if a.list_far:
            print(f'   findings not near a bug site ({len(ht.far)}):')
            for f in ht.far:
                print(f"     {f['project']}/{f['commit']}/{f['file']}:{f['line']} "
                      f"{f['severity']} [{f['check']}] <{f['verdict'] or 'unlabelled'}> "
                      f"{f['message'][:90]}")
        total.add(ht)
    todo = [f for t in per_proj.values() for f in t.far if f['verdict'] is None]
    print('\n## all halves')
    print(fmt('[all]', total))
    res = measure_clean(a, clean, a.dump)
    for half in ('heldout', 'tuning'):
        r = res.get(half)
        if not r:
            continue
        per = 5000 * len(r['errors']) / r['lines'] if r['lines'] else 0
        print(f'\n## clean set, {half}: {r["files"]} files, {r["lines"]} lines, '
              f'{len(r["errors"])} error-severity width findings = {per:.2f} per 5,000 lines '
              f'({r["warnings"]} warnings; grep lines {r["grep"]} = '
              f'{5000 * r["grep"] / max(r["lines"], 1):.1f} per 5,000; parse-error TUs '
              f'{r["parse_err"]})')
        todo += [dict(f, project=f['set'], commit='clean')
                 for f in r['errors'] if f['verdict'] is None]
        for f in r['errors']:
            print(f'  {f["set"]}/{f["file"]}:{f["line"]} [{f["check"]}] '
                  f'<{f["verdict"] or "unlabelled"}> {f["message"][:110]}')


    if a.unlabelled:
        with open(a.unlabelled, 'w') as fh:
            json.dump([{k: f[k] for k in ('project', 'commit', 'file', 'line', 'check',
                                          'severity', 'message')}
                       for f in todo], fh, indent=1)


if __name__ == '__main__':
    main()
