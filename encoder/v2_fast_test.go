package encoder

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
)

// The v2 dialect's fast loops (the shared struct loop appendStruct, the
// element loops of elemsFnV2, the string test of appendStringV2) stand
// in for its general loops (structFnV2's own, elemsV2) in encodings
// without v2Slow. The types below exercise what the fast loops decide:
// inline kinds, pointers, embedded structs behind pointers, omitempty
// and omitzero, the `string` option, names that need escaping, strings
// that v1 and v2 quote differently, floats JSON cannot hold, methods.

type fastInner struct {
	A int    `json:"a"`
	B string `json:"b,omitempty"`
	C *bool  `json:"c,omitempty"`
}

type fastEmb struct {
	E1 int8
	E2 string `json:"e2,omitzero"`
}

type fastText struct{ s string }

func (t fastText) MarshalText() ([]byte, error) { return []byte(t.s), nil }

type fastJSON struct{ s string }

func (t *fastJSON) MarshalJSON() ([]byte, error) {
	if t.s == "" {
		return []byte(`""`), nil
	}
	return []byte(`{"j":` + fmt.Sprint(len(t.s)) + `}`), nil
}

type fastAll struct {
	S    string
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
	F32  float32
	F64  float64
	PS   *string
	PI   *int64
	PF   *float64
	In   fastInner
	PIn  *fastInner
	Any  any
	Sl   []int64
	SS   []string
	SF   []float64
	SIn  []fastInner
	SPIn []*fastInner
	Arr  [2]fastInner
	AI   [3]int
	SA   [][2]float64
	SAI  [][2]fastInner
	SAB  [][2]byte
	M    map[string]string
	MI   map[string]int
	Byt  []byte
	T    time.Time
	TT   fastText
	JJ   fastJSON
	PJJ  *fastJSON
	*fastEmb
	Q   int            `json:"q,string"`
	QP  *uint16        `json:"qp,string"`
	OE1 string         `json:",omitempty"`
	OE2 *string        `json:",omitempty"`
	OE3 any            `json:",omitempty"`
	OE4 fastInner      `json:",omitempty"`
	OE5 []int          `json:",omitempty"`
	OE6 map[string]int `json:",omitempty"`
	OE7 fastJSON       `json:",omitempty"`
	OE8 int            `json:",omitempty"`
	OZ1 int            `json:",omitzero"`
	OZ2 fastInner      `json:",omitzero"`
	OZ3 *fastInner     `json:",omitzero,omitempty"`
	OZ4 time.Time      `json:",omitzero"`
	N1  int            `json:"<a&b>"`
	N3  int            `json:"\u2028sep"`
	N4  int            `json:"ünï"`
	Rec *fastAll       `json:",omitempty"`
}

// fastFill sets v (settable) from the bytes of r, the same way for the
// same bytes.
type fastFill struct {
	data  []byte
	depth int
	// clean leaves out invalid UTF-8 and floats JSON cannot hold, so
	// that the value encodes without an error.
	clean bool
}

func (f *fastFill) byte() byte {
	if len(f.data) == 0 {
		return 0
	}
	c := f.data[0]
	f.data = f.data[1:]
	return c
}

