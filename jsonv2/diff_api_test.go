//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"bytes"
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// funcCase is a list of caller-supplied marshal functions as each
// implementation spells it.
type funcCase struct {
	name string
	std  *stdjson.Marshalers
	jet  *json.Marshalers
}

// funcCases covers MarshalFunc, MarshalToFunc and JoinMarshalers:
// functions that decline with errors.ErrUnsupported, functions on
// interface types, errors and SemanticErrors returned by the caller's
// code, and output that is not one value.
func funcCases() []funcCase {
	stdInt := stdjson.MarshalFunc(func(n int) ([]byte, error) {
		if n%2 == 0 {
			return nil, errors.ErrUnsupported
		}
		return []byte(`"odd ` + strconv.Itoa(n) + `"`), nil
	})
	jetInt := json.MarshalFunc(func(n int) ([]byte, error) {
		if n%2 == 0 {
			return nil, errors.ErrUnsupported
		}
		return []byte(`"odd ` + strconv.Itoa(n) + `"`), nil
	})
	stdStringer := stdjson.MarshalToFunc(func(enc *stdjsontext.Encoder, s fmt.Stringer) error {
		return enc.WriteToken(stdjsontext.String("stringer:" + s.String()))
	})
	jetStringer := json.MarshalToFunc(func(enc *jsontext.Encoder, s fmt.Stringer) error {
		return enc.WriteToken(jsontext.String("stringer:" + s.String()))
	})
	stdLeaf := stdjson.MarshalToFunc(func(enc *stdjsontext.Encoder, l *leaf) error {
		switch {
		case l.A < 0:
			return errors.ErrUnsupported
		case l.A == 1:
			return errors.New("leaf one")
		case l.A == 2:
			return &stdjson.SemanticError{Err: errors.New("semantic two")}
		case l.A == 3:
			return nil // writes nothing
		}
		if err := enc.WriteToken(stdjsontext.BeginArray); err != nil {
			return err
		}
		if err := stdjson.MarshalEncode(enc, l.C); err != nil {
			return err
		}
		return enc.WriteToken(stdjsontext.EndArray)
	})
	jetLeaf := json.MarshalToFunc(func(enc *jsontext.Encoder, l *leaf) error {
		switch {
		case l.A < 0:
			return errors.ErrUnsupported
		case l.A == 1:
			return errors.New("leaf one")
		case l.A == 2:
			return &json.SemanticError{Err: errors.New("semantic two")}
		case l.A == 3:
			return nil
		}
		if err := enc.WriteToken(jsontext.BeginArray); err != nil {
			return err
		}
		if err := json.MarshalEncode(enc, l.C); err != nil {
			return err
		}
		return enc.WriteToken(jsontext.EndArray)
	})
	stdBad := stdjson.MarshalFunc(func(s string) ([]byte, error) {
		switch s {
		case "hello":
			return []byte(`{"a":}`), nil
		case "a":
			return []byte(`1 2`), nil
		case "é":
			return nil, errors.New("no accents")
		}
		return nil, errors.ErrUnsupported
	})
	jetBad := json.MarshalFunc(func(s string) ([]byte, error) {
		switch s {
		case "hello":
			return []byte(`{"a":}`), nil
		case "a":
			return []byte(`1 2`), nil
		case "é":
			return nil, errors.New("no accents")
		}
		return nil, errors.ErrUnsupported
	})
	stdAnyFloat := stdjson.MarshalFunc(func(f float64) ([]byte, error) {
		return []byte(strconv.FormatFloat(f, 'e', 3, 64)), nil
	})
	jetAnyFloat := json.MarshalFunc(func(f float64) ([]byte, error) {
		return []byte(strconv.FormatFloat(f, 'e', 3, 64)), nil
	})
	return []funcCase{
		{"int", stdInt, jetInt},
		{"stringer", stdStringer, jetStringer},
		{"leaf", stdLeaf, jetLeaf},
		{"bad", stdBad, jetBad},
		{"float", stdAnyFloat, jetAnyFloat},
		{"joined", stdjson.JoinMarshalers(stdInt, stdLeaf, nil, stdStringer), json.JoinMarshalers(jetInt, jetLeaf, nil, jetStringer)},
		{"joined2", stdjson.JoinMarshalers(stdjson.JoinMarshalers(stdBad), stdAnyFloat), json.JoinMarshalers(json.JoinMarshalers(jetBad), jetAnyFloat)},
	}
}

