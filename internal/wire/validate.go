package wire

// DefaultMaxDepth is the nesting depth beyond which input is rejected, as
// in encoding/json.
const DefaultMaxDepth = 10000

// Valid reports whether s is exactly one JSON value, optionally
// surrounded by whitespace, nested at most maxDepth deep. Long inputs
// take the two-stage validator where the CPU has its vector first stage.
// Package syntaxv1 explains a false.
func Valid(s string, maxDepth int) bool {
	if skHasIdx && len(s) >= skIdxMin && uint64(len(s)) < 1<<32 && maxDepth >= 64 {
		if ok, deep := validIndexed(s); !deep {
			return ok
		}
	}
	end, ok := SkipValue(s, 0, maxDepth)
	return ok && SkipSpace(s, end) == len(s)
}

// skIdxMin is the shortest input given to the two-stage validator.
const skIdxMin = 64

// ScanLiteral checks that the literal lit (true, false or null) starts at
// s[i]: it returns the index just past it and true, or the index of the
// first byte that differs (len(s) when s ends first) and false.
func ScanLiteral(s string, i int, lit string) (int, bool) {
	if len(s)-i >= len(lit) && s[i:i+len(lit)] == lit {
		return i + len(lit), true
	}
	for k := 1; k < len(lit); k++ {
		if i+k >= len(s) || s[i+k] != lit[k] {
			return i + k, false
		}
	}
	return i + len(lit), true
}
