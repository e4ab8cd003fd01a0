#!/usr/bin/env bash
# brsim.sh BINARY BENCH_REGEX N: instructions and mispredicted branches
# per operation of one benchmark, from cachegrind's branch simulator
# (needs valgrind), with the garbage collector off. The benchmark runs N
# and 2N times; the difference over N cancels start-up and corpus
# loading. The simulated predictor is simpler than a real CPU's, so its
# counts overstate mispredictions of short repeating patterns; they serve
# to compare code, and libraries, with each other.
#
#   cd bench && go test -c -o bench.test . &&
#   ./brsim.sh ./bench.test '^BenchmarkDecodeBinding$/^citm_catalog$/^jet-std$' 20
set -euo pipefail
bin=$1 re=$2 n=$3
run() {
	GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
		--cachegrind-out-file=/dev/null "$bin" -test.run '^$' -test.bench "$re" -test.benchtime "${1}x" 2>&1 |
		awk '/I *refs/ {gsub(",","",$4); i=$4} /Mispredicts:/ {gsub(",","",$3); gsub(",","",$5); m=$3; c=$5} END {print i, m, c}'
}
read -r i1 m1 c1 < <(run "$n")
read -r i2 m2 c2 < <(run $((2 * n)))
echo "$re: $(((i2 - i1) / n)) instructions/op, $(((m2 - m1) / n)) mispredicted branches/op ($(((c2 - c1) / n)) conditional)"
