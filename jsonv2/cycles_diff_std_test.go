//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"bytes"
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

type cycStructPtr struct{ P *cycStructPtr }
type cycTwoStructs struct{ B struct{ P *cycTwoStructs } }
type cycArray struct{ A [1]*cycArray }
type cycAny struct{ X any }
type cycMapOfStruct map[string]cycTwoMapStruct
type cycTwoMapStruct struct{ M cycMapOfStruct }
type cycSliceOfPtr []*cycSliceOfPtr
type cycArrays struct{ A [1][1]*cycArrays }
type cycSliceArrays struct{ S [][1]*cycSliceArrays }

type cycList struct {
	N    int
	Next *cycList
}

// cycJetMethod and cycStdMethod marshal V by MarshalEncode on the
// Encoder their method is given, jet's and Go's.
type cycJetMethod struct{ V any }
type cycStdMethod struct{ V any }

func (m cycJetMethod) MarshalJSONTo(enc *jsontext.Encoder) error {
	return json.MarshalEncode(enc, m.V)
}

func (m cycStdMethod) MarshalJSONTo(enc *stdjsontext.Encoder) error {
	return stdjson.MarshalEncode(enc, m.V)
}

// cycJetOpens and cycStdOpens are pointers whose MarshalJSONTo
// method opens an array and marshals Next into it by MarshalEncode:
// one JSON level per call, with no container of the encoder's own.
type cycJetOpens struct{ Next *cycJetOpens }
type cycStdOpens struct{ Next *cycStdOpens }

func (c *cycJetOpens) MarshalJSONTo(enc *jsontext.Encoder) error {
	if err := enc.WriteToken(jsontext.BeginArray); err != nil {
		return err
	}
	if err := json.MarshalEncode(enc, c.Next); err != nil {
		return err
	}
	return enc.WriteToken(jsontext.EndArray)
}

func (c *cycStdOpens) MarshalJSONTo(enc *stdjsontext.Encoder) error {
	if err := enc.WriteToken(stdjsontext.BeginArray); err != nil {
		return err
	}
	if err := stdjson.MarshalEncode(enc, c.Next); err != nil {
		return err
	}
	return enc.WriteToken(stdjsontext.EndArray)
}

// cycFuncNode is marshaled by cycJetFunc and cycStdFunc (MarshalToFunc)
// as cycJetOpens is by its method.
type cycFuncNode struct{ Next *cycFuncNode }

var (
	cycJetFunc = json.WithMarshalers(json.MarshalToFunc(func(enc *jsontext.Encoder, v *cycFuncNode) error {
		if err := enc.WriteToken(jsontext.BeginArray); err != nil {
			return err
		}
		if err := json.MarshalEncode(enc, v.Next); err != nil {
			return err
		}
		return enc.WriteToken(jsontext.EndArray)
	}))
	cycStdFunc = stdjson.WithMarshalers(stdjson.MarshalToFunc(func(enc *stdjsontext.Encoder, v *cycFuncNode) error {
		if err := enc.WriteToken(stdjsontext.BeginArray); err != nil {
			return err
		}
		if err := stdjson.MarshalEncode(enc, v.Next); err != nil {
			return err
		}
		return enc.WriteToken(stdjsontext.EndArray)
	}))
)

// TestCyclesThroughMethodsAgainstStd marshals values whose cycles pass
// through a caller's method or function that marshals the rest by
// MarshalEncode into the Encoder it was given: Go's v2 finds the cycle
// (or its depth limit) across those calls, as one encoding.
func TestCyclesThroughMethodsAgainstStd(t *testing.T) {
	jo, so := new(cycJetOpens), new(cycStdOpens)
	jo.Next, so.Next = jo, so
	jm, sm := map[string]any{}, map[string]any{}
	jm["k"], sm["k"] = cycJetMethod{jm}, cycStdMethod{sm}
	js, ss := []any{nil}, []any{nil}
	js[0], ss[0] = cycJetMethod{js}, cycStdMethod{ss}
	fn := new(cycFuncNode)
	fn.Next = fn
	var jd *cycJetOpens
	var sdd *cycStdOpens
	for range 50 {
		jd = &cycJetOpens{Next: jd}
		sdd = &cycStdOpens{Next: sdd}
	}
	for name, c := range map[string]struct {
		jet, std         any
		jetOpts, stdOpts []any
	}{
		"methodOpens":  {jet: jo, std: so},
		"methodMap":    {jet: jm, std: sm},
		"methodSlice":  {jet: js, std: ss},
		"methodInList": {jet: []any{1, map[string]any{"a": jm}}, std: []any{1, map[string]any{"a": sm}}},
		"funcOpens":    {jet: fn, std: fn, jetOpts: []any{cycJetFunc}, stdOpts: []any{cycStdFunc}},
		"methodFinite": {jet: jd, std: sdd},
	} {
		t.Run(name, func(t *testing.T) {
			var jopts []json.Options
			for _, o := range c.jetOpts {
				jopts = append(jopts, o.(json.Options))
			}
			var sopts []stdjson.Options
			for _, o := range c.stdOpts {
				sopts = append(sopts, o.(stdjson.Options))
			}
			got, gerr := json.Marshal(c.jet, jopts...)
			want, werr := stdjson.Marshal(c.std, sopts...)
			var jerr *json.SemanticError
			var serr *stdjson.SemanticError
			if errors.As(gerr, &jerr) && errors.As(werr, &serr) {
				// A method's Encoder counts its OutputOffset from the
				// method's value in jet (README, "Differences from
				// encoding/json/v2"), and so do errors placed there.
				serr.ByteOffset = jerr.ByteOffset
				var jx *jsontext.SyntacticError
				var sx *stdjsontext.SyntacticError
				if errors.As(gerr, &jx) && errors.As(werr, &sx) {
					sx.ByteOffset = jx.ByteOffset
				}
				// The types are the test's twins for each package.
				if jerr.GoType != nil && serr.GoType != nil && strings.Replace(jerr.GoType.String(), "Jet", "Std", 1) == serr.GoType.String() {
					serr.GoType = jerr.GoType
				}
			}
			if msg := compareResults(want, werr, got, gerr); msg != "" {
				t.Error(shorten(msg))
			}
		})
	}
}

