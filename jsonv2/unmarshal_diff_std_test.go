//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	stdjson "encoding/json/v2"
	"fmt"
	"reflect"
	"testing"
	"time"

	json "github.com/jetjson/jet/jsonv2"
)

// unmarshalTarget makes a fresh destination of one type (pre-filled
// when the case is about merging), once for each implementation.
type unmarshalTarget struct {
	name string
	make func() any // returns a non-nil pointer
}

func targetOf[T any](name string, init func(*T)) unmarshalTarget {
	return unmarshalTarget{name, func() any {
		p := new(T)
		if init != nil {
			init(p)
		}
		return p
	}}
}

type textUnmarshals struct{ S string }

func (t *textUnmarshals) UnmarshalText(b []byte) error {
	if string(b) == "bad" {
		return fmt.Errorf("bad text")
	}
	t.S = "text:" + string(b)
	return nil
}

type jsonUnmarshals struct{ Raw string }

func (j *jsonUnmarshals) UnmarshalJSON(b []byte) error { j.Raw = string(b); return nil }

type caseFields struct {
	FooBar int
	Strict int `json:",case:strict"`
	Ignore int `json:"ig_nore,case:ignore"`
}

func unmarshalTargets() []unmarshalTarget {
	return []unmarshalTarget{
		targetOf[any]("any", nil),
		targetOf[any]("anyMap", func(p *any) { *p = map[string]any{"keep": 1.0, "A": "old"} }),
		targetOf[any]("anyFloat", func(p *any) { *p = 2.5 }),
		targetOf[bool]("bool", nil),
		targetOf[string]("string", nil),
		targetOf[int]("int", nil),
		targetOf[int8]("int8", nil),
		targetOf[uint8]("uint8", nil),
		targetOf[uint64]("uint64", nil),
		targetOf[float32]("float32", nil),
		targetOf[float64]("float64", nil),
		targetOf[[]int]("slice", nil),
		targetOf[[]int]("slicePrefilled", func(p *[]int) { *p = []int{9, 9, 9, 9} }),
		targetOf[[2]int]("array", nil),
		targetOf[[]byte]("bytes", nil),
		targetOf[[4]byte]("bytearray", nil),
		targetOf[map[string]int]("map", nil),
		targetOf[map[string]int]("mapPrefilled", func(p *map[string]int) { *p = map[string]int{"keep": 1, "A": 7} }),
		targetOf[map[string]plain]("mapMerge", func(p *map[string]plain) { *p = map[string]plain{"A": {B: "kept"}} }),
		targetOf[map[int]string]("intmap", nil),
		targetOf[map[float64]int]("floatmap", nil),
		targetOf[map[bool]int]("boolmap", nil),
		targetOf[map[chan string]string]("chanKeys", nil),
		targetOf[map[complex64]int]("complexKeys", nil),
		targetOf[*int]("ptr", nil),
		targetOf[*int]("ptrSet", func(p **int) { *p = ptr(5) }),
		targetOf[plain]("plain", nil),
		targetOf[plain]("plainPrefilled", func(p *plain) { *p = plain{A: 1, B: "b", E: []int{1, 2}} }),
		targetOf[tagged]("tagged", nil),
		targetOf[withEmbed]("embed", nil),
		targetOf[withInline]("inline", nil),
		targetOf[withRawInline]("rawinline", nil),
		{"conflict", func() any { return reflect.New(conflictType).Interface() }},
		targetOf[badTag]("badtag", nil),
		targetOf[badString]("badstring", nil),
		targetOf[withFormat]("format", nil),
		targetOf[allUnexported]("unexported", nil),
		targetOf[time.Time]("time", nil),
		targetOf[time.Duration]("duration", nil),
		targetOf[textUnmarshals]("text", nil),
		targetOf[jsonUnmarshals]("json", nil),
		targetOf[caseFields]("case", nil),
		targetOf[[]any]("anyslice", nil),
		targetOf[chan int]("chan", nil),
		targetOf[error]("error", nil),
	}
}

