package decoder

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/oracle"
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/textexport"
	"github.com/jetjson/jet/internal/wire"
)

// The struct loops (decodeStruct, structV2.decode) match the expected
// field's `"name":` in the input as two words and decode plain values in
// place. These tests compare them with the general path they shortcut:
// the same plan with every field's pattern, raw key and in-place kind
// taken away, so that each member is read by name, looked up and decoded
// by its field's decoder.

type fastInner struct {
	A string `json:"a"`
	B int    `json:"b"`
}

type FastEmbed struct {
	E1 string `json:"e1"`
	E2 int64
}

type fastStruct struct {
	ID      int64      `json:"id"`
	Name    string     `json:"name"`
	Price   float64    `json:"price"`
	OK      bool       `json:"ok"`
	Small   int32      `json:"small"`
	N       int        `json:"n"`
	Exact13 string     `json:"abcdefghijklm"`
	Len14   string     `json:"abcdefghijklmn"`
	Long    string     `json:"a_rather_long_member_name"`
	L21     bool       `json:"abcdefghijklmnopqrstu"`
	L22     int64      `json:"abcdefghijklmnopqrstuv"`
	L37     string     `json:"abcdefghijklmnopqrstuvwxyz0123456789a"`
	L38     string     `json:"abcdefghijklmnopqrstuvwxyz0123456789ab"`
	Uni     string     `json:"ünï"`
	Quoted  int        `json:",string"`
	Fold    string     `json:"fold,case:ignore"`
	Inner   fastInner  `json:"inner"`
	Ptr     *fastInner `json:"ptr"`
	List    []string   `json:"list"`
	Any     any        `json:"any"`
	Skip    string     `json:"-"`
	F32     float32    `json:"f32"`
	U8      uint8      `json:"u8"`
	*FastEmbed
	hidden int
}

// fastBig has more than 64 fields (the v2 duplicate set's first word).
var fastBig = func() reflect.Type {
	var fs []reflect.StructField
	for i := 0; i < 70; i++ {
		typ := reflect.TypeFor[int]()
		if i%3 == 1 {
			typ = reflect.TypeFor[string]()
		}
		fs = append(fs, reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: typ, Tag: reflect.StructTag(fmt.Sprintf(`json:"f%d"`, i))})
	}
	return reflect.StructOf(fs)
}()

var fastTypes = []reflect.Type{reflect.TypeFor[fastStruct](), reflect.TypeFor[fastInner](), fastBig}

// generalOnly returns sp with the loop's shortcuts off.
func (sp *structPlan) generalOnly() *structPlan {
	c := *sp
	c.fields = slices.Clone(sp.fields)
	for i := range c.fields {
		f := &c.fields[i]
		f.pat = namePattern{need: noPattern}
		f.rawKey = false
		f.direct = false
		f.byFn = false
		f.kind = fieldOther
	}
	return &c
}

// generalOnly returns sv with the loop's shortcuts off.
func (sv *structV2) generalOnly() *structV2 {
	c := *sv
	c.fields = slices.Clone(sv.fields)
	for i := range c.fields {
		f := &c.fields[i]
		f.key.pat = namePattern{need: noPattern}
		f.key.rawKey = false
		f.direct = false
		f.inline = fieldOther
		f.byRaw = false
	}
	return &c
}

// decodeV1With decodes in into a new value of sp's type, as Decode does.
func decodeV1With(in []byte, sp *structPlan, opts Options) (any, error) {
	v := reflect.New(sp.typ)
	d := getState(opts, 0)
	d.src, d.input, d.borrowed = wire.StringOf(in), in, true
	d.skipSpace()
	err := d.decodeStruct(sp, v.UnsafePointer())
	if err == nil {
		err = syntaxv1.CheckEnd(d.src, d.pos)
	}
	err = d.finishAt(0, err, true)
	putState(d)
	return v.Interface(), err
}

