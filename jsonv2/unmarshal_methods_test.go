//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// Types that unmarshal themselves, and structs that embed and inline.
// Where a method takes a package's own types (jsontext's Decoder, the
// v2 package's SemanticError), it is written twice, once for each
// implementation, with the same behaviour; the outcomes are compared by
// what they marshal to.

// fromData is what the UnmarshalJSONFrom types hold.
type fromData struct {
	S string
	N int
	K []string
}

// fromDecoder is the part of either package's Decoder the methods use.
type fromDecoder interface {
	peek() byte
	token() (kind byte, text string, err error)
	value() (string, error)
}

type stdFromDec struct{ d *stdjsontext.Decoder }

func (s stdFromDec) peek() byte { return byte(s.d.PeekKind()) }
func (s stdFromDec) token() (byte, string, error) {
	t, err := s.d.ReadToken()
	return byte(t.Kind()), t.String(), err
}
func (s stdFromDec) value() (string, error) {
	v, err := s.d.ReadValue()
	return string(v), err
}

type jetFromDec struct{ d *jsontext.Decoder }

func (s jetFromDec) peek() byte { return byte(s.d.PeekKind()) }
func (s jetFromDec) token() (byte, string, error) {
	t, err := s.d.ReadToken()
	return byte(t.Kind()), t.String(), err
}
func (s jetFromDec) value() (string, error) {
	v, err := s.d.ReadValue()
	return string(v), err
}

// unmarshalFrom is the behaviour of every UnmarshalJSONFrom method: by
// the kind of the value, read it whole or token by token, decline before
// or after reading, or fail plainly or semantically.
func unmarshalFrom(d fromDecoder, x *fromData, semantic func(error) error) error {
	switch d.peek() {
	case 't':
		return errors.ErrUnsupported // default decoding: a mismatch
	case '{':
		return errors.ErrUnsupported // default decoding of the struct
	case 'f':
		if _, _, err := d.token(); err != nil {
			return err
		}
		return errors.ErrUnsupported // after reading: an error
	case 'n':
		_, _, err := d.token()
		x.S = "null"
		return err
	case '0':
		_, text, err := d.token()
		if err != nil {
			return err
		}
		n, _ := strconv.Atoi(text)
		switch n {
		case 13:
			return errors.New("unlucky")
		case 14:
			return semantic(errors.New("semantic from"))
		}
		x.N = n
		return nil
	case '"':
		v, err := d.value()
		x.S = v
		if v == `"partial"` {
			return errors.New("after a value")
		}
		return err
	case '[':
		if _, _, err := d.token(); err != nil {
			return err
		}
		for d.peek() != ']' {
			k, text, err := d.token()
			if err != nil {
				return err
			}
			switch {
			case text == "stop":
				return errors.New("stopped inside")
			case text == "done":
				return nil // leaves the array open
			case k == '[' || k == '{':
				return semantic(errors.New("nested"))
			}
			x.K = append(x.K, text)
		}
		_, _, err := d.token()
		return err
	}
	return errors.New("unexpected kind")
}

// stdFrom unmarshals itself from the standard library's Decoder.
type stdFrom struct{ fromData }

func (x *stdFrom) UnmarshalJSONFrom(d *stdjsontext.Decoder) error {
	return unmarshalFrom(stdFromDec{d}, &x.fromData, func(err error) error {
		return &stdjson.SemanticError{Err: err, JSONPointer: "/inner"}
	})
}

// jetFrom unmarshals itself from jet's Decoder.
type jetFrom struct{ fromData }

func (x *jetFrom) UnmarshalJSONFrom(d *jsontext.Decoder) error {
	return unmarshalFrom(jetFromDec{d}, &x.fromData, func(err error) error {
		return &json.SemanticError{Err: err, JSONPointer: "/inner"}
	})
}

// unmarshalJSONBody is the behaviour of the UnmarshalJSON methods.
func unmarshalJSONBody(b []byte, out *string, semantic func() error) error {
	switch string(b) {
	case `"fail"`:
		return errors.New("json method failed")
	case `"unsup"`:
		return errors.ErrUnsupported
	case `"sem"`:
		return semantic()
	case `"eof"`:
		return fmt.Errorf("wrapped: %w", errors.New("eof"))
	}
	*out = "json:" + string(b)
	return nil
}

type stdJSONMethod struct{ V string }

func (m *stdJSONMethod) UnmarshalJSON(b []byte) error {
	return unmarshalJSONBody(b, &m.V, func() error {
		return &stdjson.SemanticError{Err: errors.New("sem json"), JSONPointer: "/deep/1", ByteOffset: 3}
	})
}

type jetJSONMethod struct{ V string }

func (m *jetJSONMethod) UnmarshalJSON(b []byte) error {
	return unmarshalJSONBody(b, &m.V, func() error {
		return &json.SemanticError{Err: errors.New("sem json"), JSONPointer: "/deep/1", ByteOffset: 3}
	})
}

