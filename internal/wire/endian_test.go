package wire

import (
	"testing"
	"unsafe"
)

// TestEndian checks skLittleEndian, a constant chosen by build tags on
// the architectures the package lists, against the machine's byte order,
// and skLoad64 against a load byte by byte.
func TestEndian(t *testing.T) {
	x := uint16(1)
	if little := *(*byte)(unsafe.Pointer(&x)) == 1; little != skLittleEndian {
		t.Fatalf("skLittleEndian is %v; the machine's byte order says %v", skLittleEndian, little)
	}
	s := "\x01\x02\x03\x04\x05\x06\x07\x08\x09"
	for i := 0; i <= 1; i++ {
		var want uint64
		for k := 7; k >= 0; k-- {
			want = want<<8 | uint64(s[i+k])
		}
		if got := skLoad64(s, i); got != want {
			t.Fatalf("skLoad64(s, %d) = %#x, want %#x", i, got, want)
		}
	}
}
