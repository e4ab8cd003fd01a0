package bench

import (
	stdjson "encoding/json"
	"fmt"
	"strings"
	"testing"
)

// validCases are documents that encoding/json's Valid rejects, one
// broken rule each, and some it accepts ("valid:"), for TestValidChecks.
var validCases = []struct {
	rule string
	doc  string
}{
	{"valid: escapes", `["\" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00"]`},
	{"valid: lone escaped surrogate", `"\ud800"`},
	{"unknown escape", `["\q"]`},
	{"escape of a space", `["\ "]`},
	{"\\u with 2 hex digits", `["\u12"]`},
	{"\\u with non-hex digits", `["\uZZZZ"]`},
	{"\\u with one non-hex digit", `["\u00g0"]`},
	{"\\u escapes, the last bad, in a long string", `["` + strings.Repeat(`\u0697`, 40) + `\u06x7"]`},
	// (encoding/json takes invalid UTF-8 in strings, replacing it when
	// decoding.)
	{"valid: invalid UTF-8 byte", "[\"\xff\"]"},
	{"valid: cut UTF-8 sequence", "[\"\xe6\x97\"]"},
	{"control character in a string", "[\"a\x01b\"]"},
	{"leading zero", `[01]`},
	{"point without digits", `[1.]`},
	{"exponent without digits", `[1e]`},
	{"trailing comma", `[1,]`},
	{"missing colon", `{"a" 1}`},
	{"name not a string", `{1:2}`},
	{"two values", `1 2`},
	{"bad literal", `[nul]`},
	{"unclosed array", `[1`},
}

// TestValidChecks compares each library's Valid with encoding/json's on
// documents that break one rule each. jet's presets must agree on
// every one; the other libraries' disagreements are listed (go test
// -run TestValidChecks -v), because a Valid that checks less also
// does less work, which the Valid rows of the tables do not show.
func TestValidChecks(t *testing.T) {
	for _, lib := range Libraries() {
		if lib.Valid == nil {
			continue
		}
		var missed []string
		for _, c := range validCases {
			want := stdjson.Valid([]byte(c.doc))
			if strings.HasPrefix(c.rule, "valid:") != want {
				t.Fatalf("encoding/json: Valid(%q) = %v: the case %q is misfiled", c.doc, want, c.rule)
			}
			got := lib.Valid([]byte(c.doc))
			if got == want {
				continue
			}
			missed = append(missed, fmt.Sprintf("%s (%v)", c.rule, got))
			if lib.Jet {
				t.Errorf("%s: Valid(%q) = %v, encoding/json says %v (%s)", lib.Name, c.doc, got, want, c.rule)
			}
		}
		if len(missed) == 0 {
			t.Logf("%-14s agrees with encoding/json on all %d cases", lib.Name, len(validCases))
		} else {
			t.Logf("%-14s differs on %d of %d: %s", lib.Name, len(missed), len(validCases), strings.Join(missed, "; "))
		}
	}
}