// decodeV2With decodes in into a new value of sv's type in the single
// pass (ok reports whether it took the input) and, when in is valid,
// in the checked pass.
func decodeV2With(in []byte, sv *structV2, opts *jsonopts.Struct) (single any, ok bool, checked any, err error, valid bool) {
	v := reflect.New(sv.t)
	x := newV2dstate(in, opts)
	if !opts.Flags.Get(jsonopts.AllowDuplicateNames) {
		ok = decodeV2Single(in, v.UnsafePointer(), sv.decode, opts, nil)
	}
	single = v.Interface()
	if textexport.CheckDocument(in, opts) != nil {
		return single, ok, nil, nil, false
	}
	w := reflect.New(sv.t)
	d := getState(OptionCopyString, MaxNesting)
	d.src, d.input, d.borrowed = wire.StringOf(in), in, true
	d.v2buf = x
	d.v2 = &d.v2buf
	d.skipSpace()
	err = sv.decode(d, w.UnsafePointer())
	putState(d)
	return single, ok, w.Interface(), err, true
}

type fastPlanSet struct {
	fast, general     *structPlan
	fastV2, generalV2 *structV2
}

var fastPlanCache = map[reflect.Type]fastPlanSet{}

func fastPlans(t reflect.Type) (fast, general *structPlan, fastV2, generalV2 *structV2) {
	compileMu.Lock()
	defer compileMu.Unlock()
	ps, ok := fastPlanCache[t]
	if !ok {
		ps.fast, ps.fastV2 = newStructPlan(t), newStructV2(t)
		ps.general, ps.generalV2 = ps.fast.generalOnly(), ps.fastV2.generalOnly()
		fastPlanCache[t] = ps
	}
	return ps.fast, ps.general, ps.fastV2, ps.generalV2
}

var fastSeeds = []string{
	`{"id":9007199254740993,"name":"Gopher","price":129.95,"ok":true,"small":7,"n":-3,"abcdefghijklm":"x","abcdefghijklmn":"y","a_rather_long_member_name":"z","ünï":"u","Quoted":"12","fold":"f","inner":{"a":"p","b":2},"ptr":{"a":"q"},"list":["a","b"],"any":[1,{"k":null}],"f32":1.5,"u8":200,"e1":"e","E2":5}`,
	`{"n":1,"id":2,"name":"b"}`,
	`{"a_rather_long_member_name":"1","abcdefghijklmnopqrstu":true,"abcdefghijklmnopqrstuv":2,"abcdefghijklmnopqrstuvwxyz0123456789a":"3","abcdefghijklmnopqrstuvwxyz0123456789ab":"4"}`,
	`{"a_rather_long_member_name":"1","abcdefghijklmnopqrstu":false,"abcdefghijklmnopqrstuX":2,"abcdefghijklmnopqrstuvwxyz0123456789a" :"3","abcdefghijklmnopqrstuvwxyz0123456789aX":"4"}`,
	`{"a_rather_long_member_nam":"1","a_rather_long_member_name":"2","abcdefghijklmnopqrstu":nul}`,
	"{\"id\": 1,\"name\":  \"x\",\"ok\":\ttrue,\"n\": \n2,\"price\": -1}",
	`{"id":1,"id":2}`,
	`{"id":1,"name":"a","id":3}`,
	`{"name":"a","id":1,"name":"b"}`,
	`{ "id" : 1 , "name" :"a", "price": 2.5 ,"ok":	false }`,
	"{\n  \"id\": 1,\n  \"name\": \"a\",\n  \"price\": 1e3\n}",
	`{"ID":1,"NAME":"x","Fold":"y","FOLD":"z","fo_ld":"w"}`,
	`{"n\u0061me":"esc","id":1}`,
	`{"name":"\u00e9\ud83d\ude00","id":-0}`,
	"{\"name\":\"\xff\",\"id\":1}",
	`{"name":"a\"b","ok":true}`,
	`{"id":"1","name":2,"price":"x","ok":1,"small":3000000000,"n":1.5}`,
	`{"id":null,"name":null,"price":null,"ok":null,"small":null}`,
	`{"id":1e2,"small":-2147483648,"n":9223372036854775808}`,
	`{"price":-0.0,"f32":3.4e39,"u8":256}`,
	`{"unknown":1,"id":1,"other":[1,2,{"a":1}],"name":"x"}`,
	`{"id":1,"name":"x"`,
	`{"id":1,"name":`,
	`{"id"`,
	`{"id":1,}`,
	`{"id":1 "name":"x"}`,
	`{"id":tru}`,
	`{"ok":truex}`,
	`{"abcdefghijklm":"x","abcdefghijklmn":"y"}`,
	`{"a":"x","b":1}`,
	`{"b":1,"a":"x","a":"y"}`,
	`{"f0":0,"f1":"1","f2":2,"f3":3,"f4":"4"}`,
	`{"f69":1,"f0":1,"f68":2,"f69":3}`,
	`{"f1":"a","f65":1,"f66":"b","f65":2}`,
	`{}`, `null`, `[]`, `{"id":1}x`,
}

