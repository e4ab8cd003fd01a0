package jet_test

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unsafe"

	"github.com/jetjson/jet"
	"github.com/jetjson/jet/option"
)

type pretouchDeep struct {
	A struct {
		B struct {
			C struct{ D []map[string]*pretouchDeep }
		}
	}
	E *[]pretouchDeep `json:",omitempty"`
}

func TestPretouchManyOptions(t *testing.T) {
	types := []reflect.Type{reflect.TypeOf(pretouchDeep{}), reflect.TypeOf(&pretouchDeep{}), reflect.TypeOf(map[string][]int{}), nil}
	if err := jet.PretouchMany(types, option.WithCompileRecursiveDepth(4), option.WithCompileMaxInlineDepth(2)); err != nil {
		t.Fatal(err)
	}
	if err := jet.Pretouch(types[0], option.WithCompileRecursiveDepth(1)); err != nil {
		t.Fatal(err)
	}
	if err := jet.PretouchMany(nil); err != nil {
		t.Fatal(err)
	}
	for _, o := range []option.CompileOption{
		option.WithCompileEncOnlyOmitNull(true),
		option.WithCompileRecursiveDepth(-1),
		option.WithCompileMaxInlineDepth(0),
	} {
		if err := jet.Pretouch(types[0], o); err == nil {
			t.Error("Pretouch with a refused option: no error")
		}
		if err := jet.PretouchMany(types, o); err == nil {
			t.Error("PretouchMany with a refused option: no error")
		}
	}
	var v pretouchDeep
	in := `{"A":{"B":{"C":{"D":[{"k":{"A":{"B":{"C":{"D":null}}}}}]}}}}`
	if err := jet.Unmarshal([]byte(in), &v); err != nil {
		t.Fatal(err)
	}
	out, err := jet.Marshal(&v)
	if err != nil || string(out) != in {
		t.Errorf("round trip after PretouchMany: %s %v", out, err)
	}
}

func TestNoCopyRawMessage(t *testing.T) {
	data := []byte(`{"A": [1, 2] , "B": null}`)
	var v struct{ A, B, C jet.NoCopyRawMessage }
	if err := jet.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if string(v.A) != "[1, 2]" || string(v.B) != "null" || v.C != nil {
		t.Errorf("decoded %q %q %q", v.A, v.B, v.C)
	}
	// The input []byte may be overwritten afterwards: the message is a
	// view into the one copy of it that decoded strings share.
	for i := range data {
		data[i] = 'x'
	}
	if string(v.A) != "[1, 2]" {
		t.Errorf("after the input changed: %q", v.A)
	}
	var s struct{ A, B jet.NoCopyRawMessage }
	in := `{"A":{"k":"v"},"B":[3]}`
	if err := jet.UnmarshalString(in, &s); err != nil || string(s.A) != `{"k":"v"}` || string(s.B) != `[3]` {
		t.Errorf("from a string: %q %q %v", s.A, s.B, err)
	}
	// It views the string itself, not a copy.
	start := uintptr(unsafe.Pointer(unsafe.StringData(in)))
	if p := uintptr(unsafe.Pointer(unsafe.SliceData(s.A))); p < start || p >= start+uintptr(len(in)) {
		t.Error("NoCopyRawMessage decoded from a string holds a copy")
	}
	// A StreamDecoder refills its buffer: what was kept stays intact.
	stream := strings.Repeat(`{"A":[1,2,3,4,5,6,7,8,9]} `, 3) + strings.Repeat(`{"A":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"} `, 400)
	dec := jet.NewDecoder(iotest.OneByteReader(strings.NewReader(stream)))
	var kept []jet.NoCopyRawMessage
	for {
		var m struct{ A jet.NoCopyRawMessage }
		if err := dec.Decode(&m); err != nil {
			break
		}
		kept = append(kept, m.A)
	}
	if len(kept) != 403 || string(kept[0]) != "[1,2,3,4,5,6,7,8,9]" || string(kept[402]) != `"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"` {
		t.Errorf("from a stream: %d messages, first %q", len(kept), kept[0])
	}
	out, err := jet.Marshal(v)
	if err != nil || string(out) != `{"A":[1, 2],"B":null,"C":null}` {
		t.Errorf("Marshal: %s %v", out, err)
	}
	out, err = jet.ConfigStd.Marshal(v)
	if err != nil || string(out) != `{"A":[1,2],"B":null,"C":null}` {
		t.Errorf("ConfigStd.Marshal (compacts MarshalJSON output): %s %v", out, err)
	}
	var nilPtr *jet.NoCopyRawMessage
	if err := nilPtr.UnmarshalJSON([]byte("1")); err == nil {
		t.Error("UnmarshalJSON on a nil pointer: no error")
	}
}

func TestSonicConfigFields(t *testing.T) {
	api := jet.Config{UseUnicodeErrors: true}.Froze()
	var s string
	err := api.UnmarshalFromString(`"a\ud800"`, &s)
	var se *jet.SyntaxError
	if !errors.As(err, &se) || se.Offset != 3 {
		t.Errorf("UseUnicodeErrors: %v", err)
	}
	if err := api.UnmarshalFromString(`"a\ud83d\ude00"`, &s); err != nil || s != "a😀" {
		t.Errorf("UseUnicodeErrors, a valid pair: %q %v", s, err)
	}
	dec := api.NewDecoder(strings.NewReader(`["x"] ["\udc00"]`))
	var a []string
	if err := dec.Decode(&a); err != nil {
		t.Fatal(err)
	}
	if err := dec.Decode(&a); !errors.As(err, &se) || se.Offset != 9 {
		t.Errorf("UseUnicodeErrors in a stream: %v", err)
	}
	if err := jet.UnmarshalString(`"a\ud800"`, &s); err != nil || s != "a\ufffd" {
		t.Errorf("default: %q %v, want U+FFFD", s, err)
	}

	fast := jet.Config{NoValidateJSONSkip: true}.Froze()
	var st struct{ A string }
	if err := fast.UnmarshalFromString(`{"x":[1,{"y":2}],"A":"ok"}`, &st); err != nil || st.A != "ok" {
		t.Errorf("NoValidateJSONSkip: %v %+v", err, st)
	}
	if err := fast.UnmarshalFromString(`{"x":[1,2,],"A":"ok"}`, &st); err == nil {
		t.Error("NoValidateJSONSkip: invalid unknown member accepted; jet checks it anyway")
	}
}

// TestSonicStreamExamples runs the examples of sonic's examples/ with
// jet: an encoder and a decoder of ConfigDefault.
func TestSonicStreamExamples(t *testing.T) {
	var w bytes.Buffer
	enc := jet.ConfigDefault.NewEncoder(&w)
	enc.Encode(map[string]any{"a": "b"})
	enc.Encode(1)
	if w.String() != "{\"a\":\"b\"}\n1\n" {
		t.Errorf("encoder example: %q", w.String())
	}
	o := map[string]any{}
	dec := jet.ConfigDefault.NewDecoder(strings.NewReader(`{"a":"b"}{"1":"2"}`))
	dec.Decode(&o)
	dec.Decode(&o)
	if !reflect.DeepEqual(o, map[string]any{"a": "b", "1": "2"}) {
		t.Errorf("decoder example: %v", o)
	}
}

func TestAPIKind(t *testing.T) {
	if jet.APIKind != jet.UseSonicJSON || jet.UseStdJSON == jet.UseSonicJSON {
		t.Error("APIKind is not UseSonicJSON: jet never falls back to encoding/json")
	}
}
