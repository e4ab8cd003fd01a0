package jet_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/jetjson/jet"
	"github.com/jetjson/jet/encoder"
	"github.com/jetjson/jet/internal/oracle"
)

// stdErrInputs are documents that fail to decode into some of
// stdErrTargets, for syntax or for type.
var stdErrInputs = []string{
	``, ` `, `{} x`, `[1,2`, `[1,,2]`, `{"a" 1}`, `{"a":1,}`, `"\q"`, `"\u12x4"`, `tru`, `nul`, `-`, `01`, `1.e5`,
	"{\n  \"a\": [1,\n   x]\n}", `{"A":"x"}`, `{"A":1,"B":true,"C":[1,"x"]}`, `{"In":{"N":"x"}}`, `{"In":[]}`,
	`[1,"x",3]`, `{"k":"v","n":1e400}`, `"str"`, `{"A":1e400}`, `[[[[[]]]]`, "\"\xff\"", `{"T":{"N":"x"}}`,
	`{"P":"x"}`, `{"Text":1}`, `{"Emb":"x"}`, `{"Level":"x"}`,
}

type stdErrInner struct{ N int }

type stdErrText struct{ S string }

func (t *stdErrText) UnmarshalText(b []byte) error { t.S = string(b); return nil }

// stdErrMethod's UnmarshalJSON decodes into an inner struct, so a type
// error it returns gains the outer context.
type stdErrMethod stdErrInner

func (m *stdErrMethod) UnmarshalJSON(b []byte) error {
	var in stdErrInner
	if err := jet.ConfigStd.Unmarshal(b, &in); err != nil {
		return err
	}
	*m = stdErrMethod(in)
	return nil
}

type stdErrStruct struct {
	A    int
	B    string
	C    []int
	In   stdErrInner
	T    stdErrMethod
	P    *int
	Text stdErrText
	Deep
}

// stdErrTargets are the types stdErrInputs are decoded into.
var stdErrTargets = []reflect.Type{
	reflect.TypeFor[any](), reflect.TypeFor[stdErrStruct](), reflect.TypeFor[[]int](),
	reflect.TypeFor[map[string]int](), reflect.TypeFor[*string](), reflect.TypeFor[[]stdErrStruct](),
}

// requireStdErr checks that ConfigStd's error (got) is encoding/json's
// (want) exactly: the same type, fields and text.
func requireStdErr(t *testing.T, what string, want, got error) {
	t.Helper()
	if want == nil || got == nil {
		if want != got {
			t.Errorf("%s: error %v, encoding/json's %v", what, got, want)
		}
		return
	}
	if reflect.TypeOf(got) != reflect.TypeOf(want) {
		t.Errorf("%s: error %T %q, want encoding/json's %T %q", what, got, got, want, want)
		return
	}
	if d := diffStdErr(want, got); d != "" {
		t.Errorf("%s: %s", what, d)
	}
}

// TestStdErrors checks that ConfigStd, and the Encoder and Decoder it
// makes, return encoding/json's own errors, equal to encoding/json's,
// and that the other presets return jet's.
func TestStdErrors(t *testing.T) {
	oracle.Require(t)
	for _, in := range append(stdErrInputs, streamInputs...) {
		checkStdErrors(t, in, readers)
	}
	checkStdMarshalErrors(t)
}

// FuzzStdErrors compares ConfigStd's decoding errors with
// encoding/json's on any input: Unmarshal, and the stream decoder value
// after value and token after token.
func FuzzStdErrors(f *testing.F) {
	oracle.Require(f)
	addSeeds(f)
	for _, in := range append(stdErrInputs, streamInputs...) {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkStdErrors(t, string(data), readers[:2])
	})
}

