package jsontext

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/wire"
)

// TestIndexRefillWithNothingUsable reads, token by token, documents
// whose string is left open after tokens the index listed, so that the
// index is refilled with no usable token; the fast paths must agree with
// the reference paths (and not panic).
func TestIndexRefillWithNothingUsable(t *testing.T) {
	for _, doc := range handInputs {
		for _, opts := range [][]Options{nil, {AllowDuplicateNames(true), AllowInvalidUTF8(true)}} {
			read := func(slow bool) string {
				d := NewDecoder(strings.NewReader(doc), opts...)
				d.s.slowOnly = slow
				var b strings.Builder
				for {
					tok, err := d.ReadToken()
					fmt.Fprintf(&b, "%v %v %d;", tok, err, d.InputOffset())
					if err != nil {
						return b.String()
					}
				}
			}
			if got, want := read(false), read(true); got != want {
				t.Errorf("%.60q: fast path read\n%s\nreference read\n%s", doc, got, want)
			}
		}
	}
}

// TestIndexSurrogatesAcrossBlocks reads documents with escaped
// surrogates, paired and not, at every offset from a block boundary of
// the token index (which checks their pairing 64 bytes at a time), token
// by token and as values; the fast paths must agree with the reference.
func TestIndexSurrogatesAcrossBlocks(t *testing.T) {
	escapes := []string{`\ud83d\ude00`, `\uD83D\uDE00`, `\ud800`, `\udc00`, `\ud800\u0041`, `\ud800\ud800\udc00`, `\\ud800`, `\u00e9\ud7ff\ue000`, `é\ud800\udfff`}
	for _, e := range escapes {
		for off := 0; off < 80; off++ {
			item := `"` + strings.Repeat("x", off) + e + `"`
			doc := `[` + strings.Repeat(`"pad",`, 50) + item + `,` + item + `,{` + item + `:1}]`
			for _, sc := range [][]step{nil, {stepValue}, {stepToken, stepSkip}} {
				for _, opts := range [][]optSpec{nil, {{name: "AllowInvalidUTF8", b: true}}} {
					r := func(b []byte) io.Reader { return bytes.NewReader(b) }
					want := decodeTranscript(jetSlowAPI, []byte(doc), r, opts, sc)
					if got := decodeTranscript(jetAPI, []byte(doc), r, opts, sc); got != want {
						t.Fatalf("%q at %d, script %v, opts %v:\n%s", e, off, sc, opts, firstDiff(got, want))
					}
				}
			}
		}
	}
}

// TestNameBackslashes checks the escape test of short names (backslashes
// over a name's first two words, the lanes past it masked) against a
// search of the name, for every length and every position of a
// backslash, with the bytes after the name all sorts of things.
func TestNameBackslashes(t *testing.T) {
	fill := []byte{'a', '\\', '"', 0x5b, 0x5d, 0x00, 0xff, 0x5c ^ 0x01}
	for n := 0; n < 16; n++ {
		for at := -1; at < 16; at++ {
			for _, f := range fill {
				var b [16]byte
				for i := range b {
					b[i] = 'x'
					if i >= n {
						b[i] = f
					}
				}
				if at >= 0 {
					b[at] = '\\'
				}
				x0 := binary.LittleEndian.Uint64(b[:8])
				x1 := binary.LittleEndian.Uint64(b[8:])
				esc := backslashes(x0) & byteMasks[n&7]
				if n >= 8 {
					esc = backslashes(x0) | backslashes(x1)&byteMasks[n&7]
				}
				if want := bytes.IndexByte(b[:n], '\\') >= 0; (esc != 0) != want {
					t.Fatalf("name %q (n %d) then %q: escaped %v, want %v", b[:n], n, b[n:], esc != 0, want)
				}
			}
		}
	}
}

// TestValueIndexLongStrings checks that a value whose first stretches
// listed lie inside long strings is still read by the index
// (valueFromIndex lists further rather than giving up), and read as the
// reference reads it.
func TestValueIndexLongStrings(t *testing.T) {
	nums := strings.Repeat("1,", 200) + "1"
	for _, p := range []int{0, 60, 100, 400, 600, 1200} {
		for _, l := range []int{0, 100, 200, 600, 1200, 3000} {
			doc := fmt.Sprintf(`{"p":"%s","a":"%s","b":[%s]}`, strings.Repeat("x", p), strings.Repeat("é", l/2), nums) + strings.Repeat(" ", 64)
			d := NewDecoder(strings.NewReader(doc))
			d.s.readAll()
			if _, ok := d.s.valueFromIndex(0, 0, true); !ok && wire.VectorIndex {
				t.Errorf("p=%d l=%d: the index did not read the value", p, l)
			}
			for _, slow := range []bool{false, true} {
				d := NewDecoder(strings.NewReader(doc))
				d.s.slowOnly = slow
				v, err := d.ReadValue()
				if err != nil || string(v) != strings.TrimRight(doc, " ") {
					t.Errorf("p=%d l=%d slow=%v: ReadValue = %.40q..., %v", p, l, slow, v, err)
				}
			}
		}
	}
}
