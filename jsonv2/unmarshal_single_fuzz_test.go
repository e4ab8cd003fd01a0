//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
	"github.com/jetjson/jet/internal/v2api"
	json "github.com/jetjson/jet/jsonv2"
)

// FuzzUnmarshalSinglePass compares Unmarshal's single pass over
// unchecked text (taken for types whose decoding runs no user code, into
// zero values) with the checked pass it shortcuts: the same value left
// behind and the same error, to the byte, for every input, destination
// and option set.
func FuzzUnmarshalSinglePass(f *testing.F) {
	seeds := []string{
		`{"a":[1,2,{"b":null}],"c":"d"}`, `[1,"x",true,null,1e400]`, `{"FooBar":1,"foobar":2}`,
		`{"a":1,"a":2}`, "{\"S\":\"\xff\"}", `{"A":1,`, `[1,2`, `{"x":1,"x":2}`, `{"u":1,"\u0075":2}`,
		`["\ud800"]`, `{"s":"\udc00x"}`, `[nul]`, `[tru]`, `{"a" 1}`, `[1 2]`, `{"a":1,}`, `[1,]`,
		`{"id":1,"user":{"name":"n"}} x`, `{"k":{"a":1,"a":2}}`, `[{"a":[1,2]},{"b":{"c":[]}}]`,
	}
	for i, s := range seeds {
		f.Add([]byte(s), byte(i), byte(0))
	}
	// For the standard library's types whose methods the single pass
	// takes (the last destination).
	pure := byte(len(fuzzDests()) - 1)
	for _, s := range []string{
		`{"raw":{"a":1},"val":[1,2],"when":"2020-01-01T00:00:00Z","big":123,"addr":"1.2.3.4","list":[1,{"x":2}]}`,
		`{"raw":{"a":1,"a":2}}`, `{"val":"\ud800"}`, `{"list":[{"b":1,"b":2}]}`, `{"big":1.5}`, `{"addr":"x"}`,
		`{"when":"2020-01-01T1:00:00Z"}`, "{\"raw\":\"\xff\"}", `{"raw":nul}`,
	} {
		f.Add([]byte(s), pure, byte(0))
	}
	g := testdocs.NewGen(23)
	for i, s := range g.Texts(40) {
		f.Add(s, byte(i*5), byte(i*11)&^(1<<5))
		f.Add(g.Mutate(s), byte(i*3), byte(0))
	}
	dests := fuzzDests()
	f.Fuzz(func(t *testing.T, in []byte, which, opts byte) {
		dest := dests[int(which)%len(dests)]
		o := fuzzOpts(opts)
		single, singleErr := dest.jet(), error(nil)
		singleErr = json.Unmarshal(bytes.Clone(in), single, o.jet...)
		v2api.CheckedOnly = true
		checked := dest.jet()
		checkedErr := json.Unmarshal(bytes.Clone(in), checked, o.jet...)
		v2api.CheckedOnly = false
		if fmt.Sprint(singleErr) != fmt.Sprint(checkedErr) {
			t.Fatalf("%s -> %s %s: error %v, checked pass %v", quote(in), dest.name, o.name, singleErr, checkedErr)
		}
		if !reflect.DeepEqual(single, checked) {
			t.Fatalf("%s -> %s %s: value %#v, checked pass %#v", quote(in), dest.name, o.name, single, checked)
		}
	})
}
