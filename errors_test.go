package jet_test

// Error behaviour: nesting limits, numbers out of range, truncated and
// invalid input, invalid UTF-8, type mismatches, error descriptions,
// encoding errors. encoding/json is the oracle wherever it has an
// answer.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/jetjson/jet/internal/oracle"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jetjson/jet"
)

// nested returns n levels of arrays or objects (alternating when mixed)
// around inner.
func nested(n int, kind string, inner string) string {
	var open, close strings.Builder
	for i := 0; i < n; i++ {
		k := kind
		if kind == "mixed" {
			k = []string{"array", "object"}[i%2]
		}
		if k == "array" {
			open.WriteString("[")
			close.WriteString("]")
		} else {
			open.WriteString(`{"k":`)
			close.WriteString("}")
		}
	}
	c := []byte(close.String())
	for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 {
		c[i], c[j] = c[j], c[i]
	}
	return open.String() + inner + string(c)
}

func TestNestingDepth(t *testing.T) {
	oracle.Require(t)
	for _, kind := range []string{"array", "object", "mixed"} {
		for _, n := range []int{9999, 10000, 10001, 10500} {
			data := []byte(nested(n, kind, "1"))
			var stdV any
			stdErr := json.Unmarshal(data, &stdV)
			if (stdErr == nil) != (n <= 10000) {
				t.Fatalf("%s %d: encoding/json: %v", kind, n, stdErr)
			}
			for _, p := range presets {
				var v any
				err := p.api.Unmarshal(data, &v)
				if d := diffUnmarshalErr(stdErr, err, 0); d != "" {
					t.Errorf("%s depth %d: %s.Unmarshal: %s", kind, n, p.name, d)
				}
				if p.api.Valid(data) != (stdErr == nil) {
					t.Errorf("%s depth %d: %s.Valid = %v", kind, n, p.name, stdErr != nil)
				}
				// Through the stream decoder too.
				dec := p.api.NewDecoder(bytes.NewReader(data))
				v = nil
				err = dec.Decode(&v)
				if d := diffUnmarshalErr(stdErr, err, 0); d != "" {
					t.Errorf("%s depth %d: %s.NewDecoder.Decode: %s", kind, n, p.name, d)
				}
			}
			if jet.Valid(data) != (stdErr == nil) {
				t.Errorf("%s depth %d: jet.Valid = %v", kind, n, stdErr != nil)
			}
			var b1, b2 bytes.Buffer
			e1, e2 := json.Compact(&b1, data), jet.Compact(&b2, data)
			if (e1 == nil) != (e2 == nil) || !bytes.Equal(b1.Bytes(), b2.Bytes()) {
				t.Errorf("%s depth %d: Compact: jet %v, std %v", kind, n, e2, e1)
			}
			if kind == "array" && n == 10001 { // Indent is slow on deep input, in both
				e1, e2 = json.Indent(&b1, data, "", ""), jet.Indent(&b2, data, "", "")
				if d := diffUnmarshalErr(e1, e2, 0); d != "" {
					t.Errorf("%s depth %d: Indent: %s", kind, n, d)
				}
			}
		}
	}
	// Typed targets: a recursive type.
	for _, n := range []int{10000, 10001} {
		data := []byte(nested(n, "array", "{}"))
		var a, b []any
		e1, e2 := json.Unmarshal(data, &a), jet.Unmarshal(data, &b)
		if d := diffUnmarshalErr(e1, e2, 0); d != "" {
			t.Errorf("[]any depth %d: %s", n, d)
		}
		data = []byte(strings.Repeat(`{"kids":[`, n/2) + strings.Repeat(`]}`, n/2))
		var t1, t2 Tree
		e1, e2 = json.Unmarshal(data, &t1), jet.Unmarshal(data, &t2)
		if d := diffUnmarshalErr(e1, e2, 0); d != "" {
			t.Errorf("Tree depth %d: %s", n, d)
		}
	}
}

