//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"fmt"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// Every unmarshal option, alone, together, and overridden, on types
// whose tags they interact with.

type optNames struct {
	FooBar  int
	Foo_Baz string `json:"foo_baz"`
	Strict  int    `json:",case:strict"`
	Ignore  int    `json:"IgNoRe,case:ignore"`
	Num     int64  `json:",string"`
	NumP    *uint8 `json:",string"`
	F       float32
	U       uint16
	Fold1   int `json:"aB"`
	Fold2   int `json:"A_b"`
	Nested  *optNames
	Extra   map[string]any `json:",embed"`
}

// optBoth has a field with both case options: an error once an object
// is met.
type optBoth struct {
	Both int `json:"both,case:ignore,case:strict"`
}

type optReject struct {
	A int
	B struct {
		C int
	}
	L []optReject
}

type optUTF8 struct {
	S  string
	M  map[string]int
	B  []byte
	A  any
	K  map[namedString]string
	Rw rawValue
}

var optionInputs = []string{
	`{"FooBar":1}`, `{"foobar":1}`, `{"FOO_BAR":1}`, `{"foo-bar":1}`, `{"foobar":1,"FooBar":2}`, `{"Foo_Baz":"x"}`,
	`{"foo_baz":"x","FOOBAZ":"y"}`, `{"strict":1}`, `{"Strict":1,"STRICT":2}`, `{"ignore":1}`, `{"IGNORE":1,"ig_nore":2}`,
	`{"BOTH":1}`, `{"Num":"12"}`, `{"Num":12}`, `{"Num":"-0"}`, `{"Num":"1e2"}`, `{"Num":" 1"}`, `{"NumP":"300"}`, `{"NumP":null}`,
	`{"NumP":"null"}`, `{"F":"1.5"}`, `{"F":1.5}`, `{"F":"1e39"}`, `{"U":"65535"}`, `{"U":65536}`, `{"U":"-1"}`, `{"ab":1}`,
	`{"AB":1}`, `{"a_b":1}`, `{"Nested":{"foobar":2,"x":1}}`, `{"Nested":{"Nested":{"unknown":1}}}`, `{"z":1,"Z":2}`,
	`{"A":1,"B":{"C":2,"D":3}}`, `{"L":[{"A":1},{"Q":2}]}`, `{"a":1}`, `{"A":1,"A":2}`, `{"B":{"C":1,"C":2}}`,
	"{\"S\":\"a\xffb\"}", "{\"M\":{\"\xff\":1,\"\xfe\":2}}", "{\"M\":{\"a\xff\":1}}", "{\"B\":\"AQ\xff\"}", "{\"A\":[\"\xc3\"]}",
	"{\"K\":{\"\xed\xa0\x80\":\"x\"}}", "{\"Rw\":{\"\xff\":\"\xfe\"}}", "{\"\xff\":1}", `{"M":{"a":1,"a":2}}`,
	`{"M":{"a":1,"\u0061":2}}`, `{"A":{"x":1,"x":[2]}}`, `{"A":{"x":{"y":1},"x":{"z":2}}}`, `{"A":[1],"A":[2]}`,
	`{"K":{"k":"1","k":"2"}}`, `{"S":"x","S":"y"}`,
}

func optionDests() []uDest {
	return []uDest{
		uDestOf[optNames]("names", nil),
		uDestOf[optReject]("reject", nil),
		uDestOf[optBoth]("both", nil),
		uDestOf[optUTF8]("utf8", nil),
		uDestOf[optUTF8]("utf8Set", func(p *optUTF8) { p.M = map[string]int{"a": 0}; p.A = map[string]any{"x": 0.0} }),
		uDestOf[any]("any", nil),
		uDestOf[map[string]any]("map", nil),
	}
}

// TestUnmarshalOptionsAgainstStd decodes under every option and
// combinations, options given false after true, and joined.
func TestUnmarshalOptionsAgainstStd(t *testing.T) {
	sets := uOptionSets()
	sets = append(sets,
		uOptsOf(uStringify, uAnyCase, uReject, uAllowDup, uAllowUTF8),
		uOpts{"Stringify-off", []stdjson.Options{stdjson.StringifyNumbers(true), stdjson.StringifyNumbers(false)}, []json.Options{json.StringifyNumbers(true), json.StringifyNumbers(false)}},
		uOpts{"joined", []stdjson.Options{stdjson.JoinOptions(stdjson.MatchCaseInsensitiveNames(true), stdjsontext.AllowDuplicateNames(true))},
			[]json.Options{json.JoinOptions(json.MatchCaseInsensitiveNames(true), jsontext.AllowDuplicateNames(true))}},
		uOpts{"defaults-off", []stdjson.Options{stdjson.DefaultOptionsV2(), stdjson.RejectUnknownMembers(true), stdjson.RejectUnknownMembers(false)},
			[]json.Options{json.DefaultOptionsV2(), json.RejectUnknownMembers(true), json.RejectUnknownMembers(false)}},
		uOpts{"marshal-only", []stdjson.Options{stdjson.Deterministic(true), stdjson.FormatNilSliceAsNull(true), stdjsontext.Multiline(true)},
			[]json.Options{json.Deterministic(true), json.FormatNilSliceAsNull(true), jsontext.Multiline(true)}},
	)
	fails := newUFailures(t)
	for _, in := range optionInputs {
		for _, dest := range optionDests() {
			for _, o := range sets {
				fails.add(fmt.Sprintf("%q -> %s %s", in, dest.name, o.name), diffUnmarshal([]byte(in), dest, o))
			}
		}
	}
	fails.done()
}
