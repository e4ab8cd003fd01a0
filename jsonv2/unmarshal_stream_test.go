//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"bytes"
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"fmt"
	"io"
	"testing"

	"github.com/jetjson/jet/internal/testdocs"
	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// failingReader gives the first n bytes of its text, then fails (or gives io.EOF when n covers the text).
type failingReader struct {
	b []byte
	n int
}

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		if len(r.b) == 0 {
			return 0, io.EOF
		}
		return 0, errUReader
	}
	k := min(len(p), r.n, len(r.b))
	if k == 0 {
		return 0, io.EOF
	}
	copy(p, r.b[:k])
	r.b, r.n = r.b[k:], r.n-k
	return k, nil
}

var streamDests = []uDest{
	uDestOf[any]("any", nil),
	uDestOf[[]int]("ints", nil),
	uDestOf[map[string]any]("map", nil),
	uDestOf[plain]("plain", nil),
	uDestOf[genShape]("shape", nil),
	uDestOf[string]("string", nil),
}

var streamTexts = []string{
	`{"A":1,"B":"x","E":[1,2,3]}`, `[1,2,3]`, `"str"`, `{"a":{"b":[1,2,{"c":null}]}}`, `{"A":"wrong","B":1}`,
	`[1,2,"x",4]`, `{"A":1,"A":2}`, `{"A":1,}`, `[1,2`, ` 7 `, `{"a":[true,false]} x`,
}

// TestUnmarshalReadAgainstStd decodes from readers: whole, one byte at a
// time, and failing part way.
func TestUnmarshalReadAgainstStd(t *testing.T) {
	fails := newUFailures(t)
	texts := streamTexts
	for _, d := range testdocs.NewGen(7).Texts(150) {
		texts = append(texts, string(d))
	}
	for _, in := range texts {
		for _, dest := range streamDests {
			// Not compared: a reader giving one byte at a time, as Go's
			// streaming decoder then quotes less of a bad escape
			// sequence than it does with the whole text.
			for _, cut := range []int{-2, 0, 1, 2, len(in) / 2, len(in) - 1, len(in)} {
				readers := func() (io.Reader, io.Reader) {
					switch cut {
					case -2:
						return bytes.NewReader([]byte(in)), bytes.NewReader([]byte(in))
					}
					return &failingReader{[]byte(in), cut}, &failingReader{[]byte(in), cut}
				}
				rs, rj := readers()
				want := uOutcome{dst: dest.std()}
				got := uOutcome{dst: dest.jet()}
				want.err = stdjson.UnmarshalRead(rs, want.dst)
				got.err = json.UnmarshalRead(rj, got.dst)
				fails.add(fmt.Sprintf("%q cut %d -> %s", in, cut, dest.name), diffOutcomes(want, got, nil))
			}
		}
	}
	fails.done()
}

// decodeStep is one UnmarshalDecode call in a stream and what followed.
type decodeStep struct {
	out    uOutcome
	offset int64
	ptr    string
}

