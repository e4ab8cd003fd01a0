//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
)

// FuzzMarshalAgainstStd decodes the input into an any with Go's v2
// (invalid UTF-8 and duplicate names allowed), marshals it with jet and
// with Go's v2 under the option set the fuzz byte picks, and compares
// the results (see marshalBoth).
func FuzzMarshalAgainstStd(f *testing.F) {
	for _, s := range []string{`null`, `{"a":[1,"x",true,null,{}]}`, `["\u2028<&>", -0, 1e21, 1e-7, 0.1]`, "{\"\xff\":\"\xfe\"}", `{"a":1,"a":2}`, `[[[[{"":""}]]]]`, `"\ud800"`, `{"é":{"\u00e9":1}}`} {
		for opt := range len(optionSets()) {
			f.Add([]byte(s), byte(opt))
		}
	}
	g := testdocs.NewGen(1)
	for i, text := range g.Texts(40) {
		f.Add(text, byte(i))
	}
	sets := optionSets()
	f.Fuzz(func(t *testing.T, data []byte, opt byte) {
		v, ok := decodeStd(data)
		if !ok {
			return
		}
		label, msg := marshalBoth(v, sets[int(opt)%len(sets)])
		if msg != "" && knownGap(label, msg) == "" {
			t.Errorf("%q%s: %s", data, label, msg)
		}
	})
}
