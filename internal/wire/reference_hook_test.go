package wire

// The reference grammar lives in package jsontext, which imports this
// package; reference_test.go, an external test file that may import it,
// fills these in before the tests run. The fast paths here are checked
// against them.
var (
	// RefSkipValue is package syntaxv1's Explain: the reference's
	// verdict on one value, in encoding/json's words.
	RefSkipValue func(s string, i, maxDepth int) (int, *SyntaxError)
	// RefValidate is RefSkipValue on a whole document.
	RefValidate func(s string, maxDepth int) *SyntaxError
)
