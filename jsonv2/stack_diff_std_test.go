//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// The Encoder or Decoder a caller's function is given knows where it is
// in the whole text, as Go's (its own Encoder or Decoder) does: its
// StackDepth, StackIndex and StackPointer, also inside functions that
// call MarshalEncode or UnmarshalDecode on the one they were given.

// stackList is a list a caller's function writes or reads element by
// element with MarshalEncode or UnmarshalDecode.
type stackList []any

// stackRecord is a struct whose fields the functions see.
type stackRecord struct {
	ID    int               `json:"id"`
	Name  string            `json:"name"`
	Tags  []string          `json:"tags"`
	List  stackList         `json:"list"`
	Attrs map[string]any    `json:"attrs"`
	Inner *stackRecord      `json:"inner,omitempty"`
	Ok    bool              `json:"ok"`
	Nums  map[string][]int  `json:"nums,omitempty"`
	More  map[string]string `json:"more,omitempty"`
}

// stackCoder is what the functions read of an Encoder or Decoder.
type stackCoder[K ~byte, P ~string] interface {
	StackDepth() int
	StackIndex(int) (K, int64)
	StackPointer() P
}

// stackAt describes where c is.
func stackAt[K ~byte, P ~string](what string, c stackCoder[K, P]) string {
	d := c.StackDepth()
	var b strings.Builder
	fmt.Fprintf(&b, "%s depth %d ptr %q", what, d, c.StackPointer())
	for i := 0; i <= d; i++ {
		k, n := c.StackIndex(i)
		fmt.Fprintf(&b, " [%q %d]", k, n)
	}
	return b.String()
}

func stackValues() map[string]any {
	rec := &stackRecord{
		ID: 7, Name: "a", Tags: []string{"x", "y"},
		List:  stackList{1, "two", stackList{3, map[string]any{"k": 4}}, []any{5}},
		Attrs: map[string]any{"b": 1, "a": []any{"s", 2, map[string]any{"z": "q"}}, "c/~d": "e"},
		Inner: &stackRecord{ID: 8, List: stackList{}, Attrs: map[string]any{}},
		Ok:    true,
		Nums:  map[string][]int{"n": {1, 2}, "m": nil},
		More:  map[string]string{"y": "1", "x": "2"},
	}
	return map[string]any{
		"record":      rec,
		"list":        stackList{rec, stackList{stackList{}}, "end"},
		"anys":        []any{nil, 1, "s", []any{2, "t"}, map[string]any{"u": 3}},
		"maps":        map[string]any{"a": map[string]any{"b": map[string]any{"c": 1}}, "d": []any{stackList{"e"}}},
		"top-int":     5,
		"top-string":  "x",
		"map-of-list": map[string]stackList{"l": {1, stackList{2}}},
	}
}

func TestMarshalFuncStackAgainstStd(t *testing.T) {
	for name, v := range stackValues() {
		var stdTrace, jetTrace []string
		std := stdjson.JoinMarshalers(
			stdjson.MarshalToFunc(func(enc *stdjsontext.Encoder, v int) error {
				stdTrace = append(stdTrace, stackAt("int", enc))
				return errors.ErrUnsupported
			}),
			stdjson.MarshalToFunc(func(enc *stdjsontext.Encoder, v string) error {
				stdTrace = append(stdTrace, stackAt("string", enc))
				return enc.WriteToken(stdjsontext.String(strings.ToUpper(v)))
			}),
			stdjson.MarshalToFunc(func(enc *stdjsontext.Encoder, v bool) error {
				stdTrace = append(stdTrace, stackAt("bool", enc))
				return errors.ErrUnsupported
			}),
			stdjson.MarshalToFunc(func(enc *stdjsontext.Encoder, v stackList) error {
				stdTrace = append(stdTrace, stackAt("list", enc))
				if err := enc.WriteToken(stdjsontext.BeginArray); err != nil {
					return err
				}
				for _, e := range v {
					stdTrace = append(stdTrace, stackAt("list element", enc))
					if err := stdjson.MarshalEncode(enc, e); err != nil {
						return err
					}
				}
				return enc.WriteToken(stdjsontext.EndArray)
			}),
		)
		jet := json.JoinMarshalers(
			json.MarshalToFunc(func(enc *jsontext.Encoder, v int) error {
				jetTrace = append(jetTrace, stackAt("int", enc))
				return errors.ErrUnsupported
			}),
			json.MarshalToFunc(func(enc *jsontext.Encoder, v string) error {
				jetTrace = append(jetTrace, stackAt("string", enc))
				return enc.WriteToken(jsontext.String(strings.ToUpper(v)))
			}),
			json.MarshalToFunc(func(enc *jsontext.Encoder, v bool) error {
				jetTrace = append(jetTrace, stackAt("bool", enc))
				return errors.ErrUnsupported
			}),
			json.MarshalToFunc(func(enc *jsontext.Encoder, v stackList) error {
				jetTrace = append(jetTrace, stackAt("list", enc))
				if err := enc.WriteToken(jsontext.BeginArray); err != nil {
					return err
				}
				for _, e := range v {
					jetTrace = append(jetTrace, stackAt("list element", enc))
					if err := json.MarshalEncode(enc, e); err != nil {
						return err
					}
				}
				return enc.WriteToken(jsontext.EndArray)
			}),
		)
		want, wantErr := stdjson.Marshal(v, stdjson.Deterministic(true), stdjson.WithMarshalers(std))
		got, gotErr := json.Marshal(v, json.Deterministic(true), json.WithMarshalers(jet))
		if msg := compareResults(want, wantErr, got, gotErr); msg != "" {
			t.Errorf("%s: %s", name, msg)
		}
		compareTraces(t, name, stdTrace, jetTrace)
	}
}

