package jet_test

// Random value and document generators shared by the differential, race
// and stream tests. Everything is driven by a seeded PRNG so that a
// failure names a seed that reproduces it.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// ---------------------------------------------------------------------
// Types exercised by the generators.

type (
	MyInt       int
	MyInt8      int8
	MyUint16    uint16
	MyString    string
	MyFloat32   float32
	MyBool      bool
	MyBytes     []byte
	MyByte      byte
	MyByteSlice []MyByte
	MyMap       map[string]any
	MySlice     []any
	MyArray     [3]int8
)

var errBoom = errors.New("boom")

// textByte is a byte with MarshalText: a []textByte is an array of
// strings, not base64.
type textByte byte

func (b textByte) MarshalText() ([]byte, error) { return []byte{'b', 'a' + byte(b)%26}, nil }

func (b *textByte) UnmarshalText(t []byte) error {
	if len(t) != 2 || t[0] != 'b' {
		return errBoom
	}
	*b = textByte(t[1] - 'a')
	return nil
}

// jsonVal implements json.Marshaler on its value and json.Unmarshaler on
// its pointer. Raw is the method's output, "!err" makes it fail.
type jsonVal struct{ Raw string }

func (j jsonVal) MarshalJSON() ([]byte, error) { return rawOutput(j.Raw) }

// rawOutput is what the MarshalJSON methods return for Raw: "null" for
// "", nothing for "!empty", an error for "!err".
func rawOutput(raw string) ([]byte, error) {
	switch raw {
	case "":
		return []byte("null"), nil
	case "!empty":
		return []byte{}, nil
	case "!err":
		return nil, errBoom
	}
	return []byte(raw), nil
}

func (j *jsonVal) UnmarshalJSON(b []byte) error {
	if len(b) > 1 && b[1] == '!' {
		return errBoom
	}
	j.Raw = string(b)
	return nil
}

// jsonPtr implements json.Marshaler only on its pointer: encoding/json
// uses it only for addressable values.
type jsonPtr struct{ Raw string }

func (j *jsonPtr) MarshalJSON() ([]byte, error) { return rawOutput(j.Raw) }

func (j *jsonPtr) UnmarshalJSON(b []byte) error {
	j.Raw = "got:" + string(b)
	return nil
}

// textVal implements encoding.TextMarshaler on its value.
type textVal struct{ S string }

func (t textVal) MarshalText() ([]byte, error) {
	if t.S == "!err" {
		return nil, errBoom
	}
	return []byte(t.S), nil
}

func (t *textVal) UnmarshalText(b []byte) error {
	if bytes.HasPrefix(b, []byte("!")) {
		return errBoom
	}
	t.S = string(b)
	return nil
}

// textPtr implements encoding.TextMarshaler only on its pointer.
type textPtr struct{ S string }

func (t *textPtr) MarshalText() ([]byte, error) {
	if t.S == "!err" {
		return nil, errBoom
	}
	return []byte(t.S), nil
}

func (t *textPtr) UnmarshalText(b []byte) error {
	t.S = "got:" + string(b)
	return nil
}

// both has MarshalJSON and MarshalText; MarshalJSON wins for values,
// MarshalText for map keys.
type both struct{ N int }

func (b both) MarshalJSON() ([]byte, error) {
	return []byte(`{"both": ` + strconv.Itoa(b.N) + `}`), nil
}
func (b both) MarshalText() ([]byte, error) { return []byte("both" + strconv.Itoa(b.N)), nil }

func (b *both) UnmarshalText(t []byte) error {
	n, err := strconv.Atoi(strings.TrimPrefix(string(t), "both"))
	b.N = n
	return err
}

// Map key types.

// intKey is an int-kinded TextMarshaler: the method names the key.
type intKey int

func (k intKey) MarshalText() ([]byte, error) { return []byte("#" + strconv.Itoa(int(k))), nil }

func (k *intKey) UnmarshalText(b []byte) error {
	if !bytes.HasPrefix(b, []byte("#")) {
		return fmt.Errorf("bad intKey %q", b)
	}
	n, err := strconv.Atoi(string(b[1:]))
	*k = intKey(n)
	return err
}

// strKey is a string-kinded TextMarshaler: encoding/json writes the
// string itself as key (ignoring MarshalText) but decodes keys with
// UnmarshalText.
type strKey string

func (k strKey) MarshalText() ([]byte, error) { return []byte("never-used-for-keys"), nil }

func (k *strKey) UnmarshalText(b []byte) error {
	*k = strKey("u:" + string(b))
	return nil
}

// structKey is a struct-kinded TextMarshaler key.
type structKey struct {
	A string
	B int
}

func (k structKey) MarshalText() ([]byte, error) {
	return []byte(k.A + "|" + strconv.Itoa(k.B)), nil
}

func (k *structKey) UnmarshalText(b []byte) error {
	i := bytes.LastIndexByte(b, '|')
	if i < 0 {
		return errBoom
	}
	n, err := strconv.Atoi(string(b[i+1:]))
	if err != nil {
		return err
	}
	k.A, k.B = string(b[:i]), n
	return nil
}

// Shape is a non-empty interface.
type Shape interface{ Area() float64 }

type square struct{ Side float64 }

func (s square) Area() float64 { return s.Side * s.Side }

type circle struct {
	R    float64 `json:"r"`
	Name string  `json:"name,omitempty"`
}

func (c *circle) Area() float64 { return 3 * c.R * c.R }

// Scalars has one field of each scalar kind.
type Scalars struct {
	B    bool
	I    int
	I8   int8
	I16  int16
	I32  int32
	I64  int64
	U    uint
	U8   uint8
	U16  uint16
	U32  uint32
	U64  uint64
	Up   uintptr
	F32  float32
	F64  float64
	S    string
	MI   MyInt
	MI8  MyInt8
	MU16 MyUint16
	MS   MyString
	MF   MyFloat32
	MB   MyBool
	N    json.Number
}

