package wire

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"strconv"
)

// Float formatting for the encoder: the shortest decimal that reads back
// as the same float, found with Raffaello Giulietti's Schubfach method
// ("The Schubfach way to render doubles", 2020), and written in
// encoding/json's layout.
//
// Of all decimals inside the float's rounding interval, Schubfach picks
// one with the fewest digits, and of those the closest to the float (the
// even one on a tie), which is what strconv.FormatFloat(f, 'g', -1, bits)
// prints; the tests compare the two over many millions of floats.
//
// With k = floor(log10(2^q)) for a float c*2^q, the interval is at least
// one unit of 10^k wide and less than ten: so one of s = floor(v/10^k)
// and s+1 is inside it, and at most one multiple of 10^(k+1) is. Both
// are found from v, the interval's ends, all scaled by 10^-k and kept
// with two extra bits, each computed as a 64x126-bit product rounded to
// odd (which keeps every comparison the algorithm makes exact).

// Fixed-point logarithms, exact over the exponents of float64 (the tests
// check them against math/big).
func floorLog10Pow2(q int) int { return int(int64(q) * 661971961083 >> 41) }

func floorLog10ThreeQuartersPow2(q int) int {
	return int((int64(q)*661971961083 - 274743187321) >> 41)
}

func floorLog2Pow10(x int) int { return int(int64(x) * 913124641741 >> 38) }

// roundToOdd returns g*cp / 2^127 rounded to odd, where g is the 126-bit
// value whose high and low 63 bits are g[0] and g[1]: the truncated
// quotient with its lowest bit set when anything was cut off.
func roundToOdd(g *[2]uint64, cp uint64) uint64 {
	x1, _ := bits.Mul64(g[1], cp)
	y1, y0 := bits.Mul64(g[0], cp)
	z := y0>>1 + x1
	r := y1 + z>>63
	return r | (z&(1<<63-1)+(1<<63-1))>>63
}

// shortestDecimal returns d and e with d*10^e the shortest decimal that
// rounds to the float c*2^q (c > 0): regular is false when c is the
// smallest significand of its binade and the binade is not the lowest,
// where the float below is half as far as the float above. d may end in
// zeros: it has as many digits as floor(c*2^q / 10^e), 16 or 17 for a
// float64 and 7 to 9 for a float32.
func shortestDecimal(c uint64, q int, regular bool) (uint64, int) {
	// An odd significand rounds its halfway points away: its interval is
	// open.
	open := c & 1
	cb := c << 2
	cbr := cb + 2
	var cbl uint64
	var k int
	if regular {
		cbl = cb - 2
		k = floorLog10Pow2(q)
	} else {
		cbl = cb - 1
		k = floorLog10ThreeQuartersPow2(q)
	}
	h := q + floorLog2Pow10(-k) + 2
	g := &schubfachG[-k-schubfachMinX]
	vb := roundToOdd(g, cb<<h)
	vbl := roundToOdd(g, cbl<<h)
	vbr := roundToOdd(g, cbr<<h)

	// The data decide between the candidates about evenly, so the
	// choice is made with arithmetic rather than branches, which would be
	// mispredicted about half the time: lt(a, b) is 1 when a < b, else 0
	// (every value here is below 2^62).
	s := vb >> 2
	sIn := 1 - lt(s<<2, vbl+open)
	tIn := 1 - lt(vbr, (s+1)<<2+open)
	// Both inside: the closer one to v, the even one on a tie.
	closerT := lt((2*s+1)<<1, vb+s&1)
	d := s + tIn&(1-sIn|closerT)
	// A multiple of ten inside the interval is shorter than both s and
	// s+1; only s rounded down or up to one can be.
	sp := s / 10 * 10
	upIn := 1 - lt(sp<<2, vbl+open)
	tpIn := 1 - lt(vbr, (sp+10)<<2+open)
	ten := (upIn ^ tpIn) & (1 - lt(s, 10))
	m := -ten
	d = d&^m | (sp+10&-tpIn)&m
	return d, k
}

// lt is 1 when a < b, else 0, without a branch.
func lt(a, b uint64) uint64 {
	_, borrow := bits.Sub64(a, b, 0)
	return borrow
}

