//go:build amd64 && !purego

package wire

import (
	"math/rand"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// TestSkipBlocksEachKernel runs each block kernel the CPU supports (the
// AVX2 one too on AVX-512 machines) against the portable reference.
func TestSkipBlocksEachKernel(t *testing.T) {
	kernels := map[string]func(p *byte, n, depth int, st *skBlock) (int, int, int){}
	if skHasLookup {
		kernels["AVX2"] = skLookupAVX2
	}
	if skHasLookup && skHasAVX512 {
		kernels["AVX512"] = skLookupAVX512
	}
	if len(kernels) == 0 {
		t.Skip("no vector kernel on this CPU")
	}
	r := rand.New(rand.NewSource(12))
	const alphabet = "\"\\{}[]x \x80"
	for k := 0; k < 20000; k++ {
		b := make([]byte, 64+r.Intn(300))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		s := string(b)
		depth := 1 + r.Intn(4)
		st0 := skBlock{escaped: uint64(r.Intn(2))}
		if r.Intn(2) == 0 {
			st0.inString = ^uint64(0)
		}
		stGo := st0
		eGo, nGo, dGo := skBlocksGo(s, 0, depth, &stGo)
		for name, kernel := range kernels {
			st := st0
			consumed, e, d := kernel(unsafe.StringData(s), len(s), depth, &st)
			if e != eGo || e < 0 && (consumed != nGo || d != dGo || st != stGo) {
				t.Fatalf("%s on %q depth %d %+v: %d %d %d %+v, Go %d %d %d %+v", name, s, depth, st0, consumed, e, d, st, nGo, eGo, dGo, stGo)
			}
		}
	}
}

// stringStopRef is skStringStopAVX2's promise in Go: the length of the
// leading 32-byte blocks of s with no '"', '\\' or control character, and
// whether a byte of them is 0x80 or above.
func stringStopRef(s string) (int, bool) {
	k, high := 0, false
	for ; k+32 <= len(s); k += 32 {
		for _, c := range []byte(s[k : k+32]) {
			if c == '"' || c == '\\' || c < 0x20 {
				return k, high
			}
		}
		for _, c := range []byte(s[k : k+32]) {
			high = high || c >= 0x80
		}
	}
	return k, high
}

// TestStringStopEachKernel runs each string-content kernel the CPU
// supports against stringStopRef, with the one byte that stops it (if
// any) at every place, and texts that end at a page's end (the AVX-512
// kernel loads its last 32 bytes under a mask).
func TestStringStopEachKernel(t *testing.T) {
	kernels := map[string]func(p *byte, n int) (int, bool){}
	if skHasAVX2 {
		kernels["AVX2"] = skStringStopAVX2
	}
	if skHasAVX512 {
		kernels["AVX512"] = skStringStopAVX512
	}
	if len(kernels) == 0 {
		t.Skip("no vector kernel on this CPU")
	}
	check := func(s string) {
		t.Helper()
		wantK, wantH := stringStopRef(s)
		for name, kernel := range kernels {
			var k int
			var h bool
			if len(s) > 0 {
				k, h = kernel(unsafe.StringData(s), len(s))
			}
			if k != wantK || h != wantH {
				t.Fatalf("%s(%q) = %d, %v; want %d, %v", name, s, k, h, wantK, wantH)
			}
		}
	}
	r := rand.New(rand.NewSource(13))
	stops := []byte{'"', '\\', 0x00, 0x1f, 0x0a}
	plain := []byte{'a', ' ', 0x7f, 0x80, 0xc3, 0xff, 0x20, '!', '[', ']'}
	for k := 0; k < 20000; k++ {
		b := make([]byte, r.Intn(300))
		for i := range b {
			b[i] = plain[r.Intn(len(plain))]
			if r.Intn(8) != 0 {
				b[i] = 'a' // long plain runs
			}
		}
		if len(b) > 0 && r.Intn(3) != 0 {
			b[r.Intn(len(b))] = stops[r.Intn(len(stops))]
		}
		check(string(b))
	}
	for n := 0; n <= 200; n++ {
		for at := -1; at < n; at++ {
			b := make([]byte, n)
			for i := range b {
				b[i] = 'x'
			}
			if n > 0 {
				b[n/2] = 0xe2
			}
			if at >= 0 {
				b[at] = '"'
			}
			check(string(b))
		}
	}
	if body := guardedPage(t); body != nil {
		for i := range body {
			body[i] = 'y'
		}
		for n := 0; n <= 130; n++ {
			check(unsafe.String(unsafe.SliceData(body[len(body)-n:]), n))
		}
	}
}

// TestValidUTF8EachKernel runs each UTF-8 kernel the CPU supports on
// texts whose lengths are multiples of 32, with errors or none: on a
// text that ends with an ASCII byte, against utf8.ValidString (no
// sequence is cut off there); on any text, the kernels against each
// other (a sequence cut off by the end is left to the caller, and what
// the kernels see of it is the same).
func TestValidUTF8EachKernel(t *testing.T) {
	kernels := map[string]func(p *byte, n int) bool{}
	if skHasAVX2 {
		kernels["AVX2"] = skValidUTF8AVX2
	}
	if skHasAVX512 {
		kernels["AVX512"] = skValidUTF8AVX512
	}
	if len(kernels) == 0 {
		t.Skip("no vector kernel on this CPU")
	}
	r := rand.New(rand.NewSource(14))
	pieces := []string{"a", "é", "日", "😀", "\u2028", "\x80", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe0\x80", "\xff", "\xc3", "\xf0\x9f"}
	for k := 0; k < 30000; k++ {
		var b []byte
		n := 32 * (1 + r.Intn(8))
		for len(b) < n {
			if r.Intn(6) == 0 {
				b = append(b, pieces[r.Intn(len(pieces))]...)
			} else {
				b = append(b, pieces[r.Intn(4)]...)
			}
		}
		b = b[:n]
		exact := k%2 == 0
		if exact {
			b[n-1] = 'a'
		}
		s := string(b)
		var first string
		var firstGot bool
		for name, kernel := range kernels {
			got := kernel(unsafe.StringData(s), n)
			if exact && got != utf8.ValidString(s) {
				t.Fatalf("%s(%q) = %v; want %v", name, s, got, !got)
			}
			if first != "" && got != firstGot {
				t.Fatalf("%s(%q) = %v; %s: %v", name, s, got, first, firstGot)
			}
			first, firstGot = name, got
		}
	}
}