func addFastSeeds(f *testing.F) {
	for i, s := range fastSeeds {
		for k := range fastTypes {
			f.Add([]byte(s), byte(k), byte(i))
		}
	}
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < 70; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		if i%3 == 1 {
			fmt.Fprintf(&b, `"f%d":"s%d"`, i, i)
		} else {
			fmt.Fprintf(&b, `"f%d":%d`, i, i)
		}
	}
	b.WriteString("}")
	f.Add([]byte(b.String()), byte(2), byte(0))
}

var fastV1Opts = []Options{0, OptionCaseSensitive, OptionDisallowUnknownFields | OptionCopyString, OptionValidateString, OptionUseNumber}

func fastV2Opts(o byte) *jsonopts.Struct {
	s := &jsonopts.Struct{}
	if o&1 != 0 {
		s.Flags.Set(jsonopts.MatchCaseInsensitiveNames | 1)
	}
	if o&2 != 0 {
		s.Flags.Set(jsonopts.RejectUnknownMembers | 1)
	}
	if o&4 != 0 {
		s.Flags.Set(jsonopts.AllowDuplicateNames | 1)
	}
	if o&8 != 0 {
		s.Flags.Set(jsonopts.StringifyNumbers | 1)
	}
	return s
}

// checkFast compares the struct loops' shortcuts with the general path
// for one input, type and option set.
func checkFast(t *testing.T, in []byte, which, opts byte) {
	typ := fastTypes[int(which)%len(fastTypes)]
	fast, general, fastV2, generalV2 := fastPlans(typ)
	o := fastV1Opts[int(opts)%len(fastV1Opts)]
	fv, ferr := decodeV1With(in, fast, o)
	gv, gerr := decodeV1With(in, general, o)
	if fmt.Sprint(ferr) != fmt.Sprint(gerr) {
		t.Fatalf("v1 %q into %v (opts %#x): error %v, general path %v", in, typ, o, ferr, gerr)
	}
	if !reflect.DeepEqual(fv, gv) {
		t.Fatalf("v1 %q into %v (opts %#x): %+v, general path %+v", in, typ, o, fv, gv)
	}
	o2 := fastV2Opts(opts >> 4)
	fs, fok, fc, ferr, valid := decodeV2With(in, fastV2, o2)
	gs, gok, gc, gerr, _ := decodeV2With(in, generalV2, o2)
	if fok != gok || fok && !reflect.DeepEqual(fs, gs) {
		t.Fatalf("v2 single pass %q into %v (opts %#x): %v %+v, general path %v %+v", in, typ, opts>>4, fok, fs, gok, gs)
	}
	if !valid {
		return
	}
	if fmt.Sprint(ferr) != fmt.Sprint(gerr) {
		t.Fatalf("v2 %q into %v (opts %#x): error %v, general path %v", in, typ, opts>>4, ferr, gerr)
	}
	if !reflect.DeepEqual(fc, gc) {
		t.Fatalf("v2 %q into %v (opts %#x): %+v, general path %+v", in, typ, opts>>4, fc, gc)
	}
}

