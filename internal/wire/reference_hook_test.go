package wire

// The reference grammar lives in package jsontext, which imports this
// package; reference_test.go, an external test file that may import it,
// fills these in before the tests run. The fast paths here are checked
// against them.
var (
	// SkipValue is package syntaxv1's Explain: the reference's verdict
	// on one value, in encoding/json's words.
	SkipValue func(s string, i, maxDepth int) (int, *SyntaxError)
	// Validate is SkipValue on a whole document.
	Validate func(s string, maxDepth int) *SyntaxError
)