// AppendFloat appends f formatted as encoding/json formats floats: the
// shortest text that reads back as the same value, in 'f' form unless the
// magnitude is below 1e-6 or at least 1e21, where it uses 'e' form with a
// minimal exponent ("1e-7", not "1e-07"). bits is 32 or 64. f must be
// finite.
func AppendFloat(dst []byte, f float64, bits int) []byte {
	abs := math.Abs(f)
	// Whole numbers print as integers in 'f' form (-0 as "-0") while
	// consecutive floats are at most 1 apart: below 2^53 for a float64,
	// 2^24 for a float32, which prints its own shortest digits. There no
	// decimal with fewer digits is within half of that spacing, so the
	// shortest form is the integer.
	if abs < 1<<53 && float64(int64(abs)) == abs && (bits == 64 || abs < 1<<24) {
		return appendDigits(dst, uint64(abs), math.Float64bits(f)>>63)
	}
	if bits == 32 {
		return appendFloat32(dst, f, abs)
	}
	if abs >= 1e-4 && abs < 1e4 {
		// Prices, ratings, measurements of a few decimals: abs*10^4
		// lands within rounding of an integer m, and m/10^4, one
		// correctly rounded division of exact operands, gives abs back.
		// Then m*10^-4 reads back as abs and has at most 8 digits, and
		// no other decimal of 15 digits or fewer does (they are further
		// apart than a float64's spacing), so it is the shortest form.
		t := abs * 1e4
		m := float64(int64(t + 0.5))
		if dt := t - m; math.Abs(dt) < 1e-6 && m/1e4 == abs {
			return appendFourDecimals(dst, uint32(m), math.Float64bits(f)>>63)
		}
	}
	return AppendFloatGeneral(dst, f)
}

// AppendFloatGeneral appends the finite, nonzero float64 f as
// AppendFloat(dst, f, 64) does, by its general path alone: the same
// text, without first trying the shortcuts for whole numbers and for
// values of a few decimals, which cost time where the caller knows they
// rarely apply (f read from a number of 16 or more significant digits).
//
// Values from 1 to below 10^7 (coordinates, measurements), where the
// point falls in the first word of the digits, are written by
// appendShortestSmall, in fewer steps than the branchless writer for
// every layout (appendShortest64) takes: on coordinates 10% less time,
// for 2.5% more on values of mixed magnitudes, which mispredict the
// branch (`cd internal/wire && go test -run '^$' -bench
// 'AppendFloat$/(coords|mixed)$'`, test binaries built without and with
// the branch run in turn, medians of 5).
func AppendFloatGeneral(dst []byte, f float64) []byte {
	abs := math.Abs(f)
	b := math.Float64bits(abs)
	be := int(b >> 52)
	if be == 0 {
		return appendFloatSlow(dst, f, 64)
	}
	c := b&(1<<52-1) | 1<<52
	d, k := shortestDecimal(c, be-1075, c != 1<<52 || be == 1)
	if abs >= 1 && abs < 1e7 {
		return appendShortestSmall(dst, d, k, math.Float64bits(f)>>63)
	}
	return appendShortest64(dst, d, k, math.Float64bits(f)>>63, abs < 1e-6 || abs >= 1e21)
}

// AppendDecimal appends the decimal d×10^k (0 < d < 10^17), after a '-'
// when neg is set, in AppendFloat's layout: 'f' form from 1e-6 to below
// 1e21, else 'e' form with a minimal exponent. It writes d's digits
// without its trailing zeros, so where d×10^k is the shortest decimal
// of a float64 it writes what AppendFloat writes for that float.
func AppendDecimal(dst []byte, d uint64, k int, neg bool) []byte {
	// appendShortest64 takes 16 or 17 digits.
	if d < 1e15 {
		n := decimalDigits(d)
		d, k = d*pow10u64[16-n], k-(16-n)
	}
	e10 := k + 15 // the exponent of the first digit
	if d >= 1e16 {
		e10++
	}
	var sign uint64
	if neg {
		sign = 1
	}
	return appendShortest64(dst, d, k, sign, e10 < -6 || e10 >= 21)
}