// Tagged exercises struct tags.
type Tagged struct {
	A  int             `json:"a"`
	B  string          `json:"b,omitempty"`
	C  *int            `json:",omitempty"`
	D  int64           `json:"d,string"`
	E  bool            `json:",string"`
	F  float64         `json:"f,string,omitempty"`
	G  string          `json:"g,string"`
	H  any             `json:"-"`
	I  int             `json:"-,"`
	J  []int           `json:"j,omitempty"`
	K  map[string]int  `json:"k,omitempty"`
	L  [0]int          `json:",omitempty"`
	M  [2]int          `json:",omitempty"`
	N  *uint8          `json:"n,string"`
	O  json.Number     `json:",string"`
	P  float32         `json:"p,omitempty"`
	Q  uint64          `json:"q,string"`
	R  MyString        `json:"r,string"`
	S  *string         `json:"s,string,omitempty"`
	T  []string        `json:"t,string"`
	U  any             `json:"u,omitempty"`
	W  bool            `json:"<&>"`
	X  int             `json:"a\"b"`
	Y  string          `json:"ünï"`
	Z  int             `json:"z,omitempty,string"`
	Ab MyInt           `json:",omitempty,string"`
	Ad float64         `json:"ad,omitempty"`
	Ae *float64        `json:",string"`
	Af json.RawMessage `json:"af,omitempty"`
	Ag []byte          `json:"ag"`
	Ah MyBytes         `json:"ah,omitempty"`
	Ai bool            `json:"ai,omitempty"`
	Aj *bool           `json:"aj,string"`
	Ak uintptr         `json:"ak,omitempty"`
	Al MyBool          `json:",string"`
	Am MyFloat32       `json:",string"`
	An string          `json:"an,omitempty,string"`
	Ao int             `json:"  spaced name "`
	Ap int             `json:"with,unknownopt"`
	Aq int             `json:"!#$%&()*+-./:;<=>?@[]^_{|}~"`
	Ar int             `json:"\\bad"`
	As int             `json:""`

	unexported int
}

// Collections holds slices, arrays and maps of many kinds.
type Collections struct {
	Ints     []int
	Strs     []string
	Arr      [3]int
	MyArr    MyArray
	Bytes    []byte
	MyBytes  MyBytes
	MyBSlice MyByteSlice
	TBytes   []textByte
	ByteArr  [4]byte
	Any      []any
	AnyArr   [2]any
	MapSA    map[string]any
	MapSS    map[string]string
	MapIS    map[int]string
	MapI8    map[int8]bool
	MapU     map[uint64]float64
	MapU8    map[uint8]float32
	MapMS    map[MyString]MyInt
	MapIK    map[intKey]int
	MapSK    map[strKey]bool
	MapStK   map[structKey]string
	MapBoth  map[both]int
	Nested   map[string][]map[string]int
	PtrSlice []*MyInt8
	PP       **int
	MyMap    MyMap
	MySlice  MySlice
	Empty    struct{}
	EmptyS   []struct{}
}

// Marshalers holds types with methods.
type Marshalers struct {
	JV     jsonVal
	JVP    *jsonVal
	JP     jsonPtr
	JPP    *jsonPtr
	TV     textVal
	TVP    *textVal
	TP     textPtr
	TPP    *textPtr
	Both   both
	Time   time.Time
	TimeP  *time.Time
	Raw    json.RawMessage
	RawP   *json.RawMessage
	Num    json.Number
	NumP   *json.Number
	Shape  Shape
	Any    any
	JVs    []jsonVal
	JPs    []jsonPtr
	JPArr  [2]jsonPtr
	MapJP  map[string]jsonPtr
	MapTV  map[string]textVal
	TVKeys map[textVal]int
}

// Embedding and name conflicts.
type Deep struct {
	Level int
	Name  string
}

type Base struct {
	ID   int `json:"id"`
	Name string
	Dup  int
	Deep
}

type Other struct {
	Dup   int
	Name  string `json:"Name"`
	Extra bool
}

type hidden struct {
	Secret  int `json:"secret"`
	Visible string
}

type hiddenPtr struct{ HP int }

type Tagged2 struct {
	T1 int `json:"t1"`
}

type Embeds struct {
	Base
	*Other
	hidden
	*hiddenPtr
	MyInt
	Tagged2 `json:"t2"`
	Shape
	X int
}

// Stamped embeds time.Time: the promoted MarshalJSON encodes the whole
// struct as the time.
type Stamped struct {
	time.Time
	N int
}

// EmbedsMarshaler embeds a json.Marshaler.
type EmbedsMarshaler struct {
	jsonVal
	Y int
}

// EmbedsText embeds a TextMarshaler.
type EmbedsText struct {
	textVal
	Z int
}

// SelfEmbed embeds a pointer to itself.
type SelfEmbed struct {
	*SelfEmbed
	V int
}

// Conflicts: tagged names at the same depth cancel each other.
type ConflictA struct {
	Same int `json:"same"`
	A    int
}

type ConflictB struct {
	Same int `json:"same"`
	B    int
}

// conflictsType is struct{ ConflictA; ConflictB; *Deep }, built with
// reflect because go vet rejects the duplicate tag in source.
var conflictsType = reflect.StructOf([]reflect.StructField{
	{Name: "ConflictA", Type: reflect.TypeFor[ConflictA](), Anonymous: true},
	{Name: "ConflictB", Type: reflect.TypeFor[ConflictB](), Anonymous: true},
	{Name: "Deep", Type: reflect.TypeFor[*Deep](), Anonymous: true},
})

