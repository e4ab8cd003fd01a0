package jsontext

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
)

// TestFormatPaths checks the fast paths of Value's methods against the
// reference on the hand-made, generated, suite and corpus documents, with
// every preset and random options: the fuzz targets' check, over long
// documents too.
func TestFormatPaths(t *testing.T) {
	docs := append(inputs(t, 1000), suiteAndCorpus(t)...)
	corpus := map[string]bool{}
	for _, doc := range testdocs.Corpus(t) {
		corpus[doc.Name] = true
	}
	r := rand.New(rand.NewPCG(13, 14))
	fails := 0
	for _, doc := range docs {
		for k := 0; k < 4; k++ {
			for _, opts1 := range formatOps {
				var opts2 []Options
				if k > 0 {
					opts2 = jetOpts(randomOpts(r))
				}
				switch {
				case k > 1 && len(doc.Data) > 100000, k > 0 && len(doc.Data) > 1000000:
					continue
				case len(doc.Data) > 4096 && !corpus[doc.Name] && (k > 0 || len(opts1) == len(indentOpts)):
					// Deeply nested documents indented are quadratic in
					// size; they are formatted once, compactly.
					continue
				}
				ds := [][]byte{doc.Data, append(bytes.Clone(doc.Data), padding...)}
				if len(doc.Data) > 100000 {
					ds = ds[:1] // long enough that its end matters little
				}
				for _, d := range ds {
					want := formatWithPaths(d, opts1, opts2, pathsSlow)
					for _, p := range fastPaths {
						if got := formatWithPaths(d, opts1, opts2, p); !got.equal(want) {
							t.Errorf("%s paths %d opts %v %v:\n got %s\nwant %s", doc.Name, p, opts1, opts2, got, want)
							if fails++; fails > 10 {
								t.Fatal("too many failures")
							}
						}
					}
				}
			}
		}
	}
}

// TestFormatPathsDepth checks the fast paths at the nesting limit: values
// nested maxDepth deep, and one deeper, with whitespace inside, alone and
// written as an element of an array.
func TestFormatPathsDepth(t *testing.T) {
	for _, depth := range []int{maxDepth - 1, maxDepth, maxDepth + 1} {
		d := append(bytes.Repeat([]byte("[ "), depth), bytes.Repeat([]byte(" ]"), depth)...)
		for _, opts1 := range [][]Options{nil, compactOpts, canonicalizeOpts} { // (indented, quadratic)
			want := formatWithPaths(d, opts1, nil, pathsSlow)
			for _, p := range fastPaths {
				if got := formatWithPaths(d, opts1, nil, p); !got.equal(want) {
					t.Errorf("depth %d paths %d opts %v:\n got %s\nwant %s", depth, p, opts1, got, want)
				}
			}
		}
		for _, opts := range [][]Options{nil, compactOpts} {
			ws := []encWrite{{tok: BeginArray}, {isValue: true, value: d}, {tok: EndArray}}
			w := func(b *bytes.Buffer) io.Writer { return b }
			want := writeTranscript(ws, opts, pathsSlow, w)
			for _, p := range fastPaths {
				if got := writeTranscript(ws, opts, p, w); got != want {
					t.Errorf("depth %d in an array, paths %d opts %v:\n%s", depth, p, opts, firstDiff(got, want))
				}
			}
		}
	}
}

// TestWriteValuePaths checks Encoder.WriteValue's fast paths against the
// reference on the corpus documents, alone and as elements of an array,
// with the options of Value's methods and the defaults: unlike Value's
// methods, an Encoder writes out a value it does not change.
func TestWriteValuePaths(t *testing.T) {
	w := func(b *bytes.Buffer) io.Writer { return b }
	fails := 0
	for _, doc := range testdocs.Corpus(t) {
		for _, opts := range formatOps {
			for _, ws := range [][]encWrite{
				{{isValue: true, value: doc.Data}},
				{{tok: BeginArray}, {isValue: true, value: doc.Data}, {isValue: true, value: append(bytes.Clone(doc.Data), padding...)}, {tok: EndArray}},
			} {
				want := writeTranscript(ws, opts, pathsSlow, w)
				// (pathsSteps and pathsIndex leave out run, whose long
				// runs of input this is about.)
				for _, p := range []encPaths{pathsFast, pathsNoIndex, pathsStrip, pathsValid} {
					if got := writeTranscript(ws, opts, p, w); got != want {
						t.Errorf("%s paths %d opts %v:\n%s", doc.Name, p, opts, firstDiff(got, want))
						if fails++; fails > 10 {
							t.Fatal("too many failures")
						}
					}
				}
			}
		}
	}
}
