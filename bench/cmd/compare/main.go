// Command compare runs jet and its peers on every benchmark scenario,
// interleaved, and prints a markdown report: per scenario and library the
// median MB/s, allocs/op and B/op over the rounds and the speed relative
// to sonic's preset of the same class, then per class how often jet wins.
//
// Each round runs every (scenario, library) pair once with
// testing.Benchmark for -benchtime; libraries take turns within each
// scenario (the order rotates between rounds and scenarios), so drifting
// machine load spreads over all of them instead of favouring one.
//
// Usage, from the bench directory:
//
//	go run ./cmd/compare [-rounds 5] [-benchtime 200ms] [-run regexp] [-benchout file] [-cpu]
//
// -run selects pairs by matching "Op/Doc/library", for example
// -run 'Decode.*/twitter/' or -run '/(jet|sonic)-std$'.
//
// The syntax-layer scenarios (ReadToken ... Canonicalize) run with the
// jsontext class (jet's, Go's and goccy's jsontext packages), which has no
// reference: its tables give jet's speed as a multiple of each peer's.
//
// The entry "floor" runs each scenario's floor, the part of it no
// library can avoid (see bench/floor.go); when it ran, the report ends
// with a table of each jet preset's time as a multiple of the floor's.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jetjson/jet/bench"
)

type pair struct {
	s   *bench.Scenario
	lib *bench.Library
}

func (p pair) name() string { return p.s.Name() + "/" + p.lib.Name }

type result struct {
	nsPerOp     []float64
	allocsPerOp []float64
	bytesPerOp  []float64
	err         error
}

