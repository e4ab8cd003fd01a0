//go:build amd64 && !purego

package wire

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// quoteKernel is a quoting kernel this CPU can run, with what its
// promise depends on: its block size, the room it wants past the bytes
// left, and whether it stops before a last block whose load would cross
// into the next page.
type quoteKernel struct {
	name      string
	run       func(dst, src *byte, n, room int, seqs *[128]uint64, html bool) (consumed, written int)
	block     int
	slack     int
	pageStops bool
}

// quoteKernels are the kernels this CPU can run.
func quoteKernels() []quoteKernel {
	var ks []quoteKernel
	if hasAVX2 {
		ks = append(ks, quoteKernel{"AVX2", quoteBlocksAVX2, 32, 224, true})
	}
	if quoteHasAVX512 {
		ks = append(ks, quoteKernel{"AVX512", quoteBlocksAVX512, 64, 384, false})
	}
	return ks
}

// TestQuoteBlocksKernels checks each kernel's promise on random strings:
// what it writes is the quoted form of what it consumed, and it stops
// only where it may.
func TestQuoteBlocksKernels(t *testing.T) {
	ks := quoteKernels()
	if len(ks) == 0 {
		t.Skip("no quoting kernel on this CPU")
	}
	for _, kern := range ks {
		r := rand.New(rand.NewPCG(11, 12))
		for round := 0; round < 20000; round++ {
			s := quoteRandom(r, round)
			for _, html := range []bool{false, true} {
				room := 6*len(s) + 600
				if r.IntN(4) == 0 {
					room = len(s) + r.IntN(800)
				}
				runQuoteKernel(t, kern, s, html, room)
			}
		}
	}
	// The whole of AppendQuoted, kernel and Go code, against the Go code
	// alone (the kernel's twin), with each kernel.
	forEachQuoteKernel(t, func(name string) {
		r := rand.New(rand.NewPCG(11, 12))
		for round := 0; round < 20000; round++ {
			s := quoteRandom(r, round)
			for _, html := range []bool{false, true} {
				if got, want := AppendQuoted(nil, s, html), quoteNoKernel(s, html); string(got) != string(want) {
					t.Fatalf("%s: %q html=%v: AppendQuoted\n%q\nGo code\n%q", name, s, html, got, want)
				}
			}
		}
	})
}

// forEachQuoteKernel runs f with AppendQuoted using each kernel the CPU
// has in turn (quoteHasAVX512 off, then as it was).
func forEachQuoteKernel(t *testing.T, f func(name string)) {
	was := quoteHasAVX512
	t.Cleanup(func() { quoteHasAVX512 = was })
	quoteHasAVX512 = false
	f("AVX2")
	if was {
		quoteHasAVX512 = true
		f("AVX512")
	}
}

// TestQuoteBlocksCutEnd gives each kernel strings whose last block ends
// in a UTF-8 sequence cut short (or whole): the kernel must not copy a
// cut one as it is.
func TestQuoteBlocksCutEnd(t *testing.T) {
	ends := []string{"\xc2", "\xdf", "\xe2", "\xe2\x80", "\xed\x9f", "\xef\xbf", "\xf0", "\xf0\x90", "\xf0\x90\x80",
		"\xf4\x8f\xbf", "é", "日", "😀", "\u2028", "\xe2\x80\xa8"}
	for _, kern := range quoteKernels() {
		for _, fill := range []string{"x", "é"} {
			for _, n := range []int{32, 33, 63, 64, 65, 96, 127, 128, 129, 192} {
				for _, end := range ends {
					s := strings.Repeat(fill, n)
					s = s[:n-len(end)]
					for len(s) > 0 && !utf8.ValidString(s) {
						s = "x" + s[:len(s)-1] // a fill cut by the slicing
					}
					s += end
					runQuoteKernel(t, kern, s, false, 6*len(s)+600)
				}
			}
		}
	}
	forEachQuoteKernel(t, func(name string) {
		for _, end := range ends {
			for n := 1; n <= 200; n++ {
				s := strings.Repeat("y", n) + end
				if got, want := AppendQuoted(nil, s, false), quoteNoKernel(s, false); string(got) != string(want) {
					t.Fatalf("%s: %q: AppendQuoted\n%q\nGo code\n%q", name, s, got, want)
				}
			}
		}
	})
}

