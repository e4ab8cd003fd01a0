"""abmedians.py FILE UNIT: the medians of abcompare.sh and abtest.sh.

FILE holds lines "old|new ROW VALUE", one per measurement; UNIT is the
values' unit, "MB/s" (higher is faster) or "ns/op" (lower is faster).
Prints each row measured by both binaries: the medians, the speed of
new over old (above 1: new is faster), the spreads, and a summary line.
"""
import collections
import math
import statistics
import sys

path, unit = sys.argv[1], sys.argv[2]
d = collections.defaultdict(list)
for line in open(path):
    v, row, x = line.split()
    d[(row, v)].append(float(x))
rows = sorted({r for r, _ in d if (r, 'old') in d and (r, 'new') in d})
speeds = []
print(f'| row | old {unit} | new {unit} | speed new/old | spread old | spread new |')
print('|---|---:|---:|---:|---:|---:|')
for r in rows:
    o, n = d[(r, 'old')], d[(r, 'new')]
    mo, mn = statistics.median(o), statistics.median(n)
    s = mn / mo if unit == 'MB/s' else mo / mn
    speeds.append(s)
    print(f'| {r} | {mo:.0f} | {mn:.0f} | {s:.3f} | {min(o):.0f}-{max(o):.0f} | {min(n):.0f}-{max(n):.0f} |')
if speeds:
    g = math.exp(sum(map(math.log, speeds)) / len(speeds))
    print(f'\n{len(rows)} rows: geomean speed new/old {g:.3f}; '
          f'slower by more than 3%: {sum(x < 0.97 for x in speeds)}')