func TestMaxDepth(t *testing.T) {
	for _, max := range []int{1, 2, 5, 100} {
		api := jet.Config{MaxDepth: max}.Froze()
		for _, kind := range []string{"array", "object", "mixed"} {
			ok := []byte(nested(max, kind, "1"))
			deep := []byte(nested(max+1, kind, "1"))
			var v any
			if err := api.Unmarshal(ok, &v); err != nil {
				t.Errorf("MaxDepth %d, %s depth %d: %v", max, kind, max, err)
			}
			err := api.Unmarshal(deep, &v)
			var se *jet.SyntaxError
			if !errors.As(err, &se) || !strings.Contains(se.Msg, "exceeded max depth") {
				t.Errorf("MaxDepth %d, %s depth %d: %v, want exceeded max depth", max, kind, max+1, err)
			}
			if err := api.UnmarshalFromString(string(deep), &v); err == nil {
				t.Errorf("MaxDepth %d: UnmarshalFromString accepts depth %d", max, max+1)
			}
			var tree Tree
			if max >= 2 && kind == "array" {
				if err := api.Unmarshal(deep, &tree); err == nil {
					t.Errorf("MaxDepth %d: Unmarshal into Tree accepts depth %d", max, max+1)
				}
			}
			dec := api.NewDecoder(bytes.NewReader(append(append(ok, ' '), deep...)))
			if err := dec.Decode(&v); err != nil {
				t.Errorf("MaxDepth %d stream: first value: %v", max, err)
			}
			if err := dec.Decode(&v); err == nil {
				t.Errorf("MaxDepth %d stream: second value of depth %d accepted", max, max+1)
			}
		}
	}
}

func TestHugeNumbers(t *testing.T) {
	oracle.Require(t)
	nums := []string{
		"1e400", "-1e400", "1e-400", "1e308", "1.7976931348623159e308", "4.9e-325", "123456789012345678901234567890",
		"-123456789012345678901234567890", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
		"-9223372036854775809", "18446744073709551615", "18446744073709551616", "3.4028235e38", "3.4028236e38",
		"3.5e38", "1e39", "-0", "0.0000000000000000000000000000000000000000000001", strings.Repeat("9", 400),
		"0." + strings.Repeat("0", 400) + "1", "1" + strings.Repeat("0", 400) + "e-400", "1e99999999999999999999",
		"1e-99999999999999999999", "255", "256", "-128", "-129", "65535", "65536", "4294967296", "1.0", "1e0", "-1",
	}
	types := []reflect.Type{
		reflect.TypeFor[any](), reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int16](),
		reflect.TypeFor[int32](), reflect.TypeFor[int64](), reflect.TypeFor[uint](), reflect.TypeFor[uint8](),
		reflect.TypeFor[uint16](), reflect.TypeFor[uint32](), reflect.TypeFor[uint64](), reflect.TypeFor[uintptr](),
		reflect.TypeFor[float32](), reflect.TypeFor[float64](), reflect.TypeFor[json.Number](), reflect.TypeFor[MyFloat32](),
		reflect.TypeFor[MyInt8](), reflect.TypeFor[*uint8](), reflect.TypeFor[string](),
	}
	fc := newFailCap(t)
	for _, n := range nums {
		for _, typ := range types {
			for _, doc := range []string{n, "[" + n + "]", `{"k":` + n + `}`, `"` + n + `"`} {
				var target reflect.Type
				switch doc[0] {
				case '[':
					target = reflect.SliceOf(typ)
				case '{':
					target = reflect.MapOf(reflect.TypeFor[string](), typ)
				case '"':
					// A ",string" field.
					target = reflect.StructOf([]reflect.StructField{{Name: "K", Type: typ, Tag: `json:"k,string"`}})
					doc = `{"k":` + doc + `}`
				default:
					target = typ
				}
				checkUnmarshal(fc, "huge number", []byte(doc), target, false, 0)
			}
		}
	}
}

