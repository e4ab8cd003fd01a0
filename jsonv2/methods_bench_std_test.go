//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"strings"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// wrapJet and wrapStd marshal and unmarshal themselves as their inner
// struct, by MarshalEncode and UnmarshalDecode on the Encoder or
// Decoder their methods are given: the common shape of a v2 method
// that wraps a type.
type (
	wrapJet struct {
		A int
		B string
	}
	wrapStd struct {
		A int
		B string
	}
	wrapJetInner struct {
		A int
		B string
	}
	wrapStdInner struct {
		A int
		B string
	}
)

func (w wrapJet) MarshalJSONTo(enc *jsontext.Encoder) error {
	return json.MarshalEncode(enc, wrapJetInner(w))
}

func (w wrapStd) MarshalJSONTo(enc *stdjsontext.Encoder) error {
	return stdjson.MarshalEncode(enc, wrapStdInner(w))
}

func (w *wrapJet) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	return json.UnmarshalDecode(dec, (*wrapJetInner)(w))
}

func (w *wrapStd) UnmarshalJSONFrom(dec *stdjsontext.Decoder) error {
	return stdjson.UnmarshalDecode(dec, (*wrapStdInner)(w))
}

// BenchmarkWrappingMethods marshals and unmarshals 1,000 values whose
// methods call MarshalEncode and UnmarshalDecode, with jet's and Go's
// v2.
func BenchmarkWrappingMethods(b *testing.B) {
	const n = 1000
	in := []byte("[" + strings.TrimSuffix(strings.Repeat(`{"A":1,"B":"xyz"},`, n), ",") + "]")
	var jv []wrapJet
	var sv []wrapStd
	if err := json.Unmarshal(in, &jv); err != nil {
		b.Fatal(err)
	}
	if err := stdjson.Unmarshal(in, &sv); err != nil {
		b.Fatal(err)
	}
	run := func(name string, f func() error) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for i := 0; i < b.N; i++ {
				if err := f(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	run("Unmarshal/jet", func() error { var v []wrapJet; return json.Unmarshal(in, &v) })
	run("Unmarshal/std", func() error { var v []wrapStd; return stdjson.Unmarshal(in, &v) })
	run("Marshal/jet", func() error { _, err := json.Marshal(jv); return err })
	run("Marshal/std", func() error { _, err := stdjson.Marshal(sv); return err })
}
