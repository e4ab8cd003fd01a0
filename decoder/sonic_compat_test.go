package decoder_test

import (
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
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
				if se, ok := err.(decoder.SyntaxError); ok {
					// sonic's shape, placed in the whole input.
					if se.Src != "  "+c.in || se.Pos != c.bad+2 {
						t.Errorf("%s %s: Pos %d in %q, want %d", how, c.in, se.Pos, se.Src, c.bad+2)
					}
					se.Src, se.Pos = c.in, se.Pos-2 // the two spaces in front
					err = se
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
			if how == "Decoder" || how == "StreamDecoder" {
				// sonic's shape: Pos at the escape, sonic's code for a
				// bad unicode escape.
				if se, ok := err.(decoder.SyntaxError); !ok || se.Pos != c.bad || se.Code != 4 || se.Src != c.in {
					t.Errorf("%s %s: %#v, want a decoder.SyntaxError at %d, code 4", how, c.in, err, c.bad)
				}
			}
			var se *wire.SyntaxError
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
	var se *wire.SyntaxError
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
		var me *decoder.MismatchTypeError
		if errors.As(err, &me) {
			// A number too large for a float64: a type error, which the
			// syntax layer has no part in.
			return
		}
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
		se, ok := err.(decoder.SyntaxError)
		if err != nil && (!ok || se.Msg != c.next || se.Src != c.in || se.Pos != strings.LastIndexAny(c.in, "x2") || se.Code != 2) {
			t.Errorf("%q: CheckTrailings() = %#v, want %q", c.in, err, c.next)
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

// TestSonicSyntaxError checks the shape of the syntax errors of the
// sonic-compatible entry points (Decoder, NewStreamDecoder's decoders):
// a decoder.SyntaxError value placed in the input (a stream's: in the
// text of the value), with sonic's code and encoding/json's message,
// that errors.As also finds as jet's and encoding/json's error; and
// that jet's own entry points keep jet's error.
func TestSonicSyntaxError(t *testing.T) {
	for _, c := range []struct {
		in        string
		skip      int // values to decode before the bad one
		pos       int // in the whole input
		code      int
		msg       string
		streamSrc string // the bad value, which a stream's error is placed in
	}{
		{"[[[}]]", 0, 3, 2, "invalid character '}' looking for beginning of value", "[[[}]]"},
		{`1 [1,2,] 3`, 1, 7, 2, "invalid character ']' looking for beginning of value", "[1,2,]"},
		{"{}\n\t {\"a\" 1}", 1, 10, 2, "invalid character '1' after object key", `{"a" 1}`},
		{`["\x"]`, 0, 3, 3, `invalid character 'x' in string escape code`, `["\x"]`},
		{`[1,2`, 0, 4, 1, "unexpected end of JSON input", ""},
		{`"a" tru`, 1, 7, 1, "invalid character ' ' in literal true (expecting 'e')", ""},
		{strings.Repeat("[", 10001), 0, 10000, 7, "exceeded max depth", ""},
	} {
		d := decoder.NewDecoder(c.in)
		var v any
		for i := 0; i < c.skip; i++ {
			if err := d.Decode(&v); err != nil {
				t.Fatalf("%q: value %d: %v", c.in, i, err)
			}
		}
		err := d.Decode(&v)
		se, ok := err.(decoder.SyntaxError)
		if !ok || se.Pos != c.pos || se.Src != c.in || int(se.Code) != c.code || !strings.HasSuffix(se.Msg, c.msg) {
			t.Errorf("Decoder %.20q: %#v, want Pos %d code %d %q", c.in, err, c.pos, c.code, c.msg)
			continue
		}
		desc := se.Description()
		if !strings.HasPrefix(desc, "Syntax error at index "+strconv.Itoa(c.pos)+": "+se.Msg+"\n\n\t") || se.Error() != strconv.Quote(desc) {
			t.Errorf("Decoder %.20q: Description %q, Error %q", c.in, desc, se.Error())
		}
		var je *wire.SyntaxError
		var std *json.SyntaxError
		if !errors.As(err, &je) || je.Pos() != int64(c.pos) || je.Msg != se.Msg || !errors.As(err, &std) || std.Offset != je.Offset {
			t.Errorf("Decoder %.20q: errors.As found %v and %v", c.in, je, std)
		}
		if got := decoder.Describe(err, c.in); got != decoder.Describe(je, c.in) {
			t.Errorf("Decoder %.20q: Describe %q, want %q", c.in, got, decoder.Describe(je, c.in))
		}
		// jet's own function keeps jet's error, at the same place.
		if c.skip == 0 {
			err := decoder.DecodeString(c.in, &v, 0)
			if je, ok := err.(*wire.SyntaxError); !ok || je.Pos() != int64(c.pos) {
				t.Errorf("DecodeString %.20q: %#v, want a *jet.SyntaxError at %d", c.in, err, c.pos)
			}
		}
		if c.streamSrc == "" {
			continue
		}
		for _, oneByte := range []bool{false, true} {
			var r io.Reader = strings.NewReader(c.in)
			if oneByte {
				r = iotest.OneByteReader(r)
			}
			sd := decoder.NewStreamDecoder(r)
			for i := 0; i < c.skip; i++ {
				if err := sd.Decode(&v); err != nil {
					t.Fatalf("stream %q: value %d: %v", c.in, i, err)
				}
			}
			err := sd.Decode(&v)
			// The value is not whole: its text as far as it was read,
			// up to the end of the input buffered.
			base := strings.LastIndex(c.in, c.streamSrc)
			se, ok := err.(decoder.SyntaxError)
			if !ok || !strings.HasPrefix(c.in[base:], se.Src) || se.Pos >= len(se.Src) || se.Pos != c.pos-base || int(se.Code) != c.code || !strings.HasSuffix(se.Msg, c.msg) {
				t.Errorf("StreamDecoder %q (one byte %v): %#v, want Pos %d in %q", c.in, oneByte, err, c.pos-base, c.streamSrc)
			}
			if err2 := sd.Decode(&v); err2 != err {
				t.Errorf("StreamDecoder %q: the error is not sticky: %v, then %v", c.in, err, err2)
			}
			// jet's constructor keeps jet's error, placed in the stream.
			jd := decoder.NewStreamDecoderOptions(strings.NewReader(c.in), 0, 0)
			for i := 0; i < c.skip; i++ {
				_ = jd.Decode(&v)
			}
			err = jd.Decode(&v)
			if je, ok := err.(*wire.SyntaxError); !ok || je.Pos() != int64(c.pos) {
				t.Errorf("NewStreamDecoderOptions %q: %#v, want a *jet.SyntaxError at %d", c.in, err, c.pos)
			}
		}
	}
	// With OptionStdErrors, encoding/json's error.
	d := decoder.NewDecoder("[}")
	d.SetOptions(decoder.OptionStdErrors)
	var v any
	if _, ok := d.Decode(&v).(*json.SyntaxError); !ok {
		t.Error("Decoder with OptionStdErrors: not a *json.SyntaxError")
	}
	// An error between Token's tokens is placed in the input buffered.
	sd := decoder.NewStreamDecoder(strings.NewReader(`[1 2]`))
	if _, err := sd.Token(); err != nil {
		t.Fatal(err)
	}
	if err := sd.Decode(&v); err != nil {
		t.Fatal(err)
	}
	err := sd.Decode(&v)
	if se, ok := err.(decoder.SyntaxError); !ok || se.Src != " 2]" && se.Src != "2]" || se.Src[se.Pos] != '2' {
		t.Errorf("Decode after Token: %#v", err)
	}
}

// TestSonicSyntaxErrorDescription checks Description's excerpt: up to 16
// bytes each side of Pos, more on one side where the other is cut short,
// escapes that keep the caret under its byte, and the caret after the
// last byte for input that ended too early.
func TestSonicSyntaxErrorDescription(t *testing.T) {
	long := "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ" // 46 bytes
	for _, c := range []struct {
		e    decoder.SyntaxError
		want string
	}{
		{decoder.SyntaxError{Pos: 3, Src: "[[[}]]", Code: 2}, "Syntax error at index 3: invalid char\n\n\t[[[}]]\n\t...^..\n"},
		{decoder.SyntaxError{Pos: 20, Src: long, Msg: "m"}, "Syntax error at index 20: m\n\n\t456789abcdefghijklmnopqrstuvwxyz\n\t................^...............\n"},
		{decoder.SyntaxError{Pos: 2, Src: long, Msg: "m"}, "Syntax error at index 2: m\n\n\t0123456789abcdefghijklmnopqrstuv\n\t..^.............................\n"},
		{decoder.SyntaxError{Pos: 44, Src: long, Msg: "m"}, "Syntax error at index 44: m\n\n\tefghijklmnopqrstuvwxyzABCDEFGHIJ\n\t..............................^.\n"},
		{decoder.SyntaxError{Pos: 20, Src: long[:30], Msg: "m"}, "Syntax error at index 20: m\n\n\t456789abcdefghijklmnopqrst\n\t................^.........\n"},
		{decoder.SyntaxError{Pos: 46, Src: long, Code: 1}, "Syntax error at index 46: eof\n\n\tefghijklmnopqrstuvwxyzABCDEFGHIJ\n\t................................^\n"},
		{decoder.SyntaxError{Pos: 2, Src: "[\n}", Code: 2}, "Syntax error at index 2: invalid char\n\n\t[\\n}\n\t...^\n"},
		{decoder.SyntaxError{Pos: 0, Src: "", Code: 1}, "Syntax error at index 0: eof\n\n\t\n\t^\n"},
		{decoder.SyntaxError{Pos: 9, Src: "[]", Code: 99}, "Syntax error at index 9: unknown error 99\n\n\t[]\n\t..^\n"},
	} {
		if got := c.e.Description(); got != c.want {
			t.Errorf("%#v:\n got %q\nwant %q", c.e, got, c.want)
		}
		if c.e.Error() != strconv.Quote(c.want) {
			t.Errorf("%#v: Error %q", c.e, c.e.Error())
		}
	}
}

// FuzzSonicSyntaxError checks that the sonic-shaped errors say what
// jet's say: a Decoder's error for a document is DecodeString's, placed
// in the whole input; a NewStreamDecoder's is NewStreamDecoderOptions',
// placed in the text it holds, with sonic's code for jet's message.
func FuzzSonicSyntaxError(f *testing.F) {
	for _, s := range []string{"[[[}]]", `1 [1,2,] 3`, `{"a" 1}`, `["\x"]`, `[1,2`, `"a" tru`, `{"a":[1,{"b":nul}]}`, `[1e]`, "{}\n{\"a\":\"\\ud800\"}", `[]]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v any
		jerr := decoder.DecodeString(s, &v, 0)
		d := decoder.NewDecoder(s)
		err := d.Decode(&v)
		if _, syntax := err.(decoder.SyntaxError); !syntax {
			// A type mismatch leaves the value read; what follows it
			// may still be a syntax error, which DecodeString reports
			// first, as encoding/json does.
			if terr := d.CheckTrailings(); terr != nil {
				err = terr
			}
		}
		checkSonicForm(t, "Decoder", s, jerr, err, 0)

		jd := decoder.NewStreamDecoderOptions(strings.NewReader(s), 0, 0)
		sd := decoder.NewStreamDecoder(iotest.OneByteReader(strings.NewReader(s)))
		for i := 0; i < 10; i++ {
			var a, b any
			jerr, err := jd.Decode(&a), sd.Decode(&b)
			if jerr == io.EOF && err == io.EOF {
				return
			}
			se, ok := err.(decoder.SyntaxError)
			if !ok {
				checkSonicForm(t, "StreamDecoder", s, jerr, err, 0)
				if jerr != nil {
					return
				}
				continue
			}
			// Src is the value's text as read, from its first byte.
			je, ok := jerr.(*wire.SyntaxError)
			if !ok {
				t.Fatalf("StreamDecoder %q: %#v, jet's %#v", s, err, jerr)
			}
			base := int(je.Pos()) - se.Pos
			if base < 0 || base+len(se.Src) > len(s) || se.Src != "" && wire.SkipSpace(se.Src, 0) != 0 {
				t.Fatalf("StreamDecoder %q: %#v is not placed in the input (jet's at %d)", s, se, je.Pos())
			}
			checkSonicForm(t, "StreamDecoder", s, jerr, err, base)
			return
		}
	})
}

// checkSonicForm checks that err, a sonic entry point's error, is jet's
// error jerr in sonic's form, placed in the input from index base.
func checkSonicForm(t *testing.T, how, s string, jerr, err error, base int) {
	t.Helper()
	je, jok := jerr.(*wire.SyntaxError)
	se, ok := err.(decoder.SyntaxError)
	if jok != ok || !ok && (jerr == nil) != (err == nil) {
		t.Fatalf("%s %q: %#v, jet's %#v", how, s, err, jerr)
	}
	if !ok {
		return
	}
	if int64(se.Pos+base) != je.Pos() || se.Msg != je.Msg || se.Code == 0 || (se.Code == 1) != je.IsEOF() ||
		se.Pos > len(se.Src) || se.Src != s[base:base+len(se.Src)] {
		t.Fatalf("%s %q: %#v (from %d), jet's Pos %d %q", how, s, se, base, je.Pos(), je.Msg)
	}
}

// TestStreamDecoderEmbeddedDecoder checks what a StreamDecoder has of the
// Decoder it embeds, as sonic's does: Pos and CheckTrailings about the
// text of the value read last, Reset giving the embedded Decoder a string
// of its own, and the embedded Decoder's options being the stream's.
func TestStreamDecoderEmbeddedDecoder(t *testing.T) {
	sd := decoder.NewStreamDecoder(strings.NewReader(" {\"a\": [1, 2]}\t\n \"xy\" [1,\"s\",3] 4 5 6"))
	check := func(what string, pos int, trailingsOK bool) {
		t.Helper()
		if got := sd.Pos(); got != pos {
			t.Errorf("%s: Pos() = %d, want %d", what, got, pos)
		}
		if err := sd.CheckTrailings(); (err == nil) != trailingsOK {
			t.Errorf("%s: CheckTrailings() = %v", what, err)
		}
	}
	check("before Decode", 0, true)
	var v any
	if err := sd.Decode(&v); err != nil {
		t.Fatal(err)
	}
	check("after an object", len(`{"a": [1, 2]}`), true)
	if err := sd.Decode(&v); err != nil || v != "xy" {
		t.Fatalf("Decode = %v, %v", v, err)
	}
	check("after a string", 4, true)
	var a []int
	var me *decoder.MismatchTypeError
	if err := sd.Decode(&a); !errors.As(err, &me) {
		t.Fatalf("Decode = %v, want a MismatchTypeError", err)
	}
	check("after a mismatch", len(`[1,"s",3]`), true)

	sd.Reset(" 7 x")
	check("after Reset", 0, false)
	var n int
	if err := sd.Decoder.Decode(&n); err != nil || n != 7 {
		t.Fatalf("Decoder.Decode = %d, %v", n, err)
	}
	check("after Decoder.Decode", 2, false)
	if err, ok := sd.CheckTrailings().(decoder.SyntaxError); !ok || err.Pos != 3 || err.Src != " 7 x" {
		t.Errorf("CheckTrailings() = %#v, want sonic's SyntaxError at 3", err)
	}
	if err := sd.Decode(&n); err != nil || n != 4 {
		t.Fatalf("Decode after Reset = %d, %v (Reset must not touch the stream)", n, err)
	}
	check("Decode after Reset", 1, true)

	// A Decode given no pointer reads the value but decodes none of it:
	// the embedded Decoder holds its text, as sonic's does.
	var ie *json.InvalidUnmarshalError
	if err := sd.Decode(nil); !errors.As(err, &ie) {
		t.Fatalf("Decode(nil) = %v", err)
	}
	check("after Decode(nil)", 0, false)
	if err := sd.Decoder.Decode(&n); err != nil || n != 5 {
		t.Fatalf("Decoder.Decode after Decode(nil) = %d, %v", n, err)
	}
	check("Decoder.Decode after Decode(nil)", 1, true)

	// The embedded Decoder's options and nesting limit are the stream's.
	sd.Decoder.UseNumber()
	if err := sd.Decode(&v); err != nil || v != json.Number("6") {
		t.Fatalf("after Decoder.UseNumber: %#v, %v", v, err)
	}
	if sd.Options()&decoder.OptionUseNumber == 0 {
		t.Error("Options() lacks OptionUseNumber")
	}
	sd = decoder.NewStreamDecoder(strings.NewReader(`[[1]] [[[1]]]`))
	sd.SetMaxDepth(2)
	if err := sd.Decode(&v); err != nil {
		t.Errorf("depth 2 with SetMaxDepth(2): %v", err)
	}
	if err := sd.Decode(&v); err == nil {
		t.Error("depth 3 with SetMaxDepth(2): no error")
	}
	if err := sd.Decode(&v); err == nil || sd.Pos() != len(`[[1]]`) {
		t.Errorf("after a syntax error: %v, Pos() = %d, want the last value's", err, sd.Pos())
	}
}