// Tree is recursive.
type Tree struct {
	Val  int              `json:"v"`
	Kids []*Tree          `json:"kids,omitempty"`
	Meta map[string]*Tree `json:",omitempty"`
	Next *Tree            `json:"next"`
}

// zeroer has IsZero on its value, ptrZeroer on its pointer.
type zeroer struct{ N int }

func (z zeroer) IsZero() bool { return z.N%3 == 0 }

type ptrZeroer struct{ N int }

func (z *ptrZeroer) IsZero() bool { return z.N%2 == 0 }

type isZeroer interface{ IsZero() bool }

// OmitZero exercises the omitzero option (Go 1.24+ encoding/json; tests
// using it check that the standard library supports it first).
type OmitZero struct {
	A int             `json:",omitzero"`
	B time.Time       `json:",omitzero"`
	C *int            `json:",omitzero"`
	D [2]int          `json:",omitzero"`
	E struct{ X int } `json:",omitzero"`
	F zeroer          `json:",omitzero"`
	G *zeroer         `json:",omitzero"`
	H ptrZeroer       `json:",omitzero"`
	I float64         `json:",omitzero"`
	J any             `json:",omitzero"`
	K []int           `json:",omitzero"`
	L map[string]int  `json:",omitempty,omitzero"`
	M isZeroer        `json:",omitzero"`
	N string          `json:"n,omitzero,string"`
	O *ptrZeroer      `json:",omitzero"`
}

// Unsupported types, found only through interfaces.
type withChan struct {
	C chan int
}

type withFunc struct {
	F func()
}

type skippedChan struct {
	C chan int `json:"-"`
	V int
}

// valueTypes are the top-level types the encode tests generate.
var valueTypes = []reflect.Type{
	reflect.TypeFor[any](),
	reflect.TypeFor[Scalars](),
	reflect.TypeFor[Tagged](),
	reflect.TypeFor[Collections](),
	reflect.TypeFor[Marshalers](),
	reflect.TypeFor[Embeds](),
	reflect.TypeFor[Stamped](),
	reflect.TypeFor[EmbedsMarshaler](),
	reflect.TypeFor[EmbedsText](),
	reflect.TypeFor[SelfEmbed](),
	conflictsType,
	reflect.TypeFor[Tree](),
	reflect.TypeFor[map[string]any](),
	reflect.TypeFor[[]any](),
	reflect.TypeFor[string](),
	reflect.TypeFor[float64](),
	reflect.TypeFor[float32](),
	reflect.TypeFor[[]Tagged](),
	reflect.TypeFor[map[intKey]Scalars](),
	reflect.TypeFor[*Embeds](),
	reflect.TypeFor[[2]Marshalers](),
	reflect.TypeFor[map[string]jsonPtr](),
}

// ifaceTypes are the dynamic types put in interfaces.
var ifaceTypes = []reflect.Type{
	reflect.TypeFor[bool](),
	reflect.TypeFor[float64](),
	reflect.TypeFor[float64](),
	reflect.TypeFor[string](),
	reflect.TypeFor[string](),
	reflect.TypeFor[int](),
	reflect.TypeFor[int8](),
	reflect.TypeFor[uint64](),
	reflect.TypeFor[float32](),
	reflect.TypeFor[json.Number](),
	reflect.TypeFor[json.RawMessage](),
	reflect.TypeFor[[]any](),
	reflect.TypeFor[[]any](),
	reflect.TypeFor[map[string]any](),
	reflect.TypeFor[map[string]any](),
	reflect.TypeFor[[]int](),
	reflect.TypeFor[map[string]int](),
	reflect.TypeFor[map[int]string](),
	reflect.TypeFor[*int](),
	reflect.TypeFor[MyInt](),
	reflect.TypeFor[MyString](),
	reflect.TypeFor[Base](),
	reflect.TypeFor[*Embeds](),
	reflect.TypeFor[jsonVal](),
	reflect.TypeFor[*jsonPtr](),
	reflect.TypeFor[jsonPtr](),
	reflect.TypeFor[textVal](),
	reflect.TypeFor[*textPtr](),
	reflect.TypeFor[textPtr](),
	reflect.TypeFor[time.Time](),
	reflect.TypeFor[[]byte](),
	reflect.TypeFor[MyBytes](),
	reflect.TypeFor[[3]int](),
	reflect.TypeFor[square](),
	reflect.TypeFor[*circle](),
	reflect.TypeFor[both](),
	reflect.TypeFor[zeroer](),
	reflect.TypeFor[*ptrZeroer](),
	reflect.TypeFor[Stamped](),
	reflect.TypeFor[skippedChan](),
	reflect.TypeFor[map[intKey]string](),
	reflect.TypeFor[map[strKey]int](),
	reflect.TypeFor[[]textByte](),
	reflect.TypeFor[struct{}](),
}

// unsupportedTypes make encoding fail; they are put in interfaces rarely.
var unsupportedTypes = []reflect.Type{
	reflect.TypeFor[complex128](),
	reflect.TypeFor[withChan](),
	reflect.TypeFor[withFunc](),
	reflect.TypeFor[map[float64]int](),
	reflect.TypeFor[map[[2]int]int](),
	reflect.TypeFor[chan int](),
}

// ---------------------------------------------------------------------
// The generator.

type gen struct {
	r     *rand.Rand
	depth int
	// safe makes MarshalJSON/MarshalText/RawMessage/Number produce
	// output that is valid and needs no escaping, and leaves out values
	// that fail to encode: what ConfigFastest trusts.
	safe bool
	// noFail leaves out values that fail to encode (NaN, unsupported
	// types, failing methods) without restricting method output.
	noFail bool
}

