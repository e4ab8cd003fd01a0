//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"errors"
	"math"
	"time"
)

// The values the differential tests marshal with jet and with Go's
// encoding/json/v2: one of each kind, tag option and method v2 treats
// in its own way.

type plain struct {
	A int
	B string
	C float64
	D bool
	E []int
	F map[string]int
	G *int
	H any
}

type tagged struct {
	Name       string         `json:"name"`
	Skip       string         `json:"-"`
	Dash       string         `json:"-,"`
	Quoted     string         `json:"'with,comma'"`
	Empty      string         `json:",omitempty"`
	EmptyS     []int          `json:",omitempty"`
	EmptyM     map[string]int `json:",omitempty"`
	EmptyP     *string        `json:",omitempty"`
	EmptyI     any            `json:",omitempty"`
	EmptyT     inner          `json:",omitempty"`
	Zero       int            `json:",omitzero"`
	ZeroT      time.Time      `json:",omitzero"`
	Str        int64          `json:",string"`
	StrF       float32        `json:",string"`
	StrP       *uint          `json:",string"`
	Case       int            `json:",case:ignore"`
	Strict     int            `json:",case:strict"`
	unexported int
}

type inner struct {
	X int    `json:",omitzero"`
	Y string `json:",omitempty"`
}

type Embedded struct {
	E1 int
	E2 string
}

type withEmbed struct {
	Embedded
	*Ptr
	Own int
}

type Ptr struct{ P1 int }

type withInline struct {
	A     int
	Extra map[string]any `json:",embed"`
}

type withRawInline struct {
	A     int
	Extra rawValue `json:",embed"`
}

type conflict struct {
	A int `json:"x"`
	B int `json:"x"`
}

type badTag struct {
	A int `json:",omitEmpty"`
}

type badString struct {
	S string `json:",string"`
}

type withFormat struct {
	T time.Time `json:",format:unix"`
}

type allUnexported struct{ a, b int }

type withDuration struct{ D time.Duration }

type marshalsJSON struct{ N int }

func (m marshalsJSON) MarshalJSON() ([]byte, error) {
	return []byte(`{ "n" : ` + itoa(m.N) + ` }`), nil
}

type ptrMarshalsText struct{ S string }

func (m *ptrMarshalsText) MarshalText() ([]byte, error) { return []byte("text:" + m.S), nil }

type failsText struct{}

func (failsText) MarshalText() ([]byte, error) { return nil, errors.New("boom") }

type badJSON struct{}

func (badJSON) MarshalJSON() ([]byte, error) { return []byte(`{"a":}`), nil }

type textKey int

func (k textKey) MarshalText() ([]byte, error) { return []byte("k" + itoa(int(k))), nil }

type byteNamed byte

type recursive struct {
	Name string
	Next *recursive
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	return string(b)
}

func ptr[T any](v T) *T { return &v }

// marshalValues returns the values to marshal, by name.
func marshalValues() map[string]any {
	cyc := &recursive{Name: "a"}
	cyc.Next = cyc
	return map[string]any{
		"nil":           nil,
		"true":          true,
		"int":           -42,
		"uint8":         uint8(200),
		"float":         3.25,
		"float32":       float32(0.1),
		"floatBig":      1e21,
		"floatSmall":    1e-7,
		"negzero":       math.Copysign(0, -1),
		"nan":           math.NaN(),
		"inf":           math.Inf(1),
		"string":        "hello, <world> & \u2028 \x01 \"q\" \\",
		"badutf8":       "a\xffb",
		"bytes":         []byte("hi there"),
		"nilbytes":      []byte(nil),
		"array":         [3]int{1, 2, 3},
		"bytearray":     [4]byte{1, 2, 3, 4},
		"namedbytes":    []byteNamed{1, 2},
		"nilslice":      []int(nil),
		"emptyslice":    []int{},
		"nilmap":        map[string]int(nil),
		"map":           map[string]int{"b": 2, "a": 1, "c": 3},
		"intmap":        map[int]string{3: "c", 1: "a", 20: "t"},
		"floatmap":      map[float64]int{1.5: 1, -2: 2},
		"boolmap":       map[bool]int{true: 1},
		"textmap":       map[textKey]int{1: 1, 2: 2},
		"structmap":     map[inner]int{{X: 1}: 1},
		"plain":         plain{A: 1, B: "b", C: 2.5, D: true, E: []int{1}, F: map[string]int{"k": 1}, G: ptr(7), H: []any{1.0, "x", nil}},
		"plainzero":     plain{},
		"tagged":        tagged{Name: "n", Skip: "s", Dash: "d", Quoted: "q", Str: 12, StrF: 1.5, StrP: ptr(uint(9)), Case: 1, Strict: 2},
		"taggedfull":    tagged{EmptyS: []int{1}, EmptyM: map[string]int{"a": 1}, EmptyP: ptr(""), EmptyI: 0, EmptyT: inner{X: 1}, Zero: 1, ZeroT: time.Unix(1, 0).UTC()},
		"taggedempties": tagged{EmptyS: []int{}, EmptyM: map[string]int{}, EmptyI: []int{}},
		"embed":         withEmbed{Embedded: Embedded{1, "x"}, Own: 3},
		"embedptr":      withEmbed{Ptr: &Ptr{5}},
		"inline":        withInline{A: 1, Extra: map[string]any{"z": 1, "y": "2"}},
		"inlinedup":     withInline{A: 1, Extra: map[string]any{"A": 2}},
		"inlinenil":     withInline{A: 1},
		"rawinline":     withRawInline{A: 1, Extra: rawValue(`{"q": [1, 2]}`)},
		"conflict":      conflict{1, 2},
		"badtag":        badTag{1},
		"badstring":     badString{"x"},
		"format":        withFormat{},
		"unexported":    allUnexported{},
		"duration":      withDuration{time.Second},
		"durationtop":   time.Second,
		"time":          time.Date(2024, 5, 6, 7, 8, 9, 123456000, time.UTC),
		"timefar":       time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		"marshalsjson":  marshalsJSON{3},
		"marshalsptr":   &marshalsJSON{4},
		"ptrtext":       ptrMarshalsText{"v"},
		"ptrtextslice":  []ptrMarshalsText{{"a"}, {"b"}},
		"ptrtextmap":    map[string]ptrMarshalsText{"k": {"v"}},
		"failstext":     []any{1, failsText{}},
		"badjson":       map[string]any{"a": []any{badJSON{}}},
		"chan":          make(chan int),
		"func":          func() {},
		"complex":       complex(1, 2),
		"deep":          []any{map[string]any{"a": []any{1, map[string]any{"b/c~d": math.NaN()}}}},
		"cycle":         cyc,
		"anyslice":      []any{1, "a", true, nil, 2.5, []any{}, map[string]any{}},
		"interfaces":    []error{nil},
		"ptrnil":        (*int)(nil),
		"ptrptr":        ptr(ptr(3)),
		"stringkeys":    map[string]string{"<": ">", "\u2028": "x"},
	}
}
