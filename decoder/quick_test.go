package decoder

import (
	"encoding/json"
	"errors"
	"github.com/jetjson/jet/internal/oracle"
	"github.com/jetjson/jet/internal/wire"
	"os"
	"reflect"
	"testing"
	"time"
)

type In struct {
	A   int `json:"a"`
	B   string
	C   *float64
	D   []int
	E   map[string]int
	F   any
	G   [2]int
	H   json.Number
	I   json.RawMessage
	J   time.Time
	K   bool
	L   uint8
	Q   int    `json:",string"`
	QS  string `json:",string"`
	M   map[int]string
	Bs  []byte
	F32 float32
}

type Outer struct {
	In
	*Emb
	X  In
	XP *In
	S  []In
	MA map[string]any
	MS map[string]string
}
type Emb struct{ EE int }

func TestQuickDecode(t *testing.T) {
	oracle.Require(t)
	docs := []string{
		`{"a":1,"B":"x","C":1.5,"D":[1,2,3],"E":{"k":1},"F":{"z":[1,"2",null,true]},"G":[1,2,3],"H":12.5,"I":[1, 2],"J":"2020-01-01T00:00:00Z","K":true,"L":255,"Q":"12","QS":"\"hi\"","M":{"1":"a","-2":"b"},"Bs":"aGVsbG8=","F32":0.1}`,
		`{"a":"str","B":1,"C":"x","D":{},"E":[],"L":256,"Q":12,"M":{"x":"a"}}`,
		`{"A":5,"b":"case","EE":3,"X":{"a":1},"XP":{"a":2},"S":[{"a":1},{"B":"q"}],"MA":{"a":{"b":[]}},"MS":{"x":"y","z":"\u00e9\ud83d\ude00"}}`,
		`{"X":{"a":true}}`,
		`null`, `{}`, `{"D":null,"E":null,"C":null,"F":null}`,
		"{\"B\":\"\xff\xfe invalid utf8 \\ud800\"}",
		`{"G":[1]}`, `{"D":[]}`,
	}
	for _, doc := range docs {
		var want, got Outer
		werr := json.Unmarshal([]byte(doc), &want)
		gerr := Decode([]byte(doc), &got, 0)
		if !reflect.DeepEqual(want, got) {
			t.Errorf("%s:\nwant %+v\ngot  %+v", doc, want, got)
		}
		if (werr == nil) != (gerr == nil) {
			t.Errorf("%s: err %v vs %v", doc, werr, gerr)
		} else if werr != nil {
			var ute *json.UnmarshalTypeError
			if errors.As(werr, &ute) {
				var gte *json.UnmarshalTypeError
				if !errors.As(gerr, &gte) || ute.Error() != gte.Error() || ute.Offset != gte.Offset {
					t.Errorf("%s: err %v vs %v", doc, werr, gerr)
				}
			} else if se, ok := werr.(*json.SyntaxError); ok {
				ge, ok := gerr.(*wire.SyntaxError)
				if !ok || ge.Msg != se.Error() || ge.Offset != se.Offset {
					t.Errorf("%s: err %v vs %v", doc, werr, gerr)
				}
			} else if werr.Error() != gerr.Error() {
				t.Errorf("%s: err %v vs %v", doc, werr, gerr)
			}
		}
		var wa, ga any
		werr = json.Unmarshal([]byte(doc), &wa)
		gerr = Decode([]byte(doc), &ga, 0)
		if !reflect.DeepEqual(wa, ga) || (werr == nil) != (gerr == nil) {
			t.Errorf("any %s:\nwant %v %v\ngot  %v %v", doc, wa, werr, ga, gerr)
		}
	}
	for _, f := range []string{"twitter.json", "citm_catalog.json", "canada.json", "golang_source.json", "synthea_fhir.json", "twitterescaped.json", "string_unicode.json", "string_escaped.json"} {
		b, err := os.ReadFile("../../shared/corpus/" + f)
		if err != nil {
			t.Skip(err)
		}
		var wa, ga any
		json.Unmarshal(b, &wa)
		if err := Decode(b, &ga, 0); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(wa, ga) {
			t.Errorf("%s differs", f)
		}
	}
}

func BenchmarkQuickTwitterAny(b *testing.B) {
	data, err := os.ReadFile("../../shared/corpus/twitter.json")
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.Run("jet", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var v any
			Decode(data, &v, 0)
		}
	})
	b.Run("std", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var v any
			json.Unmarshal(data, &v)
		}
	})
}
