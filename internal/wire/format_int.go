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
// below 10^8 into its digits in the lanes of one word, and are stored
// as whole words into spare capacity made sure of first; the digit
// count is the number of places of the leading word that are not
// leading zeros (its low zero bytes), so no loop and no table of
// lengths is needed. Each range of values takes its own straight path,
// so that short values do no work for places they lack:
//
//   - below 10^8: one word of eight places, shifted to drop the
//     leading zeros;
//   - nine digits (ids): the first as a byte, then a word of eight;
//     ten (Unix timestamps in seconds): the first two from digitPairs,
//     then a word of eight (a branch each: values of one length, as
//     a field's usually are, predict it, and the text's length is then
//     known before the digits are);
//   - up to sixteen: two words of eight, the first shifted;
//   - more: one to four leading digits from digits4, then two words.
//
// Every path writes a '-' first and keeps it when the value is
// negative, so the sign costs no branch.

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
	l += int(neg)
	if u < 10 {
		// One digit (counts, small enums, array indexes): a byte.
		out[0] = '0' + byte(u)
		return dst[:l+1]
	}
	if u < 1e8 {
		// The eight places of u, less the leading zeros (the low zero
		// bytes of the word; one digit at least).
		w := digits8(uint32(u))
		lz := uint(bits.TrailingZeros64(w|1<<56)) >> 3
		binary.LittleEndian.PutUint64(out[0:8], (w|asciiZeros)>>(lz*8))
		return dst[:l+8-int(lz)]
	}
	hi := u / 1e8
	w2 := digits8(uint32(u-hi*1e8)) | asciiZeros
	var n int // digits before the last eight
	switch {
	case hi < 10:
		// Nine digits (ids): the first as a byte. Ids and timestamps
		// of one length predict this branch and the next, and then
		// the text's length does not wait for hi.
		out[0] = '0' + byte(hi)
		binary.LittleEndian.PutUint64(out[1:9], w2)
		return dst[:l+9]
	case hi < 100:
		// Ten digits (timestamps in seconds): the first two from
		// digitPairs.
		out[0] = digitPairs[2*hi]
		out[1] = digitPairs[2*hi+1]
		binary.LittleEndian.PutUint64(out[2:10], w2)
		return dst[:l+10]
	case hi < 1e8:
		w := digits8(uint32(hi))
		lz := uint(bits.TrailingZeros64(w)) >> 3 // hi >= 100
		n = 8 - int(lz)
		binary.LittleEndian.PutUint64(out[0:8], (w|asciiZeros)>>(lz*8))
	default:
		// Up to four places of top, then eight of hi%10^8.
		top := hi / 1e8
		w1 := digits8(uint32(hi-top*1e8)) | asciiZeros
		w := digits4(uint32(top))
		lz := uint(bits.TrailingZeros64(w)) >> 3 // top >= 1
		binary.LittleEndian.PutUint64(out[0:8], (w|asciiZeros)>>(lz*8&31))
		n = 12 - int(lz)
		binary.LittleEndian.PutUint64(out[(n-8)&7:(n-8)&7+8], w1)
	}
	binary.LittleEndian.PutUint64(out[n&15:n&15+8], w2)
	return dst[:l+n+8]
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
			m := int(neg) + 8 // the length, less the digits before the last eight
			if u < 1e8 {
				w := digits8(uint32(u))
				lz := uint(bits.TrailingZeros64(w|1<<56)) >> 3
				binary.LittleEndian.PutUint64(out[0:8], (w|asciiZeros)>>(lz*8))
				m -= int(lz)
			} else {
				hi := u / 1e8
				w2 := digits8(uint32(u-hi*1e8)) | asciiZeros
				var n int
				switch {
				case hi < 10:
					n = 1
					out[0] = '0' + byte(hi)
				case hi < 100:
					n = 2
					out[0] = digitPairs[2*hi]
					out[1] = digitPairs[2*hi+1]
				case hi < 1e8:
					w := digits8(uint32(hi))
					lz := uint(bits.TrailingZeros64(w)) >> 3
					n = 8 - int(lz)
					binary.LittleEndian.PutUint64(out[0:8], (w|asciiZeros)>>(lz*8))
				default:
					top := hi / 1e8
					w1 := digits8(uint32(hi-top*1e8)) | asciiZeros
					w := digits4(uint32(top))
					lz := uint(bits.TrailingZeros64(w)) >> 3
					binary.LittleEndian.PutUint64(out[0:8], (w|asciiZeros)>>(lz*8&31))
					n = 12 - int(lz)
					binary.LittleEndian.PutUint64(out[(n-8)&7:(n-8)&7+8], w1)
				}
				binary.LittleEndian.PutUint64(out[n&15:n&15+8], w2)
				m += n
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