func main() {
	testing.Init()
	rounds := flag.Int("rounds", 5, "number of interleaved rounds; the report shows medians")
	benchtime := flag.String("benchtime", "200ms", "run time of each benchmark in each round (a duration, or Nx)")
	run := flag.String("run", "", "regexp selecting `Op/Doc/library` pairs (empty: all)")
	benchout := flag.String("benchout", "", "also write every measurement in go test -bench format to `file` (for benchstat)")
	cpu := flag.Bool("cpu", false, "time each operation by this process's CPU time (user+system, all threads, GC included) instead of wall time: on a shared machine it is much less disturbed by other processes")
	flag.Parse()
	if *rounds < 1 {
		fatalf("-rounds must be at least 1")
	}
	if err := flag.Set("test.benchtime", *benchtime); err != nil {
		fatalf("-benchtime: %v", err)
	}
	var filter *regexp.Regexp
	if *run != "" {
		var err error
		if filter, err = regexp.Compile(*run); err != nil {
			fatalf("-run: %v", err)
		}
	}

	var corpus map[string][]byte
	skip := ""
	dir, err := bench.CorpusDir()
	if err == nil {
		corpus, err = bench.LoadCorpus(dir)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "compare: %v; running only the inline documents\n", err)
		skip = err.Error()
	}
	scenarios, err := bench.Scenarios(corpus, skip)
	if err != nil {
		fatalf("%v", err)
	}
	libs := bench.AllLibraries()

	// Select the pairs and check each once.
	var order []*bench.Scenario
	pairsOf := map[*bench.Scenario][]pair{}
	results := map[string]*result{}
	for _, s := range scenarios {
		if s.Skip != "" {
			continue
		}
		for _, lib := range libs {
			p := pair{s, lib}
			if !s.Runs(lib) {
				continue
			}
			if filter != nil && !filter.MatchString(p.name()) {
				continue
			}
			r := &result{err: s.Check(lib)}
			results[p.name()] = r
			if r.err != nil {
				fmt.Fprintf(os.Stderr, "compare: %s: %v (left out)\n", p.name(), r.err)
				continue
			}
			if len(pairsOf[s]) == 0 {
				order = append(order, s)
			}
			pairsOf[s] = append(pairsOf[s], p)
		}
		// Check made the scenario's value (if it encodes); it is made
		// again just before the scenario's measurements.
		s.Release()
	}
	if len(order) == 0 {
		fatalf("no scenario selected")
	}
	if !bench.SonicNative() {
		fmt.Fprintf(os.Stderr, "compare: WARNING: sonic runs in compat mode (encoding/json) with %s; use a Go version sonic supports\n", runtime.Version())
	}

	var bout *bufio.Writer
	if *benchout != "" {
		f, err := os.Create(*benchout)
		if err != nil {
			fatalf("%v", err)
		}
		defer f.Close()
		bout = bufio.NewWriter(f)
		defer bout.Flush()
		writeEnv(bout, "")
	}

	total := 0
	for _, s := range order {
		total += len(pairsOf[s])
	}
	start := time.Now()
	tty := false
	if fi, err := os.Stderr.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		tty = true
	}
	for r := 0; r < *rounds; r++ {
		for si, s := range order {
			ps := pairsOf[s]
			shift := (r + si) % len(ps)
			// An encode scenario's value is live only while its
			// libraries run (see Scenario.Prepare), made before the
			// measurement.
			if err := s.Prepare(); err != nil {
				fatalf("%s: %v", s.Name(), err)
			}
			for i := range ps {
				p := ps[(i+shift)%len(ps)]
				if tty {
					fmt.Fprintf(os.Stderr, "\rround %d/%d  %-60s", r+1, *rounds, p.name())
				}
				fn := p.s.Benchmark(p.lib)
				var cpuNs time.Duration
				br := testing.Benchmark(func(b *testing.B) {
					// testing.Benchmark calls this once per trial N;
					// the last call is the one it reports.
					t0 := processCPU()
					fn(b)
					cpuNs = processCPU() - t0
				})
				res := results[p.name()]
				if br.N == 0 {
					res.err = fmt.Errorf("benchmark failed")
					continue
				}
				ns := float64(br.T.Nanoseconds()) / float64(br.N)
				if *cpu && cpuNs > 0 {
					ns = float64(cpuNs.Nanoseconds()) / float64(br.N)
					br.T = cpuNs
				}
				res.nsPerOp = append(res.nsPerOp, ns)
				res.allocsPerOp = append(res.allocsPerOp, float64(br.AllocsPerOp()))
				res.bytesPerOp = append(res.bytesPerOp, float64(br.AllocedBytesPerOp()))
				if bout != nil {
					fmt.Fprintf(bout, "Benchmark%s-%d\t%s\t%s\n", p.name(), runtime.GOMAXPROCS(0), br.String(), br.MemString())
				}
			}
			s.Release()
		}
		if tty {
			fmt.Fprintf(os.Stderr, "\r%80s\r", "")
		}
		fmt.Fprintf(os.Stderr, "round %d/%d done: %d benchmarks, %s elapsed\n", r+1, *rounds, total, time.Since(start).Round(time.Second))
	}

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	clock := "wall time"
	if *cpu {
		clock = "process CPU time (-cpu)"
	}
	report(w, order, pairsOf, results, *rounds, *benchtime, clock)
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "compare: "+format+"\n", args...)
	os.Exit(2)
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// mbps is the median speed of a pair in MB/s (NaN when it has none).
func mbps(s *bench.Scenario, r *result) float64 {
	if r == nil || r.err != nil || len(r.nsPerOp) == 0 {
		return math.NaN()
	}
	return float64(s.Size) / median(r.nsPerOp) * 1e3
}

func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				return strings.TrimSpace(v)
			}
		}
	}
	return "unknown"
}

