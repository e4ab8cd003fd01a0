package wire

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	"github.com/jetjson/jet/internal/testdocs"
)

// stripAlphabet is what random inputs of the strip tests are made of:
// whitespace, quotes and backslashes (runs of them), structural bytes,
// bytes of words, and the two control bytes the kernels take for
// structural.
var stripAlphabet = []string{" ", "  ", "\n    ", "\t", "\r\n", `"`, `\`, `\\`, `\"`, ",", ":", "[", "]", "{", "}",
	"1", "-2.5e3", "true", "null", "a", "é", "\x0c", "\x1a", "\x00", "x y", `"a b"`}

func stripRandom(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(400); b.Len() < n; {
		b.WriteString(stripAlphabet[r.IntN(len(stripAlphabet))])
	}
	return b.String()
}

// checkStrip compares StripSpace with stripBytes, the byte-by-byte
// reference, and checks that the tokens are kept when it says so: the
// text is then valid exactly when the input is.
func checkStrip(t *testing.T, src string) {
	t.Helper()
	var st stripState
	want := stripBytes(nil, src, &st)
	got, same := StripSpace([]byte("prefix"), src)
	if !bytes.Equal(got[:6], []byte("prefix")) || !bytes.Equal(got[6:], want) || same != (st.joins == 0) {
		t.Fatalf("StripSpace(%q) = %q, %v; want %q, %v", src, got[6:], same, want, st.joins == 0)
	}
	if same && Valid(src, DefaultMaxDepth) != Valid(string(got[6:]), DefaultMaxDepth) {
		t.Fatalf("StripSpace(%q) = %q: valid %v, input valid %v", src, got[6:], !Valid(src, DefaultMaxDepth), Valid(src, DefaultMaxDepth))
	}
}

func TestStripSpace(t *testing.T) {
	for _, src := range []string{"", " ", `{"a b" : [1, 2 ,true] }`, "1 2", "tru e", `"\" "`, `"\\" 2 3`, `\" 1 2 "`,
		`[1 , "x\\\"y z" ]`, "[-\n1]", `{ "a" : "b" }` + strings.Repeat(" ", 200) + `"c"`} {
		checkStrip(t, src)
		checkStrip(t, strings.Repeat(" ", 100)+src+strings.Repeat("\n", 70))
		checkStrip(t, strings.Repeat(`"x y"  `, 30)+src)
	}
	for _, doc := range testdocs.Corpus(t) {
		checkStrip(t, string(doc.Data))
	}
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 20000; i++ {
		checkStrip(t, stripRandom(r))
	}
}

// TestStripKernel compares the kernels this CPU can run with
// stripBlocksGo, from random states.
func TestStripKernel(t *testing.T) {
	ks := stripKernels()
	if len(ks) == 0 {
		t.Skip("no kernel besides the portable one here")
	}
	for name, k := range ks {
		r := rand.New(rand.NewPCG(13, 14))
		for i := 0; i < 20000; i++ {
			src := stripRandom(r)
			st := stripState{escaped: r.Uint64N(2), spaceRun: r.Uint64N(2), lastWord: r.Uint64N(2)}
			if r.IntN(2) == 0 {
				st.inString = ^uint64(0)
			}
			if st.spaceRun != 0 {
				st.lastWord = 0
			}
			n := len(src) - stripTail
			if n < 64 {
				continue
			}
			st2 := st
			a := make([]byte, len(src)+stripSlack)
			b := make([]byte, len(src)+stripSlack)
			ca, wa := k(unsafe.Pointer(&a[0]), src, n, &st)
			cb, wb := stripBlocksGo(unsafe.Pointer(&b[0]), src, n, &st2)
			if ca != cb || wa != wb || !bytes.Equal(a[:wa], b[:wb]) || st != st2 {
				t.Fatalf("%s(%q) = %d, %d, %q, %+v; Go: %d, %d, %q, %+v", name, src, ca, wa, a[:wa], st, cb, wb, b[:wb], st2)
			}
		}
	}
}

func FuzzStripSpace(f *testing.F) {
	for _, s := range []string{"", `{"a b" : [1, 2 ,true] }`, "1 2", `"\" "`, strings.Repeat(`{ "k" : [ 1 , "v w" ] } `, 12)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkStrip(t, src)
	})
}

// TestStripper checks that a text stripped in pieces is stripped as it
// is whole.
func TestStripper(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for i := 0; i < 5000; i++ {
		src := stripRandom(r) + stripRandom(r) + stripRandom(r)
		want, same := StripSpace(nil, src)
		var x Stripper
		var got []byte
		for rest := src; len(rest) > 0; {
			k := min(len(rest), r.IntN(300))
			got = x.Append(got, rest[:k])
			rest = rest[k:]
		}
		if !bytes.Equal(got, want) || x.Same() != same {
			t.Fatalf("%q in pieces: %q, %v; whole: %q, %v", src, got, x.Same(), want, same)
		}
	}
}
