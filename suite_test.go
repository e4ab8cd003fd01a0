package jet_test

// JSONTestSuite (github.com/nst/JSONTestSuite): every y_ document must be
// accepted and every n_ document rejected, by every preset, exactly as
// encoding/json does; i_ documents (where parsers may differ) must be
// treated as encoding/json treats them, recorded in iCases below.

import (
	"bytes"
	"encoding/json"
	"github.com/jetjson/jet/internal/oracle"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/jetjson/jet"
)

const suiteDir = "../shared/testdata/JSONTestSuite"

// suiteFiles returns the documents of a JSONTestSuite directory by name
// (without ".json"), skipping the test if the suite is not there.
func suiteFiles(t *testing.T, sub, prefix string) map[string][]byte {
	t.Helper()
	dir := filepath.Join(suiteDir, sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("JSONTestSuite not found at %s (relative to the repository root): %v", dir, err)
	}
	names, err := filepath.Glob(filepath.Join(dir, prefix+"*.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out[strings.TrimSuffix(filepath.Base(name), ".json")] = data
	}
	return out
}

func sortedNames(m map[string][]byte) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// validators are every way jet checks syntax.
var validators = []struct {
	name string
	fn   func([]byte) bool
}{
	{"jet.Valid", jet.Valid},
	{"jet.ValidString", func(b []byte) bool { return jet.ValidString(string(b)) }},
	{"Std.Valid", jet.ConfigStd.Valid},
	{"Default.Valid", jet.ConfigDefault.Valid},
	{"Fastest.Valid", jet.ConfigFastest.Valid},
	{"jet.Compact", func(b []byte) bool { var buf bytes.Buffer; return jet.Compact(&buf, b) == nil }},
	{"jet.Indent", func(b []byte) bool { var buf bytes.Buffer; return jet.Indent(&buf, b, "", "") == nil }},
}

func TestJSONTestSuiteY(t *testing.T) {
	files := suiteFiles(t, "test_parsing", "y_")
	if len(files) != 95 {
		t.Fatalf("found %d y_ files, want 95", len(files))
	}
	for _, name := range sortedNames(files) {
		data := files[name]
		var want any
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("%s: encoding/json rejects it: %v", name, err)
		}
		for _, p := range presets {
			var got any
			if err := p.api.Unmarshal(data, &got); err != nil {
				t.Errorf("%s: %s.Unmarshal rejects it: %v", name, p.name, err)
			} else if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s.Unmarshal = %#v, want %#v", name, p.name, got, want)
			}
			got = nil
			if err := p.api.UnmarshalFromString(string(data), &got); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s.UnmarshalFromString = %#v, %v; want %#v", name, p.name, got, err, want)
			}
		}
		for _, v := range validators {
			if !v.fn(data) {
				t.Errorf("%s: %s rejects it", name, v.name)
			}
		}
	}
}

func TestJSONTestSuiteN(t *testing.T) {
	oracle.Require(t)
	files := suiteFiles(t, "test_parsing", "n_")
	if len(files) != 188 {
		t.Fatalf("found %d n_ files, want 188", len(files))
	}
	for _, name := range sortedNames(files) {
		data := files[name]
		var v any
		stdErr := json.Unmarshal(data, &v)
		if stdErr == nil {
			t.Fatalf("%s: encoding/json accepts it", name)
		}
		for _, p := range presets {
			var got any
			err := p.api.Unmarshal(data, &got)
			if err == nil {
				t.Errorf("%s: %s.Unmarshal accepts it: %#v", name, p.name, got)
				continue
			}
			if d := diffUnmarshalErr(stdErr, err, 0); d != "" {
				t.Errorf("%s: %s.Unmarshal: %s", name, p.name, d)
			}
			if err := p.api.UnmarshalFromString(string(data), &got); err == nil {
				t.Errorf("%s: %s.UnmarshalFromString accepts it", name, p.name)
			}
		}
		for _, v := range validators {
			if v.fn(data) {
				t.Errorf("%s: %s accepts it", name, v.name)
			}
		}
	}
}

