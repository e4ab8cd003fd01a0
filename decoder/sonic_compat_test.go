package decoder_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jetjson/jet/decoder"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
	"github.com/jetjson/jet/option"
)

// unicodeCases are inputs for OptionUseUnicodeErrors: the index of the
// bad escape's backslash, or -1 for none.
var unicodeCases = []struct {
	in  string
	bad int
}{
	{`"\ud800"`, 1},
	{`"\udc00"`, 1},
	{`"\udfff"`, 1},
	{`"\ud800\u0041"`, 1},
	{`"\ud800x"`, 1},
	{`"\ud800\n"`, 1},
	{`"\ud800\ud800"`, 1},
	{`"\uDBFF\uDFFF"`, -1},
	{`"a\ud83d\ude00b"`, -1},
	{`"\ud83d\ude00\ud800"`, 13},
	{`"\\ud800"`, -1},
	{`"\\\ud800"`, 3},
	{`"\u0041\u00e9\uffff"`, -1},
	{`["ok", "\udc00"]`, 8},
	{`{"\ud800":1}`, 2},
	{`{"a":"\udfff"}`, 6},
	{`{"unknown":"\ud800","A":"x"}`, 12},
}

func TestUseUnicodeErrors(t *testing.T) {
	type target struct{ A string }
	for _, c := range unicodeCases {
		for _, how := range []string{"DecodeString", "Decode", "Decoder", "StreamDecoder"} {
			var v any
			if strings.Contains(c.in, `"A"`) {
				v = new(target)
			} else {
				v = new(any)
			}
			var err error
			switch how {
			case "DecodeString":
				err = decoder.DecodeString(c.in, v, decoder.OptionUseUnicodeErrors)
			case "Decode":
				err = decoder.Decode([]byte(c.in), v, decoder.OptionUseUnicodeErrors)
			case "Decoder":
				d := decoder.NewDecoder("  " + c.in)
				d.UseUnicodeErrors()
				err = d.Decode(v)
				if err == nil && d.Pos() != len(c.in)+2 {
					t.Errorf("%s %s: Pos %d, want %d", how, c.in, d.Pos(), len(c.in)+2)
				}
				if se, ok := err.(*decoder.SyntaxError); ok {
					se.Offset -= 2 // the two spaces in front
				}
			case "StreamDecoder":
				d := decoder.NewStreamDecoder(strings.NewReader(c.in))
				d.UseUnicodeErrors()
				err = d.Decode(v)
			}
			if c.bad < 0 {
				if err != nil {
					t.Errorf("%s %s: %v, want no error", how, c.in, err)
				}
				continue
			}
			var se *decoder.SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("%s %s: %v, want a SyntaxError", how, c.in, err)
				continue
			}
			if se.Offset != int64(c.bad)+1 || !strings.Contains(se.Msg, "surrogate") {
				t.Errorf("%s %s: Offset %d %q, want the escape at %d", how, c.in, se.Offset, se.Msg, c.bad)
			}
		}
		// Without the option, a bad escape is U+FFFD, as in encoding/json.
		var v any
		if err := decoder.DecodeString(c.in, &v, 0); err != nil {
			t.Errorf("%s without the option: %v", c.in, err)
		}
	}
	// A syntax error before the bad escape wins over it; one after it
	// does not reach the check.
	var v any
	err := decoder.DecodeString(`[1,,"\ud800"]`, &v, decoder.OptionUseUnicodeErrors)
	var se *decoder.SyntaxError
	if !errors.As(err, &se) || se.Offset != 4 {
		t.Errorf("syntax error first: %v", err)
	}
}

// FuzzUseUnicodeErrors checks the escape scan against jsontext, which
// rejects a lone surrogate escape as Go's does: for valid JSON in valid
// UTF-8, OptionUseUnicodeErrors fails exactly when jsontext rejects the
// text with duplicate names allowed.
func FuzzUseUnicodeErrors(f *testing.F) {
	for _, c := range unicodeCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || !wire.Valid(s, wire.DefaultMaxDepth) {
			return
		}
		var v any
		err := decoder.DecodeString(s, &v, decoder.OptionUseUnicodeErrors)
		want := jsontext.Value(s).IsValid(jsontext.AllowDuplicateNames(true))
		if (err == nil) != want {
			t.Fatalf("%q: error %v, jsontext says valid=%v", s, err, want)
		}
	})
}

