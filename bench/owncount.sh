#!/usr/bin/env bash
# owncount.sh BINARY BENCH_REGEX N PACKAGE_PATTERN ENTRY: instructions per
# operation spent in one library's own functions (those whose names match
# PACKAGE_PATTERN, plus memmove) while inside ENTRY, counted by callgrind
# (needs valgrind) over N and 2N runs. Leaving out the rest of the
# runtime leaves out the garbage collector's work, which varies from run
# to run.
#
#   cd bench && go test -c -o bench.test . &&
#   ./owncount.sh ./bench.test '^BenchmarkEncodeBinding$/^twitter$/^jet-std$' 20 jetjson 'github.com/jetjson/jet.(*frozen).Marshal'
#   ./owncount.sh ./bench.test '^BenchmarkEncodeBinding$/^twitter$/^goccy$' 20 goccy 'github.com/goccy/go-json.Marshal'
set -euo pipefail
bin=$1 re=$2 n=$3 pkg=$4 entry=$5
out=$(mktemp)
trap 'rm -f "$out"' EXIT
one() {
	GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
		--toggle-collect="$entry" "$bin" -test.run '^$' -test.bench "$re" -test.benchtime "${1}x" >/dev/null 2>&1
	callgrind_annotate --auto=no --threshold=100 "$out" 2>/dev/null | grep -E "^ *[0-9,]+ \(" |
		grep -E "$pkg|memmove" | awk '{x=$1; gsub(",","",x); s+=x} END {print s}'
}
a=$(one "$n")
b=$(one $((2 * n)))
echo "$re: $(((b - a) / n)) own instructions/op"