// checkStdErrors checks ConfigStd's errors on the input in, decoded
// into each of stdErrTargets, against encoding/json's, and that
// ConfigDefault returns jet's types; streams are read by each of rds.
func checkStdErrors(t *testing.T, in string, rds []struct {
	name string
	fn   func([]byte) io.Reader
	full bool
}) {
	t.Helper()
	for _, typ := range stdErrTargets {
		what := fmt.Sprintf("%q into %v", in, typ)
		want := json.Unmarshal([]byte(in), reflect.New(typ).Interface())
		requireStdErr(t, "ConfigStd.Unmarshal "+what, want, jet.ConfigStd.Unmarshal([]byte(in), reflect.New(typ).Interface()))
		requireStdErr(t, "ConfigStd.UnmarshalFromString "+what, want, jet.ConfigStd.UnmarshalFromString(in, reflect.New(typ).Interface()))

		// The other presets: jet's types, which errors.As finds as
		// encoding/json's.
		got := jet.ConfigDefault.Unmarshal([]byte(in), reflect.New(typ).Interface())
		var jse *jet.SyntaxError
		var jme *jet.MismatchTypeError
		switch want.(type) {
		case *json.SyntaxError:
			if !errors.As(got, &jse) {
				t.Errorf("ConfigDefault.Unmarshal %s: %T, want *jet.SyntaxError", what, got)
			}
		case *json.UnmarshalTypeError:
			if _, ok := got.(*json.UnmarshalTypeError); !ok && !errors.As(got, &jme) {
				t.Errorf("ConfigDefault.Unmarshal %s: %T, want *jet.MismatchTypeError", what, got)
			}
		}

		// The stream decoder, value after value, with and without
		// More between them.
		for _, more := range []bool{false, true} {
			for _, r := range rds {
				sd := json.NewDecoder(r.fn([]byte(in)))
				jd := jet.ConfigStd.NewDecoder(r.fn([]byte(in)))
				for i := 0; i < 100; i++ {
					if more && sd.More() != jd.More() {
						t.Errorf("%s, reader %s: More differs", what, r.name)
						break
					}
					e1 := sd.Decode(reflect.New(typ).Interface())
					e2 := jd.Decode(reflect.New(typ).Interface())
					requireStdErr(t, fmt.Sprintf("ConfigStd.NewDecoder(%s).Decode #%d (more %v) %s", r.name, i, more, what), e1, e2)
					if e1 != nil && !isTypeErr(e1) {
						break
					}
				}
			}
		}
	}
	// Token walks, with More before each token and Decode of
	// array elements.
	for _, decodeElems := range []bool{false, true} {
		for _, r := range rds {
			sd := json.NewDecoder(r.fn([]byte(in)))
			jd := jet.ConfigStd.NewDecoder(r.fn([]byte(in)))
			what := fmt.Sprintf("ConfigStd.NewDecoder(%s) tokens of %q (decode elements %v)", r.name, in, decodeElems)
			depth := 0
			for i := 0; i < 1000; i++ {
				if sd.More() != jd.More() {
					t.Errorf("%s: More differs at step %d", what, i)
					break
				}
				var e1, e2 error
				if decodeElems && depth > 0 && sd.More() {
					var v1, v2 any
					e1, e2 = sd.Decode(&v1), jd.Decode(&v2)
				} else {
					var t1, t2 json.Token
					t1, e1 = sd.Token()
					t2, e2 = jd.Token()
					if e1 == nil && e2 == nil && t1 != t2 && !reflect.DeepEqual(t1, t2) {
						t.Errorf("%s: token %d: %#v, encoding/json's %#v", what, i, t2, t1)
						break
					}
					switch t1 {
					case json.Delim('['), json.Delim('{'):
						depth++
					case json.Delim(']'), json.Delim('}'):
						depth--
					}
				}
				requireStdErr(t, fmt.Sprintf("%s: step %d", what, i), e1, e2)
				if e1 != nil && !isTypeErr(e1) {
					break
				}
			}
		}
	}
	// Compact and Indent return encoding/json's errors. Compact's
	// Offset is where the error is, as Indent's (encoding/json's
	// Compact leaves it 0).
	var b1, b2 bytes.Buffer
	want := json.Indent(&b1, []byte(in), "", " ")
	requireStdErr(t, fmt.Sprintf("Indent(%q)", in), want, jet.Indent(&b2, []byte(in), "", " "))
	requireStdErr(t, fmt.Sprintf("Compact(%q)", in), want, jet.Compact(&b2, []byte(in)))
}