func newGen(seed uint64) *gen {
	return &gen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

func (g *gen) intn(n int) int                          { return g.r.IntN(n) }
func (g *gen) chance(p float64) bool                   { return g.r.Float64() < p }
func (g *gen) pick(s []string) string                  { return s[g.intn(len(s))] }
func (g *gen) failOK() bool                            { return !g.safe && !g.noFail }
func (g *gen) pickType(ts []reflect.Type) reflect.Type { return ts[g.intn(len(ts))] }

// Pieces of strings: ASCII, characters encoding/json escapes, multi-byte
// characters and invalid UTF-8.
var strPieces = []string{
	"a", "b", "Z", "0", "9", " ", "hello", "key", "x_y",
	"<", ">", "&", "\"", "\\", "/", "'",
	"\x00", "\x01", "\x1f", "\t", "\n", "\r", "\b", "\f", "\x7f",
	"\u2028", "\u2029", "é", "日本", "😀", "\ufffd", "\u00e9", "\u0080",
	"\xff", "\xc3", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf", "\xe2\x80", "é\xff",
}

var safeStrPieces = []string{
	"a", "b", "Z", "0", "9", " ", "hello", "key", "x_y", "<", ">", "&", "/", "'",
	"é", "日本", "😀", "\u2028", "\ufffd",
}

func (g *gen) strFrom(pieces []string) string {
	var b strings.Builder
	n := g.intn(6)
	if g.chance(0.1) {
		n = 10 + g.intn(30)
	}
	for i := 0; i < n; i++ {
		if g.chance(0.2) {
			// A run of plain ASCII, for the 8-bytes-at-a-time paths.
			k := g.intn(20)
			for j := 0; j < k; j++ {
				b.WriteByte(byte('a' + g.intn(26)))
			}
		}
		b.WriteString(g.pick(pieces))
	}
	return b.String()
}

func (g *gen) str() string { return g.strFrom(strPieces) }

// textStr is MarshalText output.
func (g *gen) textStr() string {
	if g.safe {
		return g.strFrom([]string{"a", "b", "Z", "0", " ", "hello", "é", "日本", "-", "."})
	}
	if g.failOK() && g.chance(0.02) {
		return "!err"
	}
	return g.str()
}

var specialF64 = []float64{
	0, math.Copysign(0, -1), 1, -1, 0.1, 0.2, 1.0 / 3, 1e20, 1e21, 9.999999999999999e20,
	1e-6, 9.99999e-7, 1e-7, 5e-324, math.MaxFloat64, math.SmallestNonzeroFloat64,
	123456789, 1.5e300, -2.5e-300, 100, 1e6, 123.456, 1 << 53, 1<<53 + 2, 0.000001,
	0.0000001, 2.2250738585072014e-308, 1e15, 1e16, 1e17, 12345678901234567890,
	-0.000001234, 1e-5, 1e-10, 1e100, math.MaxInt64, math.MinInt64,
}

var specialF32 = []float32{
	0, 1, -1, 0.1, 1e20, 1e21, 1e-6, 1e-7, math.MaxFloat32, math.SmallestNonzeroFloat32,
	16777216, 16777217, 3.4e38, 1.17549435e-38, 123.456, 0.3, 1e10, 9.999999e20,
}

func (g *gen) f64() float64 {
	var f float64
	switch g.intn(7) {
	case 0:
		f = specialF64[g.intn(len(specialF64))]
	case 1:
		for {
			f = math.Float64frombits(g.r.Uint64())
			if !math.IsNaN(f) && !math.IsInf(f, 0) {
				break
			}
		}
	case 2:
		f = float64(g.r.Int64N(1 << 40))
	case 3:
		f = float64(g.intn(100000)) / 100
	case 4:
		f = g.r.NormFloat64() * math.Pow(10, float64(g.intn(40)-20))
	case 5:
		f = math.Pow(10, float64(g.intn(60)-30)) * float64(1+g.intn(9))
	default:
		f = g.r.Float64()
	}
	if g.chance(0.3) {
		f = -f
	}
	if g.failOK() && g.chance(0.003) {
		f = []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[g.intn(3)]
	}
	return f
}

func (g *gen) f32() float64 {
	var f float32
	switch g.intn(4) {
	case 0:
		f = specialF32[g.intn(len(specialF32))]
	case 1:
		for {
			f = math.Float32frombits(g.r.Uint32())
			if !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0) {
				break
			}
		}
	default:
		f = float32(g.f64())
		if math.IsInf(float64(f), 0) && !g.failOK() {
			f = 1
		}
	}
	if g.chance(0.2) {
		f = -f
	}
	return float64(f)
}

var specialInts = []int64{
	0, 1, -1, 127, -128, 255, 256, 32767, -32768, 65535, 1<<31 - 1, -1 << 31, 1<<32 - 1,
	math.MaxInt64, math.MinInt64, 1 << 53, 1<<53 + 1, 1e15, -1e18, 99, 100, 1000,
}

func (g *gen) i64() int64 {
	switch g.intn(3) {
	case 0:
		return specialInts[g.intn(len(specialInts))]
	case 1:
		return g.r.Int64() >> g.intn(64)
	default:
		return int64(g.intn(2000) - 1000)
	}
}

// numText returns a valid JSON number.
var numTexts = []string{
	"0", "-0", "1", "-1", "0.0", "-0.0", "1.5", "1e5", "1E+5", "1e-5", "-1.5e300", "1e400",
	"-1e400", "1e-400", "4.9e-324", "2.2250738585072011e-308", "0.1000000000000000055511151231257827",
	"9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
	"-9223372036854775809", "18446744073709551615", "18446744073709551616", "255", "256", "-129",
	"127", "128", "65535", "65536", "1.0", "1e2", "100", "123456789012345678901234567890",
	"3.4028235e38", "3.5e38", "1.7976931348623157e308", "1.7976931348623159e308", "0e0", "0E-0",
	"123.456e-7", "1.00000000000000011102230246251565404236316680908203125",
	"2.4703282292062327e-324", "2.4703282292062328e-324", "1e23", "8.41e21", "4294967295", "4294967296",
}

