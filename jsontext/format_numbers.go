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
// number s[pos:end] when a fast method reads it: from its own digits
// where they settle it (see above), else by formatting the float read.
// It reports false having appended nothing otherwise (the number is
// left to ParseFloat).
func appendCanonDecimal(dst []byte, s string, pos, end int) (out []byte, ok bool) {
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
	if mant, nd, exp, _, ok := pointDecimal(s, i); ok {
		return appendCanonDigits(dst, mant, nd, exp, neg, true)
	}
	var mant uint64
	nd, exp := 0, 0
	for i < len(num) && num[i] == '0' {
		i++
	}
	for k := 8; k == 8; {
		var v uint64
		if v, k = digitRun(s, i, end); nd+k > 19 {
			return dst, false
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
				return dst, false
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
				return dst, false
			}
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if mant == 0 {
		return append(dst, '0'), true
	}
	return appendCanonDigits(dst, mant, nd, exp, neg, false)
}

// appendCanonDigits is appendCanonDecimal for the number read as
// mant×10^exp (mant not 0, of nd significant digits, up to 19), negative
// when neg; pointed when pointDecimal read it, which makes it at least 1
// and below 10^7: its own digits are then written by
// wire.AppendDecimalSmall, whose branch on the magnitude follows the
// branch on pointDecimal's shape taken already, so that values of mixed
// magnitudes cost no other mispredicted branch (a float, by
// wire.AppendFloatGeneral, which branches on the magnitude itself).
func appendCanonDigits(dst []byte, mant uint64, nd, exp int, neg, pointed bool) (out []byte, ok bool) {
	f, ok := wire.DecimalToFloat(mant, exp, neg)
	if !ok {
		return dst, false
	}
	if a := math.Abs(f); a < 0x1p-1022 || a > math.MaxFloat64 {
		return dst, false // subnormal or out of range
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
		// in the last place of f (the gap above it) from the number:
		// each is within f's rounding interval. That unit is at most
		// about mant×2^-52 units of the number's last digit (the +1 is
		// slack). Further off, reading them would be wasted: f is
		// formatted instead (normal, of 16 or more significant digits).
		if min(r, p-r) <= mant>>52+1 {
			if r >= p-r {
				q++
			}
			if f15, ok := wire.DecimalToFloat(q, exp+nd-15, neg); ok && f15 == f {
				if pointed {
					return wire.AppendDecimalSmall(dst, q, exp+nd-15, neg), true
				}
				return wire.AppendDecimal(dst, q, exp+nd-15, neg), true
			}
		}
		return wire.AppendFloatGeneral(dst, f), true
	}
	if pointed {
		return wire.AppendDecimalSmall(dst, mant, exp, neg), true
	}
	return wire.AppendDecimal(dst, mant, exp, neg), true
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
	return wire.DigitsValue(x, k), k
}

// pointDecimal reads the commonest shape of number at s[i] (after its
// sign) in one go: 1 to 7 digits, the first not 0, a point, and 1 to 15
// digits, 19 at most in all, without an exponent, where 24 bytes of s
// can be read from i. It returns the digits as mant and their count,
// exp, the number being mant×10^exp, and the number's end (the text
// from i is a whole number: no digit, 'e' or 'E' follows); ok is false
// for any other text, left to appendCanonDecimal's general reading.
func pointDecimal(s string, i int) (mant uint64, nd, exp, end int, ok bool) {
	if i+24 > len(s) || s[i] == '0' {
		return 0, 0, 0, 0, false
	}
	x := wire.Load64(s, i)
	k1 := bits.TrailingZeros64(nonDigits(x)) >> 3
	j := i + k1 + 1 // the fraction's first digit, if k1 < 8
	if uint(k1-1) >= 7 || s[j-1] != '.' {
		return 0, 0, 0, 0, false
	}
	y := wire.Load64(s, j)
	k2 := bits.TrailingZeros64(nonDigits(y)) >> 3
	var z uint64
	k3 := 0
	if k2 == 8 {
		z = wire.Load64(s, j+8)
		k3 = bits.TrailingZeros64(nonDigits(z)) >> 3
	}
	end = j + k2 + k3
	nd = k1 + k2 + k3
	if k2 == 0 || k3 == 8 || nd > 19 || s[end]|0x20 == 'e' {
		return 0, 0, 0, 0, false
	}
	frac := wire.DigitsValue(y, k2)*pow10u64[k3] + wire.DigitsValue(z, k3)
	return wire.DigitsValue(x, k1)*pow10u64[k2+k3] + frac, nd, -(k2 + k3), end, true
}

// digitRunBytes is digitRun near the end of s.
func digitRunBytes(s string, i, end int) (v uint64, k int) {
	for ; i+k < end && k < 8 && s[i+k]-'0' <= 9; k++ {
		v = v*10 + uint64(s[i+k]-'0')
	}
	return v, k
}