func TestCheckTrailings(t *testing.T) {
	for _, c := range []struct {
		in   string
		ok   bool
		next string
	}{
		{`{"a":1}`, true, ""},
		{"{\"a\":1} \t\r\n", true, ""},
		{`{"a":1} x`, false, "invalid character 'x' after top-level value"},
		{`1 2`, false, "invalid character '2' after top-level value"},
	} {
		d := decoder.NewDecoder(c.in)
		var v any
		if err := d.Decode(&v); err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		err := d.CheckTrailings()
		if (err == nil) != c.ok {
			t.Errorf("%q: CheckTrailings() = %v", c.in, err)
		}
		var se *decoder.SyntaxError
		if err != nil && (!errors.As(err, &se) || se.Msg != c.next) {
			t.Errorf("%q: CheckTrailings() = %v, want %q", c.in, err, c.next)
		}
	}
}

func TestSkip(t *testing.T) {
	for _, c := range []struct {
		in         string
		start, end int
	}{
		{`1`, 0, 1},
		{`  [1,2] x`, 2, 7},
		{"\n{\"a\":[{}]} {}", 1, 11},
		{`"s\"" 1`, 0, 5},
		{``, -1, 0},
		{`   `, -1, 3},
		{`[1,2`, -1, 4},
		{`[1,2,]`, -2, 6},
		{`[01]`, -2, 3},
		{`["\x"]`, -2, 4},
		{`tru`, -1, 3},
	} {
		start, end := decoder.Skip([]byte(c.in))
		if start != c.start || end != c.end {
			t.Errorf("Skip(%q) = %d, %d; want %d, %d", c.in, start, end, c.start, c.end)
		}
	}
}

func TestSonicOptionNames(t *testing.T) {
	if decoder.OptionDisableUnknown != decoder.OptionDisallowUnknownFields {
		t.Error("OptionDisableUnknown is not OptionDisallowUnknownFields")
	}
	all := []decoder.Options{decoder.OptionUseInt64, decoder.OptionUseNumber, decoder.OptionDisallowUnknownFields,
		decoder.OptionCopyString, decoder.OptionValidateString, decoder.OptionCaseSensitive,
		decoder.OptionUseUnicodeErrors, decoder.OptionNoValidateJSON}
	var seen decoder.Options
	for _, o := range all {
		if o == 0 || o&(o-1) != 0 || seen&o != 0 {
			t.Errorf("option %#x is not a bit of its own", uint32(o))
		}
		seen |= o
	}
	// OptionNoValidateJSON is accepted; unknown members are still checked.
	var v struct{ A string }
	for _, in := range []string{`{"x":[1,2,],"A":"ok"}`, `{"x":"\x","A":"ok"}`, `{"x":[1,2}, "A":"ok"}`} {
		if err := decoder.DecodeString(in, &v, decoder.OptionNoValidateJSON); err == nil {
			t.Errorf("%s with OptionNoValidateJSON: no error", in)
		}
	}
	if err := decoder.DecodeString(`{"x":[1,{"y":2}],"A":"ok"}`, &v, decoder.OptionNoValidateJSON); err != nil || v.A != "ok" {
		t.Errorf("valid input with OptionNoValidateJSON: %v %+v", err, v)
	}
}

func TestPretouchOptions(t *testing.T) {
	type deep struct {
		A struct {
			B struct {
				C struct{ D []map[string]*deep }
			}
		}
	}
	types := []reflect.Type{reflect.TypeOf(deep{}), reflect.TypeOf(&deep{}), nil}
	if err := decoder.PretouchMany(types, option.WithCompileRecursiveDepth(3), option.WithCompileMaxInlineDepth(1)); err != nil {
		t.Fatal(err)
	}
	if err := decoder.Pretouch(types[0], option.WithCompileEncOnlyOmitNull(true)); err == nil {
		t.Error("Pretouch with EncOnlyOmitNull: no error")
	}
	if err := decoder.PretouchMany(types, option.WithCompileRecursiveDepth(-1)); err == nil {
		t.Error("PretouchMany with a negative depth: no error")
	}
	var v deep
	if err := decoder.DecodeString(`{"A":{"B":{"C":{"D":[{"x":{}}]}}}}`, &v, 0); err != nil || v.A.B.C.D[0]["x"] == nil {
		t.Errorf("after Pretouch: %v %+v", err, v)
	}
}
