//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// FuzzUnmarshalDecodeAhead compares UnmarshalDecode's shortcut (an
// object or array the Decoder holds whole is decoded by the single pass
// straight from its buffer, then skipped) with the path it shortcuts
// (ReadValue, then the checked pass), over streams read whole or in
// pieces, at the top level or inside the first container: each call
// must leave the same value, error, offset and pointer, and the tokens
// read after the last call must be the same.
func FuzzUnmarshalDecodeAhead(f *testing.F) {
	seeds := []string{
		`{"a":1} {"b":[1,2]} [3,4]`, `[{"a":1},{"a":1,"a":2},{"b":"\ud800"}]`, `{"k":{"x":[1]},"m":[{"y":2}],"n":3}`,
		"[{\"s\":\"\xff\"},{}]", `[[1,2],[3,[4,5]],[6,`, `{"a":1}{"b":2}`, `[{"a":1} {"b":2}]`, `{"a":[1,2]]`,
		`[{"a":nul}]`, `{"x":{"a":1,}}`, `[1,{"a":"b"},"c",[true]]`, `{"A":1,"B":"b","E":[1,2],"F":{"k":1}}`,
	}
	for i, s := range seeds {
		f.Add([]byte(s), byte(i), byte(0), byte(i))
	}
	g := testdocs.NewGen(29)
	for i, s := range g.Texts(30) {
		f.Add(s, byte(i*5), byte(i*11)&^(1<<5), byte(i*7))
		f.Add(g.Mutate(s), byte(i*3), byte(0), byte(i))
	}
	dests := fuzzDests()
	f.Fuzz(func(t *testing.T, in []byte, which, opts, mode byte) {
		dest := dests[int(which)%len(dests)]
		o := fuzzOpts(opts)
		ahead := decodeSteps(in, dest, o.jet, mode)
		v2api.CheckedOnly = true
		checked := decodeSteps(in, dest, o.jet, mode)
		v2api.CheckedOnly = false
		if len(ahead) != len(checked) {
			t.Fatalf("%s -> %s %s mode %d: %d steps, checked path %d\n%v\n%v", quote(in), dest.name, o.name, mode, len(ahead), len(checked), ahead, checked)
		}
		for i := range ahead {
			a, c := ahead[i], checked[i]
			if a.summary != c.summary || !reflect.DeepEqual(a.value, c.value) {
				t.Fatalf("%s -> %s %s mode %d step %d:\n got %s %#v\nwant %s %#v", quote(in), dest.name, o.name, mode, i, a.summary, a.value, c.summary, c.value)
			}
		}
	})
}

// aheadStep is what one step of decodeSteps saw.
type aheadStep struct {
	summary string // the error, offset and pointer after a call, or a token
	value   any
}

// decodeSteps decodes in value by value with UnmarshalDecode into new
// values of dest, the Decoder's options or the call's being opts (as
// mode's bit 1 says), after reading the first token if mode's bit 0 is
// set, from a reader that gives at most mode>>2 bytes a read (no limit
// when 0); after an error or eight values it reads the tokens left.
func decodeSteps(in []byte, dest uDest, opts []json.Options, mode byte) []aheadStep {
	var r io.Reader = bytes.NewReader(in)
	if n := int(mode >> 2); n > 0 {
		r = &pieceReader{b: in, n: n}
	}
	var decOpts []jsontext.Options
	callOpts := opts
	if mode&2 != 0 {
		decOpts, callOpts = opts, nil
	}
	d := jsontext.NewDecoder(r, decOpts...)
	var steps []aheadStep
	token := func() bool {
		tok, err := d.ReadToken()
		steps = append(steps, aheadStep{summary: fmt.Sprintf("token %v %v at %d %q", tok, err, d.InputOffset(), d.StackPointer())})
		return err == nil
	}
	if mode&1 != 0 && !token() {
		return steps
	}
	for i := 0; i < 8; i++ {
		if d.StackDepth() > 0 {
			if k := d.PeekKind(); k == '}' || k == ']' {
				break
			}
			if k, n := d.StackIndex(d.StackDepth()); k == '{' && n%2 == 0 && !token() {
				return steps
			}
		}
		v := dest.jet()
		err := json.UnmarshalDecode(d, v, callOpts...)
		steps = append(steps, aheadStep{summary: fmt.Sprintf("value %v at %d %q", err, d.InputOffset(), d.StackPointer()), value: v})
		if err != nil {
			break
		}
	}
	for i := 0; i < 64 && token(); i++ {
	}
	return steps
}

// pieceReader gives b at most n bytes a read.
type pieceReader struct {
	b []byte
	n int
}

func (r *pieceReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	m := copy(p[:min(len(p), r.n)], r.b)
	r.b = r.b[m:]
	return m, nil
}
