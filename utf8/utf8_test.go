package utf8_test

import (
	"bytes"
	"strings"
	"testing"
	stdutf8 "unicode/utf8"

	"github.com/jetjson/jet/utf8"
)

var inputs = []string{
	"", "a", "é€😀", "\xff", "a\xffb", "\xc3", "\xc3(", "\xe2\x82", "\xe2\x82\xac", "\xed\xa0\x80",
	"\xf4\x90\x80\x80", "\xf0\x9f\x98", "\ufffd", "\"a\xffb\" \xfe \"\xc3\"", strings.Repeat("x\xff", 40),
	strings.Repeat("é", 50) + "\xff", strings.Repeat("a", 100) + "\xc3", strings.Repeat("€", 30),
}

// correctRef is CorrectWith written another way: ranging over a string
// yields U+FFFD of width 1 for each byte that is not part of a valid
// sequence.
func correctRef(dst []byte, src []byte, repl string) []byte {
	s := string(src)
	type at struct {
		i int
		r rune
	}
	var runes []at
	for i, r := range s {
		runes = append(runes, at{i, r})
	}
	for k, x := range runes {
		end := len(s)
		if k+1 < len(runes) {
			end = runes[k+1].i
		}
		if x.r == stdutf8.RuneError && end-x.i == 1 {
			dst = append(dst, repl...)
		} else {
			dst = append(dst, s[x.i:end]...)
		}
	}
	return dst
}

func check(t *testing.T, src []byte) {
	t.Helper()
	if got, want := utf8.Validate(src), stdutf8.Valid(src); got != want {
		t.Errorf("Validate(%q) = %v, want %v", src, got, want)
	}
	if got, want := utf8.ValidateString(string(src)), stdutf8.ValidString(string(src)); got != want {
		t.Errorf("ValidateString(%q) = %v, want %v", src, got, want)
	}
	for _, repl := range []string{"\ufffd", "?", ""} {
		got := utf8.CorrectWith([]byte("pre:"), src, repl)
		want := correctRef([]byte("pre:"), src, repl)
		if !bytes.Equal(got, want) {
			t.Errorf("CorrectWith(%q, %q) = %q, want %q", src, repl, got, want)
		}
		if !stdutf8.Valid(got) {
			t.Errorf("CorrectWith(%q, %q) = %q: not valid UTF-8", src, repl, got)
		}
	}
}

func TestUTF8(t *testing.T) {
	for _, s := range inputs {
		check(t, []byte(s))
	}
	if got := utf8.CorrectWith(nil, []byte("\"a\xffb\" \xfe"), "\ufffd"); string(got) != "\"a\ufffdb\" \ufffd" {
		t.Errorf("CorrectWith replaces each bad byte, in and out of strings: got %q", got)
	}
	if !utf8.Validate(nil) {
		t.Error("Validate(nil) = false, want true")
	}
}

// FuzzUTF8 compares CorrectWith (whose fast path returns valid input
// whole) and Validate with the standard library.
func FuzzUTF8(f *testing.F) {
	for _, s := range inputs {
		f.Add([]byte(s))
	}
	f.Fuzz(check)
}