// writeEnv writes the machine and build description, each line after
// prefix.
func writeEnv(w io.Writer, prefix string) {
	fmt.Fprintf(w, "%sgoos: %s\n%sgoarch: %s\n%scpu: %s\n", prefix, runtime.GOOS, prefix, runtime.GOARCH, prefix, cpuModel())
	fmt.Fprintf(w, "%sgo: %s\n%snumcpu: %d\n%sgomaxprocs: %d\n", prefix, runtime.Version(), prefix, runtime.NumCPU(), prefix, runtime.GOMAXPROCS(0))
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "GOAMD64", "GOARM64", "GOEXPERIMENT", "-tags", "-pgo":
				fmt.Fprintf(w, "%s%s: %s\n", prefix, strings.TrimPrefix(s.Key, "-"), s.Value)
			}
		}
	}
	fmt.Fprintf(w, "%ssonic: %s\n", prefix, bench.SonicMode())
	v2 := "not built (needs GOEXPERIMENT=jsonv2)"
	if bench.JSONv2 {
		v2 = "included; encoding/json (v1) is implemented on top of v2 in this build"
	}
	fmt.Fprintf(w, "%sencoding/json/v2: %s\n", prefix, v2)
	text := "not built (needs Go 1.27 with GOEXPERIMENT=jsonv2)"
	if bench.StdJSONText {
		text = "included (std-jsontext)"
	}
	fmt.Fprintf(w, "%sencoding/json/jsontext: %s\n", prefix, text)
}

func report(w io.Writer, scenarios []*bench.Scenario, pairsOf map[*bench.Scenario][]pair, results map[string]*result, rounds int, benchtime, clock string) {
	fmt.Fprintf(w, "## Environment\n\n")
	writeEnv(w, "- ")
	fmt.Fprintf(w, "- command: `%s`\n", strings.Join(append([]string{"compare"}, os.Args[1:]...), " "))
	fmt.Fprintf(w, "- rounds: %d, benchtime: %s per benchmark per round; figures are medians over the rounds\n", rounds, benchtime)
	fmt.Fprintf(w, "- clock: %s\n\n", clock)
	fmt.Fprintf(w, "MB/s counts input bytes for decoding and validating, and encoding/json's output bytes for encoding. ")
	fmt.Fprintf(w, "\"x sonic\" is speed relative to sonic's preset of the same class (above 1: faster than sonic). ")
	fmt.Fprintf(w, "In class %q (the syntax layer), MB/s counts the document's bytes, and \"jet x peer\" is jet's speed relative to the peer's (above 1: jet is faster). ", bench.ClassJSONText)
	fmt.Fprintf(w, "Where the floor ran, the last table gives each jet preset's time as a multiple of the floor's (\"x floor\").\n\n")

	for _, class := range bench.Classes {
		// The scenarios the class has results for (the syntax-layer
		// scenarios run with the jsontext class only, the others never
		// with it).
		var order []*bench.Scenario
		for _, s := range scenarios {
			for _, p := range pairsOf[s] {
				if p.lib.Class == class {
					order = append(order, s)
					break
				}
			}
		}
		// Libraries of the class, in Libraries order, that have results.
		var names []string
		var ref string
		var jetName string
		seen := map[string]bool{}
		for _, s := range order {
			for _, p := range pairsOf[s] {
				if p.lib.Class != class || seen[p.lib.Name] {
					continue
				}
				seen[p.lib.Name] = true
				names = append(names, p.lib.Name)
				if p.lib.Reference {
					ref = p.lib.Name
				}
				if p.lib.Jet {
					jetName = p.lib.Name
				}
			}
		}
		if len(names) == 0 {
			continue
		}
		libOrder := map[string]int{}
		for i, l := range bench.AllLibraries() {
			libOrder[l.Name] = i
		}
		sort.SliceStable(names, func(i, j int) bool { return libOrder[names[i]] < libOrder[names[j]] })

		// A class without a reference (jsontext) is shown as jet's speed
		// relative to each peer, in columns after the speeds.
		var peers []string
		if ref == "" && jetName != "" {
			for _, n := range names {
				if n != jetName {
					peers = append(peers, n)
				}
			}
		}

		fmt.Fprintf(w, "## Class %q", class)
		if ref != "" {
			fmt.Fprintf(w, " (x sonic = speed / %s's)", ref)
		} else if len(peers) > 0 {
			fmt.Fprintf(w, " (jet x peer = %s's speed / peer's)", jetName)
		}
		fmt.Fprintf(w, "\n\n")
		if len(peers) > 0 {
			matrixVsPeers(w, order, names, jetName, peers, results)
			summary(w, class, jetName, names, order, results)
			detailVsJet(w, order, names, jetName, results)
			continue
		}

		// Speed matrix.
		fmt.Fprintf(w, "### MB/s (x sonic)\n\n| scenario |")
		for _, n := range names {
			fmt.Fprintf(w, " %s |", n)
		}
		fmt.Fprintf(w, "\n|---|")
		for range names {
			fmt.Fprintf(w, "---:|")
		}
		fmt.Fprintf(w, "\n")
		for _, s := range order {
			fmt.Fprintf(w, "| %s |", s.Name())
			refSpeed := mbps(s, results[s.Name()+"/"+ref])
			for _, n := range names {
				r := results[s.Name()+"/"+n]
				v := mbps(s, r)
				switch {
				case r == nil:
					fmt.Fprintf(w, " |")
				case r.err != nil:
					fmt.Fprintf(w, " error |")
				case math.IsNaN(refSpeed):
					fmt.Fprintf(w, " %s |", fmtSpeed(v))
				default:
					fmt.Fprintf(w, " %s (%.2f) |", fmtSpeed(v), v/refSpeed)
				}
			}
			fmt.Fprintf(w, "\n")
		}
		fmt.Fprintf(w, "\n")

		// Summary: jet against each peer.
		if jetName != "" {
			summary(w, class, jetName, names, order, results)
		}

		// Detail.
		fmt.Fprintf(w, "### Detail\n\n| scenario | library | MB/s | x sonic | allocs/op | B/op |\n|---|---|---:|---:|---:|---:|\n")
		for _, s := range order {
			refSpeed := mbps(s, results[s.Name()+"/"+ref])
			for _, n := range names {
				r := results[s.Name()+"/"+n]
				if r == nil {
					continue
				}
				if r.err != nil {
					fmt.Fprintf(w, "| %s | %s | error: %s | | | |\n", s.Name(), n, strings.ReplaceAll(r.err.Error(), "|", "\\|"))
					continue
				}
				v := mbps(s, r)
				ratio := "-"
				if !math.IsNaN(refSpeed) {
					ratio = fmt.Sprintf("%.2f", v/refSpeed)
				}
				fmt.Fprintf(w, "| %s | %s | %s | %s | %.0f | %.0f |\n", s.Name(), n, fmtSpeed(v), ratio, median(r.allocsPerOp), median(r.bytesPerOp))
			}
		}
		fmt.Fprintf(w, "\n")
	}
	floors(w, scenarios, results)
}