// iCase is what encoding/json (and so jet) does with an i_ document:
// whether Valid accepts it, and what Unmarshal into an `any` returns.
type iCase struct {
	valid     bool
	unmarshal string // "ok", "syntax error" or "type error"
	note      string
}

// iCases lists each i_ ("implementation defined") document of
// JSONTestSuite with encoding/json's outcome, which jet must match in
// every preset. This is the table for the README:
//
//	| document                                        | Valid | Unmarshal into any                      |
//	|-------------------------------------------------|-------|-----------------------------------------|
//	| i_number_double_huge_neg_exp                    | true  | ok: 0                                   |
//	| i_number_huge_exp                               | true  | UnmarshalTypeError (float64 overflow)   |
//	| i_number_neg_int_huge_exp                       | true  | UnmarshalTypeError (float64 overflow)   |
//	| i_number_pos_double_huge_exp                    | true  | UnmarshalTypeError (float64 overflow)   |
//	| i_number_real_neg_overflow                      | true  | UnmarshalTypeError (float64 overflow)   |
//	| i_number_real_pos_overflow                      | true  | UnmarshalTypeError (float64 overflow)   |
//	| i_number_real_underflow                         | true  | ok: 0                                   |
//	| i_number_too_big_neg_int                        | true  | ok: rounded float64                     |
//	| i_number_too_big_pos_int                        | true  | ok: rounded float64                     |
//	| i_number_very_big_negative_int                  | true  | ok: rounded float64                     |
//	| i_object_key_lone_2nd_surrogate                 | true  | ok: U+FFFD                              |
//	| i_string_1st_surrogate_but_2nd_missing          | true  | ok: U+FFFD                              |
//	| i_string_1st_valid_surrogate_2nd_invalid        | true  | ok: U+FFFD                              |
//	| i_string_UTF-16LE_with_BOM                      | false | SyntaxError                             |
//	| i_string_UTF-8_invalid_sequence                 | true  | ok: U+FFFD                              |
//	| i_string_UTF8_surrogate_U+D800                  | true  | ok: U+FFFD                              |
//	| i_string_incomplete_surrogate_and_escape_valid  | true  | ok: U+FFFD                              |
//	| i_string_incomplete_surrogate_pair              | true  | ok: U+FFFD                              |
//	| i_string_incomplete_surrogates_escape_valid     | true  | ok: U+FFFD                              |
//	| i_string_invalid_lonely_surrogate               | true  | ok: U+FFFD                              |
//	| i_string_invalid_surrogate                      | true  | ok: U+FFFD                              |
//	| i_string_invalid_utf-8                          | true  | ok: U+FFFD                              |
//	| i_string_inverted_surrogates_U+1D11E            | true  | ok: U+FFFD                              |
//	| i_string_iso_latin_1                            | true  | ok: U+FFFD                              |
//	| i_string_lone_second_surrogate                  | true  | ok: U+FFFD                              |
//	| i_string_lone_utf8_continuation_byte            | true  | ok: U+FFFD                              |
//	| i_string_not_in_unicode_range                   | true  | ok: U+FFFD                              |
//	| i_string_overlong_sequence_2_bytes              | true  | ok: U+FFFD                              |
//	| i_string_overlong_sequence_6_bytes              | true  | ok: U+FFFD                              |
//	| i_string_overlong_sequence_6_bytes_null         | true  | ok: U+FFFD                              |
//	| i_string_truncated-utf-8                        | true  | ok: U+FFFD                              |
//	| i_string_utf16BE_no_BOM                         | false | SyntaxError                             |
//	| i_string_utf16LE_no_BOM                         | false | SyntaxError                             |
//	| i_structure_500_nested_arrays                   | true  | ok                                      |
//	| i_structure_UTF-8_BOM_empty_object              | false | SyntaxError                             |
//
// "U+FFFD": each invalid byte or unpaired surrogate becomes U+FFFD.
// ValidateString makes invalid UTF-8 in strings an error instead (and
// leaves escaped surrogates as U+FFFD).
var iCases = map[string]iCase{
	"i_number_double_huge_neg_exp":                   {true, "ok", "0"},
	"i_number_huge_exp":                              {true, "type error", "float64 overflow"},
	"i_number_neg_int_huge_exp":                      {true, "type error", "float64 overflow"},
	"i_number_pos_double_huge_exp":                   {true, "type error", "float64 overflow"},
	"i_number_real_neg_overflow":                     {true, "type error", "float64 overflow"},
	"i_number_real_pos_overflow":                     {true, "type error", "float64 overflow"},
	"i_number_real_underflow":                        {true, "ok", "0"},
	"i_number_too_big_neg_int":                       {true, "ok", "rounded float64"},
	"i_number_too_big_pos_int":                       {true, "ok", "rounded float64"},
	"i_number_very_big_negative_int":                 {true, "ok", "rounded float64"},
	"i_object_key_lone_2nd_surrogate":                {true, "ok", "U+FFFD"},
	"i_string_1st_surrogate_but_2nd_missing":         {true, "ok", "U+FFFD"},
	"i_string_1st_valid_surrogate_2nd_invalid":       {true, "ok", "U+FFFD"},
	"i_string_UTF-16LE_with_BOM":                     {false, "syntax error", ""},
	"i_string_UTF-8_invalid_sequence":                {true, "ok", "U+FFFD"},
	"i_string_UTF8_surrogate_U+D800":                 {true, "ok", "U+FFFD"},
	"i_string_incomplete_surrogate_and_escape_valid": {true, "ok", "U+FFFD"},
	"i_string_incomplete_surrogate_pair":             {true, "ok", "U+FFFD"},
	"i_string_incomplete_surrogates_escape_valid":    {true, "ok", "U+FFFD"},
	"i_string_invalid_lonely_surrogate":              {true, "ok", "U+FFFD"},
	"i_string_invalid_surrogate":                     {true, "ok", "U+FFFD"},
	"i_string_invalid_utf-8":                         {true, "ok", "U+FFFD"},
	"i_string_inverted_surrogates_U+1D11E":           {true, "ok", "U+FFFD"},
	"i_string_iso_latin_1":                           {true, "ok", "U+FFFD"},
	"i_string_lone_second_surrogate":                 {true, "ok", "U+FFFD"},
	"i_string_lone_utf8_continuation_byte":           {true, "ok", "U+FFFD"},
	"i_string_not_in_unicode_range":                  {true, "ok", "U+FFFD"},
	"i_string_overlong_sequence_2_bytes":             {true, "ok", "U+FFFD"},
	"i_string_overlong_sequence_6_bytes":             {true, "ok", "U+FFFD"},
	"i_string_overlong_sequence_6_bytes_null":        {true, "ok", "U+FFFD"},
	"i_string_truncated-utf-8":                       {true, "ok", "U+FFFD"},
	"i_string_utf16BE_no_BOM":                        {false, "syntax error", ""},
	"i_string_utf16LE_no_BOM":                        {false, "syntax error", ""},
	"i_structure_500_nested_arrays":                  {true, "ok", ""},
	"i_structure_UTF-8_BOM_empty_object":             {false, "syntax error", ""},
}