func (g *gen) numText() string {
	switch g.intn(5) {
	case 0, 1:
		return numTexts[g.intn(len(numTexts))]
	case 2:
		return strconv.FormatInt(g.i64(), 10)
	case 3:
		return strconv.FormatFloat(g.f64(), 'g', -1, 64)
	default:
		var b strings.Builder
		if g.chance(0.3) {
			b.WriteByte('-')
		}
		n := 1 + g.intn(25)
		b.WriteByte(byte('1' + g.intn(9)))
		for i := 1; i < n; i++ {
			b.WriteByte(byte('0' + g.intn(10)))
		}
		if g.chance(0.4) {
			b.WriteByte('.')
			for i := g.intn(20); i >= 0; i-- {
				b.WriteByte(byte('0' + g.intn(10)))
			}
		}
		if g.chance(0.3) {
			b.WriteString(g.pick([]string{"e", "E", "e+", "e-", "E-"}))
			b.WriteString(strconv.Itoa(g.intn(400)))
		}
		return b.String()
	}
}

// value returns a random value of type t.
func (g *gen) value(t reflect.Type) reflect.Value {
	v := reflect.New(t).Elem()
	g.fill(v)
	return v
}

func (g *gen) fill(v reflect.Value) {
	g.depth++
	defer func() { g.depth-- }()
	deep := g.depth > 5
	switch v.Type() {
	case reflect.TypeFor[json.Number]():
		if g.failOK() && g.chance(0.05) {
			v.SetString(g.pick([]string{"abc", "1.", "+1", "01", " 1", "1e", "--1", "0x10", "NaN"}))
		} else if g.chance(0.05) {
			v.SetString("")
		} else {
			v.SetString(g.numText())
		}
		return
	case reflect.TypeFor[json.RawMessage]():
		switch {
		case g.chance(0.15):
			// nil: null
		case g.failOK() && g.chance(0.1):
			v.SetBytes([]byte(g.invalidJSON()))
		default:
			v.SetBytes([]byte(g.rawJSON()))
		}
		return
	case reflect.TypeFor[time.Time]():
		v.Set(reflect.ValueOf(g.time()))
		return
	case reflect.TypeFor[jsonVal](), reflect.TypeFor[jsonPtr]():
		var raw string
		switch {
		case g.failOK() && g.chance(0.03):
			raw = "!err"
		case g.failOK() && g.chance(0.05):
			raw = g.invalidJSON()
			if raw == "" {
				raw = "!empty"
			}
		default:
			raw = g.rawJSON()
		}
		v.Field(0).SetString(raw)
		return
	case reflect.TypeFor[textVal](), reflect.TypeFor[textPtr]():
		v.Field(0).SetString(g.textStr())
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(g.chance(0.5))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(g.i64())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(uint64(g.i64()))
	case reflect.Float32:
		v.SetFloat(g.f32())
	case reflect.Float64:
		v.SetFloat(g.f64())
	case reflect.String:
		v.SetString(g.str())
	case reflect.Complex64, reflect.Complex128:
		v.SetComplex(complex(g.f64(), 1))
	case reflect.Pointer:
		if g.chance(0.2) || deep && g.chance(0.7) {
			return
		}
		p := reflect.New(v.Type().Elem())
		g.fill(p.Elem())
		v.Set(p)
	case reflect.Slice:
		if g.chance(0.1) || deep && g.chance(0.5) {
			return
		}
		if v.Type().Elem().Kind() == reflect.Uint8 && g.chance(0.7) {
			b := make([]byte, g.intn(40))
			for i := range b {
				b[i] = byte(g.r.Uint32())
			}
			s := reflect.MakeSlice(v.Type(), len(b), len(b))
			for i := range b {
				s.Index(i).SetUint(uint64(b[i]))
			}
			v.Set(s)
			return
		}
		n := g.intn(5)
		if deep {
			n = g.intn(2)
		}
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := 0; i < n; i++ {
			g.fill(s.Index(i))
		}
		v.Set(s)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			g.fill(v.Index(i))
		}
	case reflect.Map:
		if g.chance(0.1) || deep && g.chance(0.5) {
			return
		}
		n := g.intn(5)
		if deep {
			n = g.intn(2)
		}
		m := reflect.MakeMap(v.Type())
		for i := 0; i < n; i++ {
			k := g.mapKey(v.Type().Key())
			e := reflect.New(v.Type().Elem()).Elem()
			g.fill(e)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Interface:
		if g.chance(0.15) || deep && g.chance(0.6) {
			return
		}
		var cands []reflect.Type
		pool := ifaceTypes
		if g.failOK() && g.chance(0.01) {
			pool = unsupportedTypes
		}
		for _, ct := range pool {
			if ct.Implements(v.Type()) {
				cands = append(cands, ct)
			}
		}
		if v.Type() == reflect.TypeFor[isZeroer]() {
			cands = append(cands, reflect.TypeFor[*zeroer]())
		}
		if len(cands) == 0 {
			return
		}
		ct := g.pickType(cands)
		if deep && (ct.Kind() == reflect.Struct || ct.Kind() == reflect.Pointer) {
			ct = reflect.TypeFor[string]()
			if !ct.Implements(v.Type()) {
				return
			}
		}
		v.Set(g.value(ct))
	case reflect.Struct:
		defer g.avoidKnownBugs(v)
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			if !f.CanSet() {
				if v.Type().Field(i).Anonymous && f.Kind() == reflect.Struct {
					// Exported fields of an unexported embedded
					// struct are settable.
					tmp := g.value(f.Type())
					for j := 0; j < f.NumField(); j++ {
						if f.Field(j).CanSet() {
							f.Field(j).Set(tmp.Field(j))
						}
					}
				}
				continue
			}
			if g.chance(0.15) {
				continue // leave zero, for omitempty
			}
			g.fill(f)
		}
	case reflect.Chan:
		if g.failOK() && g.chance(0.5) { // (a channel makes DeepEqual fail)
			v.Set(reflect.MakeChan(v.Type(), 0))
		}
	case reflect.Func:
	}
}

