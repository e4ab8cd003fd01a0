//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"fmt"
	"strings"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// TestUnmarshalDecodeSyntaxOptionsAgainstStd gives UnmarshalDecode
// syntax options unlike its Decoder's, at the top of a stream, inside an
// array and where an object member's name comes next: Go's v2 reads the
// value with the call's checks (refusing a change where a name comes
// next), and leaves the Decoder before a value they reject.
func TestUnmarshalDecodeSyntaxOptionsAgainstStd(t *testing.T) {
	type step struct {
		token bool // read a token rather than a value
		allow int  // 0: the Decoder's options; 1: allow both; 2: allow neither
	}
	texts := []string{
		"\"\xde\xad\" \"ok\" \"\xbe\xef\"",
		`{"a":1,"a":2} {"b":[{"c":1,"c":1}]}`,
		"[\"\xff\",{\"d\":1,\"d\":2},3]",
		"{\"k\":\"\xff\",\"k\":1}",
	}
	plans := [][]step{
		{{allow: 2}, {allow: 0}, {allow: 1}, {allow: 2}, {allow: 0}},
		{{allow: 1}, {allow: 2}, {allow: 0}},
		{{token: true}, {allow: 2}, {allow: 1}, {allow: 2}, {allow: 0}, {allow: 1}},
		{{token: true}, {allow: 1}, {token: true}, {allow: 2}, {allow: 1}},
	}
	for _, text := range texts {
		for pi, plan := range plans {
			for _, decAllow := range []bool{false, true} {
				sd := stdjsontext.NewDecoder(strings.NewReader(text), stdjsontext.AllowInvalidUTF8(decAllow), stdjsontext.AllowDuplicateNames(decAllow))
				jd := jsontext.NewDecoder(strings.NewReader(text), jsontext.AllowInvalidUTF8(decAllow), jsontext.AllowDuplicateNames(decAllow))
				for si, s := range plan {
					var want, got string
					failed := false
					if s.token {
						st, serr := sd.ReadToken()
						jt, jerr := jd.ReadToken()
						want, got = fmt.Sprint(st, serr), fmt.Sprint(jt, jerr)
						failed = serr != nil
					} else {
						var so, jo []any
						switch s.allow {
						case 1, 2:
							a := s.allow == 1
							so = []any{stdjsontext.AllowInvalidUTF8(a), stdjsontext.AllowDuplicateNames(a)}
							jo = []any{jsontext.AllowInvalidUTF8(a), jsontext.AllowDuplicateNames(a)}
						}
						var sv, jv any
						var serr, jerr error
						if so == nil {
							serr, jerr = stdjson.UnmarshalDecode(sd, &sv), json.UnmarshalDecode(jd, &jv)
						} else {
							serr = stdjson.UnmarshalDecode(sd, &sv, so[0].(stdjsontext.Options), so[1].(stdjsontext.Options))
							jerr = json.UnmarshalDecode(jd, &jv, jo[0].(jsontext.Options), jo[1].(jsontext.Options))
						}
						want, got = fmt.Sprint(sv, serr), fmt.Sprint(jv, jerr)
						failed = serr != nil
					}
					// Go's messages say "unable to" or "cannot" at random.
					want = strings.ReplaceAll(want, "unable to", "cannot")
					if want != got {
						t.Fatalf("%q plan %d decoder allows %v, step %d: got %s, want %s", text, pi, decAllow, si, got, want)
					}
					if sd.InputOffset() != jd.InputOffset() {
						if failed {
							// Go's Decoder stops inside a value it found
							// wrong past its first token; jet's moves past
							// it or stays before it: the stream is broken.
							break
						}
						t.Fatalf("%q plan %d decoder allows %v, step %d: InputOffset %d, want %d", text, pi, decAllow, si, jd.InputOffset(), sd.InputOffset())
					}
				}
			}
		}
	}
}
