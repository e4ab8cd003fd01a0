//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"fmt"
	"reflect"
	"testing"

	stdjson "encoding/json/v2"

	json "github.com/jetjson/jet/jsonv2"
)

// Merging into pre-filled destinations: what stays, what is reused
// (a slice's backing array, a pointer's target, an interface's value)
// and what is replaced.

// mergeCase makes a pre-filled destination, and says what its shared
// parts (backing arrays, pointed-to values kept aside) hold afterwards.
type mergeCase struct {
	name string
	make func() (dst any, shared func() any)
}

func mergeOf[T any](name string, fill func() (T, func() any)) mergeCase {
	return mergeCase{name, func() (any, func() any) {
		v, shared := fill()
		p := new(T)
		*p = v
		if shared == nil {
			shared = func() any { return nil }
		}
		return p, shared
	}}
}

type mergeInner struct {
	X, Y int
	Z    []int
	M    map[string]int
}

type mergeOuter struct {
	A   int
	In  mergeInner
	P   *mergeInner
	PP  **int
	S   []mergeInner
	Arr [3]int
	I   any
	E   error
	B   []byte
	Raw rawValue
}

func mergeCases() []mergeCase {
	return []mergeCase{
		mergeOf("map", func() (map[string]int, func() any) { return map[string]int{"a": 1, "keep": 2}, nil }),
		mergeOf("mapPtr", func() (map[string]*int, func() any) {
			x := 5
			return map[string]*int{"a": &x, "keep": &x}, func() any { return x }
		}),
		mergeOf("mapStruct", func() (map[string]mergeInner, func() any) {
			return map[string]mergeInner{"a": {X: 1, Z: []int{1}}, "b": {Y: 2}}, nil
		}),
		mergeOf("mapAny", func() (map[string]any, func() any) {
			inner := map[string]any{"q": 1.0}
			return map[string]any{"a": inner, "n": 1.0, "s": []any{1.0}}, func() any { return inner }
		}),
		mergeOf("struct", func() (mergeOuter, func() any) {
			in := &mergeInner{X: 7, M: map[string]int{"k": 1}}
			n := 3
			np := &n
			return mergeOuter{A: 1, In: mergeInner{X: 1, Y: 2, Z: []int{1, 2}}, P: in, PP: &np, Arr: [3]int{1, 2, 3}, I: 5.0, B: []byte("xyz")},
				func() any { return []any{*in, n} }
		}),
		mergeOf("sliceCap", func() ([]int, func() any) {
			backing := []int{1, 2, 3, 4, 5, 6}
			return backing[:2], func() any { return append([]int(nil), backing...) }
		}),
		mergeOf("sliceStructCap", func() ([]mergeInner, func() any) {
			backing := []mergeInner{{X: 1}, {Y: 2}, {X: 3, Z: []int{3}}}
			return backing[:1], func() any { return append([]mergeInner(nil), backing...) }
		}),
		mergeOf("sliceFullLen", func() ([]int, func() any) {
			backing := []int{9, 9, 9}
			return backing, func() any { return append([]int(nil), backing...) }
		}),
		mergeOf("bytesCap", func() ([]byte, func() any) {
			backing := []byte("abcdefgh")
			return backing[:3], func() any { return string(backing) }
		}),
		mergeOf("array", func() ([4]int, func() any) { return [4]int{1, 2, 3, 4}, nil }),
		mergeOf("anyInt", func() (any, func() any) { return 3, nil }),
		mergeOf("anyString", func() (any, func() any) { return "s", nil }),
		mergeOf("anyMap", func() (any, func() any) {
			m := map[string]any{"a": 1.0}
			return m, func() any { return m }
		}),
		mergeOf("anyMapInt", func() (any, func() any) {
			m := map[string]int{"a": 1}
			return m, func() any { return m }
		}),
		mergeOf("anySlice", func() (any, func() any) { return []any{1.0, "x"}, nil }),
		mergeOf("anyStructValue", func() (any, func() any) { return mergeInner{X: 1}, nil }),
		mergeOf("anyStructPtr", func() (any, func() any) {
			p := &mergeInner{X: 1, Z: []int{4}}
			return p, func() any { return *p }
		}),
		mergeOf("anyPtrPtr", func() (any, func() any) {
			n := 4
			p := &n
			return &p, func() any { return n }
		}),
		mergeOf("anyNilPtr", func() (any, func() any) { return (*mergeInner)(nil), nil }),
		mergeOf("ifacePtr", func() (stringerIface, func() any) {
			p := &tagged2{V: "old"}
			return p, func() any { return *p }
		}),
		mergeOf("ptrStruct", func() (*mergeInner, func() any) {
			p := &mergeInner{X: 1, Y: 2}
			return p, func() any { return *p }
		}),
		mergeOf("ptrPtr", func() (**int, func() any) {
			n := 1
			p := &n
			return &p, func() any { return n }
		}),
	}
}

var mergeInputs = []string{
	`null`, `{}`, `[]`, `1`, `"s"`, `true`, `[5]`, `[5,6,7,8]`, `[5,6,7,8,9,10,11]`, `[{"X":5}]`, `[{"Y":6},{"X":7}]`,
	`{"a":3}`, `{"a":null}`, `{"new":4}`, `{"a":{"Y":9}}`, `{"a":{"M":{"z":1}}}`, `{"b":{"Z":[8]}}`, `{"a":{"q":2,"r":3}}`,
	`{"n":2,"s":[3]}`, `{"A":2,"In":{"Y":3}}`, `{"In":{"Z":[9]}}`, `{"In":null}`, `{"P":{"Y":8}}`, `{"P":null}`,
	`{"PP":9}`, `{"PP":null}`, `{"S":[{"X":1}]}`, `{"Arr":[7]}`, `{"Arr":[7,8,9]}`, `{"I":"str"}`, `{"I":{"k":1}}`,
	`{"I":null}`, `{"E":null}`, `{"E":1}`, `{"B":"AQID"}`, `{"B":null}`, `{"Raw":[1, 2]}`, `{"X":2,"M":{"k":2,"j":3}}`,
	`{"V":"new"}`, `"AQID"`, `"AQIDBAUGBwgJ"`, `{"X":"bad"}`, `[1,"x"]`, `{"a":"x","keep":1}`,
}

// TestUnmarshalMergeAgainstStd decodes into pre-filled destinations and
// compares what they hold afterwards, and their shared parts.
func TestUnmarshalMergeAgainstStd(t *testing.T) {
	fails := newUFailures(t)
	sets := []uOpts{{name: "none"}, uAllowDup, uStringify}
	for _, c := range mergeCases() {
		for _, in := range mergeInputs {
			for _, o := range sets {
				wantDst, wantShared := c.make()
				gotDst, gotShared := c.make()
				want := uOutcome{dst: wantDst, err: stdjson.Unmarshal([]byte(in), wantDst, o.std...)}
				got := uOutcome{dst: gotDst, err: json.Unmarshal([]byte(in), gotDst, o.jet...)}
				label := fmt.Sprintf("%q -> %s %s", in, c.name, o.name)
				if msg := diffOutcomes(want, got, nil); msg != "" {
					fails.add(label, msg)
					continue
				}
				if want.err == nil && !reflect.DeepEqual(wantShared(), gotShared()) {
					fails.add(label, fmt.Sprintf("shared parts\n got %#v\nwant %#v", gotShared(), wantShared()))
				}
			}
		}
	}
	fails.done()
}
