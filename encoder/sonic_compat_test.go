package encoder_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jetjson/jet/encoder"
	"github.com/jetjson/jet/internal/oracle"
	"github.com/jetjson/jet/option"
)

var quoteCases = []struct{ in, want string }{
	{"", `""`},
	{"abc", `"abc"`},
	{"a\"b\\c", `"a\"b\\c"`},
	{"\n\r\t", `"\n\r\t"`},
	{"\b\f\x00\x1f", `"\u0008\u000c\u0000\u001f"`},
	{"<>&/\x7f", "\"<>&/\x7f\""},
	{"\u2028\u2029é😀", "\"\u2028\u2029é😀\""},
	{"a\xffb\xc3", "\"a\ufffdb\ufffd\""},
	{"\xed\xa0\x80", "\"\ufffd\ufffd\ufffd\""},
}

func TestQuote(t *testing.T) {
	for _, c := range quoteCases {
		if got := encoder.Quote(c.in); got != c.want {
			t.Errorf("Quote(%q) = %q, want %q", c.in, got, c.want)
		}
		checkQuote(t, c.in)
	}
}

// checkQuote holds Quote to its meaning: valid JSON (and valid UTF-8)
// that encoding/json decodes to s with each invalid byte as U+FFFD.
func checkQuote(t *testing.T, s string) {
	t.Helper()
	q := encoder.Quote(s)
	if !utf8.ValidString(q) || !json.Valid([]byte(q)) {
		t.Fatalf("Quote(%q) = %q: not valid JSON", s, q)
	}
	var back string
	if err := json.Unmarshal([]byte(q), &back); err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\ufffd") {
			want.WriteRune(utf8.RuneError)
			continue
		}
		want.WriteRune(r)
	}
	if back != want.String() {
		t.Fatalf("Quote(%q) = %q decodes to %q", s, q, back)
	}
}

func FuzzQuote(f *testing.F) {
	for _, c := range quoteCases {
		f.Add(c.in)
	}
	f.Fuzz(checkQuote)
}

func TestValid(t *testing.T) {
	for _, c := range []struct {
		in    string
		ok    bool
		start int
	}{
		{`1`, true, 0},
		{`  [1,2] `, true, 2},
		{"\n{\"a\":[{}]}\t", true, 1},
		{`[1,2,]`, false, 5},
		{`1 2`, false, 2},
		{`[01]`, false, 2},
		{`[1]]`, false, 3},
		{`["\x"]`, false, 3},
		{`[1,2`, false, 4},
		{``, false, 0},
		{`   `, false, 3},
	} {
		ok, start := encoder.Valid([]byte(c.in))
		if ok != c.ok || start != c.start {
			t.Errorf("Valid(%q) = %v, %d; want %v, %d", c.in, ok, start, c.ok, c.start)
		}
		if ok != json.Valid([]byte(c.in)) {
			t.Errorf("Valid(%q) = %v; encoding/json says %v", c.in, ok, !ok)
		}
	}
}

func TestHTMLEscape(t *testing.T) {
	for _, in := range []string{`{"a":"<b>&\u2028 \u2029"}`, `["x"]`, "[\"\u2028\u2029<\"]"} {
		var want bytes.Buffer
		json.HTMLEscape(&want, []byte(in))
		if got := encoder.HTMLEscape([]byte("p"), []byte(in)); string(got) != "p"+want.String() {
			t.Errorf("HTMLEscape(%q) = %q, want p%q", in, got, want.String())
		}
	}
}

type marshalsSpaced struct{}

func (marshalsSpaced) MarshalJSON() ([]byte, error) { return []byte(`{ "a" : [ 1 , 2 ] }`), nil }

func TestSonicEncoder(t *testing.T) {
	m := map[string]any{"b": "<", "a": marshalsSpaced{}}
	e := encoder.Encoder{Opts: encoder.CompatibleWithStd}
	got, err := e.Encode(m)
	if oracle.Classic {
		want, _ := json.Marshal(m)
		if err != nil || string(got) != string(want) {
			t.Errorf("CompatibleWithStd: %s %v, want encoding/json's %s", got, err, want)
		}
	}
	e = encoder.Encoder{}
	e.SortKeys().SetEscapeHTML(false)
	e.SetCompactMarshaler(true)
	e.SetIndent(">", " ")
	got, err = e.Encode(m)
	if want := "{\n> \"a\": {\n>  \"a\": [\n>   1,\n>   2\n>  ]\n> },\n> \"b\": \"<\"\n>}"; err != nil || string(got) != want {
		t.Errorf("Encoder with SetIndent: %q %v, want %q", got, err, want)
	}
	for _, c := range []struct {
		set func(bool)
		opt encoder.Options
	}{
		{e.SetEscapeHTML, encoder.EscapeHTML},
		{e.SetValidateString, encoder.ValidateString},
		{e.SetNoValidateJSONMarshaler, encoder.NoValidateJSONMarshaler},
		{e.SetNoEncoderNewline, encoder.NoEncoderNewline},
		{e.SetCompactMarshaler, encoder.CompactMarshaler},
		{e.SetNoQuoteTextMarshaler, encoder.NoQuoteTextMarshaler},
	} {
		c.set(true)
		if e.Opts&c.opt == 0 {
			t.Errorf("Set on: option %#x not set", uint32(c.opt))
		}
		c.set(false)
		if e.Opts&c.opt != 0 {
			t.Errorf("Set off: option %#x still set", uint32(c.opt))
		}
	}
	if encoder.EnableFallback {
		t.Error("EnableFallback is true")
	}
}