// unmarshalTextBody is the behaviour of the UnmarshalText methods.
func unmarshalTextBody(b []byte, out *string, semantic func() error) error {
	switch string(b) {
	case "fail":
		return errors.New("text method failed")
	case "unsup":
		return errors.ErrUnsupported
	case "sem":
		return semantic()
	}
	*out = "text:" + string(b)
	return nil
}

type stdTextMethod struct{ V string }

func (m *stdTextMethod) UnmarshalText(b []byte) error {
	return unmarshalTextBody(b, &m.V, func() error { return &stdjson.SemanticError{Err: errors.New("sem text")} })
}

type jetTextMethod struct{ V string }

func (m *jetTextMethod) UnmarshalText(b []byte) error {
	return unmarshalTextBody(b, &m.V, func() error { return &json.SemanticError{Err: errors.New("sem text")} })
}

// textKeyU is a map key that unmarshals itself from text.
type textKeyU struct{ K string }

func (k *textKeyU) UnmarshalText(b []byte) error {
	if string(b) == "bad" {
		return errors.New("bad key")
	}
	k.K = "key:" + string(b)
	return nil
}

// bothMethods has UnmarshalJSON and UnmarshalText: UnmarshalJSON wins.
type bothMethods struct{ V string }

func (m *bothMethods) UnmarshalJSON(b []byte) error { m.V = "json:" + string(b); return nil }
func (m *bothMethods) UnmarshalText(b []byte) error { m.V = "text:" + string(b); return nil }

// fromAndText has UnmarshalJSONFrom (declining on objects and true) and
// UnmarshalText behind it.
type fromAndText struct {
	stdFrom
	T string
}

func (m *fromAndText) UnmarshalText(b []byte) error { m.T = "text:" + string(b); return nil }

// intMethod is a named integer with UnmarshalJSONFrom declining on
// objects: behind it, the integer's own decoding (with its tags).
type intMethod int

func (m *intMethod) UnmarshalJSONFrom(d *stdjsontext.Decoder) error {
	if d.PeekKind() == '"' {
		return errors.ErrUnsupported
	}
	v, err := d.ReadValue()
	*m = intMethod(len(v))
	return err
}

// methodHolder nests the method types in every kind of container.
type methodHolder[F, J, T any] struct {
	From   F
	FromP  *F
	FromS  []F
	FromM  map[string]F
	JSON   J
	JSONP  *J
	Text   T
	TextS  []T
	TextM  map[textKeyU]T
	Both   bothMethods
	FAT    fromAndText
	Int    intMethod
	IntS   intMethod `json:",string"`
	Ptrs   []*F
	AnyVal any
}

type stdMethods = methodHolder[stdFrom, stdJSONMethod, stdTextMethod]
type jetMethods = methodHolder[jetFrom, jetJSONMethod, jetTextMethod]

// byMarshal compares values by what Go's v2 marshals them to.
func byMarshal(v any) any {
	b, err := stdjson.Marshal(v, stdjson.Deterministic(true))
	if err != nil {
		return "marshal error: " + err.Error()
	}
	return string(b)
}

// Embedding and inlining.

type unexportedEmbed struct{ U1, U2 int }

type ExportedEmbed struct{ X1 int }

type embedsPtrs struct {
	*unexportedEmbed
	*ExportedEmbed
	Own int
}

type embedsMethods struct {
	stdFrom        // a type with methods: a field named stdFrom, not inlined
	jsonUnmarshals // likewise
	Own            string
}

type inlineMap struct {
	A     int
	Rest  map[string]int `json:",embed"`
	Inner struct {
		B    string
		More map[string]any `json:",embed"`
	}
}

type jetInlineRaw struct {
	A    []int
	Rest jsontext.Value `json:",embed"`
}

type stdInlineRaw struct {
	A    []int
	Rest stdjsontext.Value `json:",embed"`
}

type inlineStruct struct {
	Base    ExportedEmbed `json:",embed"`
	Name    string
	Unknown map[string]stdJSONMethod `json:",embed"`
}

type inlineNamedMap struct {
	ID    int
	Extra map[namedString]*int `json:",embed"`
}

