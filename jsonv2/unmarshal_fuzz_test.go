//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
)

// fuzzDests are the types FuzzUnmarshalAgainstStd decodes into, chosen
// by a byte of the input.
func fuzzDests() []uDest {
	return []uDest{
		uDestOf[any]("any", nil),
		uDestOf[map[string]any]("map", nil),
		uDestOf[genShape]("shape", nil),
		uDestOf[optNames]("names", nil),
		uDestOf[stdMethods]("stdMethods", nil),
		uDestOf[[]int8]("int8s", nil),
		uDestOf[tweet]("tweet", nil),
		uDestOf[genFallback]("fallback", nil),
		uDestOf[mergeOuter]("outer", func(p *mergeOuter) { p.I = map[string]any{"k": 1.0}; p.S = make([]mergeInner, 1, 4) }),
		uDestOf[map[float64][2]string]("floatKeys", nil),
		uDestOf[optUTF8]("utf8", nil),
		uDestOf[[]any]("anys", func(p *[]any) { *p = []any{&stdFrom{}, 1.0} }),
		uDestOf[pureStd]("pureStd", nil),
		uDestOf[plainArrays]("arrays", nil),
		// jet's Decoder in the methods, against Go's in the same.
		{name: "jetMethods", std: func() any { return new(stdMethods) }, jet: func() any { return new(jetMethods) }, norm: byMarshal},
	}
}

// fuzzOpts makes the option set that the bits of o choose.
func fuzzOpts(o byte) uOpts {
	var parts []uOpts
	for i, p := range []uOpts{uStringify, uAnyCase, uReject, uAllowDup, uAllowUTF8} {
		if o&(1<<i) != 0 {
			parts = append(parts, p)
		}
	}
	if o&(1<<5) != 0 {
		fp := funcPairs()
		parts = append(parts, fp[int(o>>6)%len(fp)].opts())
	}
	return uOptsOf(parts...)
}

// FuzzUnmarshalAgainstStd decodes an input into a type and under options
// chosen by two bytes, with jet and with Go's encoding/json/v2, and
// requires the same outcome.
func FuzzUnmarshalAgainstStd(f *testing.F) {
	seeds := []string{
		`{"a":[1,2,{"b":null}],"c":"d"}`, `[1,"x",true,null,1e400]`, `{"FooBar":1,"foobar":2}`, `{"From":7,"FromS":[13]}`,
		`{"a":1,"a":2}`, "{\"S\":\"\xff\"}", `{"A":1,`, `[1,2`, `{"Num":"12","NumP":"300"}`, `{"I":{"k":2},"S":[{"X":1}]}`,
		`{"1.5":["a","b"],"1.50":["c","d"]}`, `[{"S":"x"},[1,"stop"]]`, `{"id":1,"user":{"name":"n"}}`,
		`{"F":[1.5,-0],"I":[1,2,3],"I3":[2147483648,1],"I8":[1,300],"B":[true,null],"S":["a","\u00e9"],"N":["x"],"A":[[1,2],[3]]}`,
		`{"F":[1e400,1],"I":[1.5],"S":[null,1]}`, `{"F":["1",2],"I":["3"]}`,
	}
	for i, s := range seeds {
		f.Add([]byte(s), byte(i), byte(i*37))
	}
	g := testdocs.NewGen(11)
	for i, s := range g.Texts(40) {
		f.Add(s, byte(i*7), byte(i*13))
	}
	dests := fuzzDests()
	f.Fuzz(func(t *testing.T, in []byte, which, opts byte) {
		dest := dests[int(which)%len(dests)]
		o := fuzzOpts(opts)
		if msg := diffUnmarshal(in, dest, o); msg != "" {
			t.Errorf("%s -> %s %s: %s", quote(in), dest.name, o.name, msg)
		}
	})
}