// AppendDecimalSmall is AppendDecimal for a caller that knows d×10^k
// to be at least 1 and below 10^7 but for rare exceptions: there
// appendShortestSmall writes it, as AppendFloatGeneral does.
func AppendDecimalSmall(dst []byte, d uint64, k int, neg bool) []byte {
	n := decimalDigits(d)
	if uint(k+n-1) > 6 || n > 16 {
		// Below 1 or from 10^7 on (the first digit's exponent is not 0
		// to 6), or of 17 digits.
		return AppendDecimal(dst, d, k, neg)
	}
	// appendShortestSmall takes 16 or 17 digits.
	d, k = d*pow10u64[(16-n)&15], k-(16-n)
	var sign uint64
	if neg {
		sign = 1
	}
	return appendShortestSmall(dst, d, k, sign)
}

// decimalDigits returns the number of decimal digits of d > 0.
func decimalDigits(d uint64) int {
	// bits.Len64 gives the digits to within one: 1233/4096 is just
	// above log10(2).
	n := (bits.Len64(d)*1233)>>12 + 1
	if d < pow10u64[n-1] {
		n--
	}
	return n
}

// appendFourDecimals writes m*10^-4 (m < 10^8 not a multiple of 10^4)
// after a '-' when neg is 1: the digits of m from one word of digits8,
// the integer part without its leading zeros (one kept), the point, and
// the fraction without its trailing zeros, counted from the word's zero
// bytes at either end.
func appendFourDecimals(dst []byte, m uint32, neg uint64) []byte {
	if cap(dst)-len(dst) < floatRoom {
		dst = growFloat(dst)
	}
	l := len(dst)
	out := dst[l : l+floatRoom : l+floatRoom]
	out[0] = '-'
	out = out[neg&1:]
	w := digits8(m)
	// Leading zeros of the integer part (its four digits are the low
	// bytes): at most three, for "0.ddd".
	lead := bits.TrailingZeros64(w|1<<24) >> 3
	ilen := 4 - lead
	flen := 4 - bits.LeadingZeros64(w)>>3 // the fraction is not zero
	binary.LittleEndian.PutUint64(out[0:8], w>>(uint(lead)*8)|asciiZeros)
	out[ilen&7] = '.'
	binary.LittleEndian.PutUint64(out[ilen+1:ilen+9], w>>32|asciiZeros)
	return dst[:l+int(neg&1)+ilen+1+flen]
}

// appendFloat32 is AppendFloat for a float32 (f, of magnitude abs) that
// is not a small whole number.
func appendFloat32(dst []byte, f, abs float64) []byte {
	b := math.Float32bits(float32(abs))
	be := int(b >> 23)
	if be == 0 {
		return appendFloatSlow(dst, f, 32)
	}
	if b == float32TieBits {
		if f < 0 {
			dst = append(dst, '-')
		}
		return append(dst, float32Tie...)
	}
	c := uint64(b&(1<<23-1)) | 1<<23
	d, e := shortestDecimal(c, be-150, c != 1<<23 || be == 1)
	a32 := float32(abs)
	// d has 7 to 9 digits: appendShortest64 takes it as 16 or 17.
	d, e = d*1e8, e-8
	if d < 1e15 {
		d, e = d*10, e-1
	}
	return appendShortest64(dst, d, e, math.Float64bits(f)>>63, a32 < 1e-6 || a32 >= 1e21)
}

// floatRoom is the spare capacity appendShortest64 makes sure of: it
// stores whole words up to 48 bytes past the sign.
const floatRoom = 64

