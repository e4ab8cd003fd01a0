//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"bytes"
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// Types that marshal and unmarshal themselves through an Encoder or a
// Decoder, v2's way of customising: jet's jsontext (jetCelsius) and the
// standard library's (stdCelsius), each called by its own package.
type (
	jetCelsius struct{ Deci int64 }
	stdCelsius struct{ Deci int64 }
)

func (c jetCelsius) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.Int(c.Deci))
}

func (c *jetCelsius) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	c.Deci, err = tok.Int()
	return err
}

func (c stdCelsius) MarshalJSONTo(enc *stdjsontext.Encoder) error {
	return enc.WriteToken(stdjsontext.Int(c.Deci))
}

func (c *stdCelsius) UnmarshalJSONFrom(dec *stdjsontext.Decoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	c.Deci, err = tok.Int()
	return err
}

// methodReadings is a document of records holding such types.
type methodReading[C any] struct {
	Station string `json:"station"`
	Temp    C      `json:"temp"`
	Min     C      `json:"min"`
	Max     C      `json:"max"`
}

func methodReadings[C any](mk func(int64) C) []methodReading[C] {
	out := make([]methodReading[C], 500)
	for i := range out {
		n := int64(i)
		out[i] = methodReading[C]{Station: "s" + string(rune('a'+i%26)), Temp: mk(n * 3), Min: mk(-n), Max: mk(n * 7)}
	}
	return out
}

func jetReadings() []methodReading[jetCelsius] {
	return methodReadings(func(n int64) jetCelsius { return jetCelsius{n} })
}

func stdReadings() []methodReading[stdCelsius] {
	return methodReadings(func(n int64) stdCelsius { return stdCelsius{n} })
}

// TestMethodsAgainstStd: the documents the benchmarks read and write
// are the same with both packages.
func TestMethodsAgainstStd(t *testing.T) {
	got, err := json.Marshal(jetReadings())
	if err != nil {
		t.Fatal(err)
	}
	want, err := stdjson.Marshal(stdReadings())
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatalf("output\n got %.200s\nwant %.200s", got, want)
	}
	var back []methodReading[jetCelsius]
	if err := json.Unmarshal(want, &back); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(back)
	if string(again) != string(want) {
		t.Fatalf("round trip\n got %.200s\nwant %.200s", again, want)
	}
}

// TestMethodsAllocations: the Encoders and Decoders given to methods
// are reused, not allocated per call.
func TestMethodsAllocations(t *testing.T) {
	v := jetReadings()
	in, _ := json.Marshal(v)
	if n := testing.AllocsPerRun(20, func() { json.Marshal(v) }); n > 3 {
		t.Errorf("Marshal of %d values with MarshalJSONTo: %v allocations, want at most 3", 3*len(v), n)
	}
	out := make([]methodReading[jetCelsius], 0, len(v))
	if n := testing.AllocsPerRun(20, func() { out = out[:0]; json.Unmarshal(in, &out) }); n > 24 {
		t.Errorf("Unmarshal of %d values with UnmarshalJSONFrom: %v allocations, want at most 24 (the Decoders of one call)", 3*len(v), n)
	}
}

// TestStreamCallAllocations: MarshalEncode and UnmarshalDecode of a
// struct without methods allocate nothing per call but the value's own
// memory (none when encoding; a string and a slice when decoding), as
// Go's v2 does.
func TestStreamCallAllocations(t *testing.T) {
	type item struct {
		ID   int     `json:"id"`
		Name string  `json:"name"`
		Tags []int   `json:"tags"`
		On   bool    `json:"on"`
		X    float64 `json:"x"`
	}
	v := item{ID: 7, Name: "seven", Tags: []int{1, 2}, On: true, X: 1.5}
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf)
	if n := testing.AllocsPerRun(50, func() {
		buf.Reset()
		enc.Reset(&buf)
		if err := json.MarshalEncode(enc, &v); err != nil {
			t.Fatal(err)
		}
	}); n > 0 {
		t.Errorf("MarshalEncode: %v allocations a call, want 0", n)
	}
	line := []byte(`{"id":7,"name":"seven","tags":[1,2],"on":true,"x":1.5}` + "\n")
	stream := bytes.Repeat(line, 60)
	r := bytes.NewReader(stream)
	dec := jsontext.NewDecoder(r)
	var out item
	if n := testing.AllocsPerRun(50, func() {
		out = item{}
		if err := json.UnmarshalDecode(dec, &out); err != nil {
			t.Fatal(err)
		}
	}); n > 2 {
		t.Errorf("UnmarshalDecode: %v allocations a call, want at most 2 (the name and the tags)", n)
	}
}

func BenchmarkMethods(b *testing.B) {
	jv, sv := jetReadings(), stdReadings()
	doc, _ := stdjson.Marshal(sv)
	b.Run("Marshal/jet", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(doc)))
		for b.Loop() {
			json.Marshal(jv)
		}
	})
	b.Run("Marshal/std", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(doc)))
		for b.Loop() {
			stdjson.Marshal(sv)
		}
	})
	b.Run("Unmarshal/jet", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(doc)))
		out := make([]methodReading[jetCelsius], 0, len(jv))
		for b.Loop() {
			out = out[:0]
			json.Unmarshal(doc, &out)
		}
	})
	b.Run("Unmarshal/std", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(doc)))
		out := make([]methodReading[stdCelsius], 0, len(sv))
		for b.Loop() {
			out = out[:0]
			stdjson.Unmarshal(doc, &out)
		}
	})
}