// floors writes, for each scenario the floor ran on, the floor's speed
// and each jet preset's time as a multiple of the floor's ("x floor":
// how many times the unavoidable part jet takes; see bench/floor.go),
// and per operation the geometric mean of those multiples.
func floors(w io.Writer, scenarios []*bench.Scenario, results map[string]*result) {
	floor := bench.FloorLibrary().Name
	ns := func(s *bench.Scenario, lib string) float64 {
		r := results[s.Name()+"/"+lib]
		if r == nil || r.err != nil || len(r.nsPerOp) == 0 {
			return math.NaN()
		}
		return median(r.nsPerOp)
	}
	var rows []*bench.Scenario
	for _, s := range scenarios {
		if !math.IsNaN(ns(s, floor)) {
			rows = append(rows, s)
		}
	}
	var presets []string
	for _, p := range []string{"jet-default", "jet-std", "jet-fastest", "jet-v2", "jet-jsontext"} {
		for _, s := range rows {
			if !math.IsNaN(ns(s, p)) {
				presets = append(presets, p)
				break
			}
		}
	}
	if len(rows) == 0 || len(presets) == 0 {
		return
	}
	fmt.Fprintf(w, "## Floors (x floor = jet's time / the floor's)\n\n")
	fmt.Fprintf(w, "The floor of a scenario is the part of it no JSON library can avoid (bench/README.md, \"Floors\"): ")
	fmt.Fprintf(w, "building the decoded values from a tape made beforehand, appending the encoded bytes, reading the input once. ")
	fmt.Fprintf(w, "\"x floor\" is how many times the floor's time jet takes (1 would leave no headroom).\n\n")
	fmt.Fprintf(w, "| scenario | floor MB/s | floor allocs/op |")
	for _, p := range presets {
		fmt.Fprintf(w, " %s x floor |", p)
	}
	fmt.Fprintf(w, "\n|---|---:|---:|")
	for range presets {
		fmt.Fprintf(w, "---:|")
	}
	fmt.Fprintf(w, "\n")
	type acc struct {
		logSum float64
		n      int
	}
	geo := map[string]map[string]*acc{} // op -> preset -> logs
	var ops []string
	for _, s := range rows {
		f := ns(s, floor)
		fmt.Fprintf(w, "| %s | %s | %.0f |", s.Name(), fmtSpeed(mbps(s, results[s.Name()+"/"+floor])), median(results[s.Name()+"/"+floor].allocsPerOp))
		if geo[s.Op] == nil {
			geo[s.Op] = map[string]*acc{}
			ops = append(ops, s.Op)
		}
		for _, p := range presets {
			x := ns(s, p) / f
			fmt.Fprintf(w, " %s |", fmtRatio(x))
			if !math.IsNaN(x) && !math.IsInf(x, 0) && x > 0 {
				a := geo[s.Op][p]
				if a == nil {
					a = &acc{}
					geo[s.Op][p] = a
				}
				a.logSum += math.Log(x)
				a.n++
			}
		}
		fmt.Fprintf(w, "\n")
	}
	for _, op := range ops {
		fmt.Fprintf(w, "| **geomean %s** | | |", op)
		for _, p := range presets {
			if a := geo[op][p]; a != nil {
				fmt.Fprintf(w, " **%.2f** |", math.Exp(a.logSum/float64(a.n)))
			} else {
				fmt.Fprintf(w, " - |")
			}
		}
		fmt.Fprintf(w, "\n")
	}
	fmt.Fprintf(w, "\n")
}

