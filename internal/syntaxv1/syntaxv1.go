// Package syntaxv1 checks JSON text for jet's encoding/json (v1) dialect:
// it asks jet's reference grammar (package jsontext's token state
// machine) whether a value is well formed and words the first error as
// encoding/json does, at the byte encoding/json reports.
//
// The fast validators of package wire decide most inputs on their own;
// this package is where their "no" is explained, and the general path
// they are fuzzed against.
package syntaxv1

import (
	"errors"
	"io"
	"strings"
	"sync"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
)

// Validate checks that s is exactly one JSON value, optionally surrounded
// by whitespace, nested at most maxDepth deep, and describes the first
// problem otherwise. Strings may hold invalid UTF-8 and objects duplicate
// names, as in encoding/json.
func Validate(s string, maxDepth int) *wire.SyntaxError {
	if wire.Valid(s, maxDepth) {
		return nil
	}
	end, err := Explain(s, 0, maxDepth)
	if err != nil {
		return err
	}
	return CheckEnd(s, end)
}

// CheckEnd checks that only whitespace follows index i, as encoding/json
// requires after a document's value.
func CheckEnd(s string, i int) *wire.SyntaxError {
	if i = wire.SkipSpace(s, i); i < len(s) {
		return wire.NewSyntaxError(s, i, wire.InvalidChar(s[i], wire.CtxAfterTop))
	}
	return nil
}

// SkipValue checks the JSON value that starts at s[i] or after whitespace
// there, and returns the index just past it. Containers nested deeper
// than maxDepth are an error. On error the index is where the error is.
func SkipValue(s string, i, maxDepth int) (int, *wire.SyntaxError) {
	if end, ok := wire.SkipValue(s, i, maxDepth); ok {
		return end, nil
	}
	return Explain(s, i, maxDepth)
}

// Explain is SkipValue without the fast path: the reference grammar's
// verdict, in encoding/json's words. Fast paths are tested against it.
func Explain(s string, i, maxDepth int) (int, *wire.SyntaxError) {
	j := wire.SkipSpace(s, i)
	if j >= len(s) {
		return len(s), wire.NewSyntaxError(s, len(s), wire.MsgUnexpectedEOF)
	}
	if c := s[j]; maxDepth <= 0 && (c == '{' || c == '[') {
		return j, wire.NewSyntaxError(s, j, wire.InvalidChar(c, wire.CtxMaxDepth))
	}
	d := getDecoder(s[j:], maxDepth)
	defer putDecoder(d)
	v, err := d.dec.ReadValue()
	if err == nil {
		return j + len(v), nil
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		d.reset(s[j:], maxDepth)
		return len(s), atEOF(s, j+lastGoodToken(d.dec))
	}
	var se *jsontext.SyntacticError
	if !errors.As(err, &se) {
		// A reader of a string fails only at its end.
		return len(s), wire.NewSyntaxError(s, len(s), wire.MsgUnexpectedEOF)
	}
	pos := j + int(se.ByteOffset)
	if pos >= len(s) {
		return len(s), wire.NewSyntaxError(s, len(s), wire.MsgUnexpectedEOF)
	}
	pos, ctx := v1Context(s, pos, se.Err)
	return pos, wire.NewSyntaxError(s, pos, wire.InvalidChar(s[pos], ctx))
}

// textError is implemented by jsontext's errors about an invalid
// character, escape sequence or surrogate pair.
type textError interface {
	InvalidText() (label, what, where string)
}

// v1Context returns where encoding/json reports the reference's error
// found at pos, and encoding/json's phrase for the place.
func v1Context(s string, pos int, err error) (int, string) {
	if err.Error() == wire.CtxMaxDepth {
		return pos, wire.CtxMaxDepth
	}
	if errors.Is(err, jsontext.ErrNonStringName) {
		return pos, wire.CtxBeginKey
	}
	te, ok := err.(textError)
	if !ok {
		return pos, wire.CtxBeginValue
	}
	label, what, where := te.InvalidText()
	if label != "character" {
		// An escape sequence: encoding/json reports its first wrong byte.
		if len(what) < 2 || what[1] != 'u' {
			return pos + 1, wire.CtxInEscape
		}
		k := 2
		for k < len(what) && k < 6 && isHex(what[k]) {
			k++
		}
		return pos + k, wire.CtxInHexEscape
	}
	switch where {
	case wire.WhereStartValue:
		return pos, wire.CtxBeginValue
	case wire.WhereStartString:
		return pos, wire.CtxBeginKey
	case wire.WhereAfterName:
		return pos, wire.CtxAfterKey
	case wire.WhereAfterValue:
		return pos, wire.CtxAfterPair
	case wire.WhereAfterElement:
		return pos, wire.CtxAfterElement
	case wire.WhereInString:
		return pos, wire.CtxInString
	case wire.WhereInNumber:
		return pos, numberContext(s[:pos])
	}
	// In a literal: both dialects word it alike.
	return pos, where
}