// avoidKnownBugs changes a generated struct so that it does not hit a
// known bug that is still present (see knownBugs).
func (g *gen) avoidKnownBugs(v reflect.Value) {
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !f.CanSet() {
			continue
		}
		tag := v.Type().Field(i).Tag.Get("json")
		switch {
		case f.Kind() == reflect.Float32 || f.Kind() == reflect.Float64:
			if strings.Contains(tag, ",omitempty") && bugActive("omitempty-negative-zero") ||
				strings.Contains(tag, ",omitzero") && bugActive("omitzero-negative-zero") {
				f.SetFloat(f.Float() + 0) // -0 + 0 == +0
			}
		case f.Type() == reflect.TypeFor[*string]():
			if strings.Contains(tag, ",string") && bugActive("string-option-pointer-to-string") {
				f.SetZero()
			}
		}
	}
}

// mapKey returns a key for a map with key type t. Keys of one map never
// collide after encoding (so that decoding order does not matter), but
// string keys may hold invalid UTF-8, whose replacement may make two keys
// equal on output: tests that decode output compare members as
// multisets, not maps.
func (g *gen) mapKey(t reflect.Type) reflect.Value {
	k := reflect.New(t).Elem()
	switch t {
	case reflect.TypeFor[structKey]():
		k.Set(reflect.ValueOf(structKey{A: g.strFrom(safeStrPieces), B: g.intn(100)}))
		return k
	case reflect.TypeFor[both]():
		k.Set(reflect.ValueOf(both{N: g.intn(1000)}))
		return k
	case reflect.TypeFor[textVal]():
		k.Set(reflect.ValueOf(textVal{S: g.textStr()}))
		return k
	}
	g.fill(k)
	return k
}

func (g *gen) time() time.Time {
	var sec int64
	switch g.intn(4) {
	case 0:
		sec = g.r.Int64N(253402300800) // years 1970..9999
	case 1:
		sec = -62135596800 + g.r.Int64N(62135596800) // years 1..1970
	case 2:
		sec = int64(g.intn(100000))
	default:
		sec = g.r.Int64N(2e9)
	}
	ns := int64(0)
	if g.chance(0.6) {
		ns = g.r.Int64N(1e9)
		if g.chance(0.3) {
			ns -= ns % 1000000
		}
	}
	t := time.Unix(sec, ns)
	switch g.intn(4) {
	case 0:
		t = t.UTC()
	case 1:
		t = t.In(time.FixedZone("", (g.intn(48)-24)*1800))
	case 2:
		t = t.In(time.FixedZone("X", g.intn(86400)-43200))
	default:
		t = t.UTC()
	}
	if g.failOK() && g.chance(0.02) {
		t = time.Date(10000+g.intn(10), 1, 1, 0, 0, 0, 0, time.UTC)
	}
	return t
}

// rawJSON returns valid JSON text, with whitespace, escapes, HTML
// characters and (unless safe) invalid UTF-8 inside strings: the output
// of a MarshalJSON method or a RawMessage.
func (g *gen) rawJSON() string {
	n := g.jnode(2)
	var b []byte
	if g.safe {
		b = g.writeNode(b, n, writeOpts{ws: true})
	} else {
		b = g.writeNode(b, n, writeOpts{ws: true, escapes: true, rawBad: true})
	}
	if g.chance(0.3) {
		b = append([]byte(g.ws()), b...)
		b = append(b, g.ws()...)
	}
	return string(b)
}

var invalidJSONs = []string{
	"", " ", "{", "[1,]", "1 2", "nul", `"abc`, "\"\x01\"", "{\"a\" 1}", "01", "tru", "[}", "}", "\"\\x\"",
	"1.", "-", "+1", "NaN", "{\"a\":1,}", "\x00", "[1] x", "\"\xff\" 1",
}

func (g *gen) invalidJSON() string {
	if g.chance(0.5) {
		return g.pick(invalidJSONs)
	}
	b := []byte(g.rawJSON())
	for {
		m := g.mutateBytes(b)
		if !json.Valid(m) {
			return string(m)
		}
	}
}

// ---------------------------------------------------------------------
// JSON documents as trees, to generate, mutate and print with noise.

// jnode is a JSON value that keeps member order and duplicate keys.
type jnode struct {
	kind byte   // 'n' null, 't' true, 'f' false, 'd' number, 's' string, 'a' array, 'o' object
	s    string // number text, string value
	keys []string
	kids []jnode
}

func (g *gen) jnode(depth int) jnode {
	k := g.intn(10)
	if depth <= 0 && k >= 7 {
		k = g.intn(7)
	}
	switch k {
	case 0:
		return jnode{kind: 'n'}
	case 1:
		if g.chance(0.5) {
			return jnode{kind: 't'}
		}
		return jnode{kind: 'f'}
	case 2, 3:
		return jnode{kind: 'd', s: g.numText()}
	case 4, 5, 6:
		return jnode{kind: 's', s: g.str()}
	case 7, 8:
		n := jnode{kind: 'a'}
		for i := g.intn(5); i > 0; i-- {
			n.kids = append(n.kids, g.jnode(depth-1))
		}
		return n
	default:
		n := jnode{kind: 'o'}
		for i := g.intn(5); i > 0; i-- {
			key := g.str()
			if g.chance(0.5) {
				key = g.pick([]string{"a", "b", "A", "id", "ID", "Name", "name", "k", "x", ""})
			}
			n.keys = append(n.keys, key)
			n.kids = append(n.kids, g.jnode(depth-1))
		}
		return n
	}
}

