#!/usr/bin/env bash
# abtest.sh OLD NEW REGEX [ROUNDS]: the benchmarks matching REGEX run by
# two `go test -c` binaries of bench (say, built at two commits),
# alternated ROUNDS times (default 6), and the median ns/op of each for
# both, with the speed of new over old (above 1: new is faster) and the
# spreads (abmedians.py). Each round
# runs fresh copies of the binaries (see abcompare.sh: one binary file
# can run rows much slower than a copy of it). For A/B checks of a few
# rows, where a compare run is too coarse:
#
#   git worktree add /tmp/old OLDREV
#   (cd /tmp/old/bench && go test -c -o /tmp/old.test .)
#   go test -c -o /tmp/new.test .
#   ./abtest.sh /tmp/old.test /tmp/new.test 'WriteToken/.*/jet-jsontext' 6
#
# BENCHTIME (default 300ms) is each benchmark's time per round. It runs
# in this directory, so that the corpus is found.
set -euo pipefail
old=$1 new=$2 re=$3 n=${4:-6}
cd "$(dirname "$0")"
. ./abrounds.sh
out=$(mktemp)
trap 'rm -f "$out"' EXIT
run() {
	"$1" -test.run '^$' -test.bench "$re" -test.benchtime "${BENCHTIME:-300ms}" 2>/dev/null |
		awk '/ns\/op/ {print $1, $3}'
}
ab_rounds "$old" "$new" "$n" "$out" run
python3 abmedians.py "$out" ns/op