func TestStructFastPaths(t *testing.T) {
	for _, s := range fastSeeds {
		for k := range fastTypes {
			for o := 0; o < 256; o += 17 {
				checkFast(t, []byte(s), byte(k), byte(o))
			}
		}
	}
}

// TestStructFastPathsTaken checks that the shortcuts compared above are
// taken: the patterns of short raw names are set, of others not, and a
// document in field order is decoded by them.
func TestStructFastPathsTaken(t *testing.T) {
	fast, _, fastV2, _ := fastPlans(reflect.TypeFor[fastStruct]())
	for _, f := range fast.fields {
		want := len(f.name) <= 37 && !wire.NeedsQuoting(f.name, false)
		if got := f.pat.need != noPattern; got != want {
			t.Errorf("v1 field %q: pattern %v, want %v", f.name, got, want)
		}
	}
	for _, f := range fastV2.fields {
		want := len(f.name) <= 37 && !wire.NeedsQuoting(f.name, false)
		if got := f.key.pat.need != noPattern; got != want {
			t.Errorf("v2 field %q: pattern %v, want %v", f.name, got, want)
		}
	}
	if p := fast.fields[1].pat; !p.match(`"name":"x"`, 0) || !p.match(` "name":1`, 1) || p.match(`"name":`, 0) || p.match(`"name" :"x"`, 0) || p.match(`"namex":1`, 0) || p.match(`"Name":1`, 0) {
		t.Errorf("pattern of %q matches wrongly", fast.fields[1].name)
	}
	for _, f := range fast.fields {
		if f.pat.need == noPattern {
			continue
		}
		q := `"` + f.name + `":1}}}}}}}`
		if !f.pat.match(q, 0) || !f.pat.matchMid(q, 0) {
			t.Errorf("pattern of %q does not match %s", f.name, q)
		}
		for j := 0; j < len(f.name)+3; j++ {
			b := []byte(q)
			b[j] ^= 0x20
			if f.pat.match(string(b), 0) && f.pat.matchMid(string(b), 0) {
				t.Errorf("pattern of %q matches %s", f.name, b)
			}
		}
	}
}

func FuzzStructFastPaths(f *testing.F) {
	addFastSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte, which, opts byte) {
		checkFast(t, in, which, opts)
	})
}

type emptyArrays struct {
	S  []string     `json:"s"`
	P  []*fastInner `json:"p"`
	V  []fastInner  `json:"v"`
	F  []float64    `json:"f"`
	N  [][]int      `json:"n"`
	Pt *[]string    `json:"pt"`
}

// TestEmptyArrayShortcut compares the slice decoders' shortcut for "[]"
// with their general path, which "[ ]" takes, at every nesting limit
// around the document's depth, in both dialects.
func TestEmptyArrayShortcut(t *testing.T) {
	docs := []string{
		`{"s":[],"p":[],"v":[],"f":[],"n":[],"pt":[]}`,
		`{"n":[[],[1],[]],"v":[{"a":"x"}],"p":[null,{}]}`,
		`[]`,
		`{"s":[]`,
		`{"s":[],}`,
		`{"s":[]]}`,
	}
	spaced := func(s string) string { return strings.ReplaceAll(s, "[]", "[ ]") }
	for _, doc := range docs {
		for depth := 1; depth <= 4; depth++ {
			var a, b emptyArrays
			ea := DecodeDepth([]byte(doc), &a, 0, depth)
			eb := DecodeDepth([]byte(spaced(doc)), &b, 0, depth)
			if (ea == nil) != (eb == nil) || !reflect.DeepEqual(a, b) {
				t.Errorf("%s at depth %d: %+v, %v; spaced: %+v, %v", doc, depth, a, ea, b, eb)
			}
		}
		_, _, fastV2, _ := fastPlans(reflect.TypeFor[emptyArrays]())
		o := &jsonopts.Struct{}
		fs, fok, fc, ferr, fvalid := decodeV2With([]byte(doc), fastV2, o)
		gs, gok, gc, gerr, gvalid := decodeV2With([]byte(spaced(doc)), fastV2, o)
		if fok != gok || !reflect.DeepEqual(fs, gs) || fvalid != gvalid || (ferr == nil) != (gerr == nil) || !reflect.DeepEqual(fc, gc) {
			t.Errorf("v2 %s: %v %+v %+v %v; spaced: %v %+v %+v %v", doc, fok, fs, fc, ferr, gok, gs, gc, gerr)
		}
	}
}