// unmarshalInputs are the texts every target is decoded from.
var unmarshalInputs = []string{
	``, ` `, `null`, `true`, `false`, `0`, `1`, `-1`, `255`, `256`, `-129`, `1.5`, `1e2`, `-0`,
	`1e400`, `18446744073709551615`, `18446744073709551616`, `99999999999999999999999`,
	`"x"`, `"12"`, `"-3"`, `"1.5"`, `" 1"`, `"true"`, `"null"`, `"AQID"`, `"AQIDBA=="`, `"AQ ID"`,
	`"2024-05-06T07:08:09Z"`, `"2024-05-06T07:08:09.123+02:00"`, `"bad"`, `"\u00e9\ud83d\ude00"`,
	`"a\ufffdb"`, "\"a\xffb\"", `"\ud800"`,
	`[]`, `[1]`, `[1,2]`, `[1,2,3]`, `[1,"x"]`, `[null,1]`, `[[1]]`,
	`{}`, `{"A":1}`, `{"A":"s"}`, `{"B":"b","E":[5]}`, `{"keep":2}`, `{"A":{"C":1.5}}`,
	`{"1":"a","2":"b"}`, `{"1.5":1}`, `{"true":1}`, `{"x":1,"y":{"z":[1,2]}}`,
	`{"name":"n","Str":"12","StrF":"1.5","StrP":"7","Case":1}`, `{"Str":12}`, `{"Str":"x"}`,
	`{"E1":1,"E2":"e","P1":3,"Own":4}`, `{"A":1,"z":2,"y":[true]}`, `{"foobar":1,"FOO_BAR":2}`,
	`{"foo-bar":1}`, `{"strict":1,"IGNORE":2,"Ig-Nore":3}`, `{"S":"v"}`, `{"T":"x"}`, `{"D":1}`,
	`{"A":1,"A":2}`, `{"a":1,"A":2}`, `[1,}`, `{"A":}`, `{"A":1`, `[1,2`, `1 2`, `tru`, `{"A":1}x`,
	`{"A":[1,2,}`, `"abc`, `[1,2,3,4,5]`,
}

// TestUnmarshalAgainstStd decodes every input into every target with jet
// and with Go's encoding/json/v2 and compares the values left behind and
// the errors.
func TestUnmarshalAgainstStd(t *testing.T) {
	optionSets := []struct {
		name string
		std  []stdjson.Options
		jet  []json.Options
	}{
		{"", nil, nil},
		{"StringifyNumbers", []stdjson.Options{stdjson.StringifyNumbers(true)}, []json.Options{json.StringifyNumbers(true)}},
		{"MatchCaseInsensitiveNames", []stdjson.Options{stdjson.MatchCaseInsensitiveNames(true)}, []json.Options{json.MatchCaseInsensitiveNames(true)}},
		{"RejectUnknownMembers", []stdjson.Options{stdjson.RejectUnknownMembers(true)}, []json.Options{json.RejectUnknownMembers(true)}},
	}
	for _, target := range unmarshalTargets() {
		for _, in := range unmarshalInputs {
			for _, os := range optionSets {
				want := target.make()
				got := target.make()
				wantErr := stdjson.Unmarshal([]byte(in), want, os.std...)
				gotErr := json.Unmarshal([]byte(in), got, os.jet...)
				label := fmt.Sprintf("%s <- %q %s", target.name, in, os.name)
				if (wantErr == nil) != (gotErr == nil) {
					t.Errorf("%s: error %v, want %v", label, gotErr, wantErr)
					continue
				}
				if wantErr != nil {
					if msg := compareErrors(wantErr, gotErr); msg != "" {
						t.Errorf("%s: %s", label, msg)
					}
				}
				// What a failed call leaves behind is not compared.
				if wantErr == nil && !reflect.DeepEqual(want, got) {
					t.Errorf("%s: value %#v, want %#v", label, reflect.ValueOf(got).Elem(), reflect.ValueOf(want).Elem())
				}
			}
		}
	}
}
