// Package textexport lets jet's packages above the syntax layer call
// what jsontext does without exporting it: jsontext's exported API is
// exactly Go's encoding/json/jsontext, so these entry points are
// installed here by jsontext when it is initialised.
package textexport

import (
	"bytes"

	"github.com/jetjson/jet/internal/jsonopts"
)

// CheckDocument checks that in is one JSON value surrounded by nothing
// but whitespace, under the syntax options in opts (duplicate names and
// invalid UTF-8 rejected unless they allow them), and returns the first
// error as Go's encoding/json/v2 Unmarshal reports it (a
// *jsontext.SyntacticError), or nil.
var CheckDocument func(in []byte, opts *jsonopts.Struct) error

// InvalidateNames makes enc, a *jsontext.Encoder, refuse every token and
// value written in the object open at level (as StackIndex counts
// levels, without the outer levels of SetOuter) from now until it is Reset, as Go's jsontext does after its
// v2 package's MarshalEncode failed in an object whose names it was not
// tracking. It does nothing when no object is open at level.
var InvalidateNames func(enc any, level int)

// SetEncoderOptions gives enc, a *jsontext.Encoder, the options o in
// place of its own, which it returns (to be given back the same way),
// as Go's v2 package's MarshalEncode does with its caller's options for
// the length of the call. o must keep enc's whitespace options.
var SetEncoderOptions func(enc any, o *jsonopts.Struct) *jsonopts.Struct

// SetDecoderOptions gives dec, a *jsontext.Decoder, the syntax checks
// of o (AllowDuplicateNames, AllowInvalidUTF8) in place of its own, and
// returns its options as they were, for a later call to put back: for
// the options of one UnmarshalDecode call, which Go's v2 applies to the
// Decoder while the call reads.
var SetDecoderOptions func(dec any, o *jsonopts.Struct) *jsonopts.Struct

// ValueAhead returns the text of the next value dec, a *jsontext.Decoder,
// would read, when it is an object or array that dec's buffer holds
// whole as far as its brackets and string quotes show, in a place where
// the grammar takes a value, and dec has no outer levels (SetOuter) and
// room under its depth limit for a value of depth levels of nesting;
// nil otherwise. The text is not checked: a caller that finds it valid may
// have dec read it with ConsumeAhead, and else reads as usual. Nothing
// changes in dec.
var ValueAhead func(dec any, depth int) []byte

// ConsumeAhead makes dec, a *jsontext.Decoder, read v, the text
// ValueAhead returned with nothing read since, found valid under dec's
// options: dec stands as after a ReadValue that returned v.
var ConsumeAhead func(dec any, v []byte)

// ResetEncoder resets enc, a *jsontext.Encoder (new, or reset this way
// before), to write to w (emptied by the caller), each top-level value
// followed by a newline, as a stream. Its options become o (a copy),
// or stay as they were when o is nil, and it stands inside the levels
// outer gives (see SetOuter), or none when outer is nil. It does not
// allocate.
var ResetEncoder func(enc any, w *bytes.Buffer, o *jsonopts.Struct, outer LevelSource)

// WriteEncoded writes v to enc, a *jsontext.Encoder, as WriteValue
// does. v must be a value jet's encoder wrote under enc's options less
// its whitespace: where those options add nothing, it is not checked
// or reformatted again.
var WriteEncoded func(enc any, v []byte) error

// Written returns what enc, a *jsontext.Encoder reset by ResetEncoder,
// holds and has not yet written to its writer (valid until enc is next
// used), how many containers are left open, and how many top-level
// values it began, its outer levels (SetOuter) left out.
var Written func(enc any) (unflushed []byte, depth int, values int64)

// Level is one level of a jsontext Encoder's or Decoder's stack, as its
// StackIndex and StackPointer report it: Kind is 0 at the top level,
// '{' or '['; Length counts the values (and, in an object, the names)
// so far; Name is an object's last name, "" before its first.
type Level struct {
	Kind   byte
	Length int64
	Name   string
}

// SetOuter makes coder, a *jsontext.Encoder or *jsontext.Decoder, stand
// for a part of a larger text: its StackDepth, StackIndex and
// StackPointer report the levels outer gives (the top level first)
// around its own, as if its tokens were written or read at the end of
// them. outer's Levels is called when they are first asked for, at most
// once. SetOuter returns what coder had (nil for none), to be put back
// the same way; nil removes the outer levels. Reset removes them too.
var SetOuter func(coder any, outer LevelSource) (prev LevelSource)