// parseNode turns valid JSON into a jnode (numbers kept as text).
func parseNode(data []byte) (jnode, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parseTok(dec)
	if err != nil {
		return n, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return n, fmt.Errorf("trailing data")
	}
	return n, nil
}

func parseTok(dec *json.Decoder) (jnode, error) {
	tok, err := dec.Token()
	if err != nil {
		return jnode{}, err
	}
	switch x := tok.(type) {
	case nil:
		return jnode{kind: 'n'}, nil
	case bool:
		if x {
			return jnode{kind: 't'}, nil
		}
		return jnode{kind: 'f'}, nil
	case json.Number:
		return jnode{kind: 'd', s: string(x)}, nil
	case string:
		return jnode{kind: 's', s: x}, nil
	case json.Delim:
		n := jnode{kind: 'a'}
		if x == '{' {
			n.kind = 'o'
		}
		for dec.More() {
			if n.kind == 'o' {
				kt, err := dec.Token()
				if err != nil {
					return n, err
				}
				n.keys = append(n.keys, kt.(string))
			}
			kid, err := parseTok(dec)
			if err != nil {
				return n, err
			}
			n.kids = append(n.kids, kid)
		}
		if _, err := dec.Token(); err != nil {
			return n, err
		}
		return n, nil
	}
	return jnode{}, fmt.Errorf("unexpected token %v", tok)
}

// walk calls f on every node, in order, with its parent (nil for the
// root) and its index in the parent.
func (n *jnode) walk(f func(parent *jnode, i int, m *jnode)) {
	var rec func(p *jnode)
	rec = func(p *jnode) {
		for i := range p.kids {
			f(p, i, &p.kids[i])
			rec(&p.kids[i])
		}
	}
	f(nil, 0, n)
	rec(n)
}

func (n *jnode) count() int {
	c := 0
	n.walk(func(*jnode, int, *jnode) { c++ })
	return c
}

// mutateTree changes one node of n: a value of another kind, an edge-case
// number, a key in other case, an unknown or duplicated key.
func (g *gen) mutateTree(n *jnode) {
	target := g.intn(n.count())
	i := 0
	n.walk(func(parent *jnode, idx int, m *jnode) {
		if i != target {
			i++
			return
		}
		i++
		switch g.intn(8) {
		case 0, 1:
			*m = g.jnode(1)
		case 2:
			*m = jnode{kind: 'd', s: g.pick(numTexts)}
		case 3:
			*m = jnode{kind: 's', s: g.pick([]string{"123", "-1", "1e3", "true", "null", "abc", "\"1\"", "2006-01-02T15:04:05Z", "", "AAEC", "!x", "#12", "both3", "a|1"})}
		case 4:
			if parent != nil && parent.kind == 'o' {
				k := parent.keys[idx]
				if g.chance(0.5) {
					parent.keys[idx] = strings.ToUpper(k)
				} else {
					parent.keys[idx] = strings.ToLower(k)
				}
				// Unicode folding that encoding/json accepts: K and
				// the Kelvin sign, S and the long s.
				if g.chance(0.2) {
					r := strings.NewReplacer("k", "\u212a", "K", "\u212a", "s", "\u017f", "S", "\u017f")
					parent.keys[idx] = r.Replace(k)
				}
			}
		case 5:
			if parent != nil && parent.kind == 'o' {
				parent.keys = append(parent.keys, parent.keys[idx])
				parent.kids = append(parent.kids, g.jnode(1))
			}
		case 6:
			if m.kind == 'o' {
				m.keys = append(m.keys, g.str())
				m.kids = append(m.kids, g.jnode(1))
			}
		default:
			*m = jnode{kind: 'n'}
		}
	})
}

type writeOpts struct {
	ws      bool // random whitespace between tokens
	escapes bool // random escapes in strings
	rawBad  bool // raw control characters are never written, but invalid UTF-8 is
}

func (g *gen) ws() string {
	if g.chance(0.7) {
		return ""
	}
	var b strings.Builder
	for i := g.intn(4); i >= 0; i-- {
		b.WriteByte(" \t\n\r"[g.intn(4)])
	}
	return b.String()
}

func (g *gen) writeNode(b []byte, n jnode, o writeOpts) []byte {
	sp := func() {
		if o.ws {
			b = append(b, g.ws()...)
		}
	}
	switch n.kind {
	case 'n':
		b = append(b, "null"...)
	case 't':
		b = append(b, "true"...)
	case 'f':
		b = append(b, "false"...)
	case 'd':
		b = append(b, n.s...)
	case 's':
		b = g.writeString(b, n.s, o)
	case 'a':
		b = append(b, '[')
		sp()
		for i, k := range n.kids {
			if i > 0 {
				b = append(b, ',')
				sp()
			}
			b = g.writeNode(b, k, o)
			sp()
		}
		b = append(b, ']')
	case 'o':
		b = append(b, '{')
		sp()
		for i, k := range n.kids {
			if i > 0 {
				b = append(b, ',')
				sp()
			}
			b = g.writeString(b, n.keys[i], o)
			sp()
			b = append(b, ':')
			sp()
			b = g.writeNode(b, k, o)
			sp()
		}
		b = append(b, '}')
	}
	return b
}