type loss struct {
	scenario, peer string
	jet, other     float64
}

// summary writes how jetName fares against each other library of its
// class: wins, geometric mean speed and allocation ratios, a one-line
// SUMMARY and the scenarios jet loses.
func summary(w io.Writer, class, jetName string, names []string, order []*bench.Scenario, results map[string]*result) {
	fmt.Fprintf(w, "### Summary: %s against each peer\n\n", jetName)
	fmt.Fprintf(w, "| peer | jet faster in | geomean jet/peer speed | geomean jet/peer allocs |\n|---|---:|---:|---:|\n")
	var losses []loss
	var line strings.Builder
	for _, peer := range names {
		if peer == jetName {
			continue
		}
		wins, n := 0, 0
		logSum, allocLog, allocN := 0.0, 0.0, 0
		for _, s := range order {
			jr, pr := results[s.Name()+"/"+jetName], results[s.Name()+"/"+peer]
			j, o := mbps(s, jr), mbps(s, pr)
			if math.IsNaN(j) || math.IsNaN(o) {
				continue
			}
			n++
			logSum += math.Log(j / o)
			if j > o {
				wins++
			} else {
				losses = append(losses, loss{s.Name(), peer, j, o})
			}
			// Zero allocations on both sides is a tie; count x/0 as
			// x+1/1 so it still weighs in.
			ja, pa := median(jr.allocsPerOp), median(pr.allocsPerOp)
			if ja == 0 || pa == 0 {
				ja, pa = ja+1, pa+1
			}
			allocLog += math.Log(ja / pa)
			allocN++
		}
		if n == 0 {
			continue
		}
		fmt.Fprintf(w, "| %s | %d/%d | %.2f | %.2f |\n", peer, wins, n, math.Exp(logSum/float64(n)), math.Exp(allocLog/float64(allocN)))
		fmt.Fprintf(&line, " beats %s in %d/%d;", peer, wins, n)
	}
	fmt.Fprintf(w, "\nSUMMARY %s: %s%s\n\n", class, jetName, strings.TrimSuffix(line.String(), ";"))
	if len(losses) > 0 {
		fmt.Fprintf(w, "### Where %s is slower\n\n| scenario | peer | %s MB/s | peer MB/s | jet/peer |\n|---|---|---:|---:|---:|\n", jetName, jetName)
		for _, l := range losses {
			fmt.Fprintf(w, "| %s | %s | %s | %s | %.2f |\n", l.scenario, l.peer, fmtSpeed(l.jet), fmtSpeed(l.other), l.jet/l.other)
		}
		fmt.Fprintf(w, "\n")
	}
}

