package wire

import (
	"math"
	"math/bits"
	"strconv"
)

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// digitsValue returns the value of the 8 decimal digits in x, one a byte
// (0 to 9, not ASCII), the first digit in the lowest byte.
func digitsValue(x uint64) uint64 {
	x = x*10 + x>>8
	x = ((x&0x000000ff000000ff)*(100+1000000<<32) + (x>>16&0x000000ff000000ff)*(1+10000<<32)) >> 32
	return x
}

// DigitsValue returns the value of the first k (0 to 8) bytes of x,
// ASCII digits loaded little-endian (the first digit in the lowest
// byte): they move to the top bytes, zeros below them, and digitsValue
// reads the word (0 when k is 0: the mask clears it).
func DigitsValue(x uint64, k int) uint64 {
	return digitsValue((x - 0x3030303030303030) << (8 * (8 - k) & 63) & -(uint64(k+7) >> 3))
}

// digitBytes returns how many of the low bytes of t, x^0x30 for 8 bytes
// x of text, were digits before the first that was not (8 if all were).
// Digits are 0 to 9 in t; the first other byte gets its top bit set in m,
// and carries go up only, so the bytes below it are exact.
func digitBytes(t uint64) int {
	m := (t + 0x7676767676767676 | t) & 0x8080808080808080
	return bits.TrailingZeros64(m) >> 3
}

// ShortUint reads an unsigned integer of 1 to 15 digits at s[i] that a
// byte other than a digit, '.', 'e' or 'E' follows, the commonest number
// in JSON documents, with one 8-byte load (two past 7 digits) and no loop.
// ok is false, and nothing read, for anything else: a sign, a longer
// number, a fraction or exponent, a leading zero, fewer than 16 bytes
// left from i past 7 digits, or a number that ends the text.
func ShortUint(s string, i int) (v uint64, end int, ok bool) {
	if i < 0 || i+8 > len(s) {
		return shortUintTail(s, i)
	}
	x := Load64(s, i)
	t := x ^ 0x3030303030303030
	n := digitBytes(t)
	if n == 0 || byte(x) == '0' && n > 1 {
		return 0, 0, false
	}
	if n < 8 {
		if fracOrExp(byte(x >> (8 * n))) {
			return 0, 0, false
		}
		// Shifted up, the digits are the last n of eight; the bytes
		// shifted in are leading zeros.
		return digitsValue(t << (64 - 8*n)), i + n, true
	}
	if i+16 > len(s) {
		return 0, 0, false
	}
	y := Load64(s, i+8)
	u := y ^ 0x3030303030303030
	k := digitBytes(u)
	if k == 8 {
		return 0, 0, false
	}
	if fracOrExp(byte(y >> (8 * k))) {
		return 0, 0, false
	}
	// A shift by 64 (no more digits) gives 0.
	return digitsValue(t)*pow10u64[k] + digitsValue(u<<(64-8*k)), i + 8 + k, true
}

// shortUintTail is ShortUint for the last 7 bytes of the text, a byte at
// a time: the last numbers of small documents are there.
func shortUintTail(s string, i int) (v uint64, end int, ok bool) {
	if i < 0 || i >= len(s) {
		return 0, 0, false
	}
	v, j, n := digitRun(s, i, 0)
	if n == 0 || s[i] == '0' && n > 1 || j >= len(s) || fracOrExp(s[j]) {
		return 0, 0, false
	}
	return v, j, true
}

// fracOrExp reports whether c, the byte after a number's integer digits,
// starts a fraction or an exponent.
func fracOrExp(c byte) bool { return c == '.' || c|0x20 == 'e' }

// digitRun appends the digits at s[j:] to u, 8 at a time while it can,
// and returns the new value, the index after the digits and how many
// there were. u wraps past 19 digits; callers check the count.
func digitRun(s string, j int, u uint64) (uint64, int, int) {
	start := j
	for j+8 <= len(s) {
		t := Load64(s, j) ^ 0x3030303030303030
		n := digitBytes(t)
		if n == 8 {
			u = u*100000000 + digitsValue(t)
			j += 8
			continue
		}
		// Shifted up, the n digits are the last of eight; the bytes
		// shifted in are leading zeros (a shift by 64 gives 0).
		return u*pow10u64[n] + digitsValue(t<<(64-8*n)), j + n, j + n - start
	}
	for ; j < len(s); j++ {
		d := s[j] - '0'
		if d > 9 {
			break
		}
		u = u*10 + uint64(d)
	}
	return u, j, j - start
}

