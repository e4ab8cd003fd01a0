package jet_test

// The public API beyond Marshal and Unmarshal: syntax functions, Config
// options, Pretouch, the shared types, and the safety of decoded strings
// that share memory with the input.

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

	"github.com/jetjson/jet"
)

// The types shared with encoding/json are the same types.
var (
	_ json.Number                 = jet.Number("1")
	_ json.RawMessage             = jet.RawMessage(nil)
	_ json.Delim                  = jet.Delim('[')
	_ jet.Marshaler               = json.RawMessage(nil)
	_ jet.Unmarshaler             = (*json.RawMessage)(nil)
	_ *json.UnmarshalTypeError    = (*jet.UnmarshalTypeError)(nil)
	_ error                       = (*jet.SyntaxError)(nil)
	_ error                       = (*jet.MismatchTypeError)(nil)
	_ *json.InvalidUnmarshalError = (*jet.InvalidUnmarshalError)(nil)
	_ *json.UnsupportedTypeError  = (*jet.UnsupportedTypeError)(nil)
	_ *json.UnsupportedValueError = (*jet.UnsupportedValueError)(nil)
	_ *json.MarshalerError        = (*jet.MarshalerError)(nil)
)

func TestCompactIndent(t *testing.T) {
	oracle.Require(t)
	g := newGen(31)
	fc := newFailCap(t)
	for i := 0; i < 2000; i++ {
		data := g.doc()
		if i%3 == 0 {
			data = g.writeNode(nil, g.jnode(4), writeOpts{ws: true, escapes: true, rawBad: true})
		}
		checkCompactIndent(fc, data, indents[i%len(indents)].prefix, indents[i%len(indents)].indent)
	}
}

// checkCompactIndent compares jet.Compact, jet.Indent and jet.HTMLEscape
// with encoding/json's: the same bytes, the same errors, dst unchanged on
// error.
//
// encoding/json's Compact reports syntax errors with Offset 0 (its
// compact step does not count bytes); jet reports the real offset, which
// is checked against the one encoding/json's Indent gives for the same
// input.
func checkCompactIndent(fc *failCap, data []byte, prefix, indent string) {
	const keep = "kept:"
	s1, s2 := bytes.NewBufferString(keep), bytes.NewBufferString(keep)
	e1, e2 := json.Compact(s1, data), jet.Compact(s2, data)
	var sse *json.SyntaxError
	if errors.As(e1, &sse) {
		var ib bytes.Buffer
		ie := json.Indent(&ib, data, "", "")
		var ise *json.SyntaxError
		if errors.As(ie, &ise) && ise.Error() == sse.Error() {
			sse = &json.SyntaxError{}
			*sse = *ise
			e1 = sse
		}
	}
	if d := diffUnmarshalErr(e1, e2, 0); d != "" {
		fc.errorf("Compact error", "input %s: %s", short(data), d)
	} else if !bytes.Equal(s1.Bytes(), s2.Bytes()) {
		fc.errorf("Compact", "input %s: %s", short(data), byteDiff(s2.Bytes(), s1.Bytes()))
	}
	s1, s2 = bytes.NewBufferString(keep), bytes.NewBufferString(keep)
	json.HTMLEscape(s1, data)
	jet.HTMLEscape(s2, data)
	if !bytes.Equal(s1.Bytes(), s2.Bytes()) {
		fc.errorf("HTMLEscape", "input %s: %s", short(data), byteDiff(s2.Bytes(), s1.Bytes()))
	}
	if deep(data) {
		return // indenting takes time in the square of the depth, in both
	}
	s1, s2 = bytes.NewBufferString(keep), bytes.NewBufferString(keep)
	e1, e2 = json.Indent(s1, data, prefix, indent), jet.Indent(s2, data, prefix, indent)
	if d := diffUnmarshalErr(e1, e2, 0); d != "" {
		fc.errorf("Indent error", "input %s: %s", short(data), d)
	} else if !bytes.Equal(s1.Bytes(), s2.Bytes()) {
		fc.errorf("Indent", "input %s %q %q: %s", short(data), prefix, indent, byteDiff(s2.Bytes(), s1.Bytes()))
	}
	if e2 != nil && s2.String() != keep {
		fc.errorf("Indent dst", "input %s: dst changed on error: %q", short(data), s2.String())
	}
}

