package wire

// IsSpace reports whether c is JSON whitespace.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace, or len(s). A non-space byte at i is tested inline; a
// run of whitespace is skipped out of line, 8 bytes at a time (skSpace).
func SkipSpace(s string, i int) int {
	if i < len(s) && s[i] > ' ' {
		return i
	}
	return skSpace(s, i)
}

// SkipSpaceRun is SkipSpace for a caller that found s[i] to be at most
// ' ' (or i at the end): it skips the run of whitespace there without
// testing the first byte again, and is small enough for such callers'
// own helpers to inline.
func SkipSpaceRun(s string, i int) int { return skSpace(s, i) }