// ScanNumber scans the JSON number starting at s[i] and returns the index
// just past it, whether it has a fraction or an exponent, and true; or,
// when the text there is not a number, the index of its first wrong byte
// (len(s) when s ends inside it) and false. The number ends at the first
// byte that cannot continue it; that byte is the caller's to judge.
func ScanNumber(s string, i int) (end int, float, ok bool) {
	if i < len(s) {
		if end, float = skNumberEnd(s, i); end >= 0 {
			return end, float, true
		}
	}
	return numberFail(s, i)
}

// numberFail is ScanNumber for text that is not a number: a byte at a
// time, it finds the first wrong byte.
func numberFail(s string, i int) (end int, float, ok bool) {
	j := i
	if j < len(s) && s[j] == '-' {
		j++
	}
	if j >= len(s) {
		return j, false, false
	}
	switch c := s[j]; {
	case c == '0':
		j++
	case '1' <= c && c <= '9':
		j++
		for j < len(s) && isDigit(s[j]) {
			j++
		}
	default:
		return j, false, false
	}
	if j < len(s) && s[j] == '.' {
		float = true
		j++
		if j >= len(s) || !isDigit(s[j]) {
			return j, true, false
		}
		for j < len(s) && isDigit(s[j]) {
			j++
		}
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		float = true
		j++
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j >= len(s) || !isDigit(s[j]) {
			return j, true, false
		}
		for j < len(s) && isDigit(s[j]) {
			j++
		}
	}
	return j, float, true
}

// IsValidNumber reports whether s is exactly one JSON number.
func IsValidNumber(s string) bool {
	if s == "" {
		return false
	}
	end, _, ok := ScanNumber(s, 0)
	return ok && end == len(s)
}

// ParseInt parses s, a JSON number already checked by ScanNumber, as an
// int64. It fails when s has a fraction or exponent or overflows.
func ParseInt(s string) (int64, bool) {
	neg := s[0] == '-'
	d := s
	if neg {
		d = s[1:]
	}
	u, ok := ParseUint(d)
	if !ok {
		return 0, false
	}
	if neg {
		if u > 1<<63 {
			return 0, false
		}
		return -int64(u), true
	}
	if u > math.MaxInt64 {
		return 0, false
	}
	return int64(u), true
}

// ParseUint parses s, a JSON number already checked by ScanNumber, as a
// uint64. It fails on a sign, a fraction, an exponent or overflow.
func ParseUint(s string) (uint64, bool) {
	if len(s) == 0 || len(s) > 20 {
		return 0, false
	}
	var u uint64
	if len(s) <= 19 {
		// Nineteen digits cannot overflow a uint64.
		for i := 0; i < len(s); i++ {
			c := s[i] - '0'
			if c > 9 {
				return 0, false
			}
			u = u*10 + uint64(c)
		}
		return u, true
	}
	for i := 0; i < len(s); i++ {
		c := s[i] - '0'
		if c > 9 || u > math.MaxUint64/10 {
			return 0, false
		}
		u *= 10
		if u+uint64(c) < u {
			return 0, false
		}
		u += uint64(c)
	}
	return u, true
}

// exact powers of ten representable in a float64.
var pow10 = [...]float64{
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
}

// ParseFloat parses s, a JSON number already checked by ScanNumber, as a
// float64, correctly rounded. With at most 19 significant digits the
// decimal mantissa fits a uint64: when it also fits 53 bits and the
// exponent is small, one exact multiplication or division gives the
// answer (Clinger's fast path); otherwise the Eisel-Lemire algorithm
// (Lemire, "Number Parsing at a Gigabyte per Second", 2021) usually
// decides it with a 128-bit product. What neither settles goes to
// strconv.ParseFloat. A number too large for a float64 is an error.
func ParseFloat(s string) (float64, error) {
	if f, ok := parseFloatFast(s); ok {
		return f, nil
	}
	return strconv.ParseFloat(s, 64)
}