func outcome(err error) string {
	switch err.(type) {
	case nil:
		return "ok"
	case *json.SyntaxError, *jet.SyntaxError:
		return "syntax error"
	case *json.UnmarshalTypeError, *jet.MismatchTypeError:
		return "type error"
	}
	return "other error: " + err.Error()
}

func TestJSONTestSuiteI(t *testing.T) {
	oracle.Require(t)
	files := suiteFiles(t, "test_parsing", "i_")
	if len(files) != len(iCases) {
		t.Errorf("found %d i_ files, the table has %d", len(files), len(iCases))
	}
	for _, name := range sortedNames(files) {
		data := files[name]
		want, ok := iCases[name]
		if !ok {
			t.Errorf("%s: not in iCases", name)
			continue
		}
		var stdV any
		stdErr := json.Unmarshal(data, &stdV)
		if outcome(stdErr) != want.unmarshal || json.Valid(data) != want.valid {
			t.Errorf("%s: encoding/json gives Valid %v, Unmarshal %s; the table says %v, %s",
				name, json.Valid(data), outcome(stdErr), want.valid, want.unmarshal)
		}
		for _, p := range presets {
			var v any
			err := p.api.Unmarshal(data, &v)
			if d := diffUnmarshalErr(stdErr, err, 0); d != "" {
				t.Errorf("%s: %s.Unmarshal: %s", name, p.name, d)
			}
			if outcome(err) != want.unmarshal {
				t.Errorf("%s: %s.Unmarshal: %s, want %s", name, p.name, outcome(err), want.unmarshal)
			}
			if _, ok := stdErr.(*json.SyntaxError); !ok && !reflect.DeepEqual(v, stdV) {
				t.Errorf("%s: %s.Unmarshal = %#v, want %#v", name, p.name, v, stdV)
			}
			if p.api.Valid(data) != want.valid {
				t.Errorf("%s: %s.Valid = %v, want %v", name, p.name, !want.valid, want.valid)
			}
		}
		for _, v := range validators {
			if v.fn(data) != want.valid {
				t.Errorf("%s: %s = %v, want %v", name, v.name, !want.valid, want.valid)
			}
		}
	}
}

