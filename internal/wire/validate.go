package wire

// DefaultMaxDepth is the nesting depth beyond which input is rejected, as
// in encoding/json.
const DefaultMaxDepth = 10000

// Valid reports whether s is exactly one JSON value, optionally surrounded
// by whitespace, nested at most DefaultMaxDepth deep.
func Valid(s string) bool { return validDepth(s, DefaultMaxDepth) }

// validDepth reports whether s is exactly one JSON value, optionally
// surrounded by whitespace, nested at most maxDepth deep. Long inputs
// take the two-stage validator where the CPU has its vector first stage.
func validDepth(s string, maxDepth int) bool {
	if skHasIdx && len(s) >= skIdxMin && uint64(len(s)) < 1<<32 && maxDepth >= 64 {
		if ok, deep := validIndexed(s); !deep {
			return ok
		}
	}
	end, ok := SkipValueFast(s, 0, maxDepth)
	return ok && SkipSpace(s, end) == len(s)
}

// skIdxMin is the shortest input given to the two-stage validator.
const skIdxMin = 64

// Validate checks that s is exactly one JSON value, optionally surrounded
// by whitespace, nested at most maxDepth deep, and describes the first
// problem otherwise.
func Validate(s string, maxDepth int) *SyntaxError {
	if validDepth(s, maxDepth) {
		return nil
	}
	// Invalid: the precise scan says where and why.
	i, err := SkipValue(s, 0, maxDepth)
	if err != nil {
		return err
	}
	return CheckEnd(s, i)
}

// CheckEnd checks that only whitespace follows index i.
func CheckEnd(s string, i int) *SyntaxError {
	i = SkipSpace(s, i)
	if i < len(s) {
		return errorAt(s, i, CtxAfterTop)
	}
	return nil
}

// SkipValue checks the JSON value that starts at s[i] or after whitespace
// there, and returns the index just past it. Containers nested deeper
// than maxDepth are an error. Strings are checked for valid escapes and
// control characters but not for valid UTF-8, as in encoding/json.
func SkipValue(s string, i int, maxDepth int) (int, *SyntaxError) {
	// kinds[d] is '{' or '[' for each open container.
	var local [64]byte
	kinds := local[:0]
	var err *SyntaxError

value:
	i = SkipSpace(s, i)
	if i >= len(s) {
		return i, errorAt(s, i, "")
	}
	switch c := s[i]; c {
	case '{', '[':
		if len(kinds) >= maxDepth {
			return i, errorAt(s, i, CtxMaxDepth)
		}
		kinds = append(kinds, c)
		i = SkipSpace(s, i+1)
		if c == '[' {
			if i < len(s) && s[i] == ']' {
				i++
				kinds = kinds[:len(kinds)-1]
				goto end
			}
			goto value
		}
		if i < len(s) && s[i] == '}' {
			i++
			kinds = kinds[:len(kinds)-1]
			goto end
		}
		goto key
	case '"':
		if i, _, err = ScanString(s, i); err != nil {
			return i, err
		}
	case 't':
		if i, err = ScanLiteral(s, i, "true"); err != nil {
			return i, err
		}
	case 'f':
		if i, err = ScanLiteral(s, i, "false"); err != nil {
			return i, err
		}
	case 'n':
		if i, err = ScanLiteral(s, i, "null"); err != nil {
			return i, err
		}
	default:
		if c != '-' && !isDigit(c) {
			return i, errorAt(s, i, CtxBeginValue)
		}
		if i, _, err = ScanNumber(s, i); err != nil {
			return i, err
		}
	}

end:
	if len(kinds) == 0 {
		return i, nil
	}
	i = SkipSpace(s, i)
	if i >= len(s) {
		return i, errorAt(s, i, "")
	}
	if kinds[len(kinds)-1] == '[' {
		switch s[i] {
		case ',':
			i++
			goto value
		case ']':
			i++
			kinds = kinds[:len(kinds)-1]
			goto end
		}
		return i, errorAt(s, i, CtxAfterElement)
	}
	switch s[i] {
	case ',':
		i = SkipSpace(s, i+1)
		goto key
	case '}':
		i++
		kinds = kinds[:len(kinds)-1]
		goto end
	}
	return i, errorAt(s, i, CtxAfterPair)

key:
	// i is at a non-space byte or at the end.
	if i >= len(s) || s[i] != '"' {
		return i, errorAt(s, i, CtxBeginKey)
	}
	if i, _, err = ScanString(s, i); err != nil {
		return i, err
	}
	i = SkipSpace(s, i)
	if i >= len(s) || s[i] != ':' {
		return i, errorAt(s, i, CtxAfterKey)
	}
	i++
	goto value
}

// ScanLiteral checks that the literal lit (true, false or null) starts at
// s[i] and returns the index just past it.
func ScanLiteral(s string, i int, lit string) (int, *SyntaxError) {
	if len(s)-i >= len(lit) && s[i:i+len(lit)] == lit {
		return i + len(lit), nil
	}
	for k := 1; k < len(lit); k++ {
		if i+k >= len(s) || s[i+k] != lit[k] {
			return i + k, errorInToken(s, i+k, CtxInLiteral(lit, k))
		}
	}
	return i + len(lit), nil
}
