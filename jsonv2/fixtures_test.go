//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	stdv1 "encoding/json"
	stdjsontext "encoding/json/jsontext"
	"errors"
	"fmt"
	"math"
	"math/big"
	"net/netip"
	"reflect"
	"strings"
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

// noCaseFallback and noCaseMapFallback have fields matched without
// regard to case beside an embedded fallback, whose names may stand for
// them (duplicates in Go's v2).
type noCaseFallback struct {
	AAA string   `json:",omitempty,case:strict"`
	AaA string   `json:",omitempty,case:ignore"`
	AAa string   `json:",omitempty,case:ignore"`
	Aaa string   `json:",omitempty"`
	X   rawValue `json:",embed"`
}

type noCaseMapFallback struct {
	AaA string         `json:",case:ignore"`
	Bb  int            `json:",omitempty"`
	M   map[string]any `json:",embed"`
}

type withRawInline struct {
	A     int
	Extra rawValue `json:",embed"`
}

// conflictType is a struct whose two fields claim one JSON name. It is
// built at run time: go vet refuses such tags in source.
var conflictType = reflect.StructOf([]reflect.StructField{
	{Name: "A", Type: reflect.TypeFor[int](), Tag: `json:"x"`},
	{Name: "B", Type: reflect.TypeFor[int](), Tag: `json:"x"`},
})

// newConflict returns a conflictType value holding a and b.
func newConflict(a, b int) any {
	v := reflect.New(conflictType).Elem()
	v.Field(0).SetInt(int64(a))
	v.Field(1).SetInt(int64(b))
	return v.Interface()
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

// nonEmptyString, nonEmptySlice and nonEmptyMap write their empty values
// as non-empty JSON: omitempty (by the output, in v2) keeps them.
type (
	nonEmptyString string
	nonEmptySlice  []int
	nonEmptyMap    map[string]int
)

func (s nonEmptyString) MarshalJSON() ([]byte, error) { return []byte(`"s:` + string(s) + `"`), nil }
func (s nonEmptySlice) MarshalText() ([]byte, error)  { return []byte("n" + itoa(len(s))), nil }
func (m nonEmptyMap) MarshalJSON() ([]byte, error)    { return []byte(`{"n":` + itoa(len(m)) + `}`), nil }

// omitMethods holds omitempty fields whose types have methods.
type omitMethods struct {
	S nonEmptyString  `json:",omitempty"`
	L nonEmptySlice   `json:",omitempty"`
	M nonEmptyMap     `json:",omitempty"`
	P *nonEmptyString `json:",omitempty"`
}

// nullJSON writes itself as null: not a name.
type nullJSON struct{}

func (nullJSON) MarshalJSON() ([]byte, error) { return []byte("null"), nil }

// lowerKey writes itself in lower case: two keys may be written alike.
type lowerKey string

func (k lowerKey) MarshalText() ([]byte, error) { return []byte(strings.ToLower(string(k))), nil }

type ptrMarshalsText struct{ S string }

func (m *ptrMarshalsText) MarshalText() ([]byte, error) { return []byte("text:" + m.S), nil }

type failsText struct{}

func (failsText) MarshalText() ([]byte, error) { return nil, errors.New("boom") }

type badJSON struct{}

func (badJSON) MarshalJSON() ([]byte, error) { return []byte(`{"a":}`), nil }

type textKey int

func (k textKey) MarshalText() ([]byte, error) { return []byte("k" + itoa(int(k))), nil }

type byteNamed byte

// anyCycle is a cycle through an interface.
type anyCycle struct{ X any }

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
	anyCyc := &anyCycle{}
	anyCyc.X = anyCyc
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
		"nullkey":       map[any]string{nullJSON{}: "x"},
		"nullkeyptr":    map[any]string{&nullJSON{}: "x"},
		"intkeyany":     map[any]string{1: "x"},
		"lowerkeys":     map[lowerKey]int{"hello": 1, "HELLO": 1},
		"lowerkeysin":   map[string]any{"m": map[lowerKey]int{"a": 1, "A": 1}},
		"inlinebadutf8": withInline{Extra: map[string]any{"\xde\xad\xbe\xef": nil}},
		"inlinebaddup":  withInline{A: 1, Extra: map[string]any{"\xff": 1, "\xfe": 1}},
		"rawinline":     withRawInline{A: 1, Extra: rawValue(`{"q": [1, 2]}`)},
		"nocasefb":      noCaseFallback{X: rawValue(`{"Aaa": "", "AaA": "", "aaa": ""}`)},
		"nocasefbdiff":  noCaseFallback{X: rawValue(`{"Aaa": "", "AaA": "", "AAa": "", "AAA": ""}`)},
		"nocasefbfield": noCaseFallback{AAA: "x", AaA: "x", X: rawValue(`{"aaa": "", "AAA": ""}`)},
		"nocasefbdelim": noCaseFallback{AaA: "x", X: rawValue(`{"aa_a": ""}`)},
		"nocasefbmap":   noCaseMapFallback{AaA: "x", M: map[string]any{"aaa": 1}},
		"nocasefbmapok": noCaseMapFallback{M: map[string]any{"aaa": 1, "bB": 2}},
		"conflict":      newConflict(1, 2),
		"badtag":        badTag{1},
		"badstring":     badString{"x"},
		"format":        withFormat{},
		"unexported":    allUnexported{},
		"duration":      withDuration{time.Second},
		"durationtop":   time.Second,
		"time":          time.Date(2024, 5, 6, 7, 8, 9, 123456000, time.UTC),
		"timefar":       time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		"timezone24":    time.Date(2020, 1, 1, 0, 0, 0, 0, time.FixedZone("", 24*3600)),
		"timezone-99":   []time.Time{time.Date(2020, 1, 1, 0, 0, 0, 0, time.FixedZone("", -99*3600))},
		"timezone2359":  time.Date(2020, 1, 1, 0, 0, 0, 0, time.FixedZone("", 23*3600+59*60)),
		"marshalsjson":  marshalsJSON{3},
		"marshalsptr":   &marshalsJSON{4},
		"omitmethods":   omitMethods{},
		"omitmethodset": omitMethods{S: "x", L: nonEmptySlice{1}, M: nonEmptyMap{"a": 1}, P: ptr(nonEmptyString(""))},
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
		"anycycle":      anyCyc,
		"anyslice":      []any{1, "a", true, nil, 2.5, []any{}, map[string]any{}},
		"interfaces":    []error{nil},
		"ptrnil":        (*int)(nil),
		"ptrptr":        ptr(ptr(3)),
		"stringkeys":    map[string]string{"<": ">", "\u2028": "x"},
	}
}