func TestPretouchOptions(t *testing.T) {
	type deep struct {
		A struct {
			B struct{ C []map[string]*deep }
		} `json:",omitempty"`
		N int `json:",omitempty"`
	}
	types := []reflect.Type{reflect.TypeOf(deep{}), nil}
	if err := encoder.PretouchMany(types, option.WithCompileRecursiveDepth(5), option.WithCompileMaxInlineDepth(1)); err != nil {
		t.Fatal(err)
	}
	if err := encoder.Pretouch(types[0], option.WithCompileEncOnlyOmitNull(true)); err == nil {
		t.Error("Pretouch with EncOnlyOmitNull: no error")
	}
	if err := encoder.PretouchMany(types, option.WithCompileMaxInlineDepth(0)); err == nil {
		t.Error("PretouchMany with depth 0: no error")
	}
	got, err := encoder.Encode(deep{}, 0)
	if err != nil || string(got) != `{"A":{"B":{"C":null}}}` {
		t.Errorf("after Pretouch: %s %v", got, err)
	}
}

func TestStreamEncoderSetters(t *testing.T) {
	var w bytes.Buffer
	enc := encoder.NewStreamEncoder(&w)
	enc.SetNoEncoderNewline(true)
	enc.SetCompactMarshaler(true)
	enc.SetValidateString(true)
	enc.SetNoValidateJSONMarshaler(false)
	enc.SetNoQuoteTextMarshaler(false)
	enc.Encode(marshalsSpaced{})
	enc.Encode(1)
	if w.String() != `{"a":[1,2]}1` {
		t.Errorf("with NoEncoderNewline and CompactMarshaler: %q", w.String())
	}
	if err := enc.Encode("\xff"); err == nil {
		t.Error("with ValidateString: invalid UTF-8 encoded")
	}
	enc.SetValidateString(false)
	enc.SetNoEncoderNewline(false)
	enc.SetCompactMarshaler(false)
	w.Reset()
	enc.Encode(marshalsSpaced{})
	if w.String() != "{ \"a\" : [ 1 , 2 ] }\n" {
		t.Errorf("options off again: %q", w.String())
	}
}

// TestStreamEncoderEmbeddedEncoder checks that a StreamEncoder's options
// are the Opts of the Encoder it embeds, as sonic's are: set there,
// through SortKeys or through the Encoder's setters, they change what the
// stream writes, and the embedded Encoder encodes with them.
func TestStreamEncoderEmbeddedEncoder(t *testing.T) {
	var w bytes.Buffer
	enc := encoder.NewStreamEncoder(&w)
	if enc.Opts != 0 {
		t.Errorf("NewStreamEncoder: Opts = %#x, want 0", enc.Opts)
	}
	if e := encoder.NewStreamEncoderOptions(&w, encoder.EscapeHTML); e.Opts != encoder.EscapeHTML {
		t.Errorf("NewStreamEncoderOptions: Opts = %#x", e.Opts)
	}
	m := map[string]string{"b": "<", "a": ">", "c": ""}
	if enc.SortKeys() != &enc.Encoder || enc.Opts&encoder.SortMapKeys == 0 {
		t.Fatal("SortKeys does not set the embedded Encoder's SortMapKeys and return it")
	}
	enc.SortKeys().SetEscapeHTML(true)
	enc.Opts |= encoder.NoEncoderNewline
	enc.Encode(m)
	want, _ := json.Marshal(m) // sorted and HTML-escaped
	if w.String() != string(want) {
		t.Errorf("with Opts set through SortKeys and the Encoder: %s, want %s", w.String(), want)
	}
	b, err := enc.Encoder.Encode(m)
	if err != nil || string(b) != string(want) {
		t.Errorf("embedded Encoder's Encode: %s, %v, want %s", b, err, want)
	}
	enc.SetOptions(0)
	if enc.Opts != 0 {
		t.Errorf("SetOptions(0): Opts = %#x", enc.Opts)
	}
	w.Reset()
	enc.Encoder.SetIndent(">", "\t")
	enc.Encode([]int{1})
	if w.String() != "[\n>\t1\n>]\n" {
		t.Errorf("Encoder.SetIndent on the stream: %q", w.String())
	}
}