// funcValues are values for the function cases to take.
func funcValues() map[string]any {
	return map[string]any{
		"ints":     []int{1, 2, 3},
		"intmap":   map[string]int{"a": 1}, // one key: functions on string keys may fail, and Go tries keys in map order
		"intkeys":  map[int]string{1: "x", 2: "y"},
		"stringer": []any{stringerValue{1}, fmt.Stringer(stringerValue{2}), nil},
		"strfield": struct{ S fmt.Stringer }{stringerValue{3}},
		"leaves":   []*leaf{{A: -1, B: "x"}, {A: 5, C: []any{1.0, "two"}}, nil},
		"leaf1":    []leaf{{A: 0}, {A: 1}},
		"leaf2":    map[string]leaf{"k": {A: 2}},
		"leaf3":    []any{&leaf{A: 3}},
		"strings":  []string{"x", "hello"},
		"strings2": map[string]string{"k": "a"},
		"strings3": []string{"é"},
		"floats":   []any{1.5, float32(2), 3},
		"kitchen":  randomValue(0),
		// The functions write no keys of an embedded fallback map.
		"fallbackkeys": withInline{A: 1, Extra: map[string]any{"a": 1}},
	}
}

// TestMarshalFuncsAgainstStd marshals values under caller-supplied
// functions with both implementations.
func TestMarshalFuncsAgainstStd(t *testing.T) {
	values := funcValues()
	for _, fc := range funcCases() {
		for name, v := range values {
			want, wantErr := stdjson.Marshal(v, stdjson.WithMarshalers(fc.std), stdjson.Deterministic(true))
			got, gotErr := json.Marshal(v, json.WithMarshalers(fc.jet), json.Deterministic(true))
			if msg := compareResults(want, wantErr, got, gotErr); msg != "" {
				t.Errorf("%s/%s: %s", fc.name, name, msg)
			}
		}
	}
}

// TestMarshalWriteAgainstStd compares MarshalWrite's output.
func TestMarshalWriteAgainstStd(t *testing.T) {
	for name, v := range marshalValues() {
		for _, set := range optionSets()[:6] {
			stdOpts := []stdjson.Options{stdjson.Deterministic(true)}
			jetOpts := []json.Options{json.Deterministic(true)}
			for _, p := range set {
				stdOpts = append(stdOpts, p.std)
				jetOpts = append(jetOpts, p.jet)
			}
			var wb, gb bytes.Buffer
			wantErr := stdjson.MarshalWrite(&wb, v, stdOpts...)
			gotErr := json.MarshalWrite(&gb, v, jetOpts...)
			want, got := wb.Bytes(), gb.Bytes()
			if wantErr != nil || gotErr != nil {
				want, got = nil, nil // what was written before an error may differ
			}
			if msg := compareResults(want, wantErr, got, gotErr); msg != "" {
				t.Errorf("%s: %s", name, msg)
			}
		}
	}
}

// TestMarshalEncodeAgainstStd marshals values with MarshalEncode into
// an Encoder already inside an array and an object, with options given
// to the Encoder and to the call.
func TestMarshalEncodeAgainstStd(t *testing.T) {
	type setup struct {
		name    string
		stdEnc  []stdjsontext.Options
		jetEnc  []jsontext.Options
		stdCall []stdjson.Options
		jetCall []json.Options
	}
	setups := []setup{
		{name: "plain", stdCall: []stdjson.Options{stdjson.Deterministic(true)}, jetCall: []json.Options{json.Deterministic(true)}},
		{name: "encoder options",
			stdEnc: []stdjsontext.Options{stdjson.Deterministic(true), stdjsontext.EscapeForHTML(true), stdjson.StringifyNumbers(true), stdjsontext.AllowInvalidUTF8(true)},
			jetEnc: []jsontext.Options{json.Deterministic(true), jsontext.EscapeForHTML(true), json.StringifyNumbers(true), jsontext.AllowInvalidUTF8(true)}},
		{name: "Multiline",
			stdEnc:  []stdjsontext.Options{stdjsontext.Multiline(true), stdjson.FormatNilSliceAsNull(true)},
			jetEnc:  []jsontext.Options{jsontext.Multiline(true), json.FormatNilSliceAsNull(true)},
			stdCall: []stdjson.Options{stdjson.Deterministic(true), stdjson.FormatNilSliceAsNull(false)},
			jetCall: []json.Options{json.Deterministic(true), json.FormatNilSliceAsNull(false)}},
	}
	for _, s := range setups {
		for name, v := range marshalValues() {
			for _, where := range []string{"top", "array", "object"} {
				if where != "top" && (name == "cycle" || name == "anycycle") {
					// Known gap: Go counts the Encoder's open containers
					// toward the depth where it looks for cycles, and so
					// reports one as many levels sooner.
					continue
				}
				var wb, gb bytes.Buffer
				se := stdjsontext.NewEncoder(&wb, s.stdEnc...)
				je := jsontext.NewEncoder(&gb, s.jetEnc...)
				switch where {
				case "array":
					se.WriteToken(stdjsontext.BeginArray)
					se.WriteToken(stdjsontext.Int(1))
					je.WriteToken(jsontext.BeginArray)
					je.WriteToken(jsontext.Int(1))
				case "object":
					se.WriteToken(stdjsontext.BeginObject)
					se.WriteToken(stdjsontext.String("k"))
					je.WriteToken(jsontext.BeginObject)
					je.WriteToken(jsontext.String("k"))
				}
				wantErr := stdjson.MarshalEncode(se, v, s.stdCall...)
				gotErr := json.MarshalEncode(je, v, s.jetCall...)
				label := fmt.Sprintf("%s/%s/%s", s.name, name, where)
				if wantErr != nil || gotErr != nil {
					if msg := compareResults(nil, wantErr, nil, gotErr); msg != "" {
						if kind := knownGap(label, msg); kind == "" {
							t.Errorf("%s: %s", label, msg)
						}
					}
					continue
				}
				switch where {
				case "array":
					se.WriteToken(stdjsontext.EndArray)
					je.WriteToken(jsontext.EndArray)
				case "object":
					se.WriteToken(stdjsontext.EndObject)
					je.WriteToken(jsontext.EndObject)
				}
				if wb.String() != gb.String() {
					t.Errorf("%s: output\n got %s\nwant %s", label, gb.Bytes(), wb.Bytes())
				}
			}
		}
	}
}