// numberContext is encoding/json's phrase for a number cut short at the
// end of s (which ends in '-', '.', 'e', 'E', '+' or '-' after an e).
func numberContext(s string) string {
	switch c := s[len(s)-1]; {
	case c == '.':
		return wire.CtxAfterPoint
	case c == '-' && (len(s) < 2 || s[len(s)-2]|0x20 != 'e'):
		return wire.CtxInNumber
	default:
		return wire.CtxInExponent
	}
}

// atEOF is the error for input that ends inside the value: from pos on
// lies what the reference read no token of, after the last one it read.
// encoding/json reports an unfinished number, literal or escape as if a
// space followed it.
func atEOF(s string, pos int) *wire.SyntaxError {
	pos = wire.SkipSpace(s, pos)
	if pos < len(s) && (s[pos] == ',' || s[pos] == ':') {
		pos = wire.SkipSpace(s, pos+1)
	}
	tail := s[pos:]
	ctx := ""
	if tail != "" {
		switch c := tail[0]; c {
		case 't':
			ctx = wire.CtxInLiteral("true", len(tail))
		case 'f':
			ctx = wire.CtxInLiteral("false", len(tail))
		case 'n':
			ctx = wire.CtxInLiteral("null", len(tail))
		case '"':
			ctx = stringContext(tail)
		default:
			if c == '-' || '0' <= c && c <= '9' {
				if last := tail[len(tail)-1]; last < '0' || last > '9' {
					ctx = numberContext(tail)
				}
			}
		}
	}
	if ctx == "" {
		return wire.NewSyntaxError(s, len(s), wire.MsgUnexpectedEOF)
	}
	return wire.NewSyntaxError(s, len(s), wire.InvalidChar(' ', ctx))
}

// stringContext is encoding/json's phrase for the end of input inside
// the string q (its opening quote and what follows): inside an escape, or
// none.
func stringContext(q string) string {
	for k := 1; k < len(q); k++ {
		if q[k] != '\\' {
			continue
		}
		switch {
		case k+1 == len(q):
			return wire.CtxInEscape
		case q[k+1] == 'u' && len(q)-(k+2) < 4:
			return wire.CtxInHexEscape
		}
		k++
	}
	return ""
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

// lastGoodToken reads tokens until the reference stops and returns the
// offset just past the last one it read.
func lastGoodToken(d *jsontext.Decoder) int {
	for {
		if _, err := d.ReadToken(); err != nil {
			return int(d.InputOffset())
		}
		if d.StackDepth() == 0 {
			return int(d.InputOffset())
		}
	}
}

// reader is a pooled Decoder with the reader it reads.
type reader struct {
	dec *jsontext.Decoder
	src strings.Reader
}

var readers sync.Pool

func getDecoder(s string, maxDepth int) *reader {
	r, _ := readers.Get().(*reader)
	if r == nil {
		r = new(reader)
		r.src.Reset(s)
		r.dec = jsontext.NewDecoder(&r.src, options(maxDepth)...)
		return r
	}
	r.reset(s, maxDepth)
	return r
}

func (r *reader) reset(s string, maxDepth int) {
	r.src.Reset(s)
	r.dec.Reset(&r.src, options(maxDepth)...)
}

func putDecoder(r *reader) {
	r.src.Reset("")
	r.dec.Reset(&r.src)
	readers.Put(r)
}

// options are the reference's options for encoding/json's dialect.
func options(maxDepth int) []jsontext.Options {
	return []jsontext.Options{
		jsontext.AllowDuplicateNames(true),
		jsontext.AllowInvalidUTF8(true),
		jsonopts.DepthLimitOption(maxDepth),
	}
}