// methodInputs are decoded into each method destination.
var methodInputs = []string{
	`null`, `true`, `false`, `0`, `7`, `13`, `14`, `"s"`, `"partial"`, `[]`, `["a","b"]`, `["a","stop"]`, `["a","done","x"]`,
	`[1,[2]]`, `{}`, `{"S":"x","N":3}`, `"fail"`, `"unsup"`, `"sem"`, `"eof"`, `"text"`,
	`{"From":7,"FromP":"s","FromS":[1,"x",null,["q"]],"FromM":{"a":2,"b":{"S":"y"}},"JSON":"j","JSONP":[1],"Text":"t","TextS":["a",null],"TextM":{"k":"v"},"Both":"b","FAT":{"N":1},"Int":[1,2],"IntS":"12","Ptrs":[null,3],"AnyVal":{"x":1}}`,
	`{"From":13}`, `{"FromS":[1,14]}`, `{"FromM":{"a":["a","stop"]}}`, `{"FromM":{"a":["a","done"]}}`, `{"FromP":false}`,
	`{"From":true}`, `{"JSON":"fail"}`, `{"JSONP":"sem"}`, `{"JSON":"unsup"}`, `{"JSON":"eof"}`, `{"Text":"fail"}`,
	`{"TextS":[1]}`, `{"TextS":["x","sem"]}`, `{"TextM":{"bad":"v"}}`, `{"TextM":{"k":"unsup"}}`, `{"FAT":"s"}`, `{"FAT":true}`,
	`{"Int":"7"}`, `{"IntS":7}`, `{"IntS":"x"}`, `{"Ptrs":[["a","partial"]]}`, `{"FromS":[["a",{"b":1}]]}`, `{"FromS":["partial"]}`,
	`{"U1":1}`, `{"X1":2,"Own":3}`, `{"Own":1,"U2":5}`, `{"stdFrom":7,"jsonUnmarshals":[1],"Own":"o"}`, `{"S":"promoted?"}`,
	`{"A":1,"b":2,"c":"x"}`, `{"A":[1],"Inner":{"B":"b","z":[1]},"q":3}`, `{"Inner":{"More":1,"more":{"x":null}}}`,
	`{"X1":1,"Name":"n","other":"fail","z":"sem"}`, `{"ID":1,"k":3,"k2":null}`, `{"A":1,"A":2}`, `{"Rest":{"x":1}}`,
	`{"A":[1,2],"x":{"y":[true]},"z":"s"}`, `{"Base":{"X1":1}}`, `{"X1":1,"x1":2}`, `{"unexportedEmbed":{}}`,
	`{"From":{"S":"x","N":"bad"}}`, `{"From":["a","stop"],"JSON":"fail"}`, `{"From":[1,2,3`, `{"JSON":"j",`, `{"Text":"t"]`,
}

func methodDests() []uDest {
	twin := func(name string, std, jet func() any) uDest {
		return uDest{name: name, std: std, jet: jet, norm: byMarshal}
	}
	return []uDest{
		uDestOf[stdFrom]("stdFrom", nil),
		twin("from", func() any { return new(stdFrom) }, func() any { return new(jetFrom) }),
		uDestOf[stdMethods]("stdMethods", nil),
		twin("methods", func() any { return new(stdMethods) }, func() any { return new(jetMethods) }),
		twin("methodsPrefilled",
			func() any {
				return &stdMethods{FromM: map[string]stdFrom{"a": {fromData{S: "old"}}}, JSONP: &stdJSONMethod{"old"}}
			},
			func() any {
				return &jetMethods{FromM: map[string]jetFrom{"a": {fromData{S: "old"}}}, JSONP: &jetJSONMethod{"old"}}
			}),
		twin("json", func() any { return new(stdJSONMethod) }, func() any { return new(jetJSONMethod) }),
		twin("text", func() any { return new(stdTextMethod) }, func() any { return new(jetTextMethod) }),
		twin("texts", func() any { return new([]stdTextMethod) }, func() any { return new([]jetTextMethod) }),
		uDestOf[bothMethods]("both", nil),
		uDestOf[fromAndText]("fromAndText", nil),
		uDestOf[intMethod]("int", nil),
		uDestOf[map[textKeyU]int]("textKeys", nil),
		uDestOf[embedsPtrs]("embedsPtrs", nil),
		uDestOf[embedsPtrs]("embedsPtrsSet", func(p *embedsPtrs) { p.unexportedEmbed = &unexportedEmbed{U1: 9} }),
		uDestOf[embedsMethods]("embedsMethods", nil),
		uDestOf[inlineMap]("inlineMap", nil),
		uDestOf[inlineMap]("inlineMapSet", func(p *inlineMap) { p.Rest = map[string]int{"b": 1, "keep": 2} }),
		// jet's jsontext.Value is a raw value to jet only.
		{name: "inlineRaw", std: func() any { return new(stdInlineRaw) }, jet: func() any { return new(jetInlineRaw) }, norm: func(v any) any {
			if x, ok := v.(*jetInlineRaw); ok {
				return stdInlineRaw{A: x.A, Rest: stdjsontext.Value(x.Rest)}
			}
			return *v.(*stdInlineRaw)
		}},
		uDestOf[stdInlineRaw]("stdInlineRaw", nil),
		uDestOf[stdInlineRaw]("inlineStdRawSet", func(p *stdInlineRaw) { p.Rest = stdjsontext.Value(`{"old":1}`) }),
		uDestOf[stdInlineRaw]("inlineStdRawSpaces", func(p *stdInlineRaw) { p.Rest = stdjsontext.Value(" { \"old\" : 1 , } \n") }),
		uDestOf[stdInlineRaw]("inlineStdRawEmpty", func(p *stdInlineRaw) { p.Rest = stdjsontext.Value("{ }") }),
		uDestOf[stdInlineRaw]("inlineStdRawArray", func(p *stdInlineRaw) { p.Rest = stdjsontext.Value("[1]") }),
		uDestOf[stdInlineRaw]("inlineStdRawBrace", func(p *stdInlineRaw) { p.Rest = stdjsontext.Value(" }") }),
		uDestOf[inlineStruct]("inlineStruct", nil),
		uDestOf[inlineNamedMap]("inlineNamedMap", nil),
		uDestOf[[]any]("anys", func(p *[]any) { *p = []any{&stdFrom{}, stdFrom{}} }),
		uDestOf[any]("anyFrom", func(p *any) { *p = &stdFrom{} }),
	}
}