// checkStdMarshalErrors checks ConfigStd's encoding errors against
// encoding/json's, and that ConfigDefault returns jet's MarshalerError.
func checkStdMarshalErrors(t *testing.T) {
	type namedFloat float64
	values := []any{
		math.NaN(), namedFloat(math.Inf(1)), float32(math.Inf(-1)), []namedFloat{1, namedFloat(math.NaN())},
		struct{ F namedFloat }{namedFloat(math.Inf(-1))}, struct{ F *float32 }{new(float32)},
		map[string]float64{"x": math.Inf(1)}, complex(1, 2), make(chan int), map[[2]int]int{{1}: 1},
		jsonVal{Raw: "!err"}, jsonVal{Raw: "{"}, jsonVal{Raw: "1 2"}, &jsonPtr{Raw: "!err"}, textVal{S: "!err"},
		map[textVal]int{{S: "!err"}: 1}, json.Number("1x"), json.RawMessage("{"), []any{1, jsonVal{Raw: "!err"}},
	}
	*values[5].(struct{ F *float32 }).F = float32(math.NaN())
	for _, v := range values {
		_, want := json.Marshal(v)
		if want == nil {
			t.Fatalf("encoding/json accepts %#v", v)
		}
		_, got := jet.ConfigStd.Marshal(v)
		requireStdErr(t, fmt.Sprintf("ConfigStd.Marshal(%T)", v), want, got)
		_, got = jet.ConfigStd.MarshalToString(v)
		requireStdErr(t, fmt.Sprintf("ConfigStd.MarshalToString(%T)", v), want, got)
		_, want2 := json.MarshalIndent(v, "", " ")
		_, got = jet.ConfigStd.MarshalIndent(v, "", " ")
		requireStdErr(t, fmt.Sprintf("ConfigStd.MarshalIndent(%T)", v), want2, got)
		want = json.NewEncoder(io.Discard).Encode(v)
		got = jet.ConfigStd.NewEncoder(io.Discard).Encode(v)
		requireStdErr(t, fmt.Sprintf("ConfigStd.NewEncoder.Encode(%T)", v), want, got)

		// The other presets return jet's MarshalerError.
		_, got = jet.ConfigDefault.Marshal(v)
		if _, ok := want.(*json.MarshalerError); ok {
			if _, ok := got.(*encoder.MarshalerError); !ok {
				t.Errorf("ConfigDefault.Marshal(%T): %T, want *encoder.MarshalerError", v, got)
			}
		}
	}
}

func isTypeErr(err error) bool {
	_, ok := err.(*json.UnmarshalTypeError)
	return ok
}

// TestSyntaxErrorOneOffset is the regression test of "one place, two
// numbers": for `{} x` jet's SyntaxError said "at offset 3" in its text
// while its Offset was 4. The text now prints Offset, encoding/json's
// count of bytes read (the offending byte is at Offset-1).
func TestSyntaxErrorOneOffset(t *testing.T) {
	var v any
	err := jet.Unmarshal([]byte(`{} x`), &v)
	var se *jet.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("%T %v, want *jet.SyntaxError", err, err)
	}
	if se.Offset != 4 || !strings.HasPrefix(se.Error(), "jet: syntax error at offset 4: ") ||
		!strings.HasPrefix(se.Description(), "syntax error at offset 4: ") || se.Pos() != 3 {
		t.Errorf("Offset %d, Pos %d, Error %q, Description %q", se.Offset, se.Pos(), se.Error(), se.Description())
	}
	// Every syntax error's text shows its Offset, and so does the
	// description of the same error in ConfigStd.
	for _, in := range append(stdErrInputs, streamInputs...) {
		err := jet.Unmarshal([]byte(in), &v)
		if !errors.As(err, &se) {
			continue
		}
		off := fmt.Sprintf(" at offset %d", se.Offset)
		if !strings.Contains(se.Error(), off+":") || !strings.Contains(se.Description(), off+":") {
			t.Errorf("%q: Offset %d, Error %q, Description %q", in, se.Offset, se.Error(), se.Description())
		}
		stdErr := jet.ConfigStd.Unmarshal([]byte(in), &v)
		if d := jet.Describe(stdErr, []byte(in)); !strings.Contains(d, off+",") {
			t.Errorf("%q: Describe(%v) = %q, want the offset %d", in, stdErr, d, se.Offset)
		}
	}
}

