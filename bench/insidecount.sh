#!/usr/bin/env bash
# insidecount.sh BINARY BENCH_REGEX N ENTRY: instructions and mispredicted
# branches per operation inside ENTRY (a library's entry point, so the
# benchmark loop is left out but the runtime's allocation work inside the
# call is counted), from callgrind with its branch simulator, GC off,
# over N and 2N runs (the difference cancels the first call's
# compilation of codecs).
#
#   cd bench && go test -c -o bench.test . &&
#   ./insidecount.sh ./bench.test '^BenchmarkDecodeGeneric$/^tiny_mixed$/^jet-std$' 5000 'github.com/jetjson/jet.(*frozen).Unmarshal'
set -euo pipefail
bin=$1 re=$2 n=$3 entry=$4
out=$(mktemp)
trap 'rm -f "$out"' EXIT
one() {
	GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file="$out" \
		--toggle-collect="$entry" "$bin" -test.run '^$' -test.bench "$re" -test.benchtime "${1}x" >/dev/null 2>&1
	callgrind_annotate --auto=no --threshold=100 "$out" 2>/dev/null | grep "PROGRAM TOTALS" |
		awk '{gsub(",",""); print $1, $5+$9}'
}
read -r i1 m1 < <(one "$n")
read -r i2 m2 < <(one $((2 * n)))
echo "$re: $(((i2 - i1) / n)) instructions/op, $(((m2 - m1) / n)) mispredicted branches/op inside $entry"
