package jet_test

// Fuzz targets, each against encoding/json. Run one with
//
//	go test -run '^$' -fuzz '^FuzzUnmarshalAny$' -fuzztime 60s
//
// Seeds are added here and kept in testdata/fuzz/<Name>/. Known bugs
// still present are stepped around (see knownBugs), so that fuzzing
// finds new ones.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/jetjson/jet/internal/oracle"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jetjson/jet"
)

// fuzzSeeds are inputs with the edge cases every target should start
// from.
var fuzzSeeds = []string{
	``, ` `, `null`, `true`, `false`, `0`, `-0`, `1`, `-1.5e-300`, `1e400`, `-1e400`, `1e-400`,
	`123456789012345678901234567890`, `9223372036854775808`, `-9223372036854775809`, `18446744073709551616`,
	`0.1000000000000000055511151231257827`, `4.9e-324`, `2.2250738585072011e-308`, `1.7976931348623159e308`,
	`01`, `1.`, `.5`, `+1`, `-`, `1e`, `1e+`, `0x10`, `NaN`, `Infinity`,
	`""`, `"\"\\\/\b\f\n\r\t\u0000\u001f\u007f\u00e9\u2028\u2029\uffff"`, `"\ud83d\ude00"`, `"\ud800"`, `"\udc00"`,
	`"\ud800\u0041"`, `"\udbff\udfff"`, `"\uDEAD\uBEEF"`, `"\u00"`, `"\x"`, `"\'"`, "\"\xff\"", "\"\xc3\"",
	"\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xc0\xaf\"", "\"\x7f\"", "\"\x01\"", "\"\t\"", `"<>&"`,
	"\"\u2028\u2029\"", `"abc`, `"\`,
	`[]`, `{}`, `[1,2,3]`, `[1,]`, `[,1]`, `[1 2]`, `{"a":1}`, `{"a":1,}`, `{"a" 1}`, `{"a":}`, `{,}`, `{1:2}`,
	`{"a":1,"a":2}`, `{"A":1,"a":2}`, `{"\u212a":1}`, `{"ID":1,"Name":"n","Dup":2,"Level":3}`,
	`[1,[2,[3,[4,[5]]]]]`, `{"a":{"b":{"c":{"d":null}}}}`, `[{"a":[{"b":[]}]}]`,
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000), strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat(`{"a":`, 500) + "1" + strings.Repeat("}", 500), strings.Repeat("[", 50),
	`1 2`, `{}{}`, `[][]`, `"a""b"`, `truefalse`, `1-2`, `[1]2`, `nulltrue`, `1 x`, `{"a":1} [`,
	`  {"a" : [ 1 , 2 ] , "b" : "c" }  `, "\t\n\r {}", `tru`, `nul`, `fals`, `{"a":tru}`,
	`{"a":1,"b":"x","c":true,"d":null,"e":[1.5,-2],"f":{"g":"h"}}`,
	`{"A":"x","B":"ok","L":[1,"x",3],"M":{"a":"b"}}`, `{"p":{"p":{"p":{"a":1}}}}`,
	`{"C":"12","X":"true","G":"ptr","O":"AAE=","M":"1e5","N":{"raw":[1]},"Q":"text","R":[1]}`,
	`{"K":{"1":"a","-5":"b","x":"c"},"V":{"#1":true,"2":false}}`, `{"O":[1,2,3]}`, `{"O":"!!!"}`,
	`{"a":"` + strings.Repeat("x", 100) + `\n` + strings.Repeat("é", 50) + `"}`,
	`[1e1000000000000000000000]`, `[` + strings.Repeat("9", 1000) + `]`,
}

func addSeeds(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	g := newGen(777)
	for i := 0; i < 20; i++ {
		f.Add(g.doc())
		f.Add(g.docFor(reflect.TypeFor[fuzzStruct]()))
	}
}

// fuzzStruct has a field of most kinds decoding knows.
type fuzzStruct struct {
	A  int               `json:"a"`
	B  int8              `json:"b"`
	C  uint16            `json:",string"`
	D  float32           `json:"d"`
	E  float64           `json:"e,omitempty"`
	F  string            `json:"f"`
	G  *string           `json:",omitempty"`
	H  []int             `json:"h"`
	I  [2]bool           `json:"i"`
	J  map[string]int    `json:"j"`
	K  map[int]string    `json:"K"`
	L  any               `json:"l"`
	M  json.Number       `json:"M"`
	N  json.RawMessage   `json:"N"`
	O  []byte            `json:"O"`
	P  *fuzzStruct       `json:"p"`
	Q  textVal           `json:"Q"`
	R  jsonVal           `json:"R"`
	S  time.Time         `json:"S"`
	T  map[string]any    `json:"t"`
	U  []any             `json:"u"`
	V  map[intKey]bool   `json:"V"`
	W  Shape             `json:"W"`
	X  bool              `json:",string"`
	Y  MyString          `json:"y"`
	Z  [0]int            `json:"z"`
	Aa uint64            `json:"aa"`
	Ab *[]map[string]int `json:"ab"`
	Ac [3]float64        `json:"ac"`
	Ad map[string]*int   `json:"ad"`
	Base
	*Other
}

func FuzzUnmarshalAny(f *testing.F) {
	oracle.Require(f)
	addSeeds(f)
	anyT := reflect.TypeFor[any]()
	f.Fuzz(func(t *testing.T, data []byte) {
		fc := newFailCap(t)
		checkUnmarshal(fc, "fuzz", data, anyT, false, 0)
		checkUnmarshal(fc, "fuzz", data, reflect.TypeFor[map[string]any](), false, 0)
		checkUnmarshal(fc, "fuzz", data, reflect.TypeFor[[]any](), false, 0)
	})
}

func FuzzUnmarshalStruct(f *testing.F) {
	oracle.Require(f)
	addSeeds(f)
	typ := reflect.TypeFor[fuzzStruct]()
	f.Fuzz(func(t *testing.T, data []byte) {
		fc := newFailCap(t)
		checkUnmarshal(fc, "fuzz", data, typ, false, 0)
		checkUnmarshal(fc, "fuzz", data, typ, true, uint64(len(data)))
		checkUnmarshal(fc, "fuzz", data, reflect.TypeFor[[]fuzzStruct](), false, 0)
	})
}

func FuzzValid(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		want := json.Valid(data)
		for _, v := range validators {
			if got := v.fn(data); got != want {
				t.Fatalf("%s(%q) = %v, encoding/json %v", v.name, data, got, want)
			}
		}
	})
}

func FuzzCompactIndent(f *testing.F) {
	oracle.Require(f)
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fc := newFailCap(t)
		in := indents[len(data)%len(indents)]
		checkCompactIndent(fc, data, in.prefix, in.indent)
		checkCompactIndent(fc, data, "", "\t")
	})
}

func FuzzStreamDecoder(f *testing.F) {
	oracle.Require(f)
	addSeeds(f)
	anyT := reflect.TypeFor[any]()
	f.Fuzz(func(t *testing.T, data []byte) {
		for rd := range readers[:2] { // whole and one byte at a time
			for _, more := range []bool{false, true} {
				if d := decodeSeq(data, jet.ConfigDefault, rd, anyT, more, nil); d != "" {
					t.Fatalf("input %q: %s", data, d)
				}
			}
			if d := checkTokens(data, rd); d != "" {
				t.Fatalf("input %q: %s", data, d)
			}
		}
		if d := decodeSeq(data, jet.ConfigStd, 2, reflect.TypeFor[fuzzStruct](), false, nil); d != "" {
			t.Fatalf("input %q into fuzzStruct: %s", data, d)
		}
	})
}

// FuzzMarshalRoundTrip decodes the input with encoding/json and encodes
// the result with every jet encoder, against encoding/json's encoding.
func FuzzMarshalRoundTrip(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fc := newFailCap(t)
		var v any
		if json.Unmarshal(data, &v) == nil {
			checkMarshal(fc, fmt.Sprintf("any from %q", data), v, len(data))
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var n any
		if dec.Decode(&n) == nil {
			checkMarshal(fc, fmt.Sprintf("UseNumber any from %q", data), n, len(data)+1)
		}
		var s fuzzStruct
		if json.Unmarshal(data, &s) == nil {
			checkMarshal(fc, fmt.Sprintf("fuzzStruct from %q", data), s, len(data))
			checkMarshal(fc, fmt.Sprintf("*fuzzStruct from %q", data), &s, len(data)+1)
		}
	})
}
