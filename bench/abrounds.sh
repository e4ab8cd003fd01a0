# abrounds.sh, sourced by abtest.sh and abcompare.sh: the alternation
# they share.
#
# ab_rounds OLD NEW N OUT RUN: N rounds, each running RUN with the path
# of a fresh copy of OLD, then of NEW, appending its output lines to
# OUT prefixed by "old " or "new ". Fresh copies each round: on the
# measuring machine one binary file ran some rows up to 1.5x slower
# than a byte-identical copy of it (where its pages landed in memory,
# it seems), and a run that reuses one file keeps that luck.
ab_rounds() {
	local old=$1 new=$2 n=$3 out=$4 run=$5 bins v
	bins=$(mktemp -d)
	for _ in $(seq "$n"); do
		cp "$old" "$bins/old"
		cp "$new" "$bins/new"
		for v in old new; do
			"$run" "$bins/$v" | sed "s/^/$v /" >>"$out"
		done
	done
	rm -rf "$bins"
}