// TestUnmarshalMethodsAgainstStd decodes into types with methods and
// into embedding and inlining structs.
func TestUnmarshalMethodsAgainstStd(t *testing.T) {
	fails := newUFailures(t)
	sets := []uOpts{{name: "none"}, uAnyCase, uReject, uAllowDup, uStringify, uOptsOf(uAnyCase, uReject, uAllowDup)}
	for _, in := range methodInputs {
		for _, dest := range methodDests() {
			for _, o := range sets {
				fails.add(fmt.Sprintf("%q -> %s %s", in, dest.name, o.name), diffUnmarshal([]byte(in), dest, o))
			}
		}
	}
	fails.done()
}

// cutMethodInputs end in a syntax error within or just after a value
// that a method or function reads from a Decoder, or declines before
// reading: Go's v2 reports what the method meets (a syntax error where
// its reads meet it, or its own error first), or, when it declines, the
// error where the decoder of the value's kind meets it, which differ
// from the read of the whole value.
var cutMethodInputs = []string{
	``, ` `, `[,`, `[1,,`, `{,`, `{"S":"x",}`, `{"K":[,`, `["a","stop",,`, `["done",,`, `[{,`,
	`{"From":[,`, `{"From":[1,,`, `{"From":[1,}`, `{"From":{,`, `{"From":{"S":"x",}`, `{"From":{"S":,`,
	`{"From":[[,`, `{"From":["a","stop",,`, `{"From":["a","done",,`, `{"From":[1,[2],,`, `{"From":"partial",,`,
	`{"From":7,,`, `{"From":[1`, `{"From":[1,`, `{"From":[`, `{"From":`, `{"From":["a"}`, `{"From":["a":1]`,
	`{"From":[true,`, `{"From":[1 2]`, `{"From" [1]`, `{"From":[1]]`, `{"From":[]]`, `{"From":{"S":"x"}]`,
	`{"FromS":[[,`, `{"FromS":[1,,`, `{"FromS":[{,`, `{"FromP":[,`, `{"FromM":{"a":[,`, `{"FromM":{"a":{,`,
	`{"Ptrs":[[,`, `{"AnyVal":[,`, `{"FAT":[,`, `{"FAT":{,`, `{"Int":[,`, `{"IntS":[,`, `{"JSON":[,`, `{"Text":[,`,
	`{"T":{,`, `{"X":{,`, `{"A":{,`, `{"L":[,`, `{"T":{"V":"v",}`, `{"TP":{,`, `{"A":[1,,`, `[1,"n2",,`,
	`{"M":{"a":,`, `{"MS":{"a":"x",}`, `{"T":[1,,`, `{"X":[1,,`, `{"TP":[[,`, `{"A":[{,`, `{"A":{"x":[,`,
	`{"S":"x",,`, `{"SP":[,`, `{"L":["a",,`, `{"IP":[,`, `{"St":[,`, `{"T":{"V":[,`,
}

// TestUnmarshalCutMethodsAgainstStd decodes cutMethodInputs into the
// method and function destinations, with and without the functions.
func TestUnmarshalCutMethodsAgainstStd(t *testing.T) {
	fails := newUFailures(t)
	sets := []uOpts{{name: "none"}, uOptsOf(uStringify, uAnyCase, uAllowUTF8, funcPairs()[0].opts())}
	for _, fp := range funcPairs() {
		sets = append(sets, fp.opts())
	}
	dests := append(methodDests(), funcDests()...)
	for _, in := range cutMethodInputs {
		for _, dest := range dests {
			for _, o := range sets {
				fails.add(fmt.Sprintf("%q -> %s %s", in, dest.name, o.name), diffUnmarshal([]byte(in), dest, o))
			}
		}
	}
	fails.done()
}
