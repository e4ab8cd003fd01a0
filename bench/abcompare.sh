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
# two binaries (see abrounds.sh).
set -euo pipefail
old=$1 new=$2 re=$3 n=${4:-5}
. "$(dirname "$0")/abrounds.sh"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
run() {
	"$1" -cpu -rounds 1 -benchtime "${BENCHTIME:-200ms}" -run "$re" 2>&1 |
		grep -E '^\| [A-Za-z]+/[A-Za-z0-9_]+ \| [a-z0-9-]+ \| [0-9]' |
		awk -F'|' '{gsub(/ /,"",$2); gsub(/ /,"",$3); gsub(/ /,"",$4); print $2"/"$3, $4}'
}
ab_rounds "$old" "$new" "$n" "$out" run
python3 "$(dirname "$0")/abmedians.py" "$out" MB/s