// writeString writes s as a JSON string literal, choosing among the
// equivalent escapes at random. Invalid UTF-8 is written raw when
// o.rawBad (decoders replace it with U+FFFD), else as U+FFFD.
func (g *gen) writeString(b []byte, s string, o writeOpts) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			i++
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20:
				short := map[byte]byte{'\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}[c]
				if short != 0 && (!o.escapes || g.chance(0.5)) {
					b = append(b, '\\', short)
				} else {
					b = fmt.Appendf(b, `\u%04x`, c)
				}
			case o.escapes && g.chance(0.05):
				if c == '/' && g.chance(0.5) {
					b = append(b, '\\', '/')
				} else if g.chance(0.5) {
					b = fmt.Appendf(b, `\u%04X`, c)
				} else {
					b = fmt.Appendf(b, `\u%04x`, c)
				}
			default:
				b = append(b, c)
			}
			continue
		}
		r, size := decodeRune(s[i:])
		if r == -1 {
			if o.rawBad {
				b = append(b, s[i:i+size]...)
			} else {
				b = append(b, "\ufffd"...)
			}
			i += size
			continue
		}
		i += size
		if o.escapes && g.chance(0.2) {
			if r >= 0x10000 {
				r1, r2 := utf16Pair(r)
				b = fmt.Appendf(b, `\u%04x\u%04X`, r1, r2)
			} else {
				b = fmt.Appendf(b, `\u%04x`, r)
			}
			continue
		}
		b = append(b, s[i-size:i]...)
	}
	if o.escapes && g.chance(0.03) {
		// A lone or reversed surrogate: decoders give U+FFFD.
		b = append(b, g.pick([]string{`\ud800`, `\udc00`, `\ud83d\u0041`, `\udc00\ud800`, `\ud83d\ud83d\ude00`, `\uDBFF\uDFFF`})...)
	}
	return append(b, '"')
}

func decodeRune(s string) (rune, int) {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size == 1 {
		return -1, 1
	}
	return r, size
}

func utf16Pair(r rune) (rune, rune) {
	r -= 0x10000
	return 0xd800 + (r>>10)&0x3ff, 0xdc00 + r&0x3ff
}

// mutateBytes returns a copy of b changed in one place: bytes deleted,
// inserted, replaced, duplicated or swapped, or the input truncated.
func (g *gen) mutateBytes(b []byte) []byte {
	m := append([]byte(nil), b...)
	const alphabet = "{}[],:\"\\ 0123456789eE+-.tfnalsru\x00\xff\x1f/"
	rb := func() byte { return alphabet[g.intn(len(alphabet))] }
	if len(m) == 0 {
		return append(m, rb())
	}
	p := g.intn(len(m))
	switch g.intn(6) {
	case 0:
		return m[:p]
	case 1:
		return append(m[:p], m[p+1:]...)
	case 2:
		return append(m[:p], append([]byte{rb()}, m[p:]...)...)
	case 3:
		m[p] = rb()
		return m
	case 4:
		q := p + g.intn(len(m)-p+1)
		return append(m[:q], append(append([]byte(nil), m[p:q]...), m[q:]...)...)
	default:
		q := g.intn(len(m))
		m[p], m[q] = m[q], m[p]
		return m
	}
}

// docFor returns a JSON document meant for decoding into t: the encoding
// of a random t, printed with noise, often with a changed node (a type
// mismatch, a key in other case, ...), and sometimes broken.
func (g *gen) docFor(t reflect.Type) []byte {
	var n jnode
	v := g.value(t)
	out, err := json.Marshal(v.Interface())
	if err == nil {
		n, err = parseNode(out)
	}
	if err != nil || g.chance(0.05) {
		n = g.jnode(3)
	}
	for k := g.intn(3); k > 0; k-- {
		if g.chance(0.5) {
			g.mutateTree(&n)
		}
	}
	b := g.writeNode([]byte(g.ws()), n, writeOpts{ws: true, escapes: true, rawBad: true})
	b = append(b, g.ws()...)
	if g.chance(0.15) {
		b = g.mutateBytes(b)
	}
	return b
}

// doc returns a random JSON document, valid or not.
func (g *gen) doc() []byte {
	n := g.jnode(4)
	b := g.writeNode([]byte(g.ws()), n, writeOpts{ws: true, escapes: true, rawBad: true})
	b = append(b, g.ws()...)
	for g.chance(0.25) {
		b = g.mutateBytes(b)
	}
	return b
}

// ---------------------------------------------------------------------
// Canonical form, for comparing JSON texts that may differ in member
// order (ConfigDefault does not sort map keys): objects become sorted
// multisets of members, numbers keep their text.

func canonical(data []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	s, err := canonTok(dec)
	if err != nil {
		return "", err
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", fmt.Errorf("trailing data after value")
	}
	return s, nil
}

func canonTok(dec *json.Decoder) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", err
	}
	switch x := tok.(type) {
	case json.Delim:
		var parts []string
		for dec.More() {
			var k string
			if x == '{' {
				kt, err := dec.Token()
				if err != nil {
					return "", err
				}
				k = strconv.Quote(kt.(string)) + ":"
			}
			v, err := canonTok(dec)
			if err != nil {
				return "", err
			}
			parts = append(parts, k+v)
		}
		if _, err := dec.Token(); err != nil {
			return "", err
		}
		if x == '{' {
			sort.Strings(parts)
			return "{" + strings.Join(parts, ",") + "}", nil
		}
		return "[" + strings.Join(parts, ",") + "]", nil
	case string:
		// A string holding a JSON string (a ",string" field of type
		// string) is compared by its content, so that escaping choices
		// inside it do not matter.
		var inner string
		if strings.HasPrefix(x, `"`) && json.Unmarshal([]byte(x), &inner) == nil {
			return "S" + strconv.Quote(inner), nil
		}
		return strconv.Quote(x), nil
	case json.Number:
		return "#" + string(x), nil
	case nil:
		return "null", nil
	default:
		return fmt.Sprint(x), nil
	}
}
