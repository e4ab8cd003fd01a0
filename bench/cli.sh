#!/usr/bin/env bash
# Compare the jet command with jq (and gojq, when installed) on the
# everyday jobs, on the shared corpus and on a large NDJSON file made from
# it:
#
#   jet fmt F          jq . F          gojq . F
#   jet fmt -c F       jq -c . F       gojq -c . F
#   jet valid F        jq empty F      gojq empty F
#   jet get -r P F     jq -r .P F      gojq -r .P F
#   jet ndjson fmt F   jq -c . F       gojq -c . F     (NDJSON, many values)
#   jet ndjson get ... jq -r .P F      gojq -r .P F
#
# Usage (from anywhere):
#
#   bench/cli.sh [CORPUS_DIR]        # default: ../shared/corpus
#
# Needs hyperfine and jq (Debian: apt-get install -y hyperfine jq); gojq
# is used when it is on PATH (go install github.com/itchyny/gojq/cmd/gojq@latest).
# Environment: RUNS (default 20) and WARMUP (default 3) per command;
# NDJSON_MB (default 64) the size of the NDJSON file and NDJSON_RUNS
# (default 5) the runs on it.
#
# Each command runs with its output sent to /dev/null, so colors are off
# for all tools. Prints a markdown table of median wall times (ms) and
# jet's speedup over jq, ready for bench/RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/.."

corpus=${1:-../shared/corpus}
runs=${RUNS:-20}
warmup=${WARMUP:-3}
ndjson_mb=${NDJSON_MB:-64}

for tool in hyperfine jq; do
	if ! command -v "$tool" >/dev/null; then
		echo "bench/cli.sh: $tool is not installed (Debian: apt-get install -y hyperfine jq)" >&2
		exit 2
	fi
done
if [ ! -d "$corpus" ]; then
	echo "bench/cli.sh: corpus directory $corpus not found" >&2
	exit 2
fi
have_gojq=0
if command -v gojq >/dev/null; then have_gojq=1; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jet="$work/jet"
go build -o "$jet" ./cmd/jet

# The NDJSON file: twitter's statuses, one per line, repeated.
"$jet" ndjson fmt <(jq -c '.statuses[]' "$corpus/twitter.json") >"$work/one.ndjson"
: >"$work/tweets.ndjson"
while [ "$(stat -c %s "$work/tweets.ndjson")" -lt $((ndjson_mb << 20)) ]; do
	cat "$work/one.ndjson" "$work/one.ndjson" "$work/one.ndjson" "$work/one.ndjson" >>"$work/tweets.ndjson"
done

# get paths: jet's syntax and jq's, per corpus file.
declare -A jetpath jqpath
jetpath[twitter.json]=statuses.99.user.screen_name
jqpath[twitter.json]='.statuses[99].user.screen_name'
jetpath[twitterescaped.json]=statuses.99.user.screen_name
jqpath[twitterescaped.json]='.statuses[99].user.screen_name'
jetpath[citm_catalog.json]=topicNames.324846100
jqpath[citm_catalog.json]='.topicNames."324846100"'
jetpath[canada.json]=features.0.geometry.type
jqpath[canada.json]='.features[0].geometry.type'
jetpath[golang_source.json]=username
jqpath[golang_source.json]='.username'
jetpath[synthea_fhir.json]=entry.0.resource.resourceType
jqpath[synthea_fhir.json]='.entry[0].resource.resourceType'
jetpath[string_unicode.json]=Arabic
jqpath[string_unicode.json]='.Arabic'
jetpath[string_escaped.json]=Arabic
jqpath[string_escaped.json]='.Arabic'

# measure JOB FILE JETCMD JQCMD [GOJQCMD]: runs hyperfine, prints a row.
# RUNS and WARMUP may be overridden for one call (slow jobs).
measure() {
	local job=$1 file=$2 jetcmd=$3 jqcmd=$4 gojqcmd=${5:-}
	local runs=${MRUNS:-$runs} warmup=${MWARMUP:-$warmup}
	local cmds=("$jetcmd" "$jqcmd")
	if [ $have_gojq = 1 ] && [ -n "$gojqcmd" ]; then cmds+=("$gojqcmd"); fi
	hyperfine -N --style none --warmup "$warmup" --runs "$runs" \
		--export-json "$work/h.json" "${cmds[@]}" >/dev/null 2>&1 ||
		hyperfine --style none --warmup "$warmup" --runs "$runs" \
			--export-json "$work/h.json" "${cmds[@]}" >/dev/null
	jq -r --arg job "$job" --arg file "$file" --argjson gojq "$have_gojq" '
		[.results[].median * 1000] as $m
		| "| \($job) | \($file) | \($m[0] | . * 10 | round / 10) | \($m[1] | . * 10 | round / 10) | " +
		  (if $gojq == 1 and ($m | length) > 2 then "\($m[2] | . * 10 | round / 10)" else "–" end) +
		  " | \($m[1] / $m[0] | . * 10 | round / 10)x |"' "$work/h.json"
}

echo "jet: $(go version | cut -d' ' -f3-), $(jq --version)$([ $have_gojq = 1 ] && echo ", gojq $(gojq --version | cut -d' ' -f2)"), hyperfine $(hyperfine --version | cut -d' ' -f2)"
echo "$(nproc) CPUs: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //')"
echo "median wall time of $runs runs (after $warmup warm-up runs), output to /dev/null"
echo
echo "| job | file | jet ms | jq ms | gojq ms | jet vs jq |"
echo "|---|---|---:|---:|---:|---:|"
for path in "$corpus"/*.json; do
	f=$(basename "$path")
	measure "fmt" "$f" "$jet fmt $path" "jq . $path" "gojq . $path"
done
for path in "$corpus"/*.json; do
	f=$(basename "$path")
	measure "fmt -c" "$f" "$jet fmt -c $path" "jq -c . $path" "gojq -c . $path"
done
for path in "$corpus"/*.json; do
	f=$(basename "$path")
	measure "valid" "$f" "$jet valid $path" "jq empty $path" "gojq empty $path"
done
for path in "$corpus"/*.json; do
	f=$(basename "$path")
	[ -n "${jetpath[$f]:-}" ] || continue
	measure "get -r" "$f" "$jet get -r ${jetpath[$f]} $path" "jq -r '${jqpath[$f]}' $path" "gojq -r '${jqpath[$f]}' $path"
done
nd="$work/tweets.ndjson"
ndname="tweets.ndjson ($(($(stat -c %s "$nd") >> 20)) MB)"
# jq takes seconds per run here: fewer runs.
export MRUNS=${NDJSON_RUNS:-5} MWARMUP=1
measure "ndjson valid" "$ndname" "$jet ndjson valid $nd" "jq empty $nd" "gojq empty $nd"
measure "ndjson fmt" "$ndname" "$jet ndjson fmt $nd" "jq -c . $nd" "gojq -c . $nd"
measure "ndjson get -r" "$ndname" "$jet ndjson get -r user.screen_name $nd" "jq -r .user.screen_name $nd" "gojq -r .user.screen_name $nd"