func TestUnmarshalFuncStackAgainstStd(t *testing.T) {
	for name, v := range stackValues() {
		doc, err := stdjson.Marshal(v, stdjson.Deterministic(true))
		if err != nil {
			t.Fatal(err)
		}
		var stdTrace, jetTrace []string
		std := stdjson.JoinUnmarshalers(
			stdjson.UnmarshalFromFunc(func(dec *stdjsontext.Decoder, v *int) error {
				stdTrace = append(stdTrace, stackAt("int", dec))
				return errors.ErrUnsupported
			}),
			stdjson.UnmarshalFromFunc(func(dec *stdjsontext.Decoder, v *string) error {
				stdTrace = append(stdTrace, stackAt("string", dec))
				return errors.ErrUnsupported
			}),
			stdjson.UnmarshalFromFunc(func(dec *stdjsontext.Decoder, v *any) error {
				stdTrace = append(stdTrace, stackAt("any", dec))
				return errors.ErrUnsupported
			}),
			stdjson.UnmarshalFromFunc(func(dec *stdjsontext.Decoder, v *stackList) error {
				stdTrace = append(stdTrace, stackAt("list", dec))
				if _, err := dec.ReadToken(); err != nil {
					return err
				}
				for dec.PeekKind() != ']' {
					stdTrace = append(stdTrace, stackAt("list element", dec))
					var e any
					if err := stdjson.UnmarshalDecode(dec, &e); err != nil {
						return err
					}
					*v = append(*v, e)
				}
				_, err := dec.ReadToken()
				return err
			}),
		)
		jet := json.JoinUnmarshalers(
			json.UnmarshalFromFunc(func(dec *jsontext.Decoder, v *int) error {
				jetTrace = append(jetTrace, stackAt("int", dec))
				return errors.ErrUnsupported
			}),
			json.UnmarshalFromFunc(func(dec *jsontext.Decoder, v *string) error {
				jetTrace = append(jetTrace, stackAt("string", dec))
				return errors.ErrUnsupported
			}),
			json.UnmarshalFromFunc(func(dec *jsontext.Decoder, v *any) error {
				jetTrace = append(jetTrace, stackAt("any", dec))
				return errors.ErrUnsupported
			}),
			json.UnmarshalFromFunc(func(dec *jsontext.Decoder, v *stackList) error {
				jetTrace = append(jetTrace, stackAt("list", dec))
				if _, err := dec.ReadToken(); err != nil {
					return err
				}
				for dec.PeekKind() != ']' {
					jetTrace = append(jetTrace, stackAt("list element", dec))
					var e any
					if err := json.UnmarshalDecode(dec, &e); err != nil {
						return err
					}
					*v = append(*v, e)
				}
				_, err := dec.ReadToken()
				return err
			}),
		)
		// Into the value's own type, and into a list of them.
		for _, into := range []string{"own", "list"} {
			var stdOut, jetOut any
			in := doc
			switch into {
			case "own":
				stdOut, jetOut = newLike(v), newLike(v)
			case "list":
				in = []byte("[" + string(doc) + "," + string(doc) + "]")
				stdOut, jetOut = new(stackList), new(stackList)
			}
			stdTrace, jetTrace = nil, nil
			wantErr := stdjson.Unmarshal(in, stdOut, stdjson.WithUnmarshalers(std))
			gotErr := json.Unmarshal(in, jetOut, json.WithUnmarshalers(jet))
			if msg := compareResults(nil, wantErr, nil, gotErr); msg != "" {
				t.Errorf("%s into %s: %s", name, into, msg)
			}
			compareTraces(t, name+" into "+into, stdTrace, jetTrace)
		}
	}
}

