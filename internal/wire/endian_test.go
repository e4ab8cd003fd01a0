package wire

import "testing"

// TestEndian checks skLoad64 against a load byte by byte, at every
// alignment (an odd address faults on mips if loaded as a word).
func TestEndian(t *testing.T) {
	s := "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10"
	for i := 0; i+8 <= len(s); i++ {
		var want uint64
		for k := 7; k >= 0; k-- {
			want = want<<8 | uint64(s[i+k])
		}
		if got := skLoad64(s, i); got != want {
			t.Fatalf("skLoad64(s, %d) = %#x, want %#x", i, got, want)
		}
	}
}