// appendShortest64 writes d*10^k, with d of 16 or 17 digits that may end
// in zeros (a float32's 7 to 9 digits come scaled), after a '-' when neg is 1: in 'e' form when exp is set, else
// in 'f' form (where 1e-6 <= d*10^k < 1e21).
//
// The digits come from two digits8 calls, and their count up to the last
// nonzero one from the zero bytes at the high end of digits8's words,
// without a division. Then every 'f' layout is written by the same
// stores, without a branch on where the point goes, which in real data
// (values on both sides of 1, digit counts from 1 to 17) would be
// mispredicted: the digits (or "0" when the value is below 1), then the
// point, then the text that follows the point, cut by shifts from the
// words of "00000000", the digits and zeros. Where the point is at or
// past the last digit, the point and what follows land past the length
// and are dropped.
func appendShortest64(dst []byte, d uint64, k int, neg uint64, exp bool) []byte {
	if cap(dst)-len(dst) < floatRoom {
		dst = growFloat(dst)
	}
	l := len(dst)
	out := dst[l : l+floatRoom : l+floatRoom]
	out[0] = '-'
	out = out[neg&1:]

	// Both quotients straight from d, so that neither waits for the
	// other.
	top := d / 1e16 // the first digit when d has 17 digits, else 0
	hi := d / 1e8
	wa := digits8(uint32(hi - top*1e8))
	wb := digits8(uint32(d - hi*1e8))
	n17 := lt(1e16-1, d) // 1 when d has 17 digits
	m17 := -n17
	sh := uint(n17 * 8)
	// The text of d as words, '0' past its digits.
	s0 := top | wa<<sh | asciiZeros
	s1 := wb<<sh | wa>>56&m17 | asciiZeros
	s2 := wb>>56&m17 | asciiZeros
	// Zero digits at the end: the zero high bytes of wb and, when wb is
	// all zeros, of wa too (wa and wb are both zero only when top is the
	// one nonzero digit).
	lzb := bits.LeadingZeros64(wb)
	tz := lzb>>3 + bits.LeadingZeros64(wa)>>3&-(lzb>>6)
	n := 16 + int(n17)
	nd := n - tz // digits shown
	// The point goes after the first p digits.
	p := n + k
	// x is "00000000", the text of d, then zeros; what follows the
	// point is the text from byte 8+p of x on: digits p on or, below 1,
	// -p zeros and then the digits. In 'e' form it is digits 1 on.
	var x [8]uint64
	x[0] = asciiZeros
	x[1] = s0
	x[2] = s1
	x[3] = s2
	x[4] = asciiZeros
	x[5] = asciiZeros
	x[6] = asciiZeros
	start := 8 + p
	if exp {
		start = 9
	}
	j := uint(start>>3) & 3
	rs := uint(start&7) * 8
	// x[j+1]<<1<<(63-rs) is x[j+1]<<(64-rs), and 0 when rs is 0.
	t0 := x[j]>>rs | x[j+1]<<1<<(63-rs)
	t1 := x[j+1]>>rs | x[j+2]<<1<<(63-rs)
	t2 := x[j+2]>>rs | x[j+3]<<1<<(63-rs)

	h0, dot, size := s0, p, nd+1
	if p <= 0 {
		h0, dot, size = asciiZeros, 1, nd+2-p
	}
	if p >= nd {
		size = p
	}
	if exp {
		h0, dot = s0, 1
	}
	binary.LittleEndian.PutUint64(out[0:8], h0)
	binary.LittleEndian.PutUint64(out[8:16], s1)
	binary.LittleEndian.PutUint64(out[16:24], s2)
	dot &= 31
	out[dot] = '.'
	binary.LittleEndian.PutUint64(out[dot+1:dot+9], t0)
	binary.LittleEndian.PutUint64(out[dot+9:dot+17], t1)
	binary.LittleEndian.PutUint64(out[dot+17:dot+25], t2)
	if exp {
		m := nd + 1
		if nd == 1 {
			m = 1
		}
		return appendExponent(dst, out, l+int(neg&1), m, p-1)
	}
	return dst[:l+int(neg&1)+size]
}

// appendShortestSmall is appendShortest64 in 'f' form where the point
// goes after the first 1 to 7 digits (1 <= d*10^k < 10^7). There the
// text that follows the point is the digits' text moved by one byte, a
// constant shift, and only the first word, the point's, is put together
// from both. The digits' words are made as appendShortest64 makes them
// (written out again: a call would cost the encoders' writer more than
// the copy costs).
func appendShortestSmall(dst []byte, d uint64, k int, neg uint64) []byte {
	if cap(dst)-len(dst) < floatRoom {
		dst = growFloat(dst)
	}
	l := len(dst)
	out := dst[l : l+floatRoom : l+floatRoom]
	out[0] = '-'
	out = out[neg&1:]
	// Both quotients straight from d, so that neither waits for the
	// other.
	top := d / 1e16 // the first digit when d has 17 digits, else 0
	hi := d / 1e8
	wa := digits8(uint32(hi - top*1e8))
	wb := digits8(uint32(d - hi*1e8))
	n17 := lt(1e16-1, d) // 1 when d has 17 digits
	m17 := -n17
	sh := uint(n17 * 8)
	s0 := top | wa<<sh | asciiZeros
	s1 := wb<<sh | wa>>56&m17 | asciiZeros
	s2 := wb>>56&m17 | asciiZeros
	lzb := bits.LeadingZeros64(wb)
	tz := lzb>>3 + bits.LeadingZeros64(wa)>>3&-(lzb>>6)
	n := 16 + int(n17)
	nd := n - tz
	p := uint(n+k) & 7 // 1 to 7
	m := uint64(1)<<(8*p) - 1
	binary.LittleEndian.PutUint64(out[0:8], s0&m|'.'<<(8*p)|s0<<8&^(m<<8|0xff))
	binary.LittleEndian.PutUint64(out[8:16], s0>>56|s1<<8)
	binary.LittleEndian.PutUint64(out[16:24], s1>>56|s2<<8)
	size := nd + 1
	if int(p) >= nd {
		size = int(p)
	}
	return dst[:l+int(neg&1)+size]
}

