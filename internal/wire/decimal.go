package wire

// DecimalToFloat returns mant × 10^exp10, negated when neg, correctly
// rounded to a float64, when a fast method settles it: Clinger's (mant
// below 2^53 and exp10 within ±22: one exact multiplication or division)
// or Eisel-Lemire's. ok is false otherwise (the caller parses the text
// with ParseFloat). mant must not be zero.
func DecimalToFloat(mant uint64, exp10 int, neg bool) (f float64, ok bool) {
	if mant <= 1<<53 && exp10 >= -22 && exp10 <= 22 {
		f = float64(mant)
		if exp10 < 0 {
			f /= pow10[-exp10]
		} else {
			f *= pow10[exp10]
		}
		if neg {
			f = -f
		}
		return f, true
	}
	return eiselLemire(mant, exp10, neg)
}
