//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"bytes"
	std "encoding/json/jsontext"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDiffEncodeRawTokens writes the tokens a Decoder reads (raw tokens,
// which TestDiffEncode's made tokens do not cover) with random options,
// in this package and in Go's, and compares what each wrote and
// returned.
func TestDiffEncodeRawTokens(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	docs := append(inputs(t, 2000), suiteAndCorpus(t)...)
	fails := 0
	for _, doc := range docs {
		for k := 0; k < 3; k++ {
			opts := randomOpts(r)
			switch {
			case k == 0:
				opts = nil
			case len(doc.Data) > 4096 && k == 1:
				// Long documents (and deep ones, which are long indented)
				// with options that add no whitespace.
				opts = []optSpec{{name: "EscapeForHTML", b: true}, {name: "EscapeForJS", b: true},
					{name: "CanonicalizeRawInts", b: true}, {name: "CanonicalizeRawFloats", b: true}}
			case len(doc.Data) > 4096:
				continue
			}
			got := rawTokenTranscript(doc.Data, opts, false)
			want := rawTokenTranscript(doc.Data, opts, true)
			if got != want {
				t.Errorf("%s (opts %v):\n%s", doc.Name, opts, firstDiff(got, want))
				if fails++; fails > 10 {
					t.Fatal("too many failures")
				}
			}
		}
	}
}

// rawTokenTranscript reads data's tokens with a Decoder that allows
// invalid UTF-8 and duplicate names and writes each to an Encoder with
// opts, recording the results: with this package, or Go's.
func rawTokenTranscript(data []byte, opts []optSpec, useStd bool) string {
	var out bytes.Buffer
	var b strings.Builder
	const maxTokens = 200000
	if useStd {
		d := std.NewDecoder(bytes.NewReader(data), std.AllowInvalidUTF8(true), std.AllowDuplicateNames(true))
		e := std.NewEncoder(&out, stdOpts(opts)...)
		for i := 0; i < maxTokens; i++ {
			tok, err := d.ReadToken()
			if err != nil {
				break
			}
			// Every error, and now and then the state.
			if err = e.WriteToken(tok); err != nil || i%53 == 0 {
				fmt.Fprintf(&b, "%d: %s off=%d depth=%d ptr=%q\n", i, describers["std"](err), e.OutputOffset(), e.StackDepth(), e.StackPointer())
			}
		}
		if e.StackDepth() == 0 {
			// Within a value, when the output is flushed depends on how
			// the buffer grew.
			fmt.Fprintf(&b, "written %q", out.Bytes())
		}
	} else {
		d := NewDecoder(bytes.NewReader(data), AllowInvalidUTF8(true), AllowDuplicateNames(true))
		e := NewEncoder(&out, jetOpts(opts)...)
		for i := 0; i < maxTokens; i++ {
			tok, err := d.ReadToken()
			if err != nil {
				break
			}
			// Every error, and now and then the state.
			if err = e.WriteToken(tok); err != nil || i%53 == 0 {
				fmt.Fprintf(&b, "%d: %s off=%d depth=%d ptr=%q\n", i, describers["jet"](err), e.OutputOffset(), e.StackDepth(), e.StackPointer())
			}
		}
		if e.StackDepth() == 0 {
			fmt.Fprintf(&b, "written %q", out.Bytes())
		}
	}
	return b.String()
}
