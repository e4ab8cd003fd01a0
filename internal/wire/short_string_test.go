package wire

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestPlainShort compares PlainShort with a byte-at-a-time reference on
// random strings around its limits (lengths near 8, 16 and 32, every kind of
// byte that stops a plain string, bytes above 0x7f before and after the
// end, input ending early).
func TestPlainShort(t *testing.T) {
	ref := func(s string, i int) (int, bool) {
		if i+16 > len(s) {
			return -1, false
		}
		ascii := true
		for k := i; k < i+32; k++ {
			if k-(k-i)%8+8 > len(s) {
				return -1, false // the word holding k runs past the end
			}
			switch c := s[k]; {
			case c == '"':
				return k - i, ascii
			case c == '\\' || c < 0x20:
				return -1, false
			case c >= 0x80:
				ascii = false
			}
		}
		return -1, false
	}
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := "ab \"\\\x00\x1f\x7f\x80\xc3\xff~"
	for n := 0; n < 200000; n++ {
		b := make([]byte, r.IntN(48))
		for k := range b {
			if r.IntN(6) == 0 {
				b[k] = alphabet[r.IntN(len(alphabet))]
			} else {
				b[k] = byte('a' + r.IntN(26))
			}
		}
		if len(b) > 0 && r.IntN(2) == 0 {
			b[r.IntN(len(b))] = '"'
		}
		s := string(b)
		i := 0
		if len(s) > 0 {
			i = r.IntN(len(s))
		}
		x0, x1, got, ascii := PlainShort(s, i)
		if want, wantASCII := ref(s, i); got != want || got >= 0 && ascii != wantASCII {
			t.Fatalf("PlainShort(%q, %d) = %d, %v, want %d, %v", s, i, got, ascii, want, wantASCII)
		}
		if got >= 0 && got < 16 {
			var w [16]byte
			binary.LittleEndian.PutUint64(w[:], x0)
			binary.LittleEndian.PutUint64(w[8:], x1)
			if string(w[:got]) != s[i:i+got] {
				t.Fatalf("PlainShort(%q, %d): words hold %q", s, i, w[:got])
			}
		}
	}
}