// TestJSONTestSuiteTransform decodes the test_transform documents and
// encodes them again, with encoding/json and with jet: the same
// acceptance, the same values, the same bytes out (ConfigStd), with and
// without UseNumber.
func TestJSONTestSuiteTransform(t *testing.T) {
	files := suiteFiles(t, "test_transform", "")
	if len(files) == 0 {
		t.Fatal("no test_transform documents")
	}
	for _, name := range sortedNames(files) {
		data := files[name]
		for _, useNumber := range []bool{false, true} {
			var stdV any
			dec := json.NewDecoder(bytes.NewReader(data))
			if useNumber {
				dec.UseNumber()
			}
			stdErr := dec.Decode(&stdV)
			if stdErr == nil && !json.Valid(data) {
				continue // trailing data: Decoder and Unmarshal differ
			}
			for _, p := range presets {
				api := p.api
				if useNumber {
					api = jet.Config{UseNumber: true, EscapeHTML: p.name == "Std", SortMapKeys: p.name == "Std"}.Froze()
				}
				var v any
				err := api.Unmarshal(data, &v)
				if d := diffUnmarshalErr(stdErr, err, 0); d != "" {
					t.Errorf("%s (UseNumber %v): %s.Unmarshal: %s", name, useNumber, p.name, d)
					continue
				}
				if _, ok := stdErr.(*json.SyntaxError); ok {
					continue
				}
				if !reflect.DeepEqual(v, stdV) {
					t.Errorf("%s (UseNumber %v): %s.Unmarshal = %#v, want %#v", name, useNumber, p.name, v, stdV)
				}
				if stdErr != nil {
					continue
				}
				want, err1 := json.Marshal(stdV)
				got, err2 := jet.ConfigStd.Marshal(v)
				if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
					t.Errorf("%s (UseNumber %v): %s round trip: %s %v, want %s %v", name, useNumber, p.name, got, err2, want, err1)
				}
			}
		}
		// Compact and Indent against encoding/json's.
		var a, b bytes.Buffer
		err1 := json.Compact(&a, data)
		err2 := jet.Compact(&b, data)
		if (err1 == nil) != (err2 == nil) || !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: Compact: jet %q %v, std %q %v", name, b.Bytes(), err2, a.Bytes(), err1)
		}
	}
}
