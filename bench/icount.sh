#!/usr/bin/env bash
# icount.sh BINARY BENCH_REGEX N: instructions per operation of one
# benchmark, counted by callgrind (needs valgrind: apt-get install -y
# valgrind), with the garbage collector off and asynchronous preemption
# disabled. The benchmark runs N and 2N times; the difference over N
# cancels start-up and corpus loading. valgrind has no AVX-512, so the
# counts are those of the AVX2 kernels.
#
#   cd bench && go test -c -o bench.test . &&
#   ./icount.sh ./bench.test '^BenchmarkDecodeBinding$/^small$/^jet-std$' 2000
set -euo pipefail
bin=$1 re=$2 n=$3
count() {
	local out
	out=$(GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
		--callgrind-out-file=/dev/null "$bin" -test.run '^$' -test.bench "$re" \
		-test.benchtime "${1}x" 2>&1)
	if ! grep -q 'ns/op' <<<"$out"; then
		echo "icount.sh: no benchmark matched $re (or it failed):" >&2
		tail -5 <<<"$out" >&2
		exit 1
	fi
	grep -o 'Collected : [0-9]*' <<<"$out" | grep -o '[0-9]*'
}
a=$(count "$n")
b=$(count $((2 * n)))
echo "$re: $(((b - a) / n)) instructions/op"