type plainNumbers struct {
	F  []float64    `json:"f"`
	A  [2]float64   `json:"a"`
	I  []int64      `json:"i"`
	J  [3]int       `json:"j"`
	Ex []float32    `json:"ex"`
	Y  [1]int8      `json:"y"`
	Z  [][2]float64 `json:"z"`
	S  []string     `json:"s"`
}

var plainNumberSeeds = []string{
	`{"f":[1.5,-0,2e3,1e400,0.1],"a":[47.3769,8.5417],"i":[1,22,333,9007199254740993,-4],"j":[7,8,9,10],"ex":[1.5],"y":[3],"z":[[1,2],[3,4,5]]}`,
	`{"f":[null,"1",true,{},[]],"a":[null],"i":[1.5,1e2,-0,01],"j":[99999999999999999999]}`,
	`{"i":[123456789012345,1234567890123456,12345678901234567890],"a":[1,2,3]}`,
	`{"s":["a","\u00e9",null,1,"b\"c", "d" ,{}]}`, `{"s":["a",]}`, `{"s":["a" "b"]}`, `{"s":[ ]}`, `{"s":["a"`,
	`{"f":[1.,2]}`, `{"i":[1x]}`, `{"f":[-]}`, `{"a":[1 2]}`, `{"i":[ 1 , 2 ]}`, `{"f":[1.5`, `{"j":[1,`,
}

// FuzzPlainNumberArrays compares the v1 slice and array decoders'
// in-place float64 and int64 elements (plainNumber), and the string
// slices' loop (stringElements), with encoding/json, to the byte of the
// error (OptionStdErrors) and the value left; and v2's single pass,
// which takes them too, with its checked pass.
func FuzzPlainNumberArrays(f *testing.F) {
	for _, s := range plainNumberSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		checkPlainNumbers(t, in)
	})
}

func TestPlainNumberArrays(t *testing.T) {
	for _, s := range plainNumberSeeds {
		checkPlainNumbers(t, []byte(s))
	}
}

func checkPlainNumbers(t *testing.T, in []byte) {
	oracle.Require(t)
	var got, want plainNumbers
	gerr := Decode(in, &got, OptionStdErrors)
	werr := json.Unmarshal(in, &want)
	if fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Fatalf("%s: error %v, encoding/json %v", in, gerr, werr)
	}
	// On a syntax error encoding/json leaves the value alone, and jet
	// with what it decoded before the error (as before plainNumber).
	var syntax *json.SyntaxError
	if !errors.As(werr, &syntax) && !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: %+v, encoding/json %+v", in, got, want)
	}
	// v2: the single pass (the slice decoders' loops, plainNumber)
	// against the checked pass (v2's own array loop), when it takes
	// the input.
	_, _, sv, _ := fastPlans(reflect.TypeFor[plainNumbers]())
	for _, o := range []byte{0, 8} {
		single, ok, checked, err, valid := decodeV2With(in, sv, fastV2Opts(o))
		if ok && (!valid || err != nil || !reflect.DeepEqual(single, checked)) {
			t.Fatalf("v2 %s (opts %#x): single pass %+v, checked pass %+v, %v (valid %v)", in, o, single, checked, err, valid)
		}
	}
}