// newLike returns a pointer to a new zero value of v's type.
func newLike(v any) any {
	switch v.(type) {
	case *stackRecord:
		return new(*stackRecord)
	case stackList:
		return new(stackList)
	case []any:
		return new([]any)
	case map[string]any:
		return new(map[string]any)
	case int:
		return new(int)
	case string:
		return new(string)
	case map[string]stackList:
		return new(map[string]stackList)
	}
	panic(fmt.Sprintf("newLike: %T", v))
}

func compareTraces(t *testing.T, name string, want, got []string) {
	t.Helper()
	for i := range max(len(want), len(got)) {
		var w, g string
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			t.Errorf("%s: call %d of %d:\n got %s\nwant %s", name, i, len(want), g, w)
			return
		}
	}
}

// Methods record where they are in methodTrace: they need no caller's
// functions, so the encoder takes its fast struct loops around them.
var methodTrace []string

type (
	jetPos struct{ V int }
	stdPos struct{ V int }
)

func (p jetPos) MarshalJSONTo(enc *jsontext.Encoder) error {
	methodTrace = append(methodTrace, stackAt("method", enc))
	return enc.WriteToken(jsontext.Int(int64(p.V)))
}

func (p stdPos) MarshalJSONTo(enc *stdjsontext.Encoder) error {
	methodTrace = append(methodTrace, stackAt("method", enc))
	return enc.WriteToken(stdjsontext.Int(int64(p.V)))
}

// posRecord holds P in a struct field, an embedded fallback map and
// fields with options; posRecord[jetPos] is jet's, posRecord[stdPos]
// Go's.
type posRecord[P any] struct {
	A     int           `json:"a"`
	B     P             `json:"b"`
	C     P             `json:"c,omitzero"`
	D     []P           `json:"d,omitempty"`
	Inner *posRecord[P] `json:"inner,omitempty"`
	Extra map[string]P  `json:",embed"`
}

func posValues[P any](mk func(int) P) map[string]any {
	rec := func(n int) posRecord[P] {
		return posRecord[P]{A: n, B: mk(n), C: mk(n + 1), D: []P{mk(1), mk(2)}, Extra: map[string]P{"x": mk(3)}}
	}
	inner := rec(7)
	outer := rec(8)
	outer.Inner = &inner
	return map[string]any{
		"struct":   rec(1),
		"nested":   []any{0, []any{1, rec(2)}},
		"pointer":  &outer,
		"map":      map[string]posRecord[P]{"k": rec(4)},
		"fallback": posRecord[P]{Extra: map[string]P{"p": mk(1), "q": mk(2)}},
	}
}

func TestMarshalMethodStackAgainstStd(t *testing.T) {
	stdValues := posValues(func(n int) stdPos { return stdPos{n} })
	jetValues := posValues(func(n int) jetPos { return jetPos{n} })
	for name := range stdValues {
		for _, ws := range []bool{false, true} {
			label := fmt.Sprintf("%s/multiline=%v", name, ws)
			methodTrace = nil
			want, wantErr := stdjson.Marshal(stdValues[name], stdjson.Deterministic(true), stdjsontext.Multiline(ws))
			stdTrace := methodTrace
			methodTrace = nil
			got, gotErr := json.Marshal(jetValues[name], json.Deterministic(true), jsontext.Multiline(ws))
			if msg := compareResults(want, wantErr, got, gotErr); msg != "" {
				t.Errorf("%s: %s", label, msg)
			}
			compareTraces(t, label, stdTrace, methodTrace)
		}
	}
}