// The types the random tests fill (randomValue): every field kind, tag
// option and method v2 knows, in a few structs.

// kitchen has a field of every kind and tag option.
type kitchen struct {
	Bool     bool
	Int      int
	I8       int8
	I16      int16
	I32      int32
	I64      int64
	Uint     uint
	U8       uint8
	U16      uint16
	U32      uint32
	U64      uint64
	Uptr     uintptr
	F32      float32
	F64      float64
	Str      string
	Named    namedString
	Bytes    []byte
	ByteArr  [3]byte
	NamedB   []byteNamed
	Slice    []int
	Strs     []string
	Arr      [2]float64
	Map      map[string]any
	IntMap   map[int]string
	I8Map    map[int8]bool
	UMap     map[uint16]int
	FMap     map[float64]string
	F32Map   map[float32]int
	TMap     map[textKey]int
	AMap     map[appendsText]string
	NMap     map[namedString]int
	Nested   map[string]map[int][]*inner
	Ptr      *int
	PtrPtr   **string
	PtrLeaf  *leaf
	Iface    any
	Stringer fmt.Stringer
	OmitE    string             `json:",omitempty"`
	OmitES   []string           `json:",omitempty"`
	OmitEM   map[string]int     `json:",omitempty"`
	OmitEP   *int               `json:",omitempty"`
	OmitEI   any                `json:",omitempty"`
	OmitEB   []byte             `json:",omitempty"`
	OmitEA   [0]int             `json:",omitempty"`
	OmitEL   leaf               `json:",omitempty"`
	OmitEJ   marshalsJSON       `json:",omitempty"`
	OmitENS  nonEmptyString     `json:",omitempty"`
	OmitENL  nonEmptySlice      `json:",omitempty"`
	OmitENM  nonEmptyMap        `json:",omitempty"`
	OmitENP  *nonEmptyString    `json:",omitempty"`
	OmitET   appendsText        `json:"omit_et,omitempty"`
	OmitEN   int                `json:",omitempty"`
	OmitZ    int                `json:",omitzero"`
	OmitZF   float64            `json:",omitzero"`
	OmitZS   []int              `json:",omitzero"`
	OmitZA   [2]int             `json:",omitzero"`
	OmitZT   time.Time          `json:",omitzero"`
	OmitZZ   zeroer             `json:",omitzero"`
	OmitZP   *zeroer            `json:",omitzero"`
	OmitZPZ  ptrZeroer          `json:",omitzero"`
	OmitZL   leaf               `json:",omitzero"`
	OmitZI   any                `json:",omitzero"`
	OmitBoth []int              `json:",omitzero,omitempty"`
	StrI     int                `json:",string"`
	StrU     uint8              `json:",string"`
	StrF     float64            `json:",string"`
	StrP     *int16             `json:",string"`
	StrSl    []int              `json:",string"`
	StrM     map[string]float32 `json:",string"`
	StrA     any                `json:",string"`
	StrL     leaf               `json:",string"`
	CaseI    string             `json:"case_i,case:ignore"`
	CaseS    string             `json:",case:strict"`
	Renamed  int                `json:"renamed"`
	Quoted   int                `json:"q.x"`
	Unicode  int                `json:"héllo<>&\u2028"`
	Skip     int                `json:"-"`
	Time     time.Time
	TimeP    *time.Time
	MJ       marshalsJSON
	MJP      *marshalsJSON
	PMT      ptrMarshalsText
	PMTs     []ptrMarshalsText
	AT       appendsText
	TK       textKey
	To       stdTo
	ToP      *stdTo
	Raw      rawValue
	Tree     *tree
	embedLeaf
	*EmbedPtr
	Extra  map[string]any `json:",embed"`
	hidden int
}

