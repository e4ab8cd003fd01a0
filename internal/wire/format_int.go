package wire

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unsafe"
)

// Integer formatting for the encoder.
//
// The digits come eight at a time from digits8, which splits a value
// below 10^8 into its digits in the lanes of one word, and they are
// stored as whole words into spare capacity made sure of first; the
// digit count n, which says where the value ends, comes from the
// value's bit length and one comparison, not from its digits. Three
// ranges take their own path, so that short values do no work for
// places they lack:
//
//   - below 10^8: one word of eight digits, shifted to drop the
//     leading zeros;
//   - below 10^12 (ids, Unix timestamps in seconds or milliseconds):
//     the first four places as a shifted word, then a word of eight
//     stored so that it ends at the last digit;
//   - the rest: up to four leading places, then two words of eight.
//
// Every path writes a '-' first and keeps it when the value is
// negative, so the sign costs no branch, and no path branches on the
// digit count.

// Tuning of integer formatting.
const (
	// intRoom is the spare capacity the writers make sure of before
	// they write a value: a sign, then words of eight stored up to 23
	// bytes in.
	intRoom = 32
	// intChunk is how many values AppendIntsComma makes room for at
	// once (at most maxIntLen+1 bytes each), so that the loop over
	// them checks no capacity.
	intChunk = 64
)

// maxIntLen is the longest decimal form of an int64 or uint64: twenty
// digits, or a sign and nineteen.
const maxIntLen = 20

// digitsAtLen holds, for each bit length L, 10^d where d = L*1233>>12:
// a value of bit length L has d+1 digits if it is at least
// digitsAtLen[L], else d (1233/4096 is just below log10(2), so d is the
// digit count of the smallest value of that length or one less).
var digitsAtLen = func() (t [65]uint64) {
	for l := range t {
		t[l] = pow10u64[l*1233>>12]
	}
	return t
}()

// uintLen returns the number of decimal digits of u, without a branch
// (1 for 0).
func uintLen(u uint64) int {
	u |= 1 // the same digit count, and 0 counts as 1
	l := bits.Len64(u)
	return l*1233>>12 + int(1-lt(u, digitsAtLen[l]))
}

// AppendUint appends the decimal form of v.
func AppendUint(dst []byte, v uint64) []byte {
	return appendDigits(dst, v, 0)
}

// AppendInt appends the decimal form of v.
func AppendInt(dst []byte, v int64) []byte {
	// neg is all ones when v < 0, and then u is |v| (MinInt64's too, as
	// a uint64).
	neg := uint64(v >> 63)
	return appendDigits(dst, (uint64(v)^neg)-neg, neg&1)
}

// appendDigits appends u after a '-' when neg is 1 (else 0).
func appendDigits(dst []byte, u, neg uint64) []byte {
	l := len(dst)
	if cap(dst)-l < intRoom {
		dst = growDigits(dst)
	}
	b := (*[intRoom]byte)(dst[l : l+intRoom])
	b[0] = '-'
	out := (*[intRoom - 1]byte)(b[neg&1:])
	n := uintLen(u)
	end := l + int(neg) + n
	if u < 1e8 {
		// The eight places of u, less the leading zeros: the low bytes
		// of the word.
		binary.LittleEndian.PutUint64(out[0:8], (digits8(uint32(u))|asciiZeros)>>(uint(-n&7)*8))
		return dst[:end]
	}
	hi := u / 1e8
	w2 := digits8(uint32(u-hi*1e8)) | asciiZeros
	p2 := (n - 8) & 15 // where the last eight digits go
	switch {
	case hi < 100:
		// Nine or ten digits (ids, timestamps in seconds): the first
		// one or two from digitPairs.
		pair := uint64(digitPairs[2*hi]) | uint64(digitPairs[2*hi+1])<<8
		binary.LittleEndian.PutUint64(out[0:8], pair>>(uint(10-n)*8&15))
	case hi < 1e8:
		binary.LittleEndian.PutUint64(out[0:8], (digits8(uint32(hi))|asciiZeros)>>(uint(-n&7)*8))
	default:
		// Up to four places of top, then eight of hi%10^8.
		top := hi / 1e8
		w1 := digits8(uint32(hi-top*1e8)) | asciiZeros
		binary.LittleEndian.PutUint64(out[0:8], (digits4(uint32(top))|asciiZeros)>>(uint(20-n)*8&31))
		binary.LittleEndian.PutUint64(out[(n-16)&7:(n-16)&7+8], w1)
	}
	binary.LittleEndian.PutUint64(out[p2:p2+8], w2)
	return dst[:end]
}

// AppendIntsComma appends each of vs in decimal followed by a comma: the
// body of an array of integers, as AppendInt and a comma would write it.
func AppendIntsComma(dst []byte, vs []int64) []byte {
	for len(vs) > 0 {
		k := min(len(vs), intChunk)
		// Room for k values and commas, and for the words stored past
		// the last.
		dst = slices.Grow(dst, k*(maxIntLen+1)+intRoom)
		base := unsafe.Pointer(unsafe.SliceData(dst))
		p := unsafe.Add(base, len(dst))
		// appendDigits' steps, written out here so that the loop makes
		// no call.
		for _, v := range vs[:k] {
			b := (*[intRoom]byte)(p)
			neg := uint64(v >> 63)
			u := (uint64(v) ^ neg) - neg
			neg &= 1
			b[0] = '-'
			out := (*[intRoom - 1]byte)(b[neg&1:])
			n := uintLen(u)
			m := int(neg) + n
			switch {
			case u < 1e8:
				binary.LittleEndian.PutUint64(out[0:8], (digits8(uint32(u))|asciiZeros)>>(uint(-n&7)*8))
			default:
				hi := u / 1e8
				w2 := digits8(uint32(u-hi*1e8)) | asciiZeros
				p2 := (n - 8) & 15 // where the last eight digits go
				switch {
				case hi < 100:
					// Nine or ten digits (ids, timestamps in seconds): the first
					// one or two from digitPairs.
					pair := uint64(digitPairs[2*hi]) | uint64(digitPairs[2*hi+1])<<8
					binary.LittleEndian.PutUint64(out[0:8], pair>>(uint(10-n)*8&15))
				case hi < 1e8:
					binary.LittleEndian.PutUint64(out[0:8], (digits8(uint32(hi))|asciiZeros)>>(uint(-n&7)*8))
				default:
					// Up to four places of top, then eight of hi%10^8.
					top := hi / 1e8
					w1 := digits8(uint32(hi-top*1e8)) | asciiZeros
					binary.LittleEndian.PutUint64(out[0:8], (digits4(uint32(top))|asciiZeros)>>(uint(20-n)*8&31))
					binary.LittleEndian.PutUint64(out[(n-16)&7:(n-16)&7+8], w1)
				}
				binary.LittleEndian.PutUint64(out[p2:p2+8], w2)
			}
			b[m&(intRoom-1)] = ','
			p = unsafe.Add(p, m+1)
		}
		dst = dst[:uintptr(p)-uintptr(base)]
		vs = vs[k:]
	}
	return dst
}

// digits4 is digits8 for v below 10^4: its four places in the low
// bytes.
func digits4(v uint32) uint64 {
	x := uint64(v)
	x = x<<16 - (x*5243>>19)*(100<<16-1)
	return x<<8 - (x*103>>10&0x000f000f)*(10<<8-1)
}

// growDigits returns dst with at least intRoom bytes of spare capacity.
//
//go:noinline
func growDigits(dst []byte) []byte {
	return slices.Grow(dst, intRoom)
}