// LevelSource gives the levels around a part of a text (see SetOuter).
type LevelSource interface {
	Levels() []Level
}

// LevelsFunc is a function as a LevelSource.
type LevelsFunc func() []Level

// Levels returns f().
func (f LevelsFunc) Levels() []Level { return f() }

// DepthSource is a LevelSource that can count its open containers
// without building its levels.
type DepthSource interface {
	LevelSource
	Depth() int
}

// Depth returns how many containers src's levels hold open (its levels
// less the top level; 0 for nil): cheaply when src is a DepthSource.
func Depth(src LevelSource) int {
	if n, ok := CheapDepth(src); ok {
		return n
	}
	if n := len(src.Levels()); n > 0 {
		return n - 1
	}
	return 0
}

// CheapDepth returns Depth(src) when src can count it without building
// its levels (a DepthSource, or nil), and false otherwise.
func CheapDepth(src LevelSource) (int, bool) {
	switch s := src.(type) {
	case nil:
		return 0, true
	case DepthSource:
		return s.Depth(), true
	}
	return 0, false
}

// Levels returns the levels of coder's stack (a *jsontext.Encoder or
// *jsontext.Decoder), the top level first, its outer levels included.
var Levels func(coder any) []Level

// PrefixLevels returns the levels of the stack at the end of prefix,
// the start of a JSON text cut anywhere between tokens (whitespace and
// delimiters allowed, duplicate names and invalid UTF-8 taken as they
// are): the levels a Decoder that read its tokens is at.
var PrefixLevels func(prefix []byte) []Level

// Prefix is a LevelSource: the levels at the end of Text, the start of
// a text written or read inside the levels Outer gives (at the top
// when Outer is nil).
type Prefix struct {
	Text  []byte
	Outer LevelSource
}

// Levels returns the levels at the end of p.Text, inside p.Outer's.
func (p *Prefix) Levels() []Level { return p.AppendLevels(nil) }

// AppendLevels returns dst composed with p's levels (see LevelAppender).
func (p *Prefix) AppendLevels(dst []Level) []Level {
	return ComposeOnto(AppendLevels(dst, p.Outer), PrefixLevels(p.Text))
}

// Nested is a LevelSource for a text written inside another's levels,
// which it can name: the v2 package's for a value marshaled into an
// Encoder (MarshalEncode), inside the levels that Encoder had.
type Nested interface {
	LevelSource
	// Enclosing returns the source of the levels around, or nil.
	Enclosing() LevelSource
}

// LevelAppender is a LevelSource that can compose its levels onto a
// slice of levels the caller owns, which saves a copy of the outer
// levels at each step of a chain of sources (each inside the next):
// building the chain's levels costs its length, not its square.
type LevelAppender interface {
	LevelSource
	// AppendLevels returns Compose(dst, Levels()), reusing dst's
	// array (its last level is changed in place).
	AppendLevels(dst []Level) []Level
}

// AppendLevels returns dst, which the caller owns, composed with the
// levels src gives (dst itself when src is nil).
func AppendLevels(dst []Level, src LevelSource) []Level {
	switch s := src.(type) {
	case nil:
		return dst
	case LevelAppender:
		return s.AppendLevels(dst)
	}
	return ComposeOnto(dst, src.Levels())
}

// Inside returns the levels of inner's text written at the end of the
// levels outer gives (see Compose), or inner when outer is nil.
func Inside(outer LevelSource, inner []Level) []Level {
	if outer == nil {
		return inner
	}
	return ComposeOnto(AppendLevels(nil, outer), inner)
}

// ComposeOnto is Compose for an outer slice the caller owns: it
// appends to outer, and changes its last level in place.
func ComposeOnto(outer, inner []Level) []Level {
	if len(outer) == 0 {
		return append(outer, inner...)
	}
	if len(inner) == 0 {
		return outer
	}
	outer[len(outer)-1].Length += inner[0].Length
	return append(outer, inner[1:]...)
}

// Compose returns the levels of inner's text written at the end of
// outer's: inner's top level is the innermost of outer, which counts its
// values too. Either may be empty (no levels: the top of a new text).
func Compose(outer, inner []Level) []Level {
	if len(outer) == 0 {
		return inner
	}
	if len(inner) == 0 {
		return outer
	}
	out := make([]Level, 0, len(outer)+len(inner)-1)
	out = append(out, outer...)
	out[len(out)-1].Length += inner[0].Length
	return append(out, inner[1:]...)
}