func TestCompactIndentCases(t *testing.T) {
	oracle.Require(t)
	fc := newFailCap(t)
	cases := []string{
		``, ` `, `1`, ` 1 `, "\t{ } \n", `[ ]`, `[1, 2 ,3 ]`, `{"a" : [ {"b" :null} ], "c": "d e"}`,
		`"<&>\u2028` + "\u2028\u2029" + `"`, "[\"\xff\"]", `[1,]`, `{"a" 1}`, `[1] [2]`, `1 x`, `"\q"`, `[1`,
		"[1]\n\n", "  [1]\t", `{"a":"b"}  `, `[[[[[]]]]]`, `-0.0e+00`, `01`, `1.`, `.5`, `+1`, "\"\x01\"",
	}
	for _, c := range cases {
		for _, in := range indents {
			checkCompactIndent(fc, []byte(c), in.prefix, in.indent)
		}
	}
}

func TestValidFunctions(t *testing.T) {
	g := newGen(41)
	for i := 0; i < 3000; i++ {
		data := g.doc()
		want := json.Valid(data)
		for _, v := range validators {
			if v.fn(data) != want {
				t.Fatalf("%s(%q) = %v, encoding/json %v", v.name, data, !want, want)
			}
		}
	}
}

// TestStringsDoNotAliasInput decodes with the presets that return views
// into the input, then overwrites the input: decoded values must not
// change.
func TestStringsDoNotAliasInput(t *testing.T) {
	type S struct {
		A   string
		B   []string
		M   map[string]string
		Raw json.RawMessage
		Num json.Number
		Any any
		Byt []byte
		TV  textVal
		JV  jsonVal
		MK  map[MyString]int
		P   *string
	}
	docs := []string{
		`{"A":"plain","B":["x","y\n"],"M":{"key":"val","k\u00e9":"v\u00e9"},"Raw":{"a" : "b"},"Num":123.5,` +
			`"Any":{"s":"t","l":["u",{"w":"x"}]},"Byt":"aGVsbG8=","TV":"text","JV":"json","MK":{"mk":1},"P":"ptr"}`,
	}
	for _, doc := range docs {
		for _, p := range append(presets, struct {
			name string
			api  jet.API
		}{"UseNumber", useNumberAPI}) {
			for _, typ := range []reflect.Type{reflect.TypeFor[S](), reflect.TypeFor[any](), reflect.TypeFor[map[string]any]()} {
				want := reflect.New(typ)
				if err := json.Unmarshal([]byte(doc), want.Interface()); err != nil {
					t.Fatal(err)
				}
				if p.name == "UseNumber" {
					want = reflect.New(typ)
					dec := json.NewDecoder(strings.NewReader(doc))
					dec.UseNumber()
					dec.Decode(want.Interface())
				}
				data := []byte(doc)
				got := reflect.New(typ)
				if err := p.api.Unmarshal(data, got.Interface()); err != nil {
					t.Fatalf("%s: %v", p.name, err)
				}
				for i := range data {
					data[i] = 'X'
				}
				if !reflect.DeepEqual(got.Interface(), want.Interface()) {
					t.Errorf("%s %v: after overwriting the input: %s", p.name, typ, valueDiff(got, want))
				}
			}
		}
	}
	// The stream decoder's buffer is reused: values decoded earlier must
	// not change when later ones are read.
	var b bytes.Buffer
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, `{"k%d":"value %d %s"}`+"\n", i, i, strings.Repeat("x", i))
	}
	for _, p := range presets {
		dec := p.api.NewDecoder(&b)
		var vals []map[string]string
		for {
			var m map[string]string
			if err := dec.Decode(&m); err != nil {
				break
			}
			vals = append(vals, m)
		}
		for i, m := range vals {
			want := fmt.Sprintf("value %d %s", i, strings.Repeat("x", i))
			if m[fmt.Sprintf("k%d", i)] != want {
				t.Errorf("%s stream: value %d changed: %q", p.name, i, m)
				break
			}
		}
		b.Reset()
		for i := 0; i < 200; i++ {
			fmt.Fprintf(&b, `{"k%d":"value %d %s"}`+"\n", i, i, strings.Repeat("x", i))
		}
	}
}

