package encoder

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/jetjson/jet/jsontext"
)

// treeOptions are the v1 options FuzzTree picks from.
var treeOptions = []Options{
	0,
	EscapeHTML,
	ValidateString,
	EncodeNullForInfOrNan,
	NoNullSliceOrMap,
	EscapeHTML | ValidateString | NoNullSliceOrMap | EncodeNullForInfOrNan,
	SortMapKeys,
}

// encodeTreeBoth encodes v under opts by the v1 tree walk and by the
// general loops (forceGeneralTree), and says how the results differ (""
// when they agree): outputs canonicalized unless exact, since members
// come in map order, and errors by their text.
func encodeTreeBoth(v any, opts Options, exact bool) string {
	fast, fastErr := Encode(v, opts)
	forceGeneralTree = true
	slow, slowErr := Encode(v, opts)
	forceGeneralTree = false
	if (fastErr == nil) != (slowErr == nil) {
		return fmt.Sprintf("tree walk error %v, general error %v", fastErr, slowErr)
	}
	if fastErr != nil {
		if exact && fastErr.Error() != slowErr.Error() {
			return fmt.Sprintf("tree walk error %v, general error %v", fastErr, slowErr)
		}
		return ""
	}
	if len(fast) != len(slow) || exact && !bytes.Equal(fast, slow) {
		return fmt.Sprintf("tree walk wrote\n%s\ngeneral wrote\n%s", fast, slow)
	}
	canon := func(b []byte) string {
		v := jsontext.Value(bytes.Clone(b))
		if err := v.Canonicalize(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)); err != nil {
			return "canonicalize: " + err.Error() + ": " + string(b)
		}
		return string(v)
	}
	if a, b := canon(fast), canon(slow); a != b {
		return fmt.Sprintf("tree walk wrote\n%s\ngeneral wrote\n%s", fast, slow)
	}
	return ""
}

// FuzzTree checks the v1 tree walk (treeMap, treeSlice) against the
// general loops on generic trees, under each option set.
func FuzzTree(f *testing.F) {
	for i := range 64 {
		seed := make([]byte, 120)
		for j := range seed {
			seed[j] = byte(i*41 + j*j*5 + j/3)
		}
		f.Add(seed, byte(i))
	}
	for _, seed := range treeSeeds {
		for opt := range len(treeOptions) {
			f.Add(seed, byte(opt))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, opt byte) {
		g := &treeGen{data: data}
		v := g.value()
		opts := treeOptions[int(opt)%len(treeOptions)]
		exact := maxMembers(v) <= 1 || opts&SortMapKeys != 0
		if g.bad > 1 && !exact {
			return
		}
		if msg := encodeTreeBoth(v, opts, exact); msg != "" {
			t.Fatalf("%#v: %s", v, msg)
		}
	})
}

// TestTreeDeep checks the v1 tree walk on trees nested past where
// cycles are looked for, and on a cycle.
func TestTreeDeep(t *testing.T) {
	for _, depth := range []int{cycleCheckDepth - 1, cycleCheckDepth, cycleCheckDepth + 5} {
		var v any = "leaf"
		for i := range depth {
			if i%2 == 0 {
				v = []any{1.5, v, true}
			} else {
				v = map[string]any{"k": v}
			}
		}
		if msg := encodeTreeBoth(v, 0, true); msg != "" {
			t.Errorf("depth %d: %s", depth, msg)
		}
	}
	m := map[string]any{"a": []any{1.0}}
	m["b"] = []any{m}
	if msg := encodeTreeBoth(m, 0, false); msg != "" {
		t.Errorf("cycle: %s", msg)
	}
	if _, err := Encode(m, 0); err == nil {
		t.Error("cycle: no error")
	}
}
