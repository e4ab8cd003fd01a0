package encoder

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/jsontext"
)

// treeGen builds a generic tree (map[string]any, []any and the scalars
// decoding makes, with a few other dynamic types and values JSON cannot
// hold) from fuzz bytes, the same tree for the same bytes.
type treeGen struct {
	data  []byte
	depth int
	// bad counts the values that make an encoding fail (a float JSON
	// cannot hold, invalid UTF-8): the tests compare where an error is
	// placed only when there is one.
	bad int
}

func (g *treeGen) byte() byte {
	if len(g.data) == 0 {
		return 0
	}
	c := g.data[0]
	g.data = g.data[1:]
	return c
}

func (g *treeGen) str() string {
	c := g.byte()
	if int(c) < len(fastStrings) {
		s := fastStrings[c]
		if !utf8.ValidString(s) {
			g.bad++
		}
		return s
	}
	return fmt.Sprintf("k%d", c%64)
}

func (g *treeGen) value() any {
	c := g.byte()
	if g.depth > 6 && c%10 >= 7 {
		c = 0
	}
	switch c % 16 {
	case 0:
		return g.str()
	case 1, 2:
		f := fastFloats[int(g.byte())%len(fastFloats)]
		if math.IsNaN(f) || math.IsInf(f, 0) {
			g.bad++
		}
		return f
	case 3:
		return g.byte()&1 != 0
	case 4:
		return nil
	case 5:
		return int64(g.byte()) << (g.byte() % 60)
	case 6:
		return map[string]string{g.str(): g.str()}
	case 7:
		return fastInner{A: int(g.byte()), B: g.str()}
	case 8:
		return (*int)(nil)
	case 9, 10, 11:
		n := int(g.byte() % 6)
		switch n {
		case 5:
			return map[string]any(nil)
		case 4:
			// Enough members for the shapes (treeMapShapedV2).
			n = minShapeKeysV2 + int(g.byte()%8)
		}
		m := make(map[string]any, n)
		g.depth++
		for range n {
			m[g.str()] = g.value()
		}
		g.depth--
		return m
	default:
		n := int(g.byte() % 6)
		switch n {
		case 5:
			return []any(nil)
		case 4:
			if g.depth >= 2 {
				break
			}
			// One value many times: a map of many members among them is
			// written from its shape once the shapes are tried.
			g.depth++
			v := g.value()
			g.depth--
			s := make([]any, 12)
			for i := range s {
				s[i] = v
			}
			return s
		}
		s := make([]any, n)
		g.depth++
		for i := range s {
			s[i] = g.value()
		}
		g.depth--
		return s
	}
}

// treeSeeds are trees for the fuzz targets to start from (see
// treeGen.value): strings with invalid UTF-8, U+2028 and quotes as
// elements, members and names; floats JSON cannot hold; nil and empty
// containers; other dynamic types; nesting.
var treeSeeds = [][]byte{
	{},
	{12, 1, 0, 4},              // ["\xff"]
	{12, 2, 0, 5, 0, 6},        // ["a\xc3", "\u2028"]
	{9, 1, 20, 0, 4},           // {"k4": "\xff"}
	{9, 1, 4, 0, 20},           // {"\xff": "k4"}
	{9, 1, 6, 0, 9},            // {"\u2028": "\"\\"}
	{12, 3, 1, 7, 1, 8, 2, 9},  // [NaN, +Inf, -Inf]
	{9, 2, 20, 1, 7, 21, 3, 1}, // {"k4": NaN, "k5": true}
	{12, 4, 4, 9, 5, 12, 5, 9, 0},
	{12, 3, 5, 1, 6, 20, 21, 7, 2, 22},
	{12, 2, 8, 12, 1, 9, 1, 20, 12, 1, 2, 3},
	{9, 3, 20, 1, 3, 21, 12, 0, 22, 9, 0},
	{9, 1, 20, 1, 11},
	// An array of one object of 17 members (null), 12 times: written
	// through the shapes (treeMapShapedV2) once they are tried.
	{12, 4, 9, 4, 0, 100, 4, 101, 4, 102, 4, 103, 4, 104, 4, 105, 4, 106, 4, 107, 4, 108, 4,
		109, 4, 110, 4, 111, 4, 112, 4, 113, 4, 114, 4, 115, 4, 116, 4},
}

