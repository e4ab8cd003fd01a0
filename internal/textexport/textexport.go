// Package textexport lets jet's packages above the syntax layer call
// what jsontext does without exporting it: jsontext's exported API is
// exactly Go's encoding/json/jsontext, so these entry points are
// installed here by jsontext when it is initialised.
package textexport

import "github.com/jetjson/jet/internal/jsonopts"

// CheckDocument checks that in is one JSON value surrounded by nothing
// but whitespace, under the syntax options in opts (duplicate names and
// invalid UTF-8 rejected unless they allow them), and returns the first
// error as Go's encoding/json/v2 Unmarshal reports it (a
// *jsontext.SyntacticError), or nil.
var CheckDocument func(in []byte, opts *jsonopts.Struct) error

// InvalidateNames makes enc, a *jsontext.Encoder, refuse every token and
// value written in the object open at level (as StackIndex counts
// levels) from now until it is Reset, as Go's jsontext does after its
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