var fastStrings = []string{"", "a", "hello world", "<&>", "\xff", "a\xc3", "\u2028", "x\u2029y", "é", `"\`, "\x01\n\t",
	"\ufffd", `\ufffd`, `\u2028`, "日本語のテキスト\n改行", "a long string with nothing to escape at all in it, longer than sixty-four bytes"}

var fastFloats = []float64{0, math.Copysign(0, -1), 1, -1.5, 1e21, 1e-7, 0.1, math.NaN(), math.Inf(1), math.Inf(-1), 3.4e38, 123456789.125}

// pick is an index into a palette of n entries, or n (the plain
// value) for half of the bytes, so that most values encode without an
// error.
func (f *fastFill) pick(n int) int { return min(int(f.byte())%(2*n), n) }

func (f *fastFill) str() string {
	if i := f.pick(len(fastStrings)); i < len(fastStrings) && (!f.clean || utf8.ValidString(fastStrings[i])) {
		return fastStrings[i]
	}
	return "plain"
}

func (f *fastFill) float() float64 {
	if i := f.pick(len(fastFloats)); i < len(fastFloats) && (!f.clean || !math.IsNaN(fastFloats[i]) && !math.IsInf(fastFloats[i], 0)) {
		return fastFloats[i]
	}
	return 2.5
}

func (f *fastFill) fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(f.str())
	case reflect.Bool:
		v.SetBool(f.byte()&1 != 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x := int64(int8(f.byte()))
		if x&1 != 0 {
			x *= 1 << (f.byte() % 60)
		}
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		x := uint64(f.byte())
		if x&1 != 0 {
			x <<= f.byte() % 60
		}
		v.SetUint(x)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(f.float())
	case reflect.Pointer:
		if f.byte()%3 == 0 || f.depth > 3 {
			return
		}
		f.depth++
		p := reflect.New(v.Type().Elem())
		f.fill(p.Elem())
		v.Set(p)
		f.depth--
	case reflect.Interface:
		switch f.byte() % 5 {
		case 1:
			v.Set(reflect.ValueOf(f.str()))
		case 2:
			v.Set(reflect.ValueOf(f.float()))
		case 3:
			v.Set(reflect.ValueOf(fastInner{A: int(f.byte())}))
		case 4:
			v.Set(reflect.ValueOf(map[string]any{"k": f.str()}))
		}
	case reflect.Slice:
		n := int(f.byte() % 4)
		if n == 3 {
			return // nil
		}
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			f.fill(s.Index(i))
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			f.fill(v.Index(i))
		}
	case reflect.Map:
		n := int(f.byte() % 3)
		if n == 2 {
			return // nil
		}
		m := reflect.MakeMap(v.Type())
		for range n {
			k := reflect.New(v.Type().Key()).Elem()
			e := reflect.New(v.Type().Elem()).Elem()
			f.fill(k)
			f.fill(e)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Unix(int64(f.byte())<<22, int64(f.byte())).UTC()))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				f.fill(v.Field(i))
			} else if v.Field(i).Kind() == reflect.String {
				// fastText and fastJSON: reached through the field.
				reflect.NewAt(v.Field(i).Type(), v.Field(i).Addr().UnsafePointer()).Elem().SetString(f.str())
			}
		}
	}
}

// fastOptionSets are the options the fuzz byte picks from: those the
// fast loops honour, and some that make every encoding take the general
// loops (which must then agree with themselves).
var fastOptionSets = []jsonopts.Bools{
	0,
	jsonopts.EscapeForHTML,
	jsonopts.AllowInvalidUTF8,
	jsonopts.AllowInvalidUTF8 | jsonopts.AllowDuplicateNames,
	jsonopts.FormatNilSliceAsNull | jsonopts.FormatNilMapAsNull,
	jsonopts.Deterministic,
	jsonopts.EscapeForJS,
	jsonopts.EscapeForHTML | jsonopts.EscapeForJS | jsonopts.AllowInvalidUTF8,
	jsonopts.StringifyNumbers,
	jsonopts.OmitZeroStructFields,
}

// marshalV2Both encodes v under opts by the fast loops and by the
// general ones, and says how the results differ ("" when they agree).
func marshalV2Both(v any, opts *jsonopts.Struct) string {
	fast, fastErr := marshalV2(nil, v, opts, nil)
	forceSlowV2 = true
	slow, slowErr := marshalV2(nil, v, opts, nil)
	forceSlowV2 = false
	if (fastErr == nil) != (slowErr == nil) {
		return fmt.Sprintf("fast error %v, general error %v", fastErr, slowErr)
	}
	if fastErr != nil {
		if describeErrV2(fastErr) != describeErrV2(slowErr) {
			return fmt.Sprintf("fast error %s, general error %s", describeErrV2(fastErr), describeErrV2(slowErr))
		}
		return ""
	}
	if !bytes.Equal(fast, slow) {
		return fmt.Sprintf("fast wrote\n%s\ngeneral wrote\n%s", fast, slow)
	}
	return ""
}

// describeErrV2 is the text, offsets and pointers of an error.
func describeErrV2(err error) string {
	switch e := err.(type) {
	case *v2api.Error:
		return fmt.Sprintf("%v at %d %q (%s)", e.GoType, e.ByteOffset, e.JSONPointer, err)
	case *jsontext.SyntacticError:
		return fmt.Sprintf("syntax at %d %q (%s)", e.ByteOffset, e.JSONPointer, err)
	}
	return err.Error()
}

func fastOpts(b jsonopts.Bools) *jsonopts.Struct {
	o := &jsonopts.Struct{}
	if b != 0 {
		o.Flags.Set(jsonopts.True(b))
	}
	return o
}

// FuzzV2FastLoops fills values of fastAll (and slices of it) from the
// input and checks that the fast loops write what the general loops
// write, or fail with the same error at the same place.
func FuzzV2FastLoops(f *testing.F) {
	for i := range 64 {
		seed := make([]byte, 200)
		for j := range seed {
			seed[j] = byte(i*131 + j*17 + j*j)
		}
		f.Add(seed, byte(i))
	}
	f.Add([]byte{}, byte(0))
	f.Fuzz(func(t *testing.T, data []byte, opt byte) {
		opts := fastOpts(fastOptionSets[int(opt)%len(fastOptionSets)])
		fill := &fastFill{data: data, clean: opt&0x80 == 0}
		var v fastAll
		fill.fill(reflect.ValueOf(&v).Elem())
		if msg := marshalV2Both(&v, opts); msg != "" {
			t.Fatalf("%+v: %s", v, msg)
		}
		var s []fastAll
		fill.fill(reflect.ValueOf(&s).Elem())
		if msg := marshalV2Both(s, opts); msg != "" {
			t.Fatalf("slice: %s", msg)
		}
	})
}

// TestV2FastLoopsRun checks that the fast loops are the ones that run
// (the general struct loop is not reached) for an encoding without
// v2Slow, so that FuzzV2FastLoops compares two different paths.
func TestV2FastLoopsRun(t *testing.T) {
	v := fastAll{S: "\xff"}
	_, err := marshalV2(nil, &v, fastOpts(0), nil)
	// The fast loop places the error inside the member; a general loop
	// would agree, so check the shared structures were built instead.
	if err == nil {
		t.Fatal("invalid UTF-8 was accepted")
	}
	compileMu.Lock()
	se := structEncsV2[reflect.TypeFor[fastAll]()]
	compileMu.Unlock()
	if se == nil || len(se.fields[0]) == 0 {
		t.Fatal("fastAll has no fields for the shared loop")
	}
}

// FuzzV2String checks appendStringV2 (v1's quoting, and its output's
// escapes read to see whether v2 quotes the string alike) against
// v2's quoting itself (wire.AppendQuotedText), under each of the
// options that change it.
func FuzzV2String(f *testing.F) {
	for _, s := range fastStrings {
		for opt := range byte(8) {
			f.Add(s, opt)
		}
	}
	for _, s := range []string{`\u2028`, "\\\u2028", `\\ufffd`, "\\\xff", "\\\\\xff", "a\\u", "\u2028\u2029\ufffd", "<\u2029>", "\x00\x1f\x7f", strings.Repeat("\\", 9) + "\xc0",
		// Quotes, newlines and backslashes
		// beside text past ASCII, with and without a \u escape.
		"日本\n語\"\\", "日本\n語\"\\\xff", "\"\"\"\u2028", "\\\\\\\x01é", "<a href=\"x\">é</a>"} {
		f.Add(s, byte(0))
		f.Add(s, byte(2))
	}
	f.Fuzz(func(t *testing.T, s string, opt byte) {
		html, js, allowBad := opt&1 != 0, opt&2 != 0, opt&4 != 0
		e := getState(0)
		defer putState(e)
		e.v2 = &v2state{}
		if html {
			e.v2.bits |= v2HTML
		}
		if js {
			e.v2.bits |= v2JS
		}
		if allowBad {
			e.v2.bits |= v2AllowBadUTF8
		}
		prefix := []byte("[1,")
		got, err := e.appendStringV2(slices.Clone(prefix), s, nil)
		want, bad := wire.AppendQuotedText(slices.Clone(prefix), s, html, js)
		if bad && !allowBad {
			if err == nil {
				t.Fatalf("%q (opt %d): no error, wrote %s", s, opt, got)
			}
			var se *jsontext.SyntacticError
			if !errors.As(err, &se) || se.ByteOffset != int64(len(prefix)) {
				t.Fatalf("%q (opt %d): error %v, want one at %d", s, opt, err, len(prefix))
			}
			return
		}
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%q (opt %d): wrote %s (%v), want %s", s, opt, got, err, want)
		}
	})
}
