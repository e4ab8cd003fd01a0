package json_test

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// FuzzUnmarshalNoPanic decodes any input into types of every kind under
// options chosen by a byte, on any toolchain: it must return, never
// panic, and a text jsontext holds valid must decode into an any.

type panicNode struct {
	Name  string       `json:"name,case:ignore"`
	Kids  []*panicNode `json:"kids"`
	Num   int32        `json:",string"`
	U     *uint8
	F     float32
	B     []byte
	Arr   [2]bool
	M     map[int]string
	Any   any
	Raw   jsontext.Value
	T     panicText
	J     *panicJSON
	From  panicFrom
	Extra map[string]any `json:",embed"`
	*PanicEmbed
	*panicHidden
}

type PanicEmbed struct{ E int }

type panicHidden struct{ H int }

type panicText struct{ S string }

func (p *panicText) UnmarshalText(b []byte) error {
	if len(b) > 3 {
		return errors.New("too long")
	}
	p.S = string(b)
	return nil
}

type panicJSON struct{ N int }

func (p *panicJSON) UnmarshalJSON(b []byte) error {
	if bytes.HasPrefix(b, []byte("[")) {
		return &json.SemanticError{Err: errors.New("no arrays"), JSONPointer: "/0"}
	}
	p.N = len(b)
	return nil
}

type panicFrom struct{ K []string }

func (p *panicFrom) UnmarshalJSONFrom(d *jsontext.Decoder) error {
	switch d.PeekKind() {
	case '{':
		return errors.ErrUnsupported
	case '[':
		if _, err := d.ReadToken(); err != nil {
			return err
		}
		for d.PeekKind() != ']' {
			t, err := d.ReadToken()
			if err != nil {
				return err
			}
			p.K = append(p.K, t.String())
			if len(p.K) > 2 {
				return nil // leaves the array open
			}
		}
		_, err := d.ReadToken()
		return err
	}
	_, err := d.ReadValue()
	return err
}

var panicFuncs = json.JoinUnmarshalers(
	json.UnmarshalFromFunc(func(d *jsontext.Decoder, p *string) error {
		if d.PeekKind() != '"' {
			return errors.ErrUnsupported
		}
		t, err := d.ReadToken()
		*p = strings.ToUpper(t.String())
		return err
	}),
	json.UnmarshalFunc(func(b []byte, p *float64) error {
		if len(b) > 5 {
			return errors.ErrUnsupported
		}
		*p = float64(len(b))
		return nil
	}),
)

func panicDests() []func() any {
	return []func() any{
		func() any { return new(any) },
		func() any { return new(panicNode) },
		func() any { return new([]panicNode) },
		func() any { return new(map[string]*panicNode) },
		func() any { v := any(&panicNode{Kids: []*panicNode{{}}}); return &v },
		func() any { return new([3]any) },
		func() any { return new(map[float32][]byte) },
		func() any { return new(*[]*int) },
	}
}

func FuzzUnmarshalNoPanic(f *testing.F) {
	for i, s := range []string{`{"name":"a","kids":[{"NAME":"b","Num":"3"}],"U":255,"F":1.5}`, `{"M":{"1":"a","-0":"b"}}`,
		`{"From":[1,2,3,4],"J":[1],"T":"long"}`, `{"E":1,"H":2,"x":{"y":[1]}}`, `[{"B":"AQID","Arr":[true,false]}]`, `{"Raw":[1,`} {
		f.Add([]byte(s), byte(i), byte(i*41))
	}
	for i, s := range testdocs.NewGen(5).Texts(30) {
		f.Add(s, byte(i), byte(i*3))
	}
	dests := panicDests()
	f.Fuzz(func(t *testing.T, in []byte, which, o byte) {
		var opts []json.Options
		allowDup, allowUTF8 := o&8 != 0, o&16 != 0
		for i, opt := range []json.Options{json.StringifyNumbers(true), json.MatchCaseInsensitiveNames(true), json.RejectUnknownMembers(true),
			jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true), json.WithUnmarshalers(panicFuncs)} {
			if o&(1<<i) != 0 {
				opts = append(opts, opt)
			}
		}
		dst := dests[int(which)%len(dests)]()
		_ = json.Unmarshal(in, dst, opts...)
		_ = json.UnmarshalRead(bytes.NewReader(in), dst, opts...)
		dec := jsontext.NewDecoder(bytes.NewReader(in))
		for i := 0; i < 3; i++ {
			if json.UnmarshalDecode(dec, dst, opts...) != nil {
				break
			}
		}
		// A valid text decodes into an empty interface (unless duplicate
		// names are allowed: a second value merges into the first, and
		// may not fit it, as in Go's v2).
		if o&(1|8|32) == 0 {
			vopts := []jsontext.Options{jsontext.AllowDuplicateNames(allowDup), jsontext.AllowInvalidUTF8(allowUTF8)}
			if jsontext.Value(in).IsValid(vopts...) {
				var v any
				// (Numbers beyond float64 are errors, as in Go's v2.)
				if err := json.Unmarshal(in, &v, opts...); err != nil && !errors.Is(err, strconv.ErrRange) {
					t.Errorf("%q: valid text, but %v", in, err)
				}
			}
		}
	})
}
