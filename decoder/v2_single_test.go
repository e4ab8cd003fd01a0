package decoder

import (
	"encoding/json"
	"math/big"
	"reflect"
	"testing"
	"time"

	"github.com/jetjson/jet/internal/jsonopts"
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
		x := newV2dstate([]byte(c.in), opts)
		if got := decodeV2Single([]byte(c.in), reflect.ValueOf(&v).UnsafePointer(), fn, x); got != c.ok {
			t.Errorf("decodeV2Single(%q) = %v, want %v", c.in, got, c.ok)
		}
	}
}