func TestPretouch(t *testing.T) {
	for _, typ := range append(append([]reflect.Type{}, valueTypes...), decodeTypes...) {
		if err := jet.Pretouch(typ); err != nil {
			t.Errorf("Pretouch(%v): %v", typ, err)
		}
	}
	// After Pretouch, encoding and decoding still agree with
	// encoding/json.
	v := Tree{Val: 1, Kids: []*Tree{{Val: 2}}, Meta: map[string]*Tree{"m": {Val: 3}}}
	a, _ := json.Marshal(v)
	b, err := jet.ConfigStd.Marshal(v)
	if err != nil || !bytes.Equal(a, b) {
		t.Errorf("after Pretouch: %s %v, want %s", b, err, a)
	}
	var back Tree
	if err := jet.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, v) {
		t.Errorf("after Pretouch: %#v %v", back, err)
	}
}

func TestConfigOptions(t *testing.T) {
	t.Run("EscapeHTML", func(t *testing.T) {
		v := map[string]string{"<k>": "a<b>&c\u2028"}
		on, _ := jet.Config{EscapeHTML: true}.Froze().Marshal(v)
		off, _ := jet.Config{}.Froze().Marshal(v)
		if string(on) != `{"\u003ck\u003e":"a\u003cb\u003e\u0026c\u2028"}` || string(off) != `{"<k>":"a<b>&c\u2028"}` {
			t.Errorf("on %s, off %s", on, off)
		}
	})
	t.Run("SortMapKeys", func(t *testing.T) {
		m := map[string]int{}
		for i := 0; i < 50; i++ {
			m[fmt.Sprint(i)] = i
		}
		want, _ := json.Marshal(m)
		got, _ := jet.Config{SortMapKeys: true}.Froze().Marshal(m)
		if !bytes.Equal(got, want) {
			t.Errorf("got %s, want %s", got, want)
		}
		mi := map[int]int{10: 1, 9: 2, -1: 3, 100: 4}
		want, _ = json.Marshal(mi)
		got, _ = jet.Config{SortMapKeys: true}.Froze().Marshal(mi)
		if !bytes.Equal(got, want) {
			t.Errorf("int keys: got %s, want %s (sorted as strings)", got, want)
		}
	})
	t.Run("CompactMarshaler", func(t *testing.T) {
		v := jsonVal{Raw: ` { "a" : [ 1 , "<x>" ] } `}
		got, _ := jet.Config{CompactMarshaler: true}.Froze().Marshal(v)
		if string(got) != `{"a":[1,"<x>"]}` {
			t.Errorf("got %s", got)
		}
		got, _ = jet.Config{}.Froze().Marshal([]any{v})
		if c, _ := canonical(got); !json.Valid(got) || c != `[{"a":[#1,"<x>"]}]` {
			t.Errorf("without: got %s", got)
		}
	})
	t.Run("NoValidateJSONMarshaler", func(t *testing.T) {
		v := jsonVal{Raw: `{bad`}
		if _, err := (jet.Config{}).Froze().Marshal(v); err == nil {
			t.Errorf("invalid MarshalJSON output accepted by default")
		}
		got, err := jet.Config{NoValidateJSONMarshaler: true}.Froze().Marshal(v)
		if err != nil || string(got) != `{bad` {
			t.Errorf("got %s %v, want the output as it is", got, err)
		}
	})
	t.Run("NoQuoteTextMarshaler", func(t *testing.T) {
		v := textVal{S: `a"b`}
		got, _ := jet.Config{NoQuoteTextMarshaler: true}.Froze().Marshal(v)
		if string(got) != `"a"b"` {
			t.Errorf("got %s, want the text as it is", got)
		}
		got, _ = jet.Config{}.Froze().Marshal(v)
		if string(got) != `"a\"b"` {
			t.Errorf("default: got %s", got)
		}
	})
	t.Run("NoNullSliceOrMap", func(t *testing.T) {
		type S struct {
			S  []int
			M  map[string]int
			B  []byte
			P  *[]int
			I  any
			E  []int `json:",omitempty"`
			NS []int
		}
		v := S{NS: []int{}}
		got, err := jet.Config{NoNullSliceOrMap: true}.Froze().Marshal(v)
		if err != nil || string(got) != `{"S":[],"M":{},"B":"","P":null,"I":null,"NS":[]}` {
			t.Errorf("got %s %v", got, err)
		}
		got, _ = jet.Config{}.Froze().Marshal(v)
		if string(got) != `{"S":null,"M":null,"B":null,"P":null,"I":null,"NS":[]}` {
			t.Errorf("default: got %s", got)
		}
	})
	t.Run("NoEncoderNewline", func(t *testing.T) {
		var b bytes.Buffer
		enc := jet.Config{NoEncoderNewline: true}.Froze().NewEncoder(&b)
		enc.Encode([]int{1})
		enc.Encode(map[string]int{"a": 1})
		if b.String() != `[1]{"a":1}` {
			t.Errorf("got %q", b.String())
		}
	})
	t.Run("EncodeNullForInfOrNan", func(t *testing.T) {
		api := jet.Config{EncodeNullForInfOrNan: true}.Froze()
		got, err := api.Marshal(map[string]any{"a": math.NaN(), "b": []float32{float32(math.Inf(1))}})
		if c, _ := canonical(got); err != nil || c != `{"a":null,"b":[null]}` {
			t.Errorf("got %s %v", got, err)
		}
	})
	t.Run("UseInt64", func(t *testing.T) {
		var v any
		err := jet.Config{UseInt64: true}.Froze().Unmarshal([]byte(`[1,-2,1.5,1e2,9223372036854775807,9223372036854775808,{"a":3}]`), &v)
		want := []any{int64(1), int64(-2), 1.5, 100.0, int64(math.MaxInt64), 9223372036854775808.0, map[string]any{"a": int64(3)}}
		if err != nil || !reflect.DeepEqual(v, want) {
			t.Errorf("got %#v %v, want %#v", v, err, want)
		}
		dec := jet.NewDecoder(strings.NewReader(`7 7.5`))
		dec.UseInt64()
		var a, b any
		dec.Decode(&a)
		dec.Decode(&b)
		if a != int64(7) || b != 7.5 {
			t.Errorf("Decoder.UseInt64: %#v %#v", a, b)
		}
		// Typed targets are not affected.
		var f float64
		if err := (jet.Config{UseInt64: true}).Froze().Unmarshal([]byte(`3`), &f); err != nil || f != 3 {
			t.Errorf("float64 target: %v %v", f, err)
		}
	})
	t.Run("UseNumber", func(t *testing.T) {
		var v any
		err := useNumberAPI.Unmarshal([]byte(`[1,-0.5e10,123456789012345678901234567890,{"a":1e400}]`), &v)
		want := []any{json.Number("1"), json.Number("-0.5e10"), json.Number("123456789012345678901234567890"), map[string]any{"a": json.Number("1e400")}}
		if err != nil || !reflect.DeepEqual(v, want) {
			t.Errorf("got %#v %v", v, err)
		}
	})
	t.Run("DisallowUnknownFields", func(t *testing.T) {
		type S struct {
			A int
			B struct{ C int }
		}
		for _, doc := range []string{`{"A":1,"X":2}`, `{"B":{"C":1,"D":2}}`, `{"a":1}`, `{"A":"x","X":1}`, `{"X":1,"A":"x"}`} {
			var s1, s2 S
			dec := json.NewDecoder(strings.NewReader(doc))
			dec.DisallowUnknownFields()
			e1 := dec.Decode(&s1)
			e2 := disallowAPI.Unmarshal([]byte(doc), &s2)
			if d := diffUnmarshalErr(e1, e2, 0); d != "" || s1 != s2 {
				t.Errorf("%s: %s; jet %+v, std %+v", doc, d, s2, s1)
			}
		}
	})
	t.Run("CaseSensitive", func(t *testing.T) {
		type S struct {
			Name string `json:"name"`
			K    int
		}
		var s S
		err := jet.Config{CaseSensitive: true}.Froze().Unmarshal([]byte(`{"NAME":"x","name":"y","k":1,"\u212a":2}`), &s)
		if err != nil || s != (S{Name: "y"}) {
			t.Errorf("got %+v %v", s, err)
		}
		// Without it, encoding/json's folding (K matches the Kelvin sign).
		var s1, s2 S
		doc := []byte(`{"NAME":"x","\u212a":2}`)
		json.Unmarshal(doc, &s1)
		jet.Unmarshal(doc, &s2)
		if s1 != s2 {
			t.Errorf("case-insensitive: jet %+v, std %+v", s2, s1)
		}
	})
	t.Run("CopyString", func(t *testing.T) {
		var v map[string]string
		data := []byte(`{"a":"b"}`)
		if err := (jet.Config{CopyString: true}).Froze().Unmarshal(data, &v); err != nil || v["a"] != "b" {
			t.Errorf("got %v %v", v, err)
		}
		copy(data, `{"X":"Y"}`)
		if v["a"] != "b" {
			t.Errorf("changed with the input: %v", v)
		}
	})
	t.Run("MarshalToString", func(t *testing.T) {
		for _, p := range presets {
			s, err := p.api.MarshalToString([]any{"a", 1})
			if err != nil || s != `["a",1]` {
				t.Errorf("%s: %q %v", p.name, s, err)
			}
		}
		s, err := jet.MarshalString(map[string]int{"k": 1})
		if err != nil || s != `{"k":1}` {
			t.Errorf("MarshalString: %q %v", s, err)
		}
	})
}

