package wire

// IsSpace reports whether c is JSON whitespace.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace, or len(s).
func SkipSpace(s string, i int) int {
	if i < len(s) && s[i] > ' ' {
		return i
	}
	return skipSpaceSlow(s, i)
}

func skipSpaceSlow(s string, i int) int {
	// Short runs (a space after ':' or ',', a newline) are the common
	// case; pretty-printed input has long runs of indentation.
	for n := 0; i < len(s); i++ {
		c := s[i]
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return i
		}
		if n++; n == 4 {
			return skipSpaceLong(s, i+1)
		}
	}
	return i
}