// TestUnmarshalDecodeAgainstStd decodes streams value by value: values
// one after another, the elements of an array after its '[' was read,
// the members of an object, with options on the Decoder and on the call.
func TestUnmarshalDecodeAgainstStd(t *testing.T) {
	fails := newUFailures(t)
	streams := []string{
		`1 2 3`, `{"A":1} {"A":2,"B":"b"} {"A":"x"}`, `[1,2] [3`, `"a" "b" x`, `{} [] null`, ``, `   `,
		`{"A":1,"A":2} {"A":3}`, `{"a":1} {"a":2}`, `{"A":"1"} {"A":2}`, `[{"A":1},{"A":"x"},{"A":3}]`,
		`{"k1":{"A":1},"k2":{"B":2},"k3":[]}`, `[1,"2",3]`, `[[1],[2],[3,4]]`, `{"x":1,"x":2}`,
		`[{},{"A":1,"A":2}]`, `{"k":{},"m":{"A":1,"A":2}}`, `[{"B":"x"} , {"A":"1","E":[1,}]`,
	}
	type optPair struct {
		name    string
		decStd  []stdjsontext.Options
		decJet  []jsontext.Options
		callStd []stdjson.Options
		callJet []json.Options
	}
	optSets := []optPair{
		{name: "none"},
		{name: "dec:AllowDuplicateNames", decStd: []stdjsontext.Options{stdjsontext.AllowDuplicateNames(true)}, decJet: []jsontext.Options{jsontext.AllowDuplicateNames(true)}},
		{name: "dec:StringifyNumbers", decStd: []stdjsontext.Options{stdjson.StringifyNumbers(true)}, decJet: []jsontext.Options{json.StringifyNumbers(true)}},
		{name: "call:StringifyNumbers", callStd: []stdjson.Options{stdjson.StringifyNumbers(true)}, callJet: []json.Options{json.StringifyNumbers(true)}},
		{name: "call:RejectUnknownMembers", callStd: []stdjson.Options{stdjson.RejectUnknownMembers(true)}, callJet: []json.Options{json.RejectUnknownMembers(true)}},
		{name: "dec:Stringify+call:off", decStd: []stdjsontext.Options{stdjson.StringifyNumbers(true)}, decJet: []jsontext.Options{json.StringifyNumbers(true)},
			callStd: []stdjson.Options{stdjson.StringifyNumbers(false)}, callJet: []json.Options{json.StringifyNumbers(false)}},
	}
	dests := []uDest{uDestOf[any]("any", nil), uDestOf[plain]("plain", nil), uDestOf[int]("int", nil), uDestOf[map[string]int]("map", nil)}
	for _, in := range streams {
		for _, o := range optSets {
			for _, dest := range dests {
				// enter: 0 decodes top-level values, 1 reads the first
				// token (entering an array or object) first.
				for enter := 0; enter < 2; enter++ {
					sd := stdjsontext.NewDecoder(bytes.NewReader([]byte(in)), o.decStd...)
					jd := jsontext.NewDecoder(bytes.NewReader([]byte(in)), o.decJet...)
					label := fmt.Sprintf("%q %s enter=%d -> %s", in, o.name, enter, dest.name)
					if enter == 1 {
						_, es := sd.ReadToken()
						_, ej := jd.ReadToken()
						if (es == nil) != (ej == nil) {
							fails.add(label, fmt.Sprintf("first token: %v, want %v", ej, es))
						}
						if es != nil || ej != nil {
							continue
						}
					}
					for step := 0; step < 5; step++ {
						if enter == 1 {
							if sd.PeekKind() == '}' || sd.PeekKind() == ']' {
								break
							}
							if sd.StackDepth() > 0 {
								if k, _ := sd.StackIndex(sd.StackDepth()); k == '{' {
									// Names are read as tokens, values decoded.
									ts, es := sd.ReadToken()
									tj, ej := jd.ReadToken()
									if es != nil || ej != nil || ts.String() != tj.String() {
										if fmt.Sprint(es) != fmt.Sprint(ej) || ts.String() != tj.String() {
											fails.add(label, fmt.Sprintf("name %v %v, want %v %v", tj, ej, ts, es))
										}
										break
									}
								}
							}
						}
						var s, j decodeStep
						s.out.dst, j.out.dst = dest.std(), dest.jet()
						s.out.err = stdjson.UnmarshalDecode(sd, s.out.dst, o.callStd...)
						j.out.err = json.UnmarshalDecode(jd, j.out.dst, o.callJet...)
						s.offset, j.offset = sd.InputOffset(), jd.InputOffset()
						s.ptr, j.ptr = string(sd.StackPointer()), string(jd.StackPointer())
						lbl := fmt.Sprintf("%s step %d", label, step)
						if msg := diffOutcomes(s.out, j.out, nil); msg != "" {
							fails.add(lbl, msg)
							break
						}
						if s.out.err != nil {
							// What a Decoder holds after an error is not
							// compared.
							break
						}
						if s.offset != j.offset || s.ptr != j.ptr {
							fails.add(lbl, fmt.Sprintf("decoder at %d %q, want %d %q", j.offset, j.ptr, s.offset, s.ptr))
							break
						}
					}
				}
			}
		}
	}
	fails.done()
}

// TestUnmarshalReadMethodsAgainstStd decodes into types with methods and
// under the caller's functions from readers that fail part way: the
// reader's failure is met where Go's Decoder meets it, also by the
// Decoder a method reads.
func TestUnmarshalReadMethodsAgainstStd(t *testing.T) {
	fails := newUFailures(t)
	texts := append([]string{
		`{"From":[1,2],"FromS":["a",3],"FromM":{"k":[4]},"AnyVal":[5]}`, `{"From":{"S":"x"},"FAT":[1],"Int":[1,2]}`,
		`{"T":{"V":"v"},"L":["a","b"],"A":[1,{"x":2}]}`, `[{"S":"x"},["a","stop"]]`,
	}, cutMethodInputs...)
	var dests []uDest
	for _, d := range append(methodDests(), funcDests()...) {
		switch d.name {
		case "stdFrom", "from", "stdMethods", "methods", "anyFrom", "holder", "any", "tagged2", "anys":
			dests = append(dests, d)
		}
	}
	sets := []uOpts{{name: "none"}}
	for _, fp := range funcPairs() {
		sets = append(sets, fp.opts())
	}
	for _, in := range texts {
		for cut := 0; cut <= len(in); cut++ {
			for _, dest := range dests {
				for _, o := range sets {
					want := uOutcome{dst: dest.std()}
					got := uOutcome{dst: dest.jet()}
					want.err = stdjson.UnmarshalRead(&failingReader{[]byte(in), cut}, want.dst, o.std...)
					got.err = json.UnmarshalRead(&failingReader{[]byte(in), cut}, got.dst, o.jet...)
					fails.add(fmt.Sprintf("%q cut %d -> %s %s", in, cut, dest.name, o.name), diffOutcomes(want, got, dest.norm))
				}
			}
		}
	}
	fails.done()
}
