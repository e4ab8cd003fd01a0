//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// rawValue is the standard library's jsontext.Value, which both
// implementations know (jet recognises either package's).
type rawValue = stdjsontext.Value

// optionPair is one option as each implementation spells it.
type optionPair struct {
	name string
	std  stdjson.Options
	jet  json.Options
}

func optionPairs() []optionPair {
	return []optionPair{
		{"StringifyNumbers", stdjson.StringifyNumbers(true), json.StringifyNumbers(true)},
		{"FormatNilSliceAsNull", stdjson.FormatNilSliceAsNull(true), json.FormatNilSliceAsNull(true)},
		{"FormatNilMapAsNull", stdjson.FormatNilMapAsNull(true), json.FormatNilMapAsNull(true)},
		{"OmitZeroStructFields", stdjson.OmitZeroStructFields(true), json.OmitZeroStructFields(true)},
		{"AllowInvalidUTF8", stdjsontext.AllowInvalidUTF8(true), jsontext.AllowInvalidUTF8(true)},
		{"AllowDuplicateNames", stdjsontext.AllowDuplicateNames(true), jsontext.AllowDuplicateNames(true)},
		{"EscapeForHTML", stdjsontext.EscapeForHTML(true), jsontext.EscapeForHTML(true)},
		{"EscapeForJS", stdjsontext.EscapeForJS(true), jsontext.EscapeForJS(true)},
		{"Multiline", stdjsontext.Multiline(true), jsontext.Multiline(true)},
		{"WithIndent", stdjsontext.WithIndent("  "), jsontext.WithIndent("  ")},
		{"SpaceAfterComma", stdjsontext.SpaceAfterComma(true), jsontext.SpaceAfterComma(true)},
		{"SpaceAfterColon", stdjsontext.SpaceAfterColon(true), jsontext.SpaceAfterColon(true)},
		{"WithIndentPrefix", stdjsontext.WithIndentPrefix("\t"), jsontext.WithIndentPrefix("\t")},
		{"Deterministic=false", stdjson.Deterministic(false), json.Deterministic(false)},
	}
}

// TestMarshalAgainstStd marshals every fixture value with jet and with
// Go's encoding/json/v2, alone and under each option (Deterministic
// always, so that maps compare), and compares the bytes, or the errors'
// kinds, Go types, JSON Pointers and byte offsets.
func TestMarshalAgainstStd(t *testing.T) {
	values := marshalValues()
	names := make([]string, 0, len(values))
	for name := range values {
		names = append(names, name)
	}
	sort.Strings(names)
	sets := [][]optionPair{nil}
	for _, p := range optionPairs() {
		if p.name == "Deterministic=false" {
			continue // the output is compared byte for byte
		}
		sets = append(sets, []optionPair{p})
	}
	for _, name := range names {
		v := values[name]
		for _, set := range sets {
			stdOpts := []stdjson.Options{stdjson.Deterministic(true)}
			jetOpts := []json.Options{json.Deterministic(true)}
			label := name
			for _, p := range set {
				stdOpts = append(stdOpts, p.std)
				jetOpts = append(jetOpts, p.jet)
				label += "/" + p.name
			}
			want, wantErr := stdjson.Marshal(v, stdOpts...)
			got, gotErr := json.Marshal(v, jetOpts...)
			if msg := compareResults(want, wantErr, got, gotErr); msg != "" {
				t.Errorf("%s: %s", label, msg)
			}
		}
	}
}

// compareResults says how jet's result differs from Go's, or "": the
// output, or with errors the errors and the output written before them.
func compareResults(want []byte, wantErr error, got []byte, gotErr error) string {
	switch {
	case wantErr == nil && gotErr == nil:
		if string(want) != string(got) {
			return fmt.Sprintf("output\n got %s\nwant %s", got, want)
		}
		return ""
	case wantErr == nil:
		return fmt.Sprintf("error %v, want output %s", gotErr, want)
	case gotErr == nil:
		return fmt.Sprintf("output %s, want error %v", got, wantErr)
	}
	if msg := compareErrors(wantErr, gotErr); msg != "" {
		return msg
	}
	// Both failed: what was written before the error, which Marshal
	// returns with it.
	if string(want) != string(got) {
		return fmt.Sprintf("partial output\n got %q\nwant %q", got, want)
	}
	return ""
}

// compareErrors compares the facts of two errors: their kind, and for
// semantic and syntactic errors where they happened and with which type.
func compareErrors(want, got error) string {
	var ws *stdjson.SemanticError
	var gs *json.SemanticError
	if errors.As(want, &ws) {
		if !errors.As(got, &gs) {
			return fmt.Sprintf("error %T %v, want SemanticError %v", got, got, want)
		}
		if ws.GoType != gs.GoType || string(ws.JSONPointer) != string(gs.JSONPointer) || ws.ByteOffset != gs.ByteOffset || byte(ws.JSONKind) != byte(gs.JSONKind) {
			return fmt.Sprintf("error\n got type %v pointer %q offset %d kind %v: %v\nwant type %v pointer %q offset %d kind %v: %v",
				gs.GoType, gs.JSONPointer, gs.ByteOffset, gs.JSONKind, got, ws.GoType, ws.JSONPointer, ws.ByteOffset, ws.JSONKind, want)
		}
		want, got = ws.Err, gs.Err
		if want == nil || got == nil {
			if (want == nil) != (got == nil) {
				return fmt.Sprintf("cause %v, want %v", got, want)
			}
			return ""
		}
	}
	var wx *stdjsontext.SyntacticError
	var gx *jsontext.SyntacticError
	if errors.As(want, &wx) {
		if !errors.As(got, &gx) {
			return fmt.Sprintf("cause %T %v, want SyntacticError %v", got, got, want)
		}
		if string(wx.JSONPointer) != string(gx.JSONPointer) || wx.ByteOffset != gx.ByteOffset || wx.Err.Error() != gx.Err.Error() {
			return fmt.Sprintf("syntactic error\n got %q %d %v\nwant %q %d %v", gx.JSONPointer, gx.ByteOffset, got, wx.JSONPointer, wx.ByteOffset, want)
		}
	} else if errors.As(got, &gx) {
		return fmt.Sprintf("cause SyntacticError %v, want %T %v", got, want, want)
	}
	return ""
}

var _ = reflect.TypeOf
