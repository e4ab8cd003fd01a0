package jsontext

import (
	"bytes"
	"io"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// This file writes raw values: the grammar of a whole value, read as it
// is copied to the output with the encoder's whitespace, string and
// number formats.

// reformat reads the value that starts src (no whitespace before it),
// nested depth deep, and appends it to dst as the encoder's options say.
// It returns how many bytes of src the value takes, or on error where in
// src the error was found.
func (e *encoderState) reformat(dst, src []byte, depth int) ([]byte, int, error) {
	if len(src) == 0 {
		return dst, 0, io.ErrUnexpectedEOF
	}
	switch k := kindOf[src[0]]; k {
	case 'n', 'f', 't':
		lit, _ := literalOf(k)
		n, err := consumeLiteral(src, lit)
		if err != nil {
			return dst, n, err
		}
		return append(dst, lit...), n, nil
	case '"':
		return e.reformatString(dst, src)
	case '0':
		return e.reformatNumber(dst, src)
	case '{':
		return e.reformatObject(dst, src, depth)
	case '[':
		return e.reformatArray(dst, src, depth)
	}
	return dst, 0, invalidChar(src, whereStartValue)
}

func (e *encoderState) reformatObject(dst, src []byte, depth int) ([]byte, int, error) {
	if depth > e.depthLimit {
		return dst, 0, errMaxDepth
	}
	dst = append(dst, '{')
	n := 1 + skipSpace(src[1:])
	if n == len(src) {
		return dst, n, io.ErrUnexpectedEOF
	}
	if src[n] == '}' {
		return append(dst, '}'), n + 1, nil
	}
	checkDup := e.fl&fmtCheckDup != 0
	if checkDup {
		e.seen.push()
		defer e.seen.pop()
	}
	depth++
	for {
		if e.fl&fmtMultiline != 0 {
			dst = e.appendIndent(dst, depth)
		}
		n += skipSpace(src[n:])
		if n == len(src) {
			return dst, n, io.ErrUnexpectedEOF
		}
		var m int
		var err error
		var fl strFlags
		start := len(dst)
		if dst, m, fl, err = e.reformatName(dst, src[n:]); err != nil {
			return dst, n + m, err
		}
		name := src[n : n+m]
		if checkDup && !e.seen.insertQuoted(name, fl.verbatim() && len(dst)-start == m) {
			return dst, n, inMember(ErrDuplicateName, name)
		}
		n += m
		n += skipSpace(src[n:])
		if n == len(src) {
			return dst, n, inMember(io.ErrUnexpectedEOF, name)
		}
		if src[n] != ':' {
			return dst, n, inMember(invalidChar(src[n:], whereAfterName), name)
		}
		dst = append(dst, ':')
		if e.fl&fmtSpaceColon != 0 {
			dst = append(dst, ' ')
		}
		n++
		n += skipSpace(src[n:])
		if n == len(src) {
			return dst, n, inMember(io.ErrUnexpectedEOF, name)
		}
		if dst, m, err = e.reformat(dst, src[n:], depth); err != nil {
			return dst, n + m, inMember(err, name)
		}
		n += m
		n += skipSpace(src[n:])
		if n == len(src) {
			return dst, n, io.ErrUnexpectedEOF
		}
		switch src[n] {
		case ',':
			dst = append(dst, ',')
			if e.fl&fmtSpaceComma != 0 {
				dst = append(dst, ' ')
			}
			n++
		case '}':
			if e.fl&fmtMultiline != 0 {
				dst = e.appendIndent(dst, depth-1)
			}
			return append(dst, '}'), n + 1, nil
		default:
			return dst, n, invalidChar(src[n:], whereAfterValue)
		}
	}
}

// reformatName appends an object member's name: a string copied as it is
// when it is plain ASCII, else reformatted.
func (e *encoderState) reformatName(dst, src []byte) ([]byte, int, strFlags, error) {
	if n := plainString(src); n > 0 {
		return append(dst, src[:n]...), n, 0, nil
	}
	var fl strFlags
	n, err := consumeString(src, 0, &fl, e.fl&fmtCheckUTF8 != 0)
	if err != nil {
		return dst, n, fl, err
	}
	dst, _, _ = e.reformatString(dst, src[:n])
	return dst, n, fl, nil
}

// plainString returns the length of the string that starts src if it is
// printable ASCII without escapes and without '<', '>' or '&' (so that it
// is written as it is whatever the options), or 0.
func plainString(src []byte) int {
	if len(src) == 0 || src[0] != '"' {
		return 0
	}
	n := 1
	for n < len(src) && plainByte[src[n]] && src[n] != '<' && src[n] != '>' && src[n] != '&' {
		n++
	}
	if n < len(src) && src[n] == '"' {
		return n + 1
	}
	return 0
}

func (e *encoderState) reformatArray(dst, src []byte, depth int) ([]byte, int, error) {
	if depth > e.depthLimit {
		return dst, 0, errMaxDepth
	}
	dst = append(dst, '[')
	n := 1 + skipSpace(src[1:])
	if n == len(src) {
		return dst, n, io.ErrUnexpectedEOF
	}
	if src[n] == ']' {
		return append(dst, ']'), n + 1, nil
	}
	depth++
	for i := int64(0); ; i++ {
		if e.fl&fmtMultiline != 0 {
			dst = e.appendIndent(dst, depth)
		}
		n += skipSpace(src[n:])
		if n == len(src) {
			return dst, n, io.ErrUnexpectedEOF
		}
		var m int
		var err error
		if dst, m, err = e.reformat(dst, src[n:], depth); err != nil {
			return dst, n + m, inElement(err, i)
		}
		n += m
		n += skipSpace(src[n:])
		if n == len(src) {
			return dst, n, io.ErrUnexpectedEOF
		}
		switch src[n] {
		case ',':
			dst = append(dst, ',')
			if e.fl&fmtSpaceComma != 0 {
				dst = append(dst, ' ')
			}
			n++
		case ']':
			if e.fl&fmtMultiline != 0 {
				dst = e.appendIndent(dst, depth-1)
			}
			return append(dst, ']'), n + 1, nil
		default:
			return dst, n, invalidChar(src[n:], whereAfterElement2)
		}
	}
}

// reformatString reads the string that starts src and appends it: as it
// is when it is already in the form the options ask for, else decoded and
// quoted again.
func (e *encoderState) reformatString(dst, src []byte) ([]byte, int, error) {
	var fl strFlags
	n, err := consumeString(src, 0, &fl, e.fl&fmtCheckUTF8 != 0)
	if err != nil {
		return dst, n, err
	}
	s := src[:n]
	switch {
	case e.fl&fmtEscape == 0 && (fl.canonical() || e.fl&fmtPreserveStrings != 0):
		return append(dst, s...), n, nil
	case e.fl&fmtPreserveStrings != 0:
		return appendEscapedForEmbedding(dst, s, e.fl&fmtHTML != 0, e.fl&fmtJS != 0), n, nil
	}
	e.scratch = appendUnquotedValid(e.scratch[:0], s)
	dst, _ = appendQuote(dst, e.scratch, e.fl&fmtHTML != 0, e.fl&fmtJS != 0)
	return dst, n, nil
}

// appendEscapedForEmbedding appends the string text s as it is but for
// '<', '>' and '&' (html) and U+2028 and U+2029 (js), which it escapes.
func appendEscapedForEmbedding(dst, s []byte, html, js bool) []byte {
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if html && (c == '<' || c == '>' || c == '&') {
				dst = append(dst, s[last:i]...)
				dst = appendEscapedRune(dst, rune(c))
				last = i + 1
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if js && (r == '\u2028' || r == '\u2029') {
			dst = append(dst, s[last:i]...)
			dst = appendEscapedRune(dst, r)
			last = i + size
		}
		i += size
	}
	return append(dst, s[last:]...)
}

// reformatNumber reads the number that starts src (which ends it: what
// follows is not its concern) and appends it, in RFC 8785's form where
// the options ask for it.
func (e *encoderState) reformatNumber(dst, src []byte) ([]byte, int, error) {
	n, _, err := consumeNumber(src, 0, 0)
	if err != nil {
		return dst, n, err
	}
	num := src[:n]
	if e.fl&fmtCanonNums == 0 {
		return append(dst, num...), n, nil
	}
	float := bytes.ContainsAny(num, ".eE")
	switch {
	case string(num) == "-0":
	case float:
		if e.fl&fmtCanonFloats == 0 {
			return append(dst, num...), n, nil
		}
	default:
		// Integers of at most 15 characters are exact as float64s: their
		// canonical form is their text.
		if e.fl&fmtCanonInts == 0 || n < 16 {
			return append(dst, num...), n, nil
		}
	}
	f, _ := strconv.ParseFloat(string(num), 64)
	switch {
	case f == 0:
		f = 0
	case math.IsInf(f, 1):
		f = math.MaxFloat64
	case math.IsInf(f, -1):
		f = -math.MaxFloat64
	}
	return AppendFloat(dst, f, 64), n, nil
}

// reorderObjects sorts the members of every object in the valid value b
// in place, as RFC 8785 (section 3.2.3) orders them.
func reorderObjects(b []byte) {
	var r reorderer
	r.value(b, skipSpace(b))
}

type reorderer struct {
	scratch []byte
	members [][]member // reused per depth
	depth   int
}

type member struct {
	name []byte // unquoted
	text []byte // from after the '{' or ',' before it to the end of its value
}

// value reorders the objects in the valid value at b[i] and returns the
// position after it.
func (r *reorderer) value(b []byte, i int) int {
	switch b[i] {
	case '{':
		return r.object(b, i)
	case '[':
		i++
		for {
			i += skipSpace(b[i:])
			if b[i] == ']' {
				return i + 1
			}
			i = r.value(b, i)
			i += skipSpace(b[i:])
			if b[i] == ',' {
				i++
			}
		}
	case '"':
		var fl strFlags
		n, _ := consumeString(b[i:], 0, &fl, false)
		return i + n
	case 'n', 't':
		return i + 4
	case 'f':
		return i + 5
	}
	n, _, _ := consumeNumber(b[i:], 0, 0)
	return i + n
}

func (r *reorderer) object(b []byte, i int) int {
	if r.depth == len(r.members) {
		r.members = append(r.members, nil)
	}
	ms := r.members[r.depth][:0]
	r.depth++
	defer func() { r.depth-- }()

	// Each member's text runs from the end of the previous member's value
	// (or the '{') to the end of its own value, so that the members tile
	// the object's body up to its last value.
	bodyStart := i + 1
	i = bodyStart
	sorted := true
	for {
		from := i
		i += skipSpace(b[i:])
		if b[i] == ',' {
			i++
			i += skipSpace(b[i:])
		}
		if b[i] == '}' {
			break
		}
		var fl strFlags
		n, _ := consumeString(b[i:], 0, &fl, false)
		q := b[i : i+n]
		name := q[1 : len(q)-1]
		if !fl.verbatim() {
			name = appendUnquotedValid(nil, q)
		}
		i += n
		i += skipSpace(b[i:]) + 1 // the colon
		i += skipSpace(b[i:])
		i = r.value(b, i)
		m := member{name: name, text: b[from:i]}
		if len(ms) > 0 && sorted && compareMembers(ms[len(ms)-1], m) >= 0 {
			sorted = false
		}
		ms = append(ms, m)
	}
	r.members[r.depth-1] = ms
	end := i + 1
	if sorted {
		return end
	}

	// The member sorted first takes the delimiters that led the first
	// member; the first member, moved, takes those of the one that took
	// its place.
	first := ms[0].text
	slices.SortFunc(ms, compareMembers)
	newFirst := ms[0].text
	out := r.scratch[:0]
	for k, m := range ms {
		switch {
		case k == 0 && &m.text[0] != &first[0]:
			out = append(out, first[:leadingDelims(first)]...)
			out = append(out, m.text[leadingDelims(m.text):]...)
		case k != 0 && &m.text[0] == &first[0]:
			out = append(out, newFirst[:leadingDelims(newFirst)]...)
			out = append(out, m.text[leadingDelims(m.text):]...)
		default:
			out = append(out, m.text...)
		}
	}
	copy(b[bodyStart:], out)
	r.scratch = out
	return end
}

// leadingDelims counts the commas and whitespace that start b.
func leadingDelims(b []byte) int {
	n := 0
	for n < len(b) && (b[n] == ',' || isSpace(b[n])) {
		n++
	}
	return n
}

func compareMembers(x, y member) int {
	if c := compareUTF16(x.name, y.name); c != 0 {
		return c
	}
	return compareUTF16(x.text[leadingDelims(x.text):], y.text[leadingDelims(y.text):])
}

// compareUTF16 orders two UTF-8 strings as their UTF-16 code units order
// (RFC 8785, section 3.2.3); where a string has invalid UTF-8, its bytes
// decide.
func compareUTF16(x, y []byte) int {
	for {
		if len(x) == 0 || len(y) == 0 {
			return cmpInt(len(x), len(y))
		}
		if x[0] < utf8.RuneSelf || y[0] < utf8.RuneSelf {
			if x[0] != y[0] {
				return cmpInt(int(x[0]), int(y[0]))
			}
			x, y = x[1:], y[1:]
			continue
		}
		rx, nx := utf8.DecodeRune(x)
		ry, ny := utf8.DecodeRune(y)
		bmpX, bmpY := rx <= 0xffff, ry <= 0xffff
		// A code point above U+FFFF is two UTF-16 units; only the first
		// (a high surrogate, above every BMP character below U+E000 and
		// below those from U+E000) meets a BMP character.
		if bmpX && !bmpY {
			ry = 0xd800 + (ry-0x10000)>>10
		} else if bmpY && !bmpX {
			rx = 0xd800 + (rx-0x10000)>>10
		}
		if rx != ry {
			return cmpInt(int(rx), int(ry))
		}
		if badRune(rx, nx) || badRune(ry, ny) {
			if x[0] != y[0] {
				return cmpInt(int(x[0]), int(y[0]))
			}
		}
		x, y = x[nx:], y[ny:]
	}
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
