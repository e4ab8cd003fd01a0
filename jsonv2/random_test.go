//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"time"
	"unsafe"
)

// filler fills Go values with random contents from a seed: numbers at
// their edges, strings with the characters that need care (invalid
// UTF-8, <>&, U+2028), nil and empty containers, and interfaces holding
// values of many types.
type filler struct {
	r *rand.Rand
	// bad is the chance (per mille) of a value v2 refuses: invalid UTF-8,
	// NaN or ±Inf, a year past 9999, a type without a representation.
	bad int
}

func newFiller(seed uint64) *filler {
	return &filler{r: rand.New(rand.NewPCG(seed, seed*0x9e3779b97f4a7c15+1)), bad: 8}
}

func (f *filler) chance(permille int) bool { return f.r.IntN(1000) < permille }

// stringPieces are joined to make strings.
var stringPieces = []string{"", "a", "hello", "<", ">", "&", "\u2028", "\u2029", "é", "日本", "😀", "\x00", "\x1f", "\t", "\n", "\"", "\\", "/", "\u007f", "~1", " ", "a long run of plain text to pass the vector paths by"}

// badPieces are invalid UTF-8.
var badPieces = []string{"\xff", "\xc3", "\xed\xa0\x80", "\xf4\x90\x80\x80", "a\x80b"}

func (f *filler) string() string {
	var sb strings.Builder
	for n := f.r.IntN(4); n > 0; n-- {
		if f.chance(f.bad * 3) {
			sb.WriteString(badPieces[f.r.IntN(len(badPieces))])
			continue
		}
		sb.WriteString(stringPieces[f.r.IntN(len(stringPieces))])
	}
	return sb.String()
}

var edgeFloats = []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1.5, 1e20, 1e21, -1e21, 1e-6, 1e-7, 123456789.125, 5e-324, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 1 << 53, 1<<53 + 1, float64(math.MaxFloat32), 3.4e38, 1.401298464324817e-45}

func (f *filler) float(bits int) float64 {
	if f.chance(f.bad) {
		return []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[f.r.IntN(3)]
	}
	var x float64
	switch f.r.IntN(3) {
	case 0:
		x = edgeFloats[f.r.IntN(len(edgeFloats))]
	case 1:
		x = f.r.NormFloat64() * math.Pow(10, float64(f.r.IntN(40)-20))
	default:
		x = float64(f.r.IntN(2000) - 1000)
	}
	if bits == 32 {
		if math.Abs(x) > math.MaxFloat32 {
			x = math.Copysign(math.MaxFloat32, x)
		}
		x = float64(float32(x))
	}
	return x
}

func (f *filler) int(bits int) int64 {
	switch f.r.IntN(4) {
	case 0:
		return 0
	case 1:
		lim := int64(1)<<(bits-1) - 1
		return []int64{lim, -lim - 1, 1, -1}[f.r.IntN(4)]
	}
	return f.r.Int64() >> (64 - bits + f.r.IntN(bits))
}

func (f *filler) uint(bits int) uint64 {
	switch f.r.IntN(4) {
	case 0:
		return 0
	case 1:
		return math.MaxUint64 >> (64 - bits)
	}
	return f.r.Uint64() >> (64 - bits + f.r.IntN(bits))
}

var (
	timeType     = reflect.TypeFor[time.Time]()
	durationType = reflect.TypeFor[time.Duration]()
)

// anyValue is a value for an interface of type it, or nil.
func (f *filler) anyValue(it reflect.Type, depth int) reflect.Value {
	var cands []func() any
	add := func(fn func() any) { cands = append(cands, fn) }
	add(func() any { return nil })
	add(func() any { return f.float(64) })
	add(func() any { return f.string() })
	add(func() any { return f.r.IntN(2) == 0 })
	add(func() any { return int(f.int(64)) })
	add(func() any { return uint8(f.uint(8)) })
	add(func() any { return f.fillNew(reflect.TypeFor[map[string]any](), depth).Interface() })
	add(func() any { return f.fillNew(reflect.TypeFor[[]any](), depth).Interface() })
	add(func() any { return f.fillNew(reflect.TypeFor[leaf](), depth).Interface() })
	add(func() any { return f.fillNew(reflect.TypeFor[*leaf](), depth).Interface() })
	add(func() any { return f.fillNew(reflect.TypeFor[marshalsJSON](), depth).Interface() })
	add(func() any { return f.fillNew(reflect.TypeFor[ptrMarshalsText](), depth).Interface() })
	add(func() any { return f.fillNew(reflect.TypeFor[*ptrMarshalsText](), depth).Interface() })
	add(func() any { return f.fillNew(reflect.TypeFor[stdTo](), depth).Interface() })
	add(func() any { return f.fillNew(reflect.TypeFor[map[int]float32](), depth).Interface() })
	add(func() any { return f.fillNew(reflect.TypeFor[[]byte](), depth).Interface() })
	add(func() any { return f.fillNew(reflect.TypeFor[rawValue](), depth).Interface() })
	add(func() any { return f.fillNew(timeType, depth).Interface() })
	add(func() any { return stringerValue{f.r.IntN(9)} })
	if f.chance(f.bad * 4) {
		add(func() any { return time.Duration(f.int(64)) })
		add(func() any { return make(chan int) })
		add(func() any { return complex(1, 2) })
	}
	for tries := 0; tries < 20; tries++ {
		x := cands[f.r.IntN(len(cands))]()
		if x == nil {
			return reflect.Zero(it)
		}
		if v := reflect.ValueOf(x); v.Type().Implements(it) {
			out := reflect.New(it).Elem()
			out.Set(v)
			return out
		}
	}
	return reflect.Zero(it)
}