func cyclicMap() map[string]any {
	m := map[string]any{}
	m["k"] = m
	return m
}

// cyclicValues are values that v2 marshals with cycles or deeper than
// its limits, in the shapes that count levels differently: pointers
// (no JSON level), structs and arrays (a level, no cycle check), maps
// and slices (both), and through interfaces.
func cyclicValues() map[string]any {
	sp := new(cycStructPtr)
	sp.P = sp
	ts := new(cycTwoStructs)
	ts.B.P = ts
	ar := new(cycArray)
	ar.A[0] = ar
	ca := new(cycAny)
	ca.X = ca
	mm := cycMapOfStruct{}
	mm["k"] = cycTwoMapStruct{M: mm}
	sl := make(cycSliceOfPtr, 1)
	sl[0] = &sl
	arr := new(cycArrays)
	arr.A[0][0] = arr
	var deepArr *cycArrays
	for range 3400 {
		deepArr = &cycArrays{A: [1][1]*cycArrays{{deepArr}}}
	}
	sa := new(cycSliceArrays)
	sa.S = [][1]*cycSliceArrays{{sa}}
	ma := map[string]any{}
	ma["a"] = []any{ma}
	return map[string]any{
		"structPtr":   sp,
		"twoStructs":  ts,
		"array":       ar,
		"any":         ca,
		"mapStruct":   mm,
		"slicePtr":    sl,
		"mapSlice":    ma,
		"inSlice":     []any{1, sp},
		"list1500":    deepList(1500),
		"list9999":    deepList(9999),
		"list10001":   deepList(10001),
		"deepArrays":  deepArrays(10001),
		"deepRows":    [][][1][0]int{{{{}}}},
		"arrays":      arr,
		"deepArrays2": deepArr,
		"sliceArrays": sa,
	}
}

// deepArrays is n nested []any.
func deepArrays(n int) any {
	var v any = []any{}
	for i := 1; i < n; i++ {
		v = []any{v}
	}
	return v
}

// TestCyclesInsideEncoderAgainstStd marshals into an Encoder already
// inside containers (MarshalEncode), directly and from a method: v2's
// limits count the Encoder's levels too.
func TestCyclesInsideEncoderAgainstStd(t *testing.T) {
	for name, c := range map[string]struct {
		depth    int
		jet, std any
	}{
		"map":          {5, cyclicMap(), cyclicMap()},
		"method":       {0, []any{[]any{cycJetMethod{cyclicMap()}}}, []any{[]any{cycStdMethod{cyclicMap()}}}},
		"methodDeeper": {3, map[string]any{"a": []any{cycJetMethod{[]any{cycJetMethod{cyclicMap()}}}}}, map[string]any{"a": []any{cycStdMethod{[]any{cycStdMethod{cyclicMap()}}}}}},
		"methodNaN":    {0, []any{[]any{cycJetMethod{map[string]any{"k": math.NaN()}}}}, []any{[]any{cycStdMethod{map[string]any{"k": math.NaN()}}}}},
		"list":         {9990, deepList(9), deepList(9)},
		"listOver":     {9990, deepList(11), deepList(11)},
	} {
		t.Run(name, func(t *testing.T) {
			var jb, sb bytes.Buffer
			je, se := jsontext.NewEncoder(&jb), stdjsontext.NewEncoder(&sb)
			for range c.depth {
				if err := je.WriteToken(jsontext.BeginArray); err != nil {
					t.Fatal(err)
				}
				if err := se.WriteToken(stdjsontext.BeginArray); err != nil {
					t.Fatal(err)
				}
			}
			gerr := json.MarshalEncode(je, c.jet)
			werr := stdjson.MarshalEncode(se, c.std)
			var jerr *json.SemanticError
			var serr *stdjson.SemanticError
			if strings.HasPrefix(name, "method") && errors.As(gerr, &jerr) && errors.As(werr, &serr) {
				// A method's Encoder counts its OutputOffset from the
				// method's value in jet (README, "Differences from
				// encoding/json/v2"), and so do errors placed there.
				serr.ByteOffset = jerr.ByteOffset
			}
			if msg := compareResults(nil, werr, nil, gerr); msg != "" {
				t.Error(shorten(msg))
			}
			if je.OutputOffset() != se.OutputOffset() {
				t.Errorf("output offset: jet %d, Go %d", je.OutputOffset(), se.OutputOffset())
			}
		})
	}
}

// deepList is a list of n nested structs.
func deepList(n int) *cycList {
	var l *cycList
	for i := 0; i < n; i++ {
		l = &cycList{N: i, Next: l}
	}
	return l
}

func TestCyclesAgainstStd(t *testing.T) {
	for name, v := range cyclicValues() {
		t.Run(name, func(t *testing.T) {
			got, gerr := json.Marshal(v)
			want, werr := stdjson.Marshal(v)
			if msg := compareResults(want, werr, got, gerr); msg != "" {
				t.Error(shorten(msg))
			}
		})
	}
}

// shorten cuts a message about long outputs and pointers to its ends.
func shorten(msg string) string {
	if len(msg) <= 2000 {
		return msg
	}
	return msg[:1000] + " … " + msg[len(msg)-1000:]
}
