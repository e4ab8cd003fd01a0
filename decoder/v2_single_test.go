package decoder

import (
	"encoding/json"
	"math/big"
	"reflect"
	"testing"
	"time"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/v2api"
)

type singleInner struct {
	N int      `json:"n"`
	S []string `json:"s"`
}

type singlePlain struct {
	A string          `json:"a"`
	B []singleInner   `json:"b"`
	M map[string]any  `json:"m"`
	T time.Time       `json:"t"`
	R json.RawMessage `json:"r"`
	I *big.Int        `json:"i"`
}

type singleMethod struct{ X int }

func (*singleMethod) UnmarshalJSON([]byte) error { return nil }

// TestV2SinglePassTaken checks that Unmarshal's single pass takes what it
// is meant to, so that FuzzUnmarshalSinglePass (in jsonv2), which
// compares it with the checked pass, compares two different paths: the
// types it judges plain, the texts it decodes whole, and the ones it
// gives up on for the checked pass to word.
func TestV2SinglePassTaken(t *testing.T) {
	for _, c := range []struct {
		t     reflect.Type
		plain bool
	}{
		{reflect.TypeFor[singlePlain](), true},
		{reflect.TypeFor[any](), true},
		{reflect.TypeFor[[]map[string]*singleInner](), true},
		{reflect.TypeFor[singleMethod](), false},
		{reflect.TypeFor[[]struct{ M *singleMethod }](), false},
	} {
		if got := plainV2Of(c.t); got != c.plain {
			t.Errorf("plainV2Of(%v) = %v, want %v", c.t, got, c.plain)
		}
	}
	opts := &jsonopts.Struct{}
	for _, c := range []struct {
		in string
		ok bool
	}{
		{`{"a":"x","b":[{"n":1,"s":["p"]}],"m":{"k":[1,"v",null]},"t":"2020-01-01T00:00:00Z","r":{"z":1},"i":12}`, true},
		{` {"zz":{"y":[1,2]},"a":"\u00e9"} `, true},
		{`{"a":"x","a":"y"}`, false},
		{`{"m":{"k":1,"k":2}}`, false},
		{`{"q":1,"q":2}`, false},
		{`{"r":{"k":1,"k":2}}`, false},
		{`{"a":"\ud800"}`, false},
		{"{\"a\":\"\xff\"}", false},
		{`{"b":[{"n":1},]}`, false},
		{`{"a":nul}`, false},
		{`{"a":"x"} x`, false},
		{`{"b":[{"n":1.5}]}`, false},
	} {
		var v singlePlain
		fn := fnForV2Of(reflect.TypeFor[singlePlain]())
		if got := decodeV2Single([]byte(c.in), reflect.ValueOf(&v).UnsafePointer(), fn, opts, nil); got != c.ok {
			t.Errorf("decodeV2Single(%q) = %v, want %v", c.in, got, c.ok)
		}
	}
}

type guessElem struct {
	S string  `json:"s"`
	N int     `json:"n"`
	P *string `json:"p"`
}

type guessDoc struct {
	L  []guessElem   `json:"l"`
	LL [][]guessElem `json:"ll"`
}

// TestV2GuessedSlices checks the single pass's slices decoded at the
// length the last one had (decodeGuessedSlice) against the checked
// pass, which decodes them its own way, over lengths that grow, shrink
// and repeat (the guess carries over from call to call), past the
// lengths it keeps array types for, and over texts cut or wrong within
// an element.
func TestV2GuessedSlices(t *testing.T) {
	elems := func(n int, tail string) string {
		s := "["
		for i := range n {
			if i > 0 {
				s += ","
			}
			s += `{"s":"e` + string(rune('a'+i%26)) + `","n":` + string(rune('0'+i%10)) + `,"p":"x"}`
		}
		return s + tail
	}
	var docs []string
	for _, n := range []int{0, 1, 2, 2, 2, 2, 2, 5, 3, 3, 3, 3, 3, 40, 40, 1, 33, 32, 32, 32, 32, 32, 33, 7, 7, 7, 7, 7, 1, 0, 4} {
		docs = append(docs,
			`{"l":`+elems(n, "]")+`}`,
			`{"l":`+elems(n, "]")+`,"ll":[`+elems(n, "]")+`,`+elems(n+1, "]")+`,[ ]]}`,
			`{"l":`+elems(n, `,{"s":1}]`)+`}`,
			`{"l":`+elems(n, `,{"s":"x","n":`),
			`{"l":`+elems(n, `]`),
			`{"l":`+elems(n, `,null]}`),
		)
	}
	// Repeats that make a guess, then a longer slice: grown within the
	// guess's array types, and past them.
	for _, n := range []int{20, 20, 20, 20, 20, 40, 32, 32, 32, 32, 32, 40, 5, 5, 5, 5, 5, 9} {
		docs = append(docs, `{"l":`+elems(n, "]")+`}`)
	}
	opts := &jsonopts.Struct{}
	for _, in := range docs {
		var single, checked guessDoc
		errS := unmarshalV2([]byte(in), nil, &single, opts, nil)
		v2api.CheckedOnly = true
		errC := unmarshalV2([]byte(in), nil, &checked, opts, nil)
		v2api.CheckedOnly = false
		if !reflect.DeepEqual(single, checked) || errString(errS) != errString(errC) {
			t.Errorf("%s:\nsingle  %+v, %v\nchecked %+v, %v", in, single, errS, checked, errC)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

type arrayRunDoc struct {
	F [3]float64   `json:"f"`
	I [2]int       `json:"i"`
	G [][2]float64 `json:"g"`
	E [0]int64     `json:"e"`
}

// TestV2ArrayRuns compares arrayFnV2's run of plain numbers with its
// general loop (arrayRunOff), in the single pass and the checked one:
// the same values and errors, for arrays short, long and exact, with
// space, numbers the run does not take (large, negative, inexact,
// quoted), other kinds and text cut anywhere.
func TestV2ArrayRuns(t *testing.T) {
	bodies := []string{
		`[]`, `[1]`, `[1,2]`, `[1,2,3]`, `[1,2,3,4]`, `[1.5,-2,3e2]`, `[ 1 , 2 ,3 ]`, `[1,2 ]`,
		`[1,"2",3]`, `[1,null,3]`, `[1,2,true]`, `[0.1,123456789012345678901234567890,1e400]`,
		`[-1,9007199254740993,18446744073709551616]`, `[1,,2]`, `[1 2]`, `[01,2]`, `[1.,2]`, `[1,2,`,
		`[1,`, `[1`, `[`, `[-`, `[1,2]x`,
	}
	var docs []string
	for _, b := range bodies {
		docs = append(docs, `{"f":`+b+`}`, `{"i":`+b+`}`, `{"g":[`+b+`,[3,4]]}`, `{"e":`+b+`}`)
	}
	for _, in := range docs {
		for _, checkedOnly := range []bool{false, true} {
			var run, loop arrayRunDoc
			v2api.CheckedOnly = checkedOnly
			errR := unmarshalV2([]byte(in), nil, &run, &jsonopts.Struct{}, nil)
			arrayRunOff = true
			errL := unmarshalV2([]byte(in), nil, &loop, &jsonopts.Struct{}, nil)
			arrayRunOff, v2api.CheckedOnly = false, false
			if !reflect.DeepEqual(run, loop) || errString(errR) != errString(errL) {
				t.Errorf("%s (checked only %v):\nrun  %+v, %v\nloop %+v, %v", in, checkedOnly, run, errR, loop, errL)
			}
		}
	}
}