func parseFloatFast(s string) (float64, bool) {
	i := 0
	neg := s[0] == '-'
	if neg {
		i = 1
	}
	var mant uint64
	digits := 0 // significant digits taken into mant
	exp := 0
	for ; i < len(s) && isDigit(s[i]); i++ {
		if mant != 0 || s[i] != '0' {
			mant = mant*10 + uint64(s[i]-'0')
			digits++
		}
	}
	if i < len(s) && s[i] == '.' {
		i++
		for ; i < len(s) && isDigit(s[i]); i++ {
			if mant != 0 || s[i] != '0' {
				mant = mant*10 + uint64(s[i]-'0')
				digits++
			}
			exp--
		}
	}
	if digits > 19 {
		return 0, false
	}
	if i < len(s) {
		// Exponent.
		i++
		eneg := false
		if s[i] == '+' || s[i] == '-' {
			eneg = s[i] == '-'
			i++
		}
		e := 0
		for ; i < len(s); i++ {
			if e < 100000 {
				e = e*10 + int(s[i]-'0')
			}
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if mant == 0 {
		if neg {
			return math.Copysign(0, -1), true
		}
		return 0, true
	}
	if mant <= 1<<53 && exp >= -22 && exp <= 22 {
		f := float64(mant)
		if exp < 0 {
			f /= pow10[-exp]
		} else {
			f *= pow10[exp]
		}
		if neg {
			f = -f
		}
		return f, true
	}
	return eiselLemire(mant, exp, neg)
}

// eiselLemire returns mant × 10^exp10 correctly rounded, or false when a
// 128-bit approximation cannot decide the rounding (or the result is
// subnormal or infinite), in which case the caller must use an exact
// method. mant must not be zero.
func eiselLemire(mant uint64, exp10 int, neg bool) (float64, bool) {
	if exp10 < pow5MinQ || exp10 > pow5MaxQ {
		return 0, false
	}
	// Scale mant so its top bit is set; pow5 entries have bit 127 set.
	lz := bits.LeadingZeros64(mant)
	w := mant << uint(lz)
	p := &pow5[exp10-pow5MinQ]
	hi, lo := bits.Mul64(w, p[0])
	// The low half of the table entry, left out, adds less than w to lo.
	// If that could carry into the bits kept, include it.
	if hi&0x1ff == 0x1ff && lo+w < w {
		hi2, lo2 := bits.Mul64(w, p[1])
		sum := lo + hi2
		if sum < lo {
			hi++
		}
		lo = sum
		// The table's own truncation could still carry: undecidable.
		if hi&0x1ff == 0x1ff && lo+1 == 0 && lo2+w < w {
			return 0, false
		}
	}
	// The product has its top bit at 127 or 126; keep 54 bits (53 and a
	// rounding bit).
	top := hi >> 63
	m := hi >> (top + 9)
	// floor(exp10 × log2(10)) is (exp10 × 217706) >> 16 over this range.
	e := 1086 + int(top) + (exp10*217706)>>16 - lz
	// Exactly half way (nothing below the rounding bit) with an even
	// result below: round-to-even needs the exact value.
	if lo == 0 && hi&0x1ff == 0 && m&3 == 1 {
		return 0, false
	}
	m = (m + m&1) >> 1
	if m >= 1<<53 {
		m >>= 1
		e++
	}
	if e <= 0 || e >= 0x7ff {
		return 0, false
	}
	f := math.Float64frombits(uint64(e)<<52 | m&(1<<52-1))
	if neg {
		f = -f
	}
	return f, true
}

// ParseFloat32 parses s, a JSON number already checked by ScanNumber, as a
// float32 rounded once, directly from the decimal text (never through a
// float64, which could round twice).
func ParseFloat32(s string) (float32, error) {
	f, err := strconv.ParseFloat(s, 32)
	return float32(f), err
}

// ReadFloat scans the JSON number at s[i] and parses it as a float64 in
// the same pass. It returns the index just past the number and, when
// exact is set, its correctly rounded value. When exact is not set (more
// than 19 significant digits, or a value Eisel-Lemire cannot settle, or
// out of range) the caller parses s[i:end] with ParseFloat. ok and, when
// it is false, end are those of ScanNumber.
func ReadFloat(s string, i int) (end int, f float64, exact, ok bool) {
	j := i
	neg := false
	if j < len(s) && s[j] == '-' {
		neg = true
		j++
	}
	if j >= len(s) {
		return readFloatFail(s, i)
	}
	var mant uint64
	digits := 0 // significant digits, counted from the first non-zero one
	exp := 0
	switch c := s[j]; {
	case c == '0':
		j++
	case '1' <= c && c <= '9':
		// Up to 7 digits, the commonest, in one load; more in a loop.
		if j+8 <= len(s) {
			t := Load64(s, j) ^ 0x3030303030303030
			if n := digitBytes(t); n < 8 {
				mant, j, digits = digitsValue(t<<(64-8*n)), j+n, n
				break
			}
		}
		mant, j, digits = digitRun(s, j, 0)
	default:
		return readFloatFail(s, i)
	}
	if j < len(s) && s[j] == '.' {
		j++
		if j >= len(s) || !isDigit(s[j]) {
			return readFloatFail(s, i)
		}
		if mant == 0 {
			// Leading zeros of the fraction are not significant.
			for j < len(s) && s[j] == '0' {
				j++
				exp--
			}
		}
		// A fraction of up to 7 digits in one load, up to 15 in two;
		// more in a loop.
		n := 0
		if j+16 <= len(s) {
			t := Load64(s, j) ^ 0x3030303030303030
			if n = digitBytes(t); n < 8 {
				mant = mant*pow10u64[n] + digitsValue(t<<(64-8*n))
			} else {
				u := Load64(s, j+8) ^ 0x3030303030303030
				if k := digitBytes(u); k < 8 {
					mant = mant*pow10u64[8+k] + digitsValue(t)*pow10u64[k] + digitsValue(u<<(64-8*k))
					n += k
				} else {
					n = 0
				}
			}
		}
		if n == 0 {
			mant, _, n = digitRun(s, j, mant)
		}
		j += n
		digits += n
		exp -= n
	}
	if j < len(s) && s[j]|0x20 == 'e' {
		j++
		eneg := false
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			eneg = s[j] == '-'
			j++
		}
		if j >= len(s) || !isDigit(s[j]) {
			return readFloatFail(s, i)
		}
		e := 0
		for ; j < len(s); j++ {
			d := s[j] - '0'
			if d > 9 {
				break
			}
			if e < 100000 {
				e = e*10 + int(d)
			}
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if digits > 19 {
		return j, 0, false, true
	}
	if mant == 0 {
		if neg {
			return j, math.Copysign(0, -1), true, true
		}
		return j, 0, true, true
	}
	if mant <= 1<<53 && exp >= -22 && exp <= 22 {
		f := float64(mant)
		if exp < 0 {
			f /= pow10[-exp]
		} else {
			f *= pow10[exp]
		}
		if neg {
			f = -f
		}
		return j, f, true, true
	}
	if exp == 0 {
		// An integer above 2^53 (ids): the uint64's conversion rounds
		// correctly.
		f := float64(mant)
		if neg {
			f = -f
		}
		return j, f, true, true
	}
	f, exact = eiselLemire(mant, exp, neg)
	return j, f, exact, true
}

// readFloatFail is ReadFloat's answer for text that is not a number: out
// of line, so that ReadFloat's own paths keep their registers.
//
//go:noinline
func readFloatFail(s string, i int) (int, float64, bool, bool) {
	end, _, _ := ScanNumber(s, i)
	return end, 0, false, false
}

// ReadInt scans the JSON number at s[i] and parses it as an int64 in the
// same pass. fits is false when the number has a fraction or an exponent
// or does not fit; end and ok are those of ScanNumber.
func ReadInt(s string, i int) (end int, n int64, fits, ok bool) {
	// Short unsigned integers, the commonest, without a loop.
	if v, end, ok := ShortUint(s, i); ok {
		return end, int64(v), true, true
	}
	j := i
	neg := j < len(s) && s[j] == '-'
	if neg {
		j++
	}
	start := j
	u, j, digits := digitRun(s, j, 0)
	if digits == 0 || digits > 19 || s[start] == '0' && digits > 1 ||
		j < len(s) && fracOrExp(s[j]) {
		end, float, ok := ScanNumber(s, i)
		if !ok || float {
			return end, 0, false, ok
		}
		n, fits = ParseInt(s[i:end])
		return end, n, fits, true
	}
	if neg {
		if u > 1<<63 {
			return j, 0, false, true
		}
		return j, -int64(u), true, true
	}
	if u > math.MaxInt64 {
		return j, 0, false, true
	}
	return j, int64(u), true, true
}
