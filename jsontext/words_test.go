package jsontext

import (
	"bytes"
	"testing"
)

// TestAppendShort checks appendShort against append for every length
// it moves by words, at every alignment of source and destination (an
// unaligned word faults on mips unless moved as bytes).
func TestAppendShort(t *testing.T) {
	src := make([]byte, 64)
	for i := range src {
		src[i] = byte(i*7 + 1)
	}
	for n := 1; n <= 32; n++ {
		for so := 0; so < 8; so++ {
			for do := 0; do < 8; do++ {
				b := append(make([]byte, do, 64), 0)[:do]
				got := appendShort(b, src[so:so+n])
				if !bytes.Equal(got[do:], src[so:so+n]) {
					t.Fatalf("appendShort(n=%d, src+%d, dst+%d) = %v", n, so, do, got[do:])
				}
			}
		}
	}
}
