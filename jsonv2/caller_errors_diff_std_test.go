//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"strings"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// callerSem is the SemanticError the caller's methods and functions
// below return: positioned or not, as a test sets it.
var callerSem struct {
	ptr string
	off int64
}

var errCallerCause = errors.New("caller's failure")

func jetCallerSem() error {
	return &json.SemanticError{JSONPointer: jsontext.Pointer(callerSem.ptr), ByteOffset: callerSem.off, Err: errCallerCause}
}

func stdCallerSem() error {
	return &stdjson.SemanticError{JSONPointer: stdjsontext.Pointer(callerSem.ptr), ByteOffset: callerSem.off, Err: errCallerCause}
}

// Each method of v2's order, returning a SemanticError, for jet and Go.
type (
	semJetJSON   struct{}
	semStdJSON   struct{}
	semJetText   struct{}
	semStdText   struct{}
	semJetAppend struct{}
	semStdAppend struct{}
	semJetTo     struct{}
	semStdTo     struct{}
	semFuncValue struct{}
)

func (semJetJSON) MarshalJSON() ([]byte, error)           { return nil, jetCallerSem() }
func (semStdJSON) MarshalJSON() ([]byte, error)           { return nil, stdCallerSem() }
func (semJetText) MarshalText() ([]byte, error)           { return nil, jetCallerSem() }
func (semStdText) MarshalText() ([]byte, error)           { return nil, stdCallerSem() }
func (semJetAppend) AppendText([]byte) ([]byte, error)    { return nil, jetCallerSem() }
func (semStdAppend) AppendText([]byte) ([]byte, error)    { return nil, stdCallerSem() }
func (semJetTo) MarshalJSONTo(*jsontext.Encoder) error    { return jetCallerSem() }
func (semStdTo) MarshalJSONTo(*stdjsontext.Encoder) error { return stdCallerSem() }

// TestCallerSemanticErrorsAgainstStd checks how a SemanticError that a
// caller's method or function returns is reported, positioned by it or
// not: Go's v2 fills in what a MarshalJSONTo or MarshalToFunc left
// empty, places a MarshalJSON's or MarshalFunc's within the value
// (collapsing the two), and reports a MarshalText's as it is.
func TestCallerSemanticErrorsAgainstStd(t *testing.T) {
	jetFuncs := map[string]json.Options{
		"MarshalFunc": json.WithMarshalers(json.MarshalFunc(func(semFuncValue) ([]byte, error) { return nil, jetCallerSem() })),
		"MarshalToFunc": json.WithMarshalers(json.MarshalToFunc(func(*jsontext.Encoder, semFuncValue) error {
			return jetCallerSem()
		})),
	}
	stdFuncs := map[string]stdjson.Options{
		"MarshalFunc": stdjson.WithMarshalers(stdjson.MarshalFunc(func(semFuncValue) ([]byte, error) { return nil, stdCallerSem() })),
		"MarshalToFunc": stdjson.WithMarshalers(stdjson.MarshalToFunc(func(*stdjsontext.Encoder, semFuncValue) error {
			return stdCallerSem()
		})),
	}
	values := map[string][2]any{
		"MarshalJSON":   {semJetJSON{}, semStdJSON{}},
		"MarshalText":   {semJetText{}, semStdText{}},
		"AppendText":    {semJetAppend{}, semStdAppend{}},
		"MarshalJSONTo": {semJetTo{}, semStdTo{}},
		"MarshalFunc":   {semFuncValue{}, semFuncValue{}},
		"MarshalToFunc": {semFuncValue{}, semFuncValue{}},
	}
	for _, pos := range []struct {
		ptr string
		off int64
	}{{}, {ptr: "/x"}, {off: 7}, {ptr: "/x", off: 7}} {
		callerSem.ptr, callerSem.off = pos.ptr, pos.off
		for name, v := range values {
			var jopts []json.Options
			var sopts []stdjson.Options
			if o, ok := jetFuncs[name]; ok {
				jopts, sopts = append(jopts, o), append(sopts, stdFuncs[name])
			}
			got, gerr := json.Marshal(map[string]any{"a": []any{1, v[0]}}, jopts...)
			want, werr := stdjson.Marshal(map[string]any{"a": []any{1, v[1]}}, sopts...)
			var je *json.SemanticError
			var se *stdjson.SemanticError
			if errors.As(gerr, &je) && errors.As(werr, &se) && je.GoType != nil && se.GoType != nil &&
				strings.Replace(je.GoType.String(), "Jet", "Std", 1) == se.GoType.String() {
				se.GoType = je.GoType // the test's twin types
			}
			if msg := compareResults(want, werr, got, gerr); msg != "" {
				t.Errorf("%s returning a SemanticError at %q, offset %d: %s", name, pos.ptr, pos.off, msg)
			}
		}
	}
}
