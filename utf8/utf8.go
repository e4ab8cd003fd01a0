// Package utf8 exists for programs written against sonic
// (github.com/bytedance/sonic/utf8): it has the names and meaning of
// sonic's utf8 package, so that such a program compiles and behaves the
// same against jet once its import paths change.
//
// Validation runs 32 bytes at a time on amd64 with AVX2, as jet's decoder
// checks strings; elsewhere it is the standard library's.
package utf8

import (
	stdutf8 "unicode/utf8"
	"unsafe"

	"github.com/jetjson/jet/internal/wire"
)

// Validate reports whether src is entirely valid UTF-8, as the standard
// library's utf8.Valid does.
func Validate(src []byte) bool {
	return wire.ValidUTF8(unsafe.String(unsafe.SliceData(src), len(src)))
}

// ValidateString is Validate for a string.
func ValidateString(src string) bool { return wire.ValidUTF8(src) }

// CorrectWith appends src to dst with every byte that is not part of a
// valid UTF-8 sequence replaced by repl, and returns the extended slice.
// It works on any bytes, JSON or not: inside and outside JSON strings
// alike, as sonic's does. A sequence cut short or an encoded surrogate
// is invalid byte by byte, so it becomes one repl per byte, as
// unicode/utf8 decodes it.
func CorrectWith(dst []byte, src []byte, repl string) []byte {
	s := unsafe.String(unsafe.SliceData(src), len(src))
	if wire.ValidUTF8(s) {
		return append(dst, src...)
	}
	last := 0
	for i := 0; i < len(s); {
		if s[i] < stdutf8.RuneSelf {
			i++
			continue
		}
		r, size := stdutf8.DecodeRuneInString(s[i:])
		if r == stdutf8.RuneError && size == 1 {
			dst = append(dst, s[last:i]...)
			dst = append(dst, repl...)
			i++
			last = i
			continue
		}
		i += size
	}
	return append(dst, s[last:]...)
}
