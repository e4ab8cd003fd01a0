// Package testdocs gives jet's tests their JSON documents: the shared
// corpus and JSONTestSuite (read from ../shared beside the repository,
// skipping the test with a message when they are absent), and JSON texts
// generated from a seed, valid or not, shaped to reach the corners of the
// grammar. It is imported by tests only.
package testdocs

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// Doc is a named document.
type Doc struct {
	Name string
	Data []byte
}

// sharedDir finds ../shared from the module root: the nearest directory
// at or above the working directory that holds go.mod.
func sharedDir() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			if filepath.Base(dir) == "bench" {
				dir = filepath.Dir(dir)
				continue
			}
			s := filepath.Join(dir, "..", "shared")
			_, err := os.Stat(s)
			return s, err == nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

func load(tb testing.TB, sub, pattern string) []Doc {
	tb.Helper()
	dir, ok := sharedDir()
	if !ok {
		tb.Skipf("../shared not found beside the repository; skipping %s", sub)
	}
	files, err := filepath.Glob(filepath.Join(dir, sub, pattern))
	if err != nil || len(files) == 0 {
		tb.Skipf("no %s in %s", pattern, filepath.Join(dir, sub))
	}
	sort.Strings(files)
	docs := make([]Doc, 0, len(files))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		docs = append(docs, Doc{strings.TrimSuffix(filepath.Base(f), ".json"), data})
	}
	return docs
}

// Corpus returns the documents of ../shared/corpus, or skips the test.
func Corpus(tb testing.TB) []Doc { return load(tb, "corpus", "*.json") }

// Suite returns the JSONTestSuite parsing documents whose names start
// with prefix ("y_", "n_", "i_" or "" for all), or skips the test.
func Suite(tb testing.TB, prefix string) []Doc {
	return load(tb, filepath.Join("testdata", "JSONTestSuite", "test_parsing"), prefix+"*.json")
}

// Gen makes JSON texts from a seed.
type Gen struct {
	R *rand.Rand
	// MaxDepth bounds nesting (default 6).
	MaxDepth int
}

// NewGen returns a generator seeded with seed.
func NewGen(seed uint64) *Gen {
	return &Gen{R: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

func (g *Gen) maxDepth() int {
	if g.MaxDepth == 0 {
		return 6
	}
	return g.MaxDepth
}

// Value returns a valid JSON text (a value with random whitespace).
func (g *Gen) Value() []byte { return g.value(nil, 0) }

// Names from which object members are drawn: short, so that duplicates
// come up, with escapes, non-ASCII text and characters that need care.
var names = []string{`"a"`, `"b"`, `"c"`, `"id"`, `"name"`, `""`, `"\u0061"`, `"a\/b"`, `"é"`, `"\u00e9"`, `"~1/"`, `"k\"q"`, `"😀"`, `"\ud83d\ude00"`, `"<&>"`}

// Strings from which string values are drawn.
var strs = []string{`""`, `"x"`, `"hello, world"`, `"tab\there"`, `"\n\r\b\f\\\/\""`, `"\u0000\u001f"`, `"\u00E9\u00e9"`, `"é日本語"`, `"😀"`, `"\ud83d\ude00"`, `"\u2028\u2029"`, "\"\u2028\"", `"<script>&"`, `"a long string with some words in it, more than 32 bytes long for the vector paths"`}

// Numbers from which number values are drawn.
var nums = []string{"0", "-0", "1", "-1", "12", "123456789", "1234567890123456", "12345678901234567890", "-9223372036854775808", "9223372036854775807", "18446744073709551615", "18446744073709551616", "0.5", "-0.0", "1e10", "1E+2", "1e-7", "2.5e-300", "1e400", "-1e400", "3.141592653589793", "0.1", "100", "1e21", "1e20", "0.000001", "1.7976931348623157e308", "4.9e-324", "5e-325"}

func (g *Gen) value(b []byte, depth int) []byte {
	b = g.space(b)
	k := g.R.IntN(10)
	if depth >= g.maxDepth() && k >= 7 {
		k = g.R.IntN(7)
	}
	switch k {
	case 0:
		b = append(b, []string{"null", "true", "false"}[g.R.IntN(3)]...)
	case 1, 2:
		b = append(b, strs[g.R.IntN(len(strs))]...)
	case 3, 4:
		b = append(b, nums[g.R.IntN(len(nums))]...)
	case 5:
		b = strconv.AppendFloat(b, g.R.NormFloat64()*float64(int(1)<<g.R.IntN(60)), 'g', -1, 64)
	case 6:
		b = strconv.AppendInt(b, g.R.Int64()>>g.R.IntN(64), 10)
	case 7, 8:
		b = append(b, '{')
		n := g.R.IntN(5)
		for i := 0; i < n; i++ {
			if i > 0 {
				b = append(g.space(b), ',')
			}
			b = append(g.space(b), names[g.R.IntN(len(names))]...)
			b = append(g.space(b), ':')
			b = g.value(b, depth+1)
		}
		b = append(g.space(b), '}')
	default:
		b = append(b, '[')
		n := g.R.IntN(5)
		for i := 0; i < n; i++ {
			if i > 0 {
				b = append(g.space(b), ',')
			}
			b = g.value(b, depth+1)
		}
		b = append(g.space(b), ']')
	}
	return g.space(b)
}

func (g *Gen) space(b []byte) []byte {
	if g.R.IntN(4) != 0 {
		return b
	}
	return append(b, []string{" ", "\n", "\t", "\r\n  ", "  "}[g.R.IntN(5)]...)
}

// Mutate returns a copy of b with a few random edits (bytes changed,
// inserted, removed or cut off), which usually makes it invalid.
func (g *Gen) Mutate(b []byte) []byte {
	out := append([]byte(nil), b...)
	for n := 1 + g.R.IntN(3); n > 0 && len(out) > 0; n-- {
		i := g.R.IntN(len(out))
		switch g.R.IntN(5) {
		case 0:
			out[i] = interesting[g.R.IntN(len(interesting))]
		case 1:
			out = append(out[:i], append([]byte{interesting[g.R.IntN(len(interesting))]}, out[i:]...)...)
		case 2:
			out = append(out[:i], out[i+1:]...)
		case 3:
			out = out[:i]
		default:
			out[i] = byte(g.R.IntN(256))
		}
	}
	return out
}

// interesting are bytes that matter to the grammar.
var interesting = []byte("{}[]:,\"\\ \t\n\r0123456789-+.eEabfnrtu/\x00\x1f\x7f\x80\xbf\xc3\xe2\xed\xf0\xff<>&x")

// Texts returns n texts from the seed: valid values, and mutations of
// them.
func (g *Gen) Texts(n int) [][]byte {
	out := make([][]byte, 0, n)
	for len(out) < n {
		v := g.Value()
		out = append(out, v)
		if len(out) < n {
			out = append(out, g.Mutate(v))
		}
	}
	return out
}