// growFloat returns dst with at least floatRoom bytes of spare capacity.
//
//go:noinline
func growFloat(dst []byte) []byte {
	return slices.Grow(dst, floatRoom)
}

// appendExponent writes "e±x" at out[m:], where out is dst's spare room
// from index at on, and returns dst through the exponent.
func appendExponent(dst, out []byte, at, m, x int) []byte {
	out[m] = 'e'
	if x < 0 {
		out[m+1] = '-'
		x = -x
	} else {
		out[m+1] = '+'
	}
	m += 2
	switch {
	case x >= 100:
		out[m] = byte('0' + x/100)
		out[m+1] = digitPairs[2*(x%100)]
		out[m+2] = digitPairs[2*(x%100)+1]
		m += 3
	case x >= 10:
		out[m] = digitPairs[2*x]
		out[m+1] = digitPairs[2*x+1]
		m += 2
	default:
		out[m] = byte('0' + x)
		m++
	}
	return dst[:at+m]
}

// float32TieBits is 2^-12 as a float32, the one float32 (there is no
// such float64) whose two shortest candidates are equally close, and which
// Go versions print differently: up to 1.25 as 0.00024414062 (the even
// one), since 1.26 as 0.00024414063. encoding/json prints what strconv
// prints, so jet asks strconv once.
const float32TieBits = 0x39800000

var float32Tie = strconv.AppendFloat(nil, float64(math.Float32frombits(float32TieBits)), 'f', -1, 32)

// appendFloatSlow formats subnormal floats, too rare to deserve a fast
// path, with strconv.
func appendFloatSlow(dst []byte, f float64, bits int) []byte {
	dst = strconv.AppendFloat(dst, f, 'e', -1, bits)
	// Subnormals are all below 1e-6: 'e' form, exponent of two or three
	// digits, never with a leading zero.
	return dst
}

// pow10u64 are the powers of ten that fit in a uint64.
var pow10u64 = [...]uint64{
	1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// asciiZeros is '0' in every byte: or'ed into digits8's word it makes
// the digits text.
const asciiZeros = 0x30303030_30303030

// digits8 returns the eight decimal digits of v (below 10^8), leading
// zeros included, as values 0 to 9 in the bytes of a word, the first
// digit in the low byte (the lowest address when stored little-endian).
// All eight come at once from the lanes of the word: the two halves of
// four digits, then their halves of two, then single digits. Each split
// of a lane x into h = x/d (a multiply-shift division, exact for the
// lane's range) and r = x%d, as h in the lane's low half and r in its
// high half, is one multiply more: h + r<<s = x<<s - h*(d<<s - 1).
func digits8(v uint32) uint64 {
	h := v / 10000
	// Lanes of 32 bits: the first four digits in the low lane.
	x := uint64(v)<<32 - uint64(h)*(10000<<32-1)
	// Lanes of 16 bits; x/100 for x < 10^4 is x*5243>>19.
	x = x<<16 - (x*5243>>19&0x0000007f_0000007f)*(100<<16-1)
	// Lanes of 8 bits; x/10 for x < 100 is x*103>>10.
	return x<<8 - (x*103>>10&0x000f000f_000f000f)*(10<<8-1)
}

// digitPairs holds "00" to "99".
const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"
