#!/usr/bin/env python3
"""Writes a copy of labels.json holding only the seen halves (tuning and the
round-3 heldout, heldout-2 since round 6, heldout-3 since round 7, heldout-4
since round 8, heldout-5 and its time split heldout-5t since round 9,
heldout-6 since round 10), for measure.py --labels while a newer unseen set
stays sealed (none is labelled after heldout-6):

  python3 bench/wave64-real/seen-labels.py /tmp/labels-seen.json
  python3 bench/wave64-real/measure.py CORPUS HIPPORT --labels /tmp/labels-seen.json -j 2
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SEEN = ('tuning', 'heldout', 'heldout-2', 'heldout-3', 'heldout-4',
        'heldout-5t', 'heldout-5', 'heldout-6')

def main():
    if len(sys.argv) != 2 or sys.argv[1].startswith('-'):
        sys.exit(__doc__)
    d = json.load(open(os.path.join(HERE, 'labels.json')))
    d['hunks'] = [h for h in d['hunks'] if h['half'] in SEEN]
    d['halves'] = {p: h for p, h in d['halves'].items() if h in SEEN}
    with open(sys.argv[1], 'w') as f:
        json.dump(d, f, indent=1)

if __name__ == '__main__':
    main()
