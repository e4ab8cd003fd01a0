package rt

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzTagWord checks tagWord's ASCII path against the rule it
// shortcuts: an identifier is the longest run of letters, digits and
// underscores (by Unicode's classes) that starts with a letter or an
// underscore.
func FuzzTagWord(f *testing.F) {
	for _, s := range []string{"omitempty", "f0,omitempty", "case:ignore", "_x9", "9x", "héllo,x", "aé", "a\xff",
		"'quoted'", "A_Z", "x`y", "", ",", "ab:cd", "日本", "a日本,b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if in == "" {
			return
		}
		word, n, err := tagWord(in, false)
		if r, _ := utf8.DecodeRuneInString(in); r != '_' && !unicode.IsLetter(r) {
			return // not an identifier: the general path's errors
		}
		want := len(in) - len(strings.TrimLeftFunc(in, letterOrDigit))
		if err != nil || n != want || word != in[:want] {
			t.Fatalf("tagWord(%q) = %q, %d, %v; want %q, %d", in, word, n, err, in[:want], want)
		}
	})
}
