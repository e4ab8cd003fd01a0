package wire

// AppendCompact appends src, which must be valid JSON (see package
// syntaxv1), to dst with insignificant whitespace removed. With html set,
// '<', '>', '&', U+2028 and U+2029 in strings are escaped as \u003c and
// so on. Like encoding/json's Compact, whitespace after the value is
// dropped.
func AppendCompact(dst []byte, src string, html bool) []byte {
	for i := 0; i < len(src); {
		switch c := src[i]; {
		case c == '"':
			j, _, _ := ScanString(src, i)
			if html {
				dst = AppendHTMLEscaped(dst, src[i:j])
			} else {
				dst = append(dst, src[i:j]...)
			}
			i = j
		case IsSpace(c):
			i = SkipSpace(src, i)
		default:
			j := i + 1
			for j < len(src) && src[j] != '"' && !IsSpace(src[j]) {
				j++
			}
			dst = append(dst, src[i:j]...)
			i = j
		}
	}
	return dst
}

// AppendIndent appends src, which must be valid JSON (see package
// syntaxv1), to dst indented as encoding/json's Indent does: each element
// of an object or array on a new line that starts with prefix and one
// copy of indent per level, "key": value with one space, empty objects
// and arrays kept as {} and []. Leading whitespace is dropped; trailing
// whitespace is kept.
func AppendIndent(dst []byte, src string, prefix, indent string) []byte {
	depth := 0
	needIndent := false
	i := SkipSpace(src, 0)
	for i < len(src) {
		c := src[i]
		if IsSpace(c) {
			i = SkipSpace(src, i)
			continue
		}
		if needIndent && c != '}' && c != ']' {
			needIndent = false
			depth++
			dst = appendNewline(dst, prefix, indent, depth)
		}
		switch c {
		case '"':
			j, _, _ := ScanString(src, i)
			dst = append(dst, src[i:j]...)
			i = j
		case '{', '[':
			needIndent = true
			dst = append(dst, c)
			i++
		case ',':
			dst = append(dst, c)
			dst = appendNewline(dst, prefix, indent, depth)
			i++
		case ':':
			dst = append(dst, ':', ' ')
			i++
		case '}', ']':
			if needIndent {
				needIndent = false
			} else {
				depth--
				dst = appendNewline(dst, prefix, indent, depth)
			}
			dst = append(dst, c)
			i++
		default:
			j := i + 1
			for j < len(src) && !IsSpace(src[j]) && !isDelim(src[j]) {
				j++
			}
			dst = append(dst, src[i:j]...)
			i = j
		}
		if depth == 0 && !needIndent {
			// The value is complete: keep what follows (whitespace).
			return append(dst, src[i:]...)
		}
	}
	return dst
}

func isDelim(c byte) bool {
	return c == ',' || c == ':' || c == '{' || c == '}' || c == '[' || c == ']' || c == '"'
}

func appendNewline(dst []byte, prefix, indent string, depth int) []byte {
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for i := 0; i < depth; i++ {
		dst = append(dst, indent...)
	}
	return dst
}

// AppendHTMLEscaped appends src with '<', '>', '&', U+2028 and U+2029
// replaced by \u003c, \u003e, \u0026, \u2028 and \u2029, as encoding/json's
// HTMLEscape does. It does not check that src is JSON.
func AppendHTMLEscaped(dst []byte, src string) []byte {
	start := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '<' || c == '>' || c == '&' {
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			start = i + 1
		}
		if c == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8 {
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[src[i+2]&0xF])
			start = i + 3
		}
	}
	return append(dst, src[start:]...)
}
