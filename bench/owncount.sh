#!/usr/bin/env bash
# owncount.sh BINARY BENCH_REGEX N PACKAGE_PATTERN ENTRY: instructions and
# mispredicted branches per operation spent in the functions whose names
# match PACKAGE_PATTERN (plus memmove) while inside ENTRY, counted by
# callgrind with its branch simulator (needs valgrind) over N and 2N runs
# with the garbage collector off; the difference cancels start-up and the
# first call's compilation of codecs. A library's own pattern leaves out
# the runtime's work (the collector's varies from run to run); '.' counts
# everything inside ENTRY, allocation included.
#
#   cd bench && go test -c -o bench.test . &&
#   ./owncount.sh ./bench.test '^BenchmarkEncodeBinding$/^twitter$/^jet-std$' 20 jetjson 'github.com/jetjson/jet.(*frozen).Marshal'
#   ./owncount.sh ./bench.test '^BenchmarkEncodeBinding$/^twitter$/^goccy$' 20 goccy 'github.com/goccy/go-json.Marshal'
#   ./owncount.sh ./bench.test '^BenchmarkDecodeGeneric$/^tiny_mixed$/^jet-std$' 5000 . 'github.com/jetjson/jet.(*frozen).Unmarshal'
set -euo pipefail
bin=$1 re=$2 n=$3 pkg=$4 entry=$5
out=$(mktemp)
trap 'rm -f "$out"' EXIT
one() {
	GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file="$out" \
		--toggle-collect="$entry" "$bin" -test.run '^$' -test.bench "$re" -test.benchtime "${1}x" >/dev/null 2>&1
	# Columns: instructions, mispredicted conditional and indirect
	# branches ('.' for none), then the function.
	callgrind_annotate --auto=no --threshold=100 --show=Ir,Bcm,Bim --show-percs=no "$out" 2>/dev/null |
		grep -E "^ *[0-9,]+ +[0-9,.]+ +[0-9,.]+ +[^ ]" | grep -v "PROGRAM TOTALS" | grep -E "$pkg|memmove" |
		awk '{for (k = 1; k <= 3; k++) gsub(",", "", $k); i += $1; m += $2 + $3} END {print i, m}'
}
read -r i1 m1 < <(one "$n")
read -r i2 m2 < <(one $((2 * n)))
echo "$re: $(((i2 - i1) / n)) own instructions/op, $(((m2 - m1) / n)) own mispredicted branches/op"