// runQuoteKernel runs the kernel on s with room bytes of dst, followed
// by guard bytes it must not write, and checks what it did
// (checkQuoteBlocks).
func runQuoteKernel(t *testing.T, kern quoteKernel, s string, html bool, room int) {
	t.Helper()
	dst := make([]byte, room+quoteGuard)
	for i := room; i < len(dst); i++ {
		dst[i] = 0xa5
	}
	k, w := kern.run(&dst[0], &bytesOf(s)[0], len(s), room, &quoteSeq, html)
	checkQuoteBlocks(t, kern, s, html, room, k, dst[:w], uintptr(unsafe.Pointer(unsafe.StringData(s))))
	for i := room; i < len(dst); i++ {
		if dst[i] != 0xa5 {
			t.Fatalf("%s: %q html=%v room %d: wrote at %d, past the room", kern.name, s, html, room, i)
		}
	}
}

// quoteGuard is how far past the room the kernel tests look for bytes
// written.
const quoteGuard = 512

// TestQuoteBlocksRoom gives each kernel strings that grow the most
// (every byte escaped to six), with less room than it asks for, about
// as much, and more: it must write nothing past the room.
func TestQuoteBlocksRoom(t *testing.T) {
	for _, kern := range quoteKernels() {
		for _, fill := range []string{"\x01", "\"", "a", "é", "a\x1f"} {
			for n := 1; n <= 3*kern.block+1; n++ {
				s := strings.Repeat(fill, n)[:n]
				for extra := -kern.slack; extra <= 2*kern.slack; extra++ {
					runQuoteKernel(t, kern, s, false, n+kern.slack+extra)
				}
			}
		}
	}
}

// quoteRandom returns a random string for the kernel tests: some are
// ASCII for a while (the kernels' ASCII loops), some short (only their
// last block), some long enough for several 64-byte blocks.
func quoteRandom(r *rand.Rand, round int) string {
	var sb strings.Builder
	n := 1 + r.IntN(330)
	switch round % 4 {
	case 0:
		n = 1 + r.IntN(70)
	case 1:
		n = 1 + r.IntN(700)
	}
	asciiFor := 0
	if round%3 == 0 {
		asciiFor = r.IntN(400)
	}
	for sb.Len() < n {
		switch {
		case r.IntN(40) == 0:
			sb.WriteString(quotePieces[r.IntN(len(quotePieces))])
		case sb.Len() >= asciiFor && r.IntN(3) == 0:
			sb.WriteString([]string{"é", "日本", "😀", "ß", "\u0800", "\uffff", "\xed\x9f\xbf", "\xf4\x8f\xbf\xbf"}[r.IntN(8)])
		case r.IntN(15) == 0:
			sb.WriteString([]string{"\"", "\\", "\n", "<", ">", "&", "\x01", "\x7f"}[r.IntN(8)])
		default:
			sb.WriteByte(byte('a' + r.IntN(26)))
		}
	}
	return sb.String()
}

