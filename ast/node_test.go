package ast

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

func TestNewRawTypes(t *testing.T) {
	for _, tc := range []struct {
		src  string
		typ  int
		text string
	}{
		{`null`, V_NULL, "null"},
		{` true `, V_TRUE, "true"},
		{"\nfalse", V_FALSE, "false"},
		{`-1.5e3`, V_NUMBER, "-1.5e3"},
		{`"x"`, V_STRING, `"x"`},
		{` [1, 2] `, V_ARRAY, "[1, 2]"},
		{`{"a" : 1}`, V_OBJECT, `{"a" : 1}`},
	} {
		n := NewRaw(tc.src)
		if n.Type() != tc.typ || !n.Exists() || !n.Valid() || n.Check() != nil {
			t.Errorf("NewRaw(%q): type %d, exists %v, err %v", tc.src, n.Type(), n.Exists(), n.Check())
		}
		if raw, err := n.Raw(); err != nil || raw != tc.text {
			t.Errorf("NewRaw(%q).Raw() = %q, %v", tc.src, raw, err)
		}
	}
}

func TestNewRawInvalid(t *testing.T) {
	for _, src := range []string{``, ` `, `{`, `[1,]`, `{"a":1}x`, `tru`, `"abc`, `01`, `{"a" 1}`, `[1] [2]`} {
		n := NewRaw(src)
		if n.Type() != V_ERROR || n.Valid() || n.Exists() {
			t.Errorf("NewRaw(%q) type %d", src, n.Type())
			continue
		}
		var se *wire.SyntaxError
		if err := n.Check(); !errors.As(err, &se) {
			t.Errorf("NewRaw(%q).Check() = %v, want a SyntaxError", src, err)
		} else if want := syntaxv1.Validate(src, wire.DefaultMaxDepth); se.Offset != want.Offset || se.Msg != want.Msg {
			t.Errorf("NewRaw(%q): %v, want %v", src, se, want)
		}
		if n.Error() == "" {
			t.Errorf("NewRaw(%q).Error() is empty", src)
		}
		if n.Get("a") != &n {
			t.Errorf("Get on an error node should return the node")
		}
		if _, err := n.Int64(); err == nil {
			t.Errorf("Int64 on an error node should fail")
		}
	}
}

func TestNilAndNone(t *testing.T) {
	var np *Node
	if np.Exists() || np.Valid() || np.Type() != V_NONE {
		t.Fatal("nil node")
	}
	if err := np.Check(); !errors.Is(err, ErrNotFound) {
		t.Fatalf("nil Check = %v", err)
	}
	if np.Get("a") != nil || np.Index(0) != nil || np.GetByPath("a", 1) != nil {
		t.Fatal("lookups on nil should give nil")
	}
	for _, f := range []func() error{
		func() error { _, err := np.Int64(); return err },
		func() error { _, err := np.String(); return err },
		func() error { _, err := np.Raw(); return err },
		func() error { _, err := np.Interface(); return err },
		func() error { _, err := np.Len(); return err },
		func() error { _, err := np.Bool(); return err },
		func() error { _, err := np.Float64(); return err },
		func() error { _, err := np.Map(); return err },
		func() error { _, err := np.Array(); return err },
	} {
		if err := f(); !errors.Is(err, ErrNotFound) {
			t.Errorf("method on nil node: %v", err)
		}
	}
	var zero Node
	if zero.Exists() || !zero.Valid() || zero.Type() != V_NONE {
		t.Fatal("zero node")
	}
	if _, err := zero.MarshalJSON(); !errors.Is(err, ErrNotFound) {
		t.Fatalf("MarshalJSON of V_NONE: %v", err)
	}
}

