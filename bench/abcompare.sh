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
python3 "$(dirname "$0")/abmedians.py" "$out" MB/s