// checkQuoteBlocks checks what the kernel did with s (given room bytes
// of dst): it consumed k bytes and wrote out. Either it consumed s whole
// and wrote its quoted form, or it stopped at a block boundary, having
// written the quoted form of what it consumed (but for the last
// character, which it may have copied cut or bad), and only where it may:
// before a block with bad UTF-8 or a line separator, before a last block
// whose load would cross a page (s being at address base; AVX2 only), or
// for room.
func checkQuoteBlocks(t *testing.T, kern quoteKernel, s string, html bool, room, k int, out []byte, base uintptr) {
	t.Helper()
	if k == len(s) {
		q := refQuote(nil, s, html)
		if string(out) != string(q[1:len(q)-1]) {
			t.Fatalf("%s: %q html=%v: consumed all, wrote\n%q\nwant\n%q", kern.name, s, html, out, q[1:len(q)-1])
		}
		return
	}
	if k%kern.block != 0 || k > len(s) || len(out) > room {
		t.Fatalf("%s: %q html=%v: returned %d, %d", kern.name, s, html, k, len(out))
	}
	// The last character may be incomplete or bad: the kernel copies it
	// and leaves its check to the next block (the caller backs up to it).
	p := s[:k]
	if l := len(p) - 1; l >= 0 {
		for l > len(p)-4 && p[l]&0xC0 == 0x80 {
			l--
		}
		if p[l] >= 0xC0 {
			p = p[:l]
		}
	}
	q := refQuote(nil, p, html)
	want := string(q[1:len(q)-1]) + s[len(p):k]
	if string(out) != want {
		t.Fatalf("%s: %q html=%v: consumed %d, wrote\n%q\nwant\n%q", kern.name, s, html, k, out, want)
	}
	if !utf8.ValidString(p) || strings.ContainsAny(p, "\u2028\u2029") {
		t.Fatalf("%s: %q html=%v: kernel passed bad UTF-8 or a line separator", kern.name, s, html)
	}
	rest := len(s) - k
	if room-len(out) < rest+kern.slack {
		return
	}
	if kern.pageStops && rest < kern.block && (base+uintptr(k))&4095 > uintptr(4096-kern.block) {
		return
	}
	end := min(k+kern.block, len(s))
	if utf8.ValidString(s[len(p):end]) && !strings.ContainsAny(s[max(0, k-2):end], "\u2028\u2029") {
		t.Fatalf("%s: %q html=%v: stopped at %d for no reason", kern.name, s, html, k)
	}
}

// quoteNoKernel quotes s with the Go code alone.
func quoteNoKernel(s string, html bool) []byte {
	d := make([]byte, 1, len(s)+quoteSlack+1)
	d[0] = '"'
	d, _, j := quoteScalar(d[:cap(d)], 1, bytesOf(s), 0, len(s), html, nil)
	d[j] = '"'
	return d[:j+1]
}

// FuzzQuoteBlocks checks the kernel's promise (checkQuoteBlocks) on any
// string, with room to spare or barely enough, and AppendQuoted (kernel
// and Go code) against the Go code alone.
func FuzzQuoteBlocks(f *testing.F) {
	ks := quoteKernels()
	if len(ks) == 0 {
		f.Skip("no quoting kernel on this CPU")
	}
	for _, p := range quotePieces {
		f.Add(strings.Repeat("x", 30)+p+strings.Repeat("é", 20), false, uint16(0))
		f.Add(p+strings.Repeat("y", 40), true, uint16(300))
	}
	f.Fuzz(func(t *testing.T, s string, html bool, extra uint16) {
		if s == "" {
			return
		}
		for _, kern := range ks {
			for _, room := range []int{6*len(s) + 600, len(s) + int(extra)} {
				runQuoteKernel(t, kern, s, html, room)
			}
		}
		if got, want := AppendQuoted(nil, s, html), quoteNoKernel(s, html); string(got) != string(want) {
			t.Fatalf("%q html=%v: AppendQuoted\n%q\nGo code\n%q", s, html, got, want)
		}
	})
}

// BenchmarkQuoteKernels runs each kernel on strings of several lengths,
// ASCII and not, to place the length from which each pays.
func BenchmarkQuoteKernels(b *testing.B) {
	for _, kern := range quoteKernels() {
		for _, text := range []struct{ name, unit string }{{"ascii", "abcdefghij"}, {"utf8", "日本語éa"}, {"escaped", "abc\"defg\n"}} {
			for _, n := range []int{20, 40, 64, 100, 200, 1000} {
				s := strings.Repeat(text.unit, n/len(text.unit)+1)[:n]
				for !utf8.ValidString(s) {
					s = s[:len(s)-1]
				}
				dst := make([]byte, 6*len(s)+600)
				b.Run(kern.name+"/"+text.name+"/"+strconv.Itoa(n), func(b *testing.B) {
					b.SetBytes(int64(len(s)))
					for i := 0; i < b.N; i++ {
						kern.run(&dst[0], &bytesOf(s)[0], len(s), len(dst), &quoteSeq, false)
					}
				})
			}
		}
	}
}