func TestConstructors(t *testing.T) {
	obj := NewObject([]Pair{
		{"s", NewString("a\"b<")},
		{"n", NewNumber("1.5")},
		{"i", NewInt64(-7)},
		{"f", NewFloat64(0.1)},
		{"t", NewBool(true)},
		{"f2", NewBool(false)},
		{"z", NewNull()},
		{"b", NewBytes([]byte{1, 2, 3})},
		{"arr", NewArray([]Node{NewInt64(1), NewRaw(`{"x":[true]}`)})},
		{"any", NewAny(map[string]int{"k": 2})},
		{"anyNum", NewAny(uint64(math.MaxUint64))},
	})
	got, err := obj.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"s":"a\"b<","n":1.5,"i":-7,"f":0.1,"t":true,"f2":false,"z":null,"b":"AQID","arr":[1,{"x":[true]}],"any":{"k":2},"anyNum":18446744073709551615}`
	if string(got) != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if n := NewNumber("01"); n.Type() != V_ERROR {
		t.Fatal("NewNumber should check its text")
	}
	if n := NewFloat64(math.NaN()); n.Type() != V_ERROR {
		t.Fatal("NewFloat64(NaN) should be an error node")
	}
	if n := NewAny(nil); n.Type() != V_NULL {
		t.Fatal("NewAny(nil)")
	}
	if v, _ := obj.Get("any").Interface(); !reflect.DeepEqual(v, map[string]int{"k": 2}) {
		t.Fatalf("V_ANY Interface = %v", v)
	}
	if obj.Get("any").Type() != V_ANY {
		t.Fatal("NewAny of a map should be V_ANY")
	}
	if n, _ := obj.Len(); n != 11 {
		t.Fatalf("Len = %d", n)
	}
}

func TestCasts(t *testing.T) {
	type want struct {
		b    any // bool or error
		i    any // int64 or error
		f    any
		s    any
		num  any
		sb   bool // strict bool ok
		si   bool
		ss   bool
		sf   bool
		snum bool
	}
	e := errors.New("")
	for _, tc := range []struct {
		src string
		w   want
	}{
		{`true`, want{true, int64(1), 1.0, "true", "1", true, false, false, false, false}},
		{`false`, want{false, int64(0), 0.0, "false", "0", true, false, false, false, false}},
		{`null`, want{false, int64(0), 0.0, "", "0", false, false, false, false, false}},
		{`42`, want{true, int64(42), 42.0, "42", "42", false, true, false, true, true}},
		{`-0`, want{false, int64(0), 0.0, "-0", "-0", false, true, false, true, true}},
		{`1e2`, want{true, int64(100), 100.0, "1e2", "1e2", false, true, false, true, true}},
		{`1.5`, want{true, e, 1.5, "1.5", "1.5", false, false, false, true, true}},
		{`9223372036854775808`, want{true, e, 9223372036854775808.0, "9223372036854775808", "9223372036854775808", false, false, false, true, true}},
		{`"12"`, want{e, int64(12), 12.0, "12", "12", false, false, true, false, false}},
		{`"true"`, want{true, e, e, "true", e, false, false, true, false, false}},
		{`"a\u00e9\n"`, want{e, e, e, "aé\n", e, false, false, true, false, false}},
		{`[1]`, want{e, e, e, e, e, false, false, false, false, false}},
		{`{}`, want{e, e, e, e, e, false, false, false, false, false}},
	} {
		n := NewRaw(tc.src)
		check := func(name string, got any, err error, w any) {
			t.Helper()
			if _, isErr := w.(error); isErr {
				if err == nil {
					t.Errorf("%s(%s) = %v, want an error", name, tc.src, got)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, w) {
				t.Errorf("%s(%s) = %#v, %v; want %#v", name, tc.src, got, err, w)
			}
		}
		b, err := n.Bool()
		check("Bool", b, err, tc.w.b)
		i, err := n.Int64()
		check("Int64", i, err, tc.w.i)
		f, err := n.Float64()
		check("Float64", f, err, tc.w.f)
		s, err := n.String()
		check("String", s, err, tc.w.s)
		num, err := n.Number()
		if _, isErr := tc.w.num.(error); !isErr {
			check("Number", string(num), err, tc.w.num)
		} else if err == nil {
			t.Errorf("Number(%s) should fail", tc.src)
		}
		if _, err := n.StrictBool(); (err == nil) != tc.w.sb {
			t.Errorf("StrictBool(%s): %v", tc.src, err)
		}
		if _, err := n.StrictInt64(); (err == nil) != tc.w.si {
			t.Errorf("StrictInt64(%s): %v", tc.src, err)
		}
		if _, err := n.StrictString(); (err == nil) != tc.w.ss {
			t.Errorf("StrictString(%s): %v", tc.src, err)
		}
		if _, err := n.StrictFloat64(); (err == nil) != tc.w.sf {
			t.Errorf("StrictFloat64(%s): %v", tc.src, err)
		}
		if _, err := n.StrictNumber(); (err == nil) != tc.w.snum {
			t.Errorf("StrictNumber(%s): %v", tc.src, err)
		}
	}
	raw := func(s string) *Node { n := NewRaw(s); return &n }
	if u, err := raw(`18446744073709551615`).Uint64(); err != nil || u != math.MaxUint64 {
		t.Errorf("Uint64 = %d, %v", u, err)
	}
	if _, err := raw(`-1`).Uint64(); err == nil {
		t.Errorf("Uint64(-1) should fail")
	}
	if _, err := raw(`1e400`).Float64(); err == nil {
		t.Errorf("Float64(1e400) should fail")
	}
	if _, err := raw(`[1]`).Int64(); !errors.Is(err, ErrUnsupportedType) {
		t.Errorf("Int64 on array: %v", err)
	}
}

// TestStringsDecodeLikeStd checks String against encoding/json on tricky
// strings, including invalid UTF-8 and unpaired surrogates.
func TestStringsDecodeLikeStd(t *testing.T) {
	for _, q := range []string{`""`, `"plain"`, `"\u00e9\ud83d\ude00"`, `"\ud800"`, `"\udc00x"`, "\"\xff\xfe\"", "\"ok \xe2\x82\"", `"\/\b\f\n\r\t\\\""`, "\"\u2028\""} {
		var want string
		if err := json.Unmarshal([]byte(q), &want); err != nil {
			t.Fatal(err)
		}
		n := NewRaw(q)
		if got, err := n.String(); err != nil || got != want {
			t.Errorf("String(%q) = %q, %v; want %q", q, got, err, want)
		}
		if got, _ := n.Interface(); got != want {
			t.Errorf("Interface(%q) = %q; want %q", q, got, want)
		}
		if l, _ := n.Len(); l != len(want) {
			t.Errorf("Len(%q) = %d", q, l)
		}
	}
}

func TestInterfaceMatchesStd(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	g := &gen{r: r}
	for k := 0; k < 300; k++ {
		doc := g.document()
		var want any
		if err := json.Unmarshal([]byte(doc), &want); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		n := NewRaw(doc)
		got, err := n.Interface()
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("Interface(%s) = %v, %v", doc, got, err)
		}
		// The same through parsed levels (not the raw fast path).
		n.LoadAll()
		n.container().dirty = true
		got, err = n.Interface()
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("Interface after LoadAll (%s) = %v, %v", doc, got, err)
		}
		wantNum := decodeStd(t, doc)
		if got, err := n.InterfaceUseNumber(); err != nil || !reflect.DeepEqual(got, wantNum) {
			t.Fatalf("InterfaceUseNumber(%s) = %v, %v", doc, got, err)
		}
		// Encoding the parsed node gives the same value.
		b, err := n.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		sameJSON(t, "MarshalJSON", string(b), wantNum)
	}
}

func TestMapArray(t *testing.T) {
	n := NewRaw(`{"a":[1,"x",{"b":null}],"c":2.5,"a":true}`)
	m, err := n.Map()
	if err != nil || !reflect.DeepEqual(m, map[string]any{"a": true, "c": 2.5}) {
		t.Fatalf("Map = %v, %v (the last repeated key wins, as in encoding/json)", m, err)
	}
	mn, err := n.MapUseNumber()
	if err != nil || mn["c"] != json.Number("2.5") {
		t.Fatalf("MapUseNumber = %v, %v", mn, err)
	}
	mu, err := n.MapUseNode()
	if a := mu["a"]; err != nil || len(mu) != 2 || a.Type() != V_TRUE {
		t.Fatalf("MapUseNode = %v, %v", mu, err)
	}
	a := n.Get("a")
	arr, err := a.Array()
	if err != nil || !reflect.DeepEqual(arr, []any{1.0, "x", map[string]any{"b": nil}}) {
		t.Fatalf("Array = %v, %v", arr, err)
	}
	an, err := a.ArrayUseNumber()
	if err != nil || an[0] != json.Number("1") {
		t.Fatalf("ArrayUseNumber = %v, %v", an, err)
	}
	au, err := a.ArrayUseNode()
	if err != nil || len(au) != 3 || au[2].Type() != V_OBJECT {
		t.Fatalf("ArrayUseNode = %v, %v", au, err)
	}
	if iu, err := a.InterfaceUseNode(); err != nil || len(iu.([]Node)) != 3 {
		t.Fatalf("InterfaceUseNode = %v, %v", iu, err)
	}
	if iu, err := n.InterfaceUseNode(); err != nil || len(iu.(map[string]Node)) != 2 {
		t.Fatalf("InterfaceUseNode = %v, %v", iu, err)
	}
	if _, err := a.Map(); !errors.Is(err, ErrUnsupportedType) {
		t.Fatalf("Map on array: %v", err)
	}
	if _, err := n.Array(); !errors.Is(err, ErrUnsupportedType) {
		t.Fatalf("Array on object: %v", err)
	}
}

func TestUnmarshalJSONAndMarshal(t *testing.T) {
	var doc struct {
		A Node  `json:"a"`
		B *Node `json:"b"`
		C []Node
	}
	src := `{"a": {"x": [1, 2]}, "b": "str", "C": [null, 3]}`
	if err := json.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	if v, _ := doc.A.GetByPath("x", 1).Int64(); v != 2 {
		t.Fatalf("A.x[1] = %d", v)
	}
	if s, _ := doc.B.String(); s != "str" {
		t.Fatalf("B = %q", s)
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != `{"a":{"x":[1,2]},"b":"str","C":[null,3]}` {
		t.Fatalf("Marshal = %s", out)
	}
	var n Node
	if err := n.UnmarshalJSON([]byte(`{bad`)); err == nil {
		t.Fatal("UnmarshalJSON should check its input")
	}
}

func TestRawKeepsText(t *testing.T) {
	src := "{ \"a\" : [ 1 , 2 ] ,\n \"b\" : { \"c\" : \"\\u0041\" } }"
	n := NewRaw(src)
	if v, _ := n.GetByPath("b", "c").String(); v != "A" {
		t.Fatalf("b.c = %q", v)
	}
	// Reading does not change the text.
	if raw, _ := n.Raw(); raw != src {
		t.Fatalf("Raw after reads = %q", raw)
	}
	if raw, _ := n.Get("a").Raw(); raw != "[ 1 , 2 ]" {
		t.Fatalf("a = %q", raw)
	}
	if !n.Get("a").IsRaw() || n.IsRaw() {
		t.Fatal("IsRaw")
	}
	// A change re-encodes the changed path and copies the rest.
	if _, err := n.GetByPath("b").Set("d", NewInt64(1)); err != nil {
		t.Fatal(err)
	}
	raw, _ := n.Raw()
	if raw != `{"a":[ 1 , 2 ],"b":{"c":"\u0041","d":1}}` {
		t.Fatalf("Raw after Set = %q", raw)
	}
	if strings.Contains(raw, " , 2 ],\n") {
		t.Fatal("should not keep outer whitespace")
	}
}
