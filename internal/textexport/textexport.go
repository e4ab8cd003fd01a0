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