// TestGetOptionAgainstStd compares GetOption over joined options.
func TestGetOptionAgainstStd(t *testing.T) {
	stdSets := [][]stdjson.Options{
		nil,
		{stdjson.Deterministic(true)},
		{stdjson.Deterministic(true), stdjson.Deterministic(false)},
		{stdjson.DefaultOptionsV2()},
		{stdjson.DefaultOptionsV2(), stdjson.StringifyNumbers(true), stdjsontext.WithIndent("\t")},
		{stdjson.JoinOptions(stdjson.FormatNilMapAsNull(true), stdjsontext.AllowInvalidUTF8(true)), stdjson.OmitZeroStructFields(true)},
		{stdjsontext.Multiline(true), stdjsontext.WithIndentPrefix("  "), stdjson.MatchCaseInsensitiveNames(true), stdjson.RejectUnknownMembers(false)},
	}
	jetSets := [][]json.Options{
		nil,
		{json.Deterministic(true)},
		{json.Deterministic(true), json.Deterministic(false)},
		{json.DefaultOptionsV2()},
		{json.DefaultOptionsV2(), json.StringifyNumbers(true), jsontext.WithIndent("\t")},
		{json.JoinOptions(json.FormatNilMapAsNull(true), jsontext.AllowInvalidUTF8(true)), json.OmitZeroStructFields(true)},
		{jsontext.Multiline(true), jsontext.WithIndentPrefix("  "), json.MatchCaseInsensitiveNames(true), json.RejectUnknownMembers(false)},
	}
	for i := range stdSets {
		so := stdjson.JoinOptions(stdSets[i]...)
		jo := json.JoinOptions(jetSets[i]...)
		check := func(name string, wv any, wok bool, gv any, gok bool) {
			if wv != gv || wok != gok {
				t.Errorf("set %d: GetOption(%s) = %v, %v; want %v, %v", i, name, gv, gok, wv, wok)
			}
		}
		wb, wok := stdjson.GetOption(so, stdjson.Deterministic)
		gb, gok := json.GetOption(jo, json.Deterministic)
		check("Deterministic", wb, wok, gb, gok)
		wb, wok = stdjson.GetOption(so, stdjson.StringifyNumbers)
		gb, gok = json.GetOption(jo, json.StringifyNumbers)
		check("StringifyNumbers", wb, wok, gb, gok)
		wb, wok = stdjson.GetOption(so, stdjson.FormatNilMapAsNull)
		gb, gok = json.GetOption(jo, json.FormatNilMapAsNull)
		check("FormatNilMapAsNull", wb, wok, gb, gok)
		wb, wok = stdjson.GetOption(so, stdjson.OmitZeroStructFields)
		gb, gok = json.GetOption(jo, json.OmitZeroStructFields)
		check("OmitZeroStructFields", wb, wok, gb, gok)
		wb, wok = stdjson.GetOption(so, stdjson.RejectUnknownMembers)
		gb, gok = json.GetOption(jo, json.RejectUnknownMembers)
		check("RejectUnknownMembers", wb, wok, gb, gok)
		wb, wok = stdjson.GetOption(so, stdjsontext.AllowInvalidUTF8)
		gb, gok = json.GetOption(jo, jsontext.AllowInvalidUTF8)
		check("AllowInvalidUTF8", wb, wok, gb, gok)
		wb, wok = stdjson.GetOption(so, stdjsontext.Multiline)
		gb, gok = json.GetOption(jo, jsontext.Multiline)
		check("Multiline", wb, wok, gb, gok)
		ws, wok := stdjson.GetOption(so, stdjsontext.WithIndent)
		gs, gok := json.GetOption(jo, jsontext.WithIndent)
		check("WithIndent", ws, wok, gs, gok)
		ws, wok = stdjson.GetOption(so, stdjsontext.WithIndentPrefix)
		gs, gok = json.GetOption(jo, jsontext.WithIndentPrefix)
		check("WithIndentPrefix", ws, wok, gs, gok)
	}
}
