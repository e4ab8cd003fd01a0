package syntaxv1

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/oracle"
	"github.com/jetjson/jet/internal/testdocs"
	"github.com/jetjson/jet/internal/wire"
)

// handCases reach the corners of the v1 wording: each place an
// unexpected byte may be found, each way input may end too early.
var handCases = []string{
	``, ` `, `123abc`, `truex`, `{"a":1}x`, `01`, `[1,]`, `{"a":]`, `{"a" 1}`, `{1:2}`, `[1 2]`,
	`{"a":1 "b":2}`, `{"a":1,}`, `[-]`, `[1.]`, `[1e]`, `[1e+]`, `[1E-]`, `[-a]`, `[--1]`, `[1e-e]`,
	`["\x"]`, `["\u12G4"]`, `["\uG"]`, `["\u123`, "[\"a\x01\"]", "\"\x1f\"", `[tru]`, `[trux]`,
	`[1,`, `[1`, `{"a"`, `{"a":`, `{"a":1`, `{"a":1,`, `{`, `[`, `[tr`, `[-`, `[1.`, `[1e`, `[1e+`,
	`["\u12`, `["\`, `["\\`, `["\\\`, `"abc`, `"`, `[1}`, `{"a":1]`, `]`, `}`, `,`, `:`, `[,1]`,
	`{,}`, `["a":1]`, `{"a",1}`, `nul`, `n`, `f`, `fa`, `[nulx]`, `1.5e`, `-`, `[1.5e3x]`,
	`["\ud800"]`, `["\ud800\u0041"]`, "[\"\xff\"]", `{"a":1,"a":2}`, `[[[`, `[1]]`, `[01]`,
	`[-01]`, `[0x1]`, `{"a":{"b":[1,{"c":x}]}}`, " \t\n[ 1 , 2 ] \r\n", `[1,2,3] [4]`,
	`{"a":1}}`, `{"a"::1}`, `{"a":1,,"b":2}`, `{"a":1 , }`, `{ "a" }`, "[\"\u2028\"]", `+1`, `.5`,
	`[1.5.5]`, `[2e308]`, `{"\u00e9":1}`, "\u00e9", "[\u00e9]", `["a"b]`, `[truefalse]`,
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
	strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001),
	"[" + strings.Repeat(" ", 68) + `0e0,["` + strings.Repeat("a", 69) + `\"],` + strings.Repeat(" ", 52) + "2e308]",
}

// v1Says is encoding/json's verdict on doc: "" when it is valid, else
// the syntax error's message and offset.
func v1Says(doc string) string {
	var v any
	err := json.Unmarshal([]byte(doc), &v)
	if se, ok := err.(*json.SyntaxError); ok {
		return fmt.Sprintf("%q at %d", se.Error(), se.Offset)
	}
	if err != nil && json.Valid([]byte(doc)) {
		return "" // not a syntax error: valid
	}
	if err != nil {
		return fmt.Sprintf("unexpected error %v", err)
	}
	return ""
}

// jetSays is Validate's verdict in v1Says's form, checking on the way
// that the fast validator agrees with the reference.
func jetSays(t testing.TB, doc string) string {
	err := Validate(doc, wire.DefaultMaxDepth)
	end, rerr := Explain(doc, 0, wire.DefaultMaxDepth)
	if rerr == nil {
		rerr = CheckEnd(doc, end)
	}
	if (err == nil) != (rerr == nil) || err != nil && (err.Msg != rerr.Msg || err.Offset != rerr.Offset) {
		t.Fatalf("%.80q: Validate says %v, the reference %v", doc, err, rerr)
	}
	if err == nil {
		return ""
	}
	return fmt.Sprintf("%q at %d", err.Msg, err.Offset)
}

func checkDoc(t testing.TB, doc string) {
	t.Helper()
	if got, want := jetSays(t, doc), v1Says(doc); got != want {
		t.Fatalf("%.120q:\n jet: %s\n encoding/json: %s", doc, got, want)
	}
}

func TestValidateHandCases(t *testing.T) {
	oracle.Require(t)
	for _, doc := range handCases {
		checkDoc(t, doc)
		for k := 0; k < len(doc) && k < 200; k++ {
			checkDoc(t, doc[:k])
		}
	}
}

func TestValidateSuite(t *testing.T) {
	oracle.Require(t)
	for _, d := range testdocs.Suite(t, "") {
		checkDoc(t, string(d.Data))
	}
}

func TestValidateGenerated(t *testing.T) {
	oracle.Require(t)
	g := testdocs.NewGen(7)
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for _, b := range g.Texts(n) {
		checkDoc(t, string(b))
	}
}

// TestSkipValueInside checks values that start inside a document and
// are followed by more of it, at a lower depth limit: the end, or the
// error, must be the reference's, and the fast path must agree.
func TestSkipValueInside(t *testing.T) {
	for _, doc := range handCases {
		for _, pre := range []string{"", "[", `{"k":`, ` [ `} {
			s := pre + doc + `,"tail"]`
			for _, depth := range []int{0, 1, 2, 3, 10000} {
				end, err := SkipValue(s, len(pre), depth)
				rend, rerr := Explain(s, len(pre), depth)
				if (err == nil) != (rerr == nil) || err == nil && end != rend ||
					err != nil && (err.Msg != rerr.Msg || err.Offset != rerr.Offset) {
					t.Fatalf("%.80q at %d, depth %d: SkipValue = %d, %v; Explain = %d, %v", s, len(pre), depth, end, err, rend, rerr)
				}
			}
		}
	}
}

// TestDepthLimits checks that a limit n accepts n levels and reports the
// next bracket, above jsontext's own limit too.
func TestDepthLimits(t *testing.T) {
	for _, n := range []int{1, 2, 63, 64, 65, 10000, 10001, 20000} {
		for _, open := range []string{"[", `{"a":`} {
			close := "]"
			if open != "[" {
				close = "}"
			}
			ok := strings.Repeat(open, n) + "1" + strings.Repeat(close, n)
			if err := Validate(ok, n); err != nil {
				t.Fatalf("depth %d, limit %d: %v", n, n, err)
			}
			deep := strings.Repeat(open, n+1) + "1" + strings.Repeat(close, n+1)
			err := Validate(deep, n)
			pos := n*len(open) + 1
			if err == nil || err.Msg != wire.InvalidChar(open[0], wire.CtxMaxDepth) || err.Offset != int64(pos) {
				t.Fatalf("depth %d, limit %d: got %v, want %q at %d", n+1, n, err, wire.InvalidChar(open[0], wire.CtxMaxDepth), pos)
			}
		}
	}
}

// FuzzValidate checks Validate against encoding/json: the same verdict,
// message and offset, for any input; and Validate's fast path against
// the reference.
func FuzzValidate(f *testing.F) {
	for _, doc := range handCases {
		if len(doc) < 1000 {
			f.Add([]byte(doc))
		}
	}
	g := testdocs.NewGen(11)
	for _, b := range g.Texts(200) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if oracle.Classic {
			checkDoc(t, string(data))
		} else {
			jetSays(t, string(data))
		}
	})
}