// fillNew returns a new value of type t, filled.
func (f *filler) fillNew(t reflect.Type, depth int) reflect.Value {
	v := reflect.New(t).Elem()
	f.fill(v, depth)
	return v
}

// rawTexts are the raw values (jsontext.Value) drawn from: objects for
// fallbacks, other values, and a few invalid texts.
var rawTexts = []string{``, `{}`, `{"x": 1}`, `{"A": 2}`, `{"b": "dup"}`, ` { "z" : [1, 2, {"y": null}] , "é": "\u00e9" } `, `[1,2]`, `"s"`, `1e400`, `-0.0`, `null`, `{"a":1,"a":2}`, "{\"bad\":\"\xff\"}", `{"x":`, `{"x":1}{}`, `true`, `{"<&>": "\u2028"}`}

// fill sets v (settable, or reached through unsafe for unexported
// fields) to random contents, going no deeper than maxDepth.
func (f *filler) fill(v reflect.Value, depth int) {
	const maxDepth = 4
	t := v.Type()
	switch t {
	case timeType:
		sec := f.r.Int64N(400*365*86400) - 100*365*86400
		if f.chance(f.bad) {
			sec = 300000 * 365 * 86400
		}
		tm := time.Unix(sec, f.r.Int64N(1e9)).UTC()
		if f.r.IntN(5) == 0 {
			tm = time.Time{}
		}
		if f.r.IntN(4) == 0 {
			tm = tm.In(time.FixedZone("", (f.r.IntN(48)-24)*1800))
		}
		v.Set(reflect.ValueOf(tm))
		return
	case reflect.TypeFor[stdTo]():
		// The modes that write other than one value are placed apart
		// (TestMarshalMethodMisuse).
		v.Set(reflect.ValueOf(stdTo{Mode: []int{0, 1, 2, 5, 7}[f.r.IntN(5)], S: f.string()}))
		return
	case reflect.TypeFor[rawValue]():
		v.SetBytes([]byte(rawTexts[f.r.IntN(len(rawTexts))]))
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(f.r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(f.int(t.Bits()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(f.uint(t.Bits()))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(f.float(t.Bits()))
	case reflect.String:
		v.SetString(f.string())
	case reflect.Pointer:
		if depth >= maxDepth || f.r.IntN(3) == 0 {
			return
		}
		p := reflect.New(t.Elem())
		f.fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Interface:
		if depth >= maxDepth {
			return
		}
		v.Set(f.anyValue(t, depth+1))
	case reflect.Slice:
		switch {
		case f.r.IntN(5) == 0 || depth >= maxDepth:
			return // nil
		case f.r.IntN(5) == 0:
			v.Set(reflect.MakeSlice(t, 0, 0))
			return
		}
		n := 1 + f.r.IntN(4)
		if t.Elem().Kind() == reflect.Uint8 {
			n = f.r.IntN(20)
		}
		s := reflect.MakeSlice(t, n, n)
		for i := range n {
			f.fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			f.fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		switch {
		case f.r.IntN(5) == 0 || depth >= maxDepth:
			return
		case f.r.IntN(5) == 0:
			v.Set(reflect.MakeMap(t))
			return
		}
		m := reflect.MakeMap(t)
		for n := 1 + f.r.IntN(4); n > 0; n-- {
			k := f.fillNew(t.Key(), depth+1)
			if k.Kind() == reflect.Float32 || k.Kind() == reflect.Float64 {
				if k.Float() != k.Float() {
					continue // NaN keys cannot be found again
				}
			}
			m.SetMapIndex(k, f.fillNew(t.Elem(), depth+1))
		}
		v.Set(m)
	case reflect.Struct:
		for i := range t.NumField() {
			fv := v.Field(i)
			if !fv.CanSet() {
				fv = reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr())).Elem()
			}
			f.fill(fv, depth+1)
		}
	default:
		panic(fmt.Sprintf("filler: %v", t))
	}
}

// randomRoots are the types the random tests marshal.
var randomRoots = []reflect.Type{
	reflect.TypeFor[kitchen](),
	reflect.TypeFor[*kitchen](),
	reflect.TypeFor[[]kitchen](),
	reflect.TypeFor[map[string]kitchen](),
	reflect.TypeFor[withRaw](),
	reflect.TypeFor[withMapFallback](),
	reflect.TypeFor[tree](),
	reflect.TypeFor[any](),
	reflect.TypeFor[[]any](),
	reflect.TypeFor[map[textKey]leaf](),
	reflect.TypeFor[map[float32][]string](),
	reflect.TypeFor[[]stdTo](),
}

// randomValue is a random value of one of randomRoots, from seed.
func randomValue(seed uint64) any {
	f := newFiller(seed)
	t := randomRoots[seed%uint64(len(randomRoots))]
	v := reflect.New(t)
	f.fill(v.Elem(), 0)
	if f.r.IntN(2) == 0 {
		return v.Interface() // a pointer: addressable
	}
	return v.Elem().Interface()
}