type namedString string

// leaf is a small struct for pointers and interfaces.
type leaf struct {
	A int    `json:"a"`
	B string `json:"b,omitempty"`
	C []any  `json:"c,omitzero"`
}

type embedLeaf struct {
	E1 int
	E2 string `json:"e2,omitempty"`
	A  int
}

// EmbedPtr is embedded through a pointer, nil or not.
type EmbedPtr struct {
	P1 int
	P2 *string
}

// tree is recursive.
type tree struct {
	Name string
	Kids []*tree `json:",omitempty"`
	Up   *tree   `json:",omitzero"`
}

// withRaw holds a raw value as its fallback for unknown members.
type withRaw struct {
	A     int
	B     string   `json:"b"`
	Extra rawValue `json:",embed"`
}

// withMapFallback holds its extra members in a map of a named value type.
type withMapFallback struct {
	A     int
	Extra map[namedString]leaf `json:",embed"`
}

// appendsText has AppendText (and is a map key).
type appendsText struct{ S string }

func (a appendsText) AppendText(b []byte) ([]byte, error) {
	if a.S == "fail" {
		return b, errors.New("append failed")
	}
	return append(append(b, "at:"...), a.S...), nil
}

// zeroer says when it is zero, other than by its value.
type zeroer struct{ N int }

func (z zeroer) IsZero() bool { return z.N%3 == 0 }

// ptrZeroer has IsZero on its pointer.
type ptrZeroer struct{ N int }

func (z *ptrZeroer) IsZero() bool { return z.N < 0 }

// stringerValue implements fmt.Stringer for kitchen.Stringer.
type stringerValue struct{ V int }

func (s stringerValue) String() string { return "sv" }

// stdTo marshals itself to the standard library's jsontext.Encoder,
// as its Mode says.
type stdTo struct {
	Mode int
	S    string
}

func (t *stdTo) MarshalJSONTo(enc *stdjsontext.Encoder) error {
	switch t.Mode % 8 {
	case 0:
		if err := enc.WriteToken(stdjsontext.BeginObject); err != nil {
			return err
		}
		if err := enc.WriteToken(stdjsontext.String("s")); err != nil {
			return err
		}
		if err := enc.WriteToken(stdjsontext.String(t.S)); err != nil {
			return err
		}
		return enc.WriteToken(stdjsontext.EndObject)
	case 1:
		return errors.ErrUnsupported
	case 2:
		return errors.New("to failed")
	case 3:
		if err := enc.WriteToken(stdjsontext.Int(1)); err != nil {
			return err
		}
		return enc.WriteToken(stdjsontext.Int(2))
	case 4:
		return nil
	case 5:
		return enc.WriteValue(stdjsontext.Value(`[1, "` + t.S + `", {"k": null}]`))
	case 6:
		if err := enc.WriteToken(stdjsontext.BeginArray); err != nil {
			return err
		}
		return nil
	}
	return enc.WriteToken(stdjsontext.Float(float64(t.Mode) / 3))
}

// pureStd holds standard-library types with JSON or text methods that
// Unmarshal's single pass takes (their methods are pure).
type pureStd struct {
	Raw  stdv1.RawMessage   `json:"raw"`
	Val  stdjsontext.Value  `json:"val"`
	When time.Time          `json:"when"`
	Big  *big.Int           `json:"big"`
	Addr netip.Addr         `json:"addr"`
	List []stdv1.RawMessage `json:"list"`
}

// plainArrays holds arrays of every element kind the array decoder
// decodes in place, and of kinds it does not (int8, named strings).
type plainArrays struct {
	F  [2]float64
	I  [3]int
	I3 [2]int32
	I8 [2]int8
	B  [2]bool
	S  [2]string
	N  [1]namedString
	A  [2][2]float64
}