// treeOptionSets are the options FuzzTreeV2 picks from: those under
// which the tree walk runs and those under which it does not.
var treeOptionSets = []jsonopts.Bools{
	0,
	jsonopts.EscapeForHTML,
	jsonopts.AllowInvalidUTF8,
	jsonopts.AllowInvalidUTF8 | jsonopts.AllowDuplicateNames,
	jsonopts.AllowDuplicateNames,
	jsonopts.FormatNilSliceAsNull | jsonopts.FormatNilMapAsNull,
	jsonopts.EscapeForHTML | jsonopts.AllowInvalidUTF8 | jsonopts.AllowDuplicateNames,
	jsonopts.Deterministic,
}

// marshalTreeBoth encodes v under opts by the tree walk and by the
// general loops (forceSlowV2), and says how the results differ ("" when
// they agree). Members come in map order, so outputs are compared
// canonicalized, and errors by their type and JSON Pointer (and offset
// where no map has two members).
func marshalTreeBoth(v any, opts *jsonopts.Struct, exact bool) string {
	fast, fastErr := marshalV2(nil, v, opts, nil)
	forceSlowV2 = true
	slow, slowErr := marshalV2(nil, v, opts, nil)
	forceSlowV2 = false
	if (fastErr == nil) != (slowErr == nil) {
		return fmt.Sprintf("tree walk error %v, general error %v", fastErr, slowErr)
	}
	if fastErr != nil {
		if exact {
			if a, b := describeErrV2(fastErr), describeErrV2(slowErr); a != b {
				return fmt.Sprintf("tree walk error %s, general error %s", a, b)
			}
			return ""
		}
		var fe, se *v2api.Error
		if errors.As(fastErr, &fe) != errors.As(slowErr, &se) {
			return fmt.Sprintf("tree walk error %T, general error %T", fastErr, slowErr)
		}
		if fe != nil && (fe.GoType != se.GoType || fe.JSONPointer != se.JSONPointer) {
			return fmt.Sprintf("tree walk error %s, general error %s", describeErrV2(fastErr), describeErrV2(slowErr))
		}
		return ""
	}
	if len(fast) != len(slow) {
		return fmt.Sprintf("tree walk wrote %d bytes\n%s\ngeneral wrote %d\n%s", len(fast), fast, len(slow), slow)
	}
	if exact {
		if !bytes.Equal(fast, slow) {
			return fmt.Sprintf("tree walk wrote\n%s\ngeneral wrote\n%s", fast, slow)
		}
		return ""
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

// maxMembers is the most members any map in v has.
func maxMembers(v any) int {
	n := 0
	switch x := v.(type) {
	case map[string]any:
		n = len(x)
		for _, e := range x {
			n = max(n, maxMembers(e))
		}
	case []any:
		for _, e := range x {
			n = max(n, maxMembers(e))
		}
	case map[string]string:
		n = len(x)
	}
	return n
}

// FuzzTreeV2 checks the tree walk (treeMapV2, treeSliceV2) against the
// general loops on generic trees, under each option set.
func FuzzTreeV2(f *testing.F) {
	for i := range 64 {
		seed := make([]byte, 120)
		for j := range seed {
			seed[j] = byte(i*37 + j*j*3 + j/5)
		}
		f.Add(seed, byte(i))
	}
	for _, seed := range treeSeeds {
		for opt := range len(treeOptionSets) {
			f.Add(seed, byte(opt))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, opt byte) {
		g := &treeGen{data: data}
		v := g.value()
		opts := fastOpts(treeOptionSets[int(opt)%len(treeOptionSets)])
		exact := maxMembers(v) <= 1 || treeOptionSets[int(opt)%len(treeOptionSets)]&jsonopts.Deterministic != 0
		if g.bad > 1 && !exact {
			// Which error comes first depends on map order.
			return
		}
		if msg := marshalTreeBoth(v, opts, exact); msg != "" {
			t.Fatalf("%#v: %s", v, msg)
		}
	})
}

// TestTreeV2Deep checks the tree walk on trees nested past where cycles
// are looked for and past jsontext's depth limit, and on a cycle.
func TestTreeV2Deep(t *testing.T) {
	for _, depth := range []int{cycleCheckDepth - 1, cycleCheckDepth, cycleCheckDepth + 5, maxDepthV2 + 1} {
		var v any = "leaf"
		for i := range depth {
			if i%2 == 0 {
				v = []any{1.5, v, true}
			} else {
				v = map[string]any{"k": v}
			}
		}
		if msg := marshalTreeBoth(v, fastOpts(0), true); msg != "" {
			t.Errorf("depth %d: %s", depth, msg)
		}
	}
	m := map[string]any{"a": []any{1.0}}
	s := []any{m}
	m["b"] = s
	if msg := marshalTreeBoth(m, fastOpts(0), false); msg != "" {
		t.Errorf("cycle: %s", msg)
	}
	if _, err := marshalV2(nil, m, fastOpts(0), nil); err == nil {
		t.Error("cycle: no error")
	}
}

// TestTreeV2Runs checks that the tree walk is what runs for the default
// options and not under forceSlowV2, so that FuzzTreeV2 compares two
// different paths.
func TestTreeV2Runs(t *testing.T) {
	e := getState(0)
	defer putState(e)
	e.v2 = &v2state{}
	if !e.treeV2() {
		t.Fatal("tree walk off for the default options")
	}
	e.v2.bits = v2Slow
	if e.treeV2() {
		t.Fatal("tree walk on under v2Slow")
	}
}

// TestTreeV2Shapes writes lists of maps of one shape (keys from
// shapeCacheKeys, values of every kind the tree walk writes itself, one
// of them a float JSON cannot hold in some lists), long enough that most
// maps are written from the shape remembered for the first, with the v1
// dialect's sorted writes of the same lists in between (the two dialects
// share the pooled states' shapes), and compares the tree walk with the
// general path.
func TestTreeV2Shapes(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	values := []any{"s", "<&>", "\u2028", 1.5, true, nil, map[string]any{"p": 1.0}, []any{"q", 2.0}}
	for round := range 200 {
		keys := map[string]bool{}
		for len(keys) < minShapeKeysV2+r.IntN(12) {
			keys[shapeCacheKeys[r.IntN(len(shapeCacheKeys))]] = true
		}
		list := make([]any, 10+r.IntN(20))
		bad := -1
		if round%3 == 0 {
			bad = r.IntN(len(list))
		}
		for i := range list {
			m := map[string]any{}
			for k := range keys {
				m[k] = values[r.IntN(len(values))]
			}
			if i == bad {
				for k := range m {
					m[k] = math.NaN()
					break
				}
			}
			list[i] = m
		}
		if _, err := Encode(list, SortMapKeys); err != nil && bad < 0 {
			t.Fatal(err)
		}
		for _, o := range []jsonopts.Bools{0, jsonopts.EscapeForHTML, jsonopts.EscapeForJS} {
			if msg := marshalTreeBoth(list, fastOpts(o), false); msg != "" {
				t.Fatalf("round %d options %v: %s", round, o, msg)
			}
		}
	}
}

// TestTreeV2ShapeReplaced writes, through a shape, an object whose first
// member holds many objects of new shapes (which replace shapes in the
// cache and fill its arena, emptying it) and whose last member cannot be
// written: the error must name the last member, as the general path's
// does (the shape the object was written by is gone by then).
func TestTreeV2ShapeReplaced(t *testing.T) {
	object := func() map[string]any {
		m := map[string]any{}
		for i := range minShapeKeysV2 {
			m[fmt.Sprintf("k%02d", i)] = 1.0
		}
		return m
	}
	var list []any
	for range 60 {
		list = append(list, object())
	}
	last := object()
	var inner []any
	for j := range 40 {
		m := map[string]any{}
		for k := range maxShapeKeys {
			m[fmt.Sprintf("nested-map-%03d-key-%03d-padding-padding-padding", j, k)] = 1.0
		}
		inner = append(inner, m)
	}
	last["k00"] = inner
	last[fmt.Sprintf("k%02d", minShapeKeysV2-1)] = math.NaN()
	list = append(list, last)
	if msg := marshalTreeBoth(list, fastOpts(0), false); msg != "" {
		t.Fatal(msg)
	}
}