// TestTruncated decodes every prefix of a few documents: never a panic,
// always encoding/json's verdict and error.
func TestTruncated(t *testing.T) {
	oracle.Require(t)
	docs := []string{
		`{"a":[1,2.5e-3,{"b":"x\"y\u00e9\ud83d\ude00"}],"c":true,"d":null,"e":false,"f":-0}`,
		`[{"ID":1,"Name":"n","secret":2,"t2":{"t1":3}},{"kids":[{"v":1}]}]`,
		"\"\xe6\x97\xa5\xe6\x9c\xac\\u65e5\\/\\b\\f\\n\\r\\t\"",
		`{"JV":{"x":[1,2]},"TV":"text","Time":"2006-01-02T15:04:05Z","Raw":[1, {}],"Num":12.5}`,
		`  [ 1 , [ ] , { } , "" , 1e5 , 123456789012345678901234567890 ]  `,
	}
	types := []reflect.Type{
		reflect.TypeFor[any](), reflect.TypeFor[Marshalers](), reflect.TypeFor[[]Embeds](),
		reflect.TypeFor[[]Tree](), reflect.TypeFor[map[string]any](), reflect.TypeFor[string](),
	}
	fc := newFailCap(t)
	for _, doc := range docs {
		for i := 0; i <= len(doc); i++ {
			prefix := []byte(doc[:i])
			for _, typ := range types {
				checkUnmarshal(fc, fmt.Sprintf("prefix %d", i), prefix, typ, false, 0)
			}
			valid := json.Valid(prefix)
			for _, v := range validators {
				if v.fn(prefix) != valid {
					fc.errorf("valid", "%s(%q) = %v", v.name, prefix, !valid)
				}
			}
			var v any
			err := jet.Unmarshal(prefix, &v)
			var se *jet.SyntaxError
			if errors.As(err, &se) && (se.Offset < 0 || se.Offset > int64(len(prefix))) {
				fc.errorf("offset", "%q: offset %d out of range", prefix, se.Offset)
			}
		}
	}
}

// TestMutatedNoPanic throws broken documents at every entry point.
func TestMutatedNoPanic(t *testing.T) {
	oracle.Require(t)
	g := newGen(12345)
	fc := newFailCap(t)
	for i := 0; i < 1500; i++ {
		data := g.doc()
		for k := g.intn(4); k >= 0; k-- {
			data = g.mutateBytes(data)
		}
		checkUnmarshal(fc, fmt.Sprintf("mutated %d", i), data, decodeTypes[i%len(decodeTypes)], false, 0)
		valid := json.Valid(data)
		for _, v := range validators {
			if v.fn(data) != valid {
				fc.errorf("valid", "%s(%q) = %v", v.name, data, !valid)
			}
		}
	}
}