// TestDescribe checks Describe on jet's and encoding/json's errors: the
// offset, the line and column, and the caret under the byte.
func TestDescribe(t *testing.T) {
	oracle.Require(t)
	cases := []struct {
		in        string
		into      any
		line, col int
		caret     byte // the byte under the caret (0: the end of input)
	}{
		{`{} x`, new(any), 1, 4, 'x'},
		{"{\n  \"a\": [1,\n   x]\n}", new(any), 3, 4, 'x'},
		{"[1,\n2", new(any), 2, 2, 0},
		{"[1,\n\ttru", new(any), 2, 5, 0},
		{"{\"A\":\n \"x\"}", new(struct{ A int }), 2, 4, '"'},
		{"[\n{\"A\": []}]", new([]struct{ A int }), 2, 7, '['},
		{"\"\\q\"", new(any), 1, 3, 'q'},
	}
	for _, c := range cases {
		for _, api := range []jet.API{jet.ConfigStd, jet.ConfigDefault} {
			err := api.Unmarshal([]byte(c.in), c.into)
			if err == nil {
				t.Fatalf("%q: no error", c.in)
			}
			d := jet.Describe(err, []byte(c.in))
			if d != jet.DescribeString(err, c.in) {
				t.Errorf("%q: Describe and DescribeString differ", c.in)
			}
			lines := strings.Split(strings.TrimSuffix(d, "\n"), "\n")
			if len(lines) != 4 || lines[1] != "" || !strings.HasPrefix(lines[2], "\t") || !strings.HasSuffix(lines[3], "^") {
				t.Errorf("%q (%T): Describe =\n%s", c.in, err, d)
				continue
			}
			if where := fmt.Sprintf(", line %d, column %d: ", c.line, c.col); !strings.Contains(lines[0], where) {
				t.Errorf("%q (%T): Describe's first line %q, want %q", c.in, err, lines[0], where)
			}
			var msg string
			var jse *jet.SyntaxError
			var sse *json.SyntaxError
			var ute *json.UnmarshalTypeError
			switch {
			case errors.As(err, &jse):
				msg = jse.Msg
			case errors.As(err, &sse):
				msg = sse.Error()
			case errors.As(err, &ute):
				msg = ute.Error()
			}
			if !strings.HasSuffix(lines[0], ": "+msg) {
				t.Errorf("%q (%T): Describe's first line %q, want the message %q", c.in, err, lines[0], msg)
			}
			// The excerpt is the error's line; the caret is under its
			// column.
			shown, caret := lines[2][1:], len(lines[3])-2
			lineText := strings.Split(c.in, "\n")[c.line-1]
			if strings.ContainsAny(lineText, "\t\\") {
				continue // shown escaped
			}
			if shown != lineText || caret != c.col-1 {
				t.Errorf("%q (%T): excerpt %q with the caret at %d, want %q at %d:\n%s", c.in, err, shown, caret, lineText, c.col-1, d)
			}
			if c.caret != 0 && (caret >= len(shown) || shown[caret] != c.caret) {
				t.Errorf("%q (%T): caret not under %q:\n%s", c.in, err, c.caret, d)
			}
		}
	}
	if got := jet.Describe(io.EOF, nil); got != "EOF" {
		t.Errorf("Describe(io.EOF) = %q", got)
	}
}
