package jsontext

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestNameOrder checks the orders reformatFast sorts names by (the keys
// of their first bytes, then compareNames) against compareUTF16, the
// reference's, on names of characters from every UTF-8 length and both
// sides of the surrogate range.
func TestNameOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	chars := []rune{0, 'a', 'b', 'z', 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xefff, 0xf000, 0xfffd, 0xffff,
		0x10000, 0x10ffff, 0x1f600}
	name := func() []byte {
		var b []byte
		for n := r.IntN(12); n > 0; n-- {
			c := chars[r.IntN(len(chars))]
			if r.IntN(3) == 0 {
				c += rune(r.IntN(3))
				if !utf8.ValidRune(c) {
					c = 'x'
				}
			}
			b = utf8.AppendRune(b, c)
		}
		return b
	}
	sign := func(c int) int { return min(max(c, -1), 1) }
	for i := 0; i < 200000; i++ {
		x, y := name(), name()
		if r.IntN(4) == 0 {
			y = append(append([]byte{}, x...), y...) // a common prefix
		}
		want := sign(compareUTF16(x, y))
		got := sign(compareNames(x, y))
		px, py := namePrefix(x), namePrefix(y)
		switch {
		case got != want:
			t.Fatalf("compareNames(%q, %q) = %d, want %d", x, y, got, want)
		case px < py && want >= 0, px > py && want <= 0:
			t.Fatalf("namePrefix(%q) = %x, namePrefix(%q) = %x: want order %d", x, px, y, py, want)
		}
	}
}

// TestReorderNested checks the fast paths' reordering (members moved
// once, when the value is written whole) against the reference, on
// random objects nested deep in objects and arrays, with names repeated
// (duplicates allowed), on one line and on many.
func TestReorderNested(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	names := []string{`"a"`, `"b"`, `"c"`, `"ab"`, `"\u0062"`, `"é"`, `"😀"`, `"longer name here"`}
	var gen func(b []byte, depth int) []byte
	gen = func(b []byte, depth int) []byte {
		switch k := r.IntN(6); {
		case depth > 6 || k == 0:
			return append(b, "1"...)
		case k == 1:
			b = append(b, '[')
			for i, n := 0, r.IntN(4); i < n; i++ {
				if i > 0 {
					b = append(b, ", "...)
				}
				b = gen(b, depth+1)
			}
			return append(b, ']')
		default:
			b = append(b, '{')
			for i, n := 0, r.IntN(5); i < n; i++ {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, names[r.IntN(len(names))]...)
				b = append(b, ": "...)
				b = gen(b, depth+1)
			}
			return append(b, '}')
		}
	}
	for i := 0; i < 500; i++ {
		doc := gen(nil, 0)
		for _, opts := range [][]Options{
			canonicalizeOpts,
			append(canonicalizeOpts[:len(canonicalizeOpts):len(canonicalizeOpts)], AllowDuplicateNames(true)),
			append(canonicalizeOpts[:len(canonicalizeOpts):len(canonicalizeOpts)], AllowDuplicateNames(true), Multiline(true)),
		} {
			want := formatWithPaths(doc, opts, nil, pathsSlow)
			for _, p := range fastPaths {
				if got := formatWithPaths(doc, opts, nil, p); !got.equal(want) {
					t.Fatalf("%s paths %d opts %v:\n got %s\nwant %s", doc, p, opts, got, want)
				}
			}
		}
	}
}