// TestReuseTarget decodes several documents into the same values, as
// encoding/json allows: maps merge, slices are reset, struct fields not
// in the input keep their values, pointers are reused.
func TestReuseTarget(t *testing.T) {
	oracle.Require(t)
	docs := []string{
		`{"Ints":[1,2,3],"MapSS":{"a":"b"},"Arr":[1,2,3],"PP":5}`,
		`{"Ints":[4],"MapSS":{"c":"d"},"Arr":[7],"PP":null}`,
		`{"Ints":[],"MapSS":null,"Any":[1],"MapSA":{"x":{"y":1}}}`,
		`{"Any":[{"a":1}],"MapSA":{"x":{"z":2}},"Ints":null}`,
	}
	var a, b Collections
	for _, d := range docs {
		e1 := json.Unmarshal([]byte(d), &a)
		e2 := jet.Unmarshal([]byte(d), &b)
		if e1 != nil || e2 != nil || !reflect.DeepEqual(a, b) {
			t.Fatalf("after %s: %v %v %s", d, e1, e2, valueDiff(reflect.ValueOf(&b), reflect.ValueOf(&a)))
		}
	}
	var x, y any = &Tagged{A: 5, B: "keep"}, &Tagged{A: 5, B: "keep"}
	doc := []byte(`{"a":6}`)
	e1, e2 := json.Unmarshal(doc, &x), jet.Unmarshal(doc, &y)
	if e1 != nil || e2 != nil || !reflect.DeepEqual(x, y) {
		t.Errorf("any holding a pointer: jet %#v %v, std %#v %v", y, e2, x, e1)
	}
}