func fmtSpeed(v float64) string {
	switch {
	case math.IsNaN(v):
		return "-"
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	default:
		return fmt.Sprintf("%.1f", v)
	}
}

// matrixVsPeers writes the speed matrix of a class without a reference:
// each library's median MB/s, then jet's speed relative to each peer.
func matrixVsPeers(w io.Writer, order []*bench.Scenario, names []string, jetName string, peers []string, results map[string]*result) {
	fmt.Fprintf(w, "### MB/s (jet x peer)\n\n| scenario |")
	for _, n := range names {
		fmt.Fprintf(w, " %s |", n)
	}
	for _, p := range peers {
		fmt.Fprintf(w, " jet x %s |", p)
	}
	fmt.Fprintf(w, "\n|---|")
	for range len(names) + len(peers) {
		fmt.Fprintf(w, "---:|")
	}
	fmt.Fprintf(w, "\n")
	for _, s := range order {
		fmt.Fprintf(w, "| %s |", s.Name())
		for _, n := range names {
			r := results[s.Name()+"/"+n]
			switch {
			case r == nil:
				fmt.Fprintf(w, " |")
			case r.err != nil:
				fmt.Fprintf(w, " error |")
			default:
				fmt.Fprintf(w, " %s |", fmtSpeed(mbps(s, r)))
			}
		}
		jet := mbps(s, results[s.Name()+"/"+jetName])
		for _, p := range peers {
			fmt.Fprintf(w, " %s |", fmtRatio(jet/mbps(s, results[s.Name()+"/"+p])))
		}
		fmt.Fprintf(w, "\n")
	}
	fmt.Fprintf(w, "\n")
}

// detailVsJet writes the detail table of a class without a reference,
// with jet's speed relative to each library.
func detailVsJet(w io.Writer, order []*bench.Scenario, names []string, jetName string, results map[string]*result) {
	fmt.Fprintf(w, "### Detail\n\n| scenario | library | MB/s | jet x library | allocs/op | B/op |\n|---|---|---:|---:|---:|---:|\n")
	for _, s := range order {
		jet := mbps(s, results[s.Name()+"/"+jetName])
		for _, n := range names {
			r := results[s.Name()+"/"+n]
			if r == nil {
				continue
			}
			if r.err != nil {
				fmt.Fprintf(w, "| %s | %s | error: %s | | | |\n", s.Name(), n, strings.ReplaceAll(r.err.Error(), "|", "\\|"))
				continue
			}
			v := mbps(s, r)
			fmt.Fprintf(w, "| %s | %s | %s | %s | %.0f | %.0f |\n", s.Name(), n, fmtSpeed(v), fmtRatio(jet/v), median(r.allocsPerOp), median(r.bytesPerOp))
		}
	}
	fmt.Fprintf(w, "\n")
}

// fmtRatio formats a speed ratio ("-" when either side has no result).
func fmtRatio(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	return fmt.Sprintf("%.2f", v)
}
