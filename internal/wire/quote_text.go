package wire

import "unicode/utf8"

// AppendQuotedText appends s as a JSON string the way encoding/json/v2
// and jsontext write one: '"', '\\' and control characters escaped
// (\b \f \n \r \t by name, others as \u00xx), '<', '>' and '&' escaped
// only when html is set, U+2028 and U+2029 only when js is set, and
// every other character as it is. Each byte of invalid UTF-8 becomes
// U+FFFD; invalid reports that one did.
func AppendQuotedText(dst []byte, s string, html, js bool) (out []byte, invalid bool) {
	dst = append(dst, '"')
	last := 0
	for i := indexEscape(s, 0, html); i < len(s); i = indexEscape(s, i, html) {
		c := s[i]
		if c < utf8.RuneSelf {
			dst = append(dst, s[last:i]...)
			dst = AppendTextEscape(dst, rune(c))
			i++
			last = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[last:i]...)
			dst = append(dst, "\uFFFD"...)
			invalid = true
			last = i + 1
		case js && (r == '\u2028' || r == '\u2029'):
			dst = append(dst, s[last:i]...)
			dst = AppendTextEscape(dst, r)
			last = i + size
		}
		i += size
	}
	dst = append(dst, s[last:]...)
	return append(dst, '"'), invalid
}

// AppendTextEscape appends the escape of r as jsontext writes it: the
// short form where JSON has one, else \u and four lower-case hex digits.
func AppendTextEscape(dst []byte, r rune) []byte {
	switch r {
	case '"', '\\':
		return append(dst, '\\', byte(r))
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	const hex = "0123456789abcdef"
	return append(dst, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
}