func TestInvalidUTF8(t *testing.T) {
	bad := []string{"\xff", "a\xffb", "\xc3", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf", "é\xe2\x80", "\x80\x80"}
	validate := jet.Config{ValidateString: true, EscapeHTML: true, SortMapKeys: true}.Froze()
	for _, s := range bad {
		// Encoding: U+FFFD per bad byte, as encoding/json, in every
		// preset; strings, map keys, MarshalText output, ",string".
		values := []any{s, []string{s}, map[string]int{s: 1}, textVal{S: s}, struct {
			S string `json:",string"`
		}{s}}
		for _, v := range values {
			stdOut, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range presets {
				out, err := p.api.Marshal(v)
				if err != nil {
					t.Errorf("%s.Marshal(%#v): %v", p.name, v, err)
					continue
				}
				if !utf8.Valid(out) && !(p.name == "Fastest" && reflect.TypeOf(v) == reflect.TypeFor[textVal]()) {
					// ConfigFastest copies MarshalText output as it is.
					t.Errorf("%s.Marshal(%#v) = %q: invalid UTF-8 in output", p.name, v, out)
				}
				c1, _ := canonical(stdOut)
				c2, _ := canonical(out)
				if c1 != c2 && !(p.name == "Fastest" && reflect.TypeOf(v) == reflect.TypeFor[textVal]()) {
					t.Errorf("%s.Marshal(%#v) = %q, std %q", p.name, v, out, stdOut)
				}
			}
		}
		// ValidateString makes it an error when encoding.
		for _, v := range []any{s, []string{"ok", s}, struct{ A any }{s}} {
			if _, err := validate.Marshal(v); err == nil {
				t.Errorf("ValidateString: Marshal(%#v) succeeds", v)
			}
		}

		// Decoding: U+FFFD per bad byte in every preset, in values and
		// keys; ValidateString makes it an error.
		for _, doc := range []string{`"` + s + `"`, `["` + s + `"]`, `{"` + s + `":1}`, `{"S":"` + s + `"}`} {
			var stdV any
			if err := json.Unmarshal([]byte(doc), &stdV); err != nil {
				t.Fatal(err)
			}
			for _, p := range presets {
				var v any
				if err := p.api.Unmarshal([]byte(doc), &v); err != nil || !reflect.DeepEqual(v, stdV) {
					t.Errorf("%s.Unmarshal(%q) = %#v, %v; want %#v", p.name, doc, v, err, stdV)
				}
				var st struct{ S string }
				var stdSt struct{ S string }
				json.Unmarshal([]byte(doc), &stdSt)
				if err := p.api.Unmarshal([]byte(doc), &st); stdSt != st {
					t.Errorf("%s.Unmarshal(%q) into struct = %#v, %v; want %#v", p.name, doc, st, err, stdSt)
				}
			}
			var v any
			if err := validate.Unmarshal([]byte(doc), &v); err == nil {
				t.Errorf("ValidateString: Unmarshal(%q) = %#v, want an error", doc, v)
			}
			dec := jet.NewDecoder(strings.NewReader(doc))
			dec.ValidateString()
			if err := dec.Decode(&v); err == nil {
				t.Errorf("Decoder.ValidateString: Decode(%q) = %#v, want an error", doc, v)
			}
		}
	}
	// Escaped surrogates are not invalid UTF-8 in the input: U+FFFD,
	// even with ValidateString, as in encoding/json.
	for _, doc := range []string{`"\ud800"`, `"\udc00x"`, `"\ud83d\u0041"`} {
		var a, b any
		json.Unmarshal([]byte(doc), &a)
		if err := validate.Unmarshal([]byte(doc), &b); err != nil || a != b {
			t.Errorf("ValidateString: Unmarshal(%q) = %#v, %v; want %#v", doc, b, err, a)
		}
	}
	// Valid UTF-8 passes ValidateString.
	var v any
	if err := validate.Unmarshal([]byte(`["é日本😀\u2028"]`), &v); err != nil {
		t.Errorf("ValidateString rejects valid UTF-8: %v", err)
	}
	if _, err := validate.Marshal("é日本😀\u2028"); err != nil {
		t.Errorf("ValidateString rejects valid UTF-8: %v", err)
	}
}

// TestValidateStringMapKeys: ValidateString checks map keys when
// decoding; encoding should too.
func TestValidateStringMapKeys(t *testing.T) {
	validate := jet.Config{ValidateString: true}.Froze()
	if bugActive("validatestring-encode-map-keys") {
		t.Skip("BUG: known bug validatestring-encode-map-keys, reported by TestKnownBugs")
	}
	if _, err := validate.Marshal(map[string]int{"a\xff": 1}); err == nil {
		t.Errorf("ValidateString: Marshal of a map key with invalid UTF-8 succeeds")
	}
}

func init() {
	// ConfigFastest (NoQuoteTextMarshaler, NoValidateJSONMarshaler)
	// copies method output it trusts; when that output is not valid,
	// MarshalIndent and an indenting Encoder panic ("encoder produced
	// invalid JSON") instead of returning an error or the output.
	knownBugs["fastest-indent-panics"] = &knownBug{repro: func() (msg string) {
		defer func() {
			if r := recover(); r != nil {
				msg = fmt.Sprintf("ConfigFastest.MarshalIndent(textVal{S: \"\\f\"}, \"\", \" \") panics: %v", r)
			}
		}()
		jet.ConfigFastest.MarshalIndent(textVal{S: "\f"}, "", " ")
		jet.ConfigFastest.MarshalIndent(jsonVal{Raw: "{"}, "", " ")
		return ""
	}}
	// encoding/json checks the input's syntax before the target, so
	// Unmarshal of invalid input into nil or a non-pointer returns the
	// SyntaxError; jet returns InvalidUnmarshalError.
	knownBugs["invalid-unmarshal-before-syntax"] = &knownBug{repro: func() string {
		err := jet.Unmarshal([]byte(`[`), nil)
		if _, ok := err.(*jet.SyntaxError); !ok {
			return fmt.Sprintf("Unmarshal(`[`, nil) = %T %v; encoding/json returns a SyntaxError (unexpected end of JSON input)", err, err)
		}
		return ""
	}}
	knownBugs["validatestring-encode-map-keys"] = &knownBug{repro: func() string {
		// ValidateString makes invalid UTF-8 an error when decoding
		// keys and when encoding string values, but map keys are
		// encoded with U+FFFD and no error.
		out, err := jet.Config{ValidateString: true}.Froze().Marshal(map[string]int{"a\xff": 1})
		if err == nil {
			return fmt.Sprintf("Config{ValidateString: true}.Marshal(map[string]int{\"a\\xff\": 1}) = %s, nil; want an error", out)
		}
		return ""
	}}
}

// TestMismatchContinues checks that a value of the wrong type is
// skipped, decoding goes on, and the first mismatch is reported at the
// end with encoding/json's fields.
func TestMismatchContinues(t *testing.T) {
	oracle.Require(t)
	type Inner struct {
		N int    `json:"n"`
		S string `json:"s"`
	}
	type Outer struct {
		A   int
		B   string
		In  Inner `json:"in"`
		L   []int
		M   map[string]int
		P   *Inner
		Arr [2]bool
		Base
		F float32
		U uint8
	}
	docs := []string{
		`{"A":"x","B":"ok"}`,
		`{"A":1,"B":2,"In":{"n":"x","s":"y"},"L":[1,"x",3],"M":{"a":"b","c":4}}`,
		`{"In":{"n":1.5},"P":{"s":1}}`,
		`{"L":{"x":1},"M":[1],"Arr":[true,1,false]}`,
		`{"id":"x","Name":1,"Level":"deep","Deep":{"Level":1}}`,
		`{"F":1e39,"U":256,"A":1}`,
		`{"U":-1,"B":"x"}`,
		`{"A":true,"L":[true],"P":"x","In":[],"M":{"a":null}}`,
		`[1]`, `"x"`, `{"A":{"B":{"C":1}},"B":"after"}`,
		`{"P":{"n":"x","s":2},"A":1}`,
	}
	fc := newFailCap(t)
	for _, d := range docs {
		checkUnmarshal(fc, "mismatch", []byte(d), reflect.TypeFor[Outer](), false, 0)
		checkUnmarshal(fc, "mismatch", []byte(d), reflect.TypeFor[Outer](), true, 77)
	}
	// A direct check of "goes on": the fields after the mismatch are
	// set.
	var o Outer
	err := jet.Unmarshal([]byte(`{"A":"x","B":"after","L":[1,"y",3]}`), &o)
	var me *jet.MismatchTypeError
	if !errors.As(err, &me) || me.Field != "A" || o.B != "after" || !reflect.DeepEqual(o.L, []int{1, 0, 3}) {
		t.Errorf("got %#v, %v", o, err)
	}
	var ute *json.UnmarshalTypeError
	if !errors.As(err, &ute) || ute.Field != "A" || ute.Type != reflect.TypeFor[int]() {
		t.Errorf("errors.As(*json.UnmarshalTypeError): %#v", ute)
	}
	if !strings.HasSuffix(err.Error(), fmt.Sprintf(" (at offset %d)", me.Offset)) {
		t.Errorf("Error() = %q", err)
	}
}

func TestSyntaxErrorDescription(t *testing.T) {
	oracle.Require(t)
	cases := []string{
		`{"a": [1, 2,, 3]}`, `[1,2`, `x`, "{\"a\":\n\t[1,\xff 2]}", `{"k": tru}`, `"abc`, `[1] 2`,
		`{"` + strings.Repeat("long", 30) + `": [1,,2], "` + strings.Repeat("tail", 30) + `": 1}`,
		"", "   ", `{"a":"\q"}`, `-`, `01`,
	}
	for _, in := range cases {
		var v any
		err := jet.Unmarshal([]byte(in), &v)
		var se *jet.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: %T %v, want *jet.SyntaxError", in, err, err)
			continue
		}
		stdErr := json.Unmarshal([]byte(in), &v)
		if d := diffUnmarshalErr(stdErr, err, 0); d != "" {
			t.Errorf("%q: %s", in, d)
		}
		if !strings.Contains(err.Error(), se.Msg) || !strings.HasPrefix(err.Error(), "jet: syntax error at offset ") {
			t.Errorf("%q: Error() = %q", in, err)
		}
		desc := se.Description()
		lines := strings.Split(strings.TrimSuffix(desc, "\n"), "\n")
		if len(lines) != 4 || !strings.Contains(lines[0], se.Msg) || lines[1] != "" ||
			!strings.HasPrefix(lines[2], "\t") || !strings.HasPrefix(lines[3], "\t") || !strings.HasSuffix(lines[3], "^") ||
			strings.Trim(lines[3], "\t.^") != "" {
			t.Errorf("%q: Description() =\n%s", in, desc)
			continue
		}
		// The caret is under the offending byte (for ASCII input), or
		// just past the end for truncated input.
		caret := len(lines[3]) - 2
		shown := lines[2][1:]
		pos := int(se.Offset) - 1
		if se.Offset == int64(len(in)) && (se.Msg == "unexpected end of JSON input" || strings.Contains(se.Msg, "' '")) {
			pos = len(in)
		}
		if utf8.ValidString(in) && !strings.ContainsAny(in, "\n\t") && len(in) < 60 {
			if caret != pos || (pos < len(in) && shown[caret] != in[pos]) {
				t.Errorf("%q (offset %d): caret at %d:\n%s", in, se.Offset, caret, desc)
			}
		}
	}
	// MismatchTypeError has one too.
	var st struct{ A int }
	err := jet.Unmarshal([]byte(`{"A":"x"}`), &st)
	var me *jet.MismatchTypeError
	if !errors.As(err, &me) || !strings.Contains(me.Description(), "^") {
		t.Errorf("MismatchTypeError.Description: %v", err)
	}
}

