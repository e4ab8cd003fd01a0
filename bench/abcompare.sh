#!/usr/bin/env bash
# abcompare.sh OLD NEW REGEX [ROUNDS]: the same scenarios measured by two
# compare binaries (say, built at two commits), alternated ROUNDS times
# (default 5), one -cpu round each time, and the median MB/s of each
# row for both, with their ratio. For before/after checks across
# commits, where one compare run cannot hold both versions of jet:
#
#   git worktree add /tmp/old OLDREV
#   (cd /tmp/old/bench && GOTOOLCHAIN=go1.27.4 go build -o /tmp/compare-old ./cmd/compare)
#   GOTOOLCHAIN=go1.27.4 go build -o /tmp/compare-new ./cmd/compare
#   ./abcompare.sh /tmp/compare-old /tmp/compare-new '/(jet-default|jet-std|jet-fastest)$' 7
#
# BENCHTIME (default 200ms) is each benchmark's time per round. Rows
# only one binary has are left out. Each round runs fresh copies of the
# two binaries: on this machine one binary file ran some rows up to 1.5x
# slower than a byte-identical copy of it (where its pages landed in
# memory, it seems), and a run that reuses one file keeps that luck.
set -euo pipefail
old=$1 new=$2 re=$3 n=${4:-5}
out=$(mktemp)
bins=$(mktemp -d)
trap 'rm -rf "$out" "$bins"' EXIT
for _ in $(seq "$n"); do
	cp "$old" "$bins/old"
	cp "$new" "$bins/new"
	for v in old new; do
		bin=$bins/$v
		"$bin" -cpu -rounds 1 -benchtime "${BENCHTIME:-200ms}" -run "$re" 2>&1 |
			grep -E '^\| [A-Za-z]+/[A-Za-z0-9_]+ \| [a-z0-9-]+ \| [0-9]' |
			awk -F'|' -v v="$v" '{gsub(/ /,"",$2); gsub(/ /,"",$3); gsub(/ /,"",$4); print v, $2"/"$3, $4}' >>"$out"
	done
done
python3 - "$out" <<'PY'
import collections, math, statistics, sys
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    v, row, x = line.split()
    d[(row, v)].append(float(x))
rows = sorted({r for r, _ in d if (r, 'old') in d and (r, 'new') in d})
ratios = []
print('| row | old MB/s | new MB/s | new/old |')
print('|---|---:|---:|---:|')
for r in rows:
    o, n = statistics.median(d[(r, 'old')]), statistics.median(d[(r, 'new')])
    ratios.append(n / o)
    print(f'| {r} | {o:g} | {n:g} | {n / o:.3f} |')
if ratios:
    g = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(f'\n{len(rows)} rows: geomean new/old {g:.3f}; slower by more than 3%: {sum(x < 0.97 for x in ratios)}')
PY
