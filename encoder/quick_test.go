package encoder

import (
	"encoding/json"
	"math"
	"testing"
	"time"
)

type Inner struct {
	A int `json:"a"`
	B string
}
type Emb struct{ X, Y int }
type PEmb struct{ P int }
type TM struct{ v int }

func (t TM) MarshalText() ([]byte, error) { return []byte("tm<"), nil }

type PM struct{ v int }

func (t *PM) MarshalJSON() ([]byte, error) { return []byte(` { "pm" : 1 } `), nil }

type Outer struct {
	Emb
	*PEmb
	I     Inner
	IP    *Inner
	S     []string
	M     map[string]int
	MS    map[string]string
	MA    map[string]any
	MI    map[int]string
	MT    map[TM]int `json:",omitempty"`
	F     float64
	F32   float32
	Q     int       `json:"q,string"`
	QS    string    `json:"qs,string"`
	QP    *int      `json:"qp,string"`
	OE    string    `json:",omitempty"`
	OZ    Inner     `json:",omitzero"`
	OZT   time.Time `json:",omitzero"`
	T     time.Time
	Any   any
	B     []byte
	Arr   [3]int
	PMv   PM
	PMp   *PM
	TMv   TM
	Raw   json.RawMessage
	Num   json.Number
	Skip  int `json:"-"`
	Dash  int `json:"-,"`
	unexp int
	U8    uint8
	HTML  string
}

func TestQuickEncode(t *testing.T) {
	q := 7
	vals := []any{
		nil, 1, "x<y>&\u2028", 1.5, math.Copysign(0, -1), float32(0.1), 1e21, 1e-7, true,
		[]any{1, "a", nil, map[string]any{"z": 1, "a": []any{}}},
		map[string]any{"b": 1, "a": 2, "c": map[string]any{"y": 1, "x": 2}},
		Outer{S: []string{"a"}, M: map[string]int{"b": 2, "a": 1}, MS: map[string]string{"y": "1", "x": "2"}, MI: map[int]string{10: "a", 2: "b"}, MT: map[TM]int{{}: 1}, Q: 5, QS: "hi", QP: &q, PEmb: &PEmb{3}, IP: &Inner{1, "b"}, Any: map[string]any{"k": []int{1}}, B: []byte("hello"), Raw: json.RawMessage(` [1, 2] `), Num: "12.5", HTML: "<&>", PMp: &PM{}},
		&Outer{},
		[]Inner{{1, "a"}, {2, "b"}},
		map[string]Inner{"x": {1, "a"}},
		[]byte(nil), []int(nil), map[string]int(nil),
		struct{ A *int }{}, &struct{ A *int }{&q},
	}
	// encoding/json knows omitzero since Go 1.24; Outer has such fields.
	stdOmitZero := func() bool {
		b, _ := json.Marshal(struct {
			A int `json:",omitzero"`
		}{})
		return string(b) == "{}"
	}()
	for _, v := range vals {
		switch v.(type) {
		case Outer, *Outer:
			if !stdOmitZero {
				continue
			}
		}
		want, werr := json.Marshal(v)
		got, gerr := Encode(v, EscapeHTML|SortMapKeys|CompactMarshaler)
		if (werr == nil) != (gerr == nil) || string(want) != string(got) {
			t.Errorf("%T:\nwant %s %v\ngot  %s %v", v, want, werr, got, gerr)
		}
		wanti, _ := json.MarshalIndent(v, ">", "\t")
		goti, _ := EncodeIndented(v, ">", "\t", EscapeHTML|SortMapKeys|CompactMarshaler)
		if string(wanti) != string(goti) {
			t.Errorf("indent %T:\nwant %s\ngot  %s", v, wanti, goti)
		}
	}
	for _, v := range []any{math.NaN(), math.Inf(1), make(chan int), func() {}, complex(1, 2)} {
		_, werr := json.Marshal(v)
		_, gerr := Encode(v, 0)
		if werr == nil || gerr == nil || werr.Error() != gerr.Error() {
			t.Errorf("%T: %v vs %v", v, werr, gerr)
		}
	}
	type Cyc struct{ P *Cyc }
	c := &Cyc{}
	c.P = c
	_, err := Encode(c, 0)
	_, werr := json.Marshal(c)
	if err == nil || err.Error() != werr.Error() {
		t.Errorf("cycle: %v vs %v", err, werr)
	}
}

func BenchmarkQuickStruct(b *testing.B) {
	v := &Inner{1, "hello world"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Encode(v, 0)
	}
}