func TestInvalidUnmarshal(t *testing.T) {
	oracle.Require(t)
	var n *int
	var m map[string]int
	targets := []any{nil, 1, "x", n, m, struct{}{}, []int{}, (*any)(nil)}
	for _, target := range targets {
		e1 := json.Unmarshal([]byte(`1`), target)
		for _, p := range presets {
			e2 := p.api.Unmarshal([]byte(`1`), target)
			if d := diffUnmarshalErr(e1, e2, 0); d != "" {
				t.Errorf("%s.Unmarshal into %T: %s", p.name, target, d)
			}
			e2 = p.api.UnmarshalFromString(`1`, target)
			if d := diffUnmarshalErr(e1, e2, 0); d != "" {
				t.Errorf("%s.UnmarshalFromString into %T: %s", p.name, target, d)
			}
			e2 = p.api.NewDecoder(strings.NewReader(`1`)).Decode(target)
			if d := diffUnmarshalErr(e1, e2, 0); d != "" {
				t.Errorf("%s.NewDecoder.Decode into %T: %s", p.name, target, d)
			}
		}
		// encoding/json checks syntax first.
		e1 = json.Unmarshal([]byte(`[`), target)
		e2 := jet.Unmarshal([]byte(`[`), target)
		if d := diffUnmarshalErr(e1, e2, 0); d != "" && !bugActive("invalid-unmarshal-before-syntax") {
			t.Errorf("Unmarshal of invalid input into %T: %s", target, d)
		}
	}
}

