package jsontext

import (
	"math"
	"math/bits"

	"github.com/jetjson/jet/internal/wire"
)

// This file holds the fast path of canonical numbers (RFC 8785, section
// 3.2.2.3: the shortest text that reads back as the same float64, in
// ECMAScript's notation), taken from the number's own digits where that
// settles it: a float64 is read back from any decimal of up to 15
// significant digits as the same decimal (DBL_DIG), so no two such
// decimals give the same normal float64. Hence if the number's digits,
// rounded to 15, read as the same float64 as the number, those digits
// (without trailing zeros) are the shortest text, and no float needs
// formatting. Otherwise appendCanonNumber formats the float. The fuzz
// tests compare the two.

// pow10u64 holds the powers of ten that fit a uint64.
var pow10u64 = func() (t [20]uint64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = t[i-1] * 10
	}
	return t
}()

// appendCanonDecimal appends the canonical form of the well-formed
// number s[pos:end] when its own digits settle it (see above), or reports false
// having appended nothing; f is then the number's value when it was read
// (fok), to be formatted.
func appendCanonDecimal(dst []byte, s string, pos, end int) (out []byte, ok bool, f float64, fok bool) {
	// The number is s[pos:end], read through num, which can read words
	// past end (see digitRun).
	num := s[:end]
	i := pos
	neg := num[i] == '-'
	if neg {
		i++
	}
	// The significant digits go into mant (up to 19; leading zeros are
	// not significant), and each digit of the fraction lowers exp.
	var mant uint64
	nd, exp := 0, 0
	for i < len(num) && num[i] == '0' {
		i++
	}
	for k := 8; k == 8; {
		var v uint64
		if v, k = digitRun(s, i, end); nd+k > 19 {
			return dst, false, 0, false
		}
		mant, nd, i = mant*pow10u64[k]+v, nd+k, i+k
	}
	if i < len(num) && num[i] == '.' {
		i++
		if nd == 0 {
			z := i
			for i < len(num) && num[i] == '0' {
				i++
			}
			exp -= i - z
		}
		for k := 8; k == 8; {
			var v uint64
			if v, k = digitRun(s, i, end); nd+k > 19 {
				return dst, false, 0, false
			}
			mant, nd, i, exp = mant*pow10u64[k]+v, nd+k, i+k, exp-k
		}
	}
	if i < len(num) {
		// The exponent: beyond a few hundred, the number is zero or out
		// of range, which the caller settles.
		i++
		eneg := num[i] == '-'
		if num[i] == '-' || num[i] == '+' {
			i++
		}
		e := 0
		for ; i < len(num); i++ {
			if e = e*10 + int(num[i]-'0'); e > 1000 {
				return dst, false, 0, false
			}
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if mant == 0 {
		return append(dst, '0'), true, 0, false
	}
	if f, ok = wire.DecimalToFloat(mant, exp, neg); !ok {
		return dst, false, 0, false
	}
	if a := math.Abs(f); a < 0x1p-1022 || a > math.MaxFloat64 {
		return dst, false, 0, false // subnormal or out of range
	}
	if nd > 15 {
		// The digits rounded to 15 must read as the same float64.
		// Divisions by constants: a divisor read from a table would
		// take the CPU's slow divide instruction.
		var q, p uint64
		switch nd {
		case 16:
			q, p = mant/10, 10
		case 17:
			q, p = mant/100, 100
		case 18:
			q, p = mant/1000, 1000
		default:
			q, p = mant/10000, 10000
		}
		r := mant - q*p
		// The 15 digits can read as f only if they are within one unit
		// in the last place of f from the number (each is within half
		// of one); that unit is at most mant×2^-52 units of the
		// number's last digit. Further off, reading them would be
		// wasted: f is formatted instead.
		if min(r, p-r) > mant>>52+1 {
			return dst, false, f, true
		}
		if r >= p-r {
			q++
		}
		mant, exp = q, exp+nd-15
		if f15, ok := wire.DecimalToFloat(mant, exp, neg); !ok || f15 != f {
			return dst, false, f, true
		}
	}
	return wire.AppendDecimal(dst, mant, exp, neg), true, 0, false
}

// digitRun returns the value of the run of up to 8 digits at s[i] (the
// run stops at end) and its length: from one word where 8 bytes remain in
// s (Lemire's SWAR parsing), else a byte at a time.
func digitRun(s string, i, end int) (v uint64, k int) {
	if i+8 > len(s) {
		return digitRunBytes(s, i, end)
	}
	x := wire.Load64(s, i)
	k = min(bits.TrailingZeros64(nonDigits(x))>>3, end-i)
	// The k digits move to the top bytes, below them zeros: the value of
	// the 8 digits is theirs (none if k is 0: the shift empties the word).
	x = (x - 0x3030303030303030) << (8 * (8 - k) & 63) & -(uint64(k+7) >> 3)
	x = x*10 + x>>8
	x = ((x&0x000000ff000000ff)*(100+1000000<<32) + (x>>16&0x000000ff000000ff)*(1+10000<<32)) >> 32
	return x, k
}

// digitRunBytes is digitRun near the end of s.
func digitRunBytes(s string, i, end int) (v uint64, k int) {
	for ; i+k < end && k < 8 && s[i+k]-'0' <= 9; k++ {
		v = v*10 + uint64(s[i+k]-'0')
	}
	return v, k
}