func TestMarshalErrors(t *testing.T) {
	oracle.Require(t)
	type cyc struct {
		Next *cyc
		V    int
	}
	c := &cyc{V: 1}
	c.Next = c
	m := map[string]any{}
	m["m"] = m
	s := []any{nil}
	s[0] = s
	values := []any{
		math.NaN(), math.Inf(1), float32(math.Inf(-1)), []float64{1, math.NaN()}, map[string]float64{"x": math.Inf(1)},
		complex(1, 2), make(chan int), func() {}, withChan{}, map[float64]int{1: 1}, map[[2]int]int{{1}: 1},
		c, m, s, jsonVal{Raw: "!err"}, jsonVal{Raw: "{"}, jsonVal{Raw: "!empty"}, jsonVal{Raw: "1 2"}, &jsonPtr{Raw: "!err"},
		textVal{S: "!err"}, map[textVal]int{{S: "!err"}: 1}, json.Number("1x"), json.Number("01"), json.RawMessage("{"),
		json.RawMessage{}, time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), struct {
			N json.Number `json:",string"`
		}{"x"}, []any{1, jsonVal{Raw: "!err"}},
	}
	for _, v := range values {
		_, e1 := json.Marshal(v)
		if e1 == nil {
			t.Fatalf("encoding/json accepts %#v", v)
		}
		for _, p := range presets {
			_, e2 := p.api.Marshal(v)
			if p.name == "Fastest" {
				if e2 == nil && isMarshalerOutputError(e1) {
					continue // trusted output
				}
			}
			if d := diffMarshalErr(e1, e2); d != "" {
				t.Errorf("%s.Marshal(%T): %s", p.name, v, d)
			}
			_, e2 = p.api.MarshalIndent(v, "", " ")
			if e2 == nil && !(p.name == "Fastest" && isMarshalerOutputError(e1)) {
				t.Errorf("%s.MarshalIndent(%T): no error", p.name, v)
			}
			var b bytes.Buffer
			e2 = p.api.NewEncoder(&b).Encode(v)
			if e2 == nil && !(p.name == "Fastest" && isMarshalerOutputError(e1)) {
				t.Errorf("%s.Encoder.Encode(%T): no error", p.name, v)
			} else if e2 != nil && b.Len() != 0 {
				t.Errorf("%s.Encoder.Encode(%T) failed but wrote %q", p.name, v, b.Bytes())
			}
		}
	}
	// errors.Is reaches the method's error.
	_, err := jet.Marshal(jsonVal{Raw: "!err"})
	if !errors.Is(err, errBoom) {
		t.Errorf("errors.Is(%v, errBoom) = false", err)
	}
	// EncodeNullForInfOrNan.
	out, err := jet.Config{EncodeNullForInfOrNan: true}.Froze().Marshal([]any{math.NaN(), math.Inf(1), float32(math.Inf(-1)), 1.5})
	if err != nil || string(out) != `[null,null,null,1.5]` {
		t.Errorf("EncodeNullForInfOrNan: %s %v", out, err)
	}
}

// isMarshalerOutputError reports an error about MarshalJSON output that
// is not valid JSON, which ConfigFastest does not check.
func isMarshalerOutputError(err error) bool {
	var me *json.MarshalerError
	var se *json.SyntaxError
	return errors.As(err, &me) && errors.As(me.Err, &se)
}

// TestHugeMaxDepth checks that a nesting limit above decoder.MaxNesting
// is capped: two million nested arrays are an error, not a fatal stack
// overflow.
func TestHugeMaxDepth(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 4 MB document")
	}
	n := 2 << 20
	doc := strings.Repeat("[", n) + strings.Repeat("]", n)
	var v any
	err := jet.Config{MaxDepth: 1 << 30}.Froze().UnmarshalFromString(doc, &v)
	var se *jet.SyntaxError
	if !errors.As(err, &se) || !strings.Contains(se.Msg, "exceeded max depth") {
		t.Fatalf("got %v, want a max depth error", err)
	}
}
