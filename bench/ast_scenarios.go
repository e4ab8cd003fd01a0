package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/bytedance/sonic"
	sonicast "github.com/bytedance/sonic/ast"
	"github.com/jetjson/jet"
	jetast "github.com/jetjson/jet/ast"
	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"
)

// The get/set scenarios: reading and changing a few values of a large
// document without decoding it. Each scenario runs on twitter.json with
// jet, sonic (v1.15.5: sonic.Get, ast.Node, ast.Preorder), gjson and
// sjson, each as its documentation recommends for the task.
//
// Validation differs between libraries, so each row says what is
// checked:
//
//   - jet: jet.Get, jet.GetPath, jet.GetMany, jet.SetPath and
//     jet.DeletePath check the whole document in the same pass (an
//     invalid document is an error wherever the problem is).
//   - jet-novalidate: ValidateJSON off (jet.GetWithOptions,
//     ast.Searcher, ast.SetPath/DeletePath with EditOptions{}): the way
//     to the value is followed by structure and the value itself is
//     checked; nothing after it is read. This is what sonic.Get does by
//     default.
//   - sonic: sonic.Get (Searcher with ValidateJSON, which in sonic
//     checks the value found, not the document); ast.NewRaw (which
//     checks the whole text) for Set/Delete/LoadAll.
//   - sonic-valid: sonic.Valid over the document, then sonic.Get: the
//     same guarantee as jet's default.
//   - gjson/sjson: no validation at all.

// ASTOps are the get/set scenarios, in table order.
var ASTOps = []string{"GetEarly", "GetLate", "GetMany5", "SetOne", "DeleteOne", "Preorder", "LoadAll"}

// The paths: early is near the start of twitter.json, late is its last
// value, and GetMany reads five spread over the document.
var (
	earlyPath = []any{"statuses", 3, "user", "screen_name"}
	latePath  = []any{"search_metadata", "max_id_str"}
	manyPaths = []string{"statuses.0.id", "statuses.10.user.screen_name", "statuses.50.text", "statuses.99.user.followers_count", "search_metadata.count"}
	editPath  = []any{"statuses", 50, "user", "screen_name"}
)

func dotted(path []any) string {
	s := ""
	for i, p := range path {
		if i > 0 {
			s += "."
		}
		s += fmt.Sprint(p)
	}
	return s
}

// ASTCase is one library doing one scenario on one document.
type ASTCase struct {
	Op, Doc, Lib string
	// Run performs the operation once and returns a result that the
	// tests compare across libraries: JSON text, as a string or []byte
	// (not converted, so that the benchmarks do not time a copy).
	Run func() (any, error)
}

// ASTCases returns every case for doc (twitter.json's text).
func ASTCases(docName string, doc []byte) []ASTCase {
	s := string(doc) // sonic's and jet's string APIs read it without copying
	var cs []ASTCase
	add := func(op, lib string, run func() (any, error)) {
		cs = append(cs, ASTCase{Op: op, Doc: docName, Lib: lib, Run: run})
	}
	rawOf := func(n jetast.Node, err error) (any, error) {
		if err != nil {
			return "", err
		}
		return n.Raw()
	}
	sonicRaw := func(n sonicast.Node, err error) (any, error) {
		if err != nil {
			return "", err
		}
		return n.Raw()
	}
	noValidate := jet.SearchOptions{}

	for _, g := range []struct {
		op   string
		path []any
	}{{"GetEarly", earlyPath}, {"GetLate", latePath}} {
		path := g.path
		add(g.op, "jet", func() (any, error) { return rawOf(jet.Get(doc, path...)) })
		add(g.op, "jet-novalidate", func() (any, error) { return rawOf(jet.GetWithOptions(doc, noValidate, path...)) })
		add(g.op, "sonic", func() (any, error) { return sonicRaw(sonic.Get(doc, path...)) })
		add(g.op, "sonic-valid", func() (any, error) {
			if !sonic.Valid(doc) {
				return "", errors.New("invalid")
			}
			return sonicRaw(sonic.Get(doc, path...))
		})
		p := dotted(path)
		add(g.op, "gjson", func() (any, error) { return gjson.GetBytes(doc, p).Raw, nil })
	}

	// Five paths: jet and gjson in one call, sonic one Get per path.
	joinRaw := func(ns []jetast.Node, err error) (any, error) {
		if err != nil {
			return "", err
		}
		out := "["
		for i := range ns {
			r, err := ns[i].Raw()
			if err != nil {
				return "", err
			}
			if i > 0 {
				out += ","
			}
			out += r
		}
		return out + "]", nil
	}
	add("GetMany5", "jet", func() (any, error) { return joinRaw(jet.GetMany(doc, manyPaths...)) })
	add("GetMany5", "jet-novalidate", func() (any, error) {
		return joinRaw(jetast.NewSearcherOptions(s, noValidate).GetMany(manyPaths...))
	})
	sonicPaths := make([][]any, len(manyPaths))
	for i, p := range manyPaths {
		sonicPaths[i] = pathOf(p)
	}
	add("GetMany5", "sonic", func() (any, error) {
		out := "["
		for i, p := range sonicPaths {
			n, err := sonic.Get(doc, p...)
			if err != nil {
				return "", err
			}
			r, err := n.Raw()
			if err != nil {
				return "", err
			}
			if i > 0 {
				out += ","
			}
			out += r
		}
		return out + "]", nil
	})
	add("GetMany5", "gjson", func() (any, error) {
		rs := gjson.GetManyBytes(doc, manyPaths...)
		out := "["
		for i, r := range rs {
			if i > 0 {
				out += ","
			}
			out += r.Raw
		}
		return out + "]", nil
	})

	// Set one value (the result is the whole new document).
	ep := dotted(editPath)
	add("SetOne", "jet", func() (any, error) {
		return jet.SetPath(doc, ep, "jet")
	})
	add("SetOne", "jet-novalidate", func() (any, error) {
		return jetast.SetPath(doc, ep, "jet", jetast.EditOptions{})
	})
	add("SetOne", "sjson", func() (any, error) {
		return sjson.SetBytes(doc, ep, "jet")
	})
	add("SetOne", "sonic", func() (any, error) {
		root := sonicast.NewRaw(s)
		if _, err := root.GetByPath(editPath[:3]...).Set("screen_name", sonicast.NewString("jet")); err != nil {
			return "", err
		}
		return root.MarshalJSON()
	})

	// Delete one member.
	add("DeleteOne", "jet", func() (any, error) {
		return jet.DeletePath(doc, ep)
	})
	add("DeleteOne", "jet-novalidate", func() (any, error) {
		return jetast.DeletePath(doc, ep, jetast.EditOptions{})
	})
	add("DeleteOne", "sjson", func() (any, error) {
		return sjson.DeleteBytes(doc, ep)
	})
	add("DeleteOne", "sonic", func() (any, error) {
		root := sonicast.NewRaw(s)
		if _, err := root.GetByPath(editPath[:3]...).Unset("screen_name"); err != nil {
			return "", err
		}
		return root.MarshalJSON()
	})

	// Walk the whole document with a visitor that counts what it sees.
	add("Preorder", "jet", func() (any, error) {
		var c countingVisitor
		err := jetast.Preorder(s, &c, nil)
		return &c, err
	})
	add("Preorder", "sonic", func() (any, error) {
		var c countingVisitor
		err := sonicast.Preorder(s, &c, nil)
		return &c, err
	})

	// Parse the whole document into a tree of nodes.
	add("LoadAll", "jet", func() (any, error) {
		root := jetast.NewRaw(s)
		if err := root.LoadAll(); err != nil {
			return "", err
		}
		n, err := root.GetByPath("statuses", 99, "user").Len()
		return strconv.Itoa(n), err
	})
	// sonic's LoadAll parses one level (the children stay raw), so the
	// whole tree is loaded by calling it on every node.
	add("LoadAll", "sonic", func() (any, error) {
		root := sonicast.NewRaw(s)
		if err := sonicLoadAll(&root); err != nil {
			return "", err
		}
		n, err := root.GetByPath("statuses", 99, "user").Len()
		return strconv.Itoa(n), err
	})
	return cs
}

// sonicLoadAll loads every level of a sonic node.
func sonicLoadAll(n *sonicast.Node) error {
	if err := n.LoadAll(); err != nil {
		return err
	}
	switch n.TypeSafe() {
	case sonicast.V_ARRAY, sonicast.V_OBJECT:
		var err error
		n.ForEach(func(_ sonicast.Sequence, c *sonicast.Node) bool {
			err = sonicLoadAll(c)
			return err == nil
		})
		return err
	}
	return nil
}

// pathOf splits a dotted path of keys and indices.
func pathOf(p string) []any {
	var out []any
	start := 0
	for i := 0; i <= len(p); i++ {
		if i == len(p) || p[i] == '.' {
			part := p[start:i]
			if n, err := strconv.Atoi(part); err == nil {
				out = append(out, n)
			} else {
				out = append(out, part)
			}
			start = i + 1
		}
	}
	return out
}

// countingVisitor counts the values it is shown; it satisfies both
// jet's and sonic's Visitor interfaces.
type countingVisitor struct {
	values, keys, strBytes int
	sum                    float64
}

func (c *countingVisitor) OnNull() error     { c.values++; return nil }
func (c *countingVisitor) OnBool(bool) error { c.values++; return nil }
func (c *countingVisitor) OnString(s string) error {
	c.values++
	c.strBytes += len(s)
	return nil
}
func (c *countingVisitor) OnInt64(v int64, _ json.Number) error {
	c.values++
	c.sum += float64(v)
	return nil
}
func (c *countingVisitor) OnFloat64(v float64, _ json.Number) error {
	c.values++
	c.sum += v
	return nil
}
func (c *countingVisitor) OnObjectBegin(int) error { c.values++; return nil }
func (c *countingVisitor) OnObjectKey(k string) error {
	c.keys++
	c.strBytes += len(k)
	return nil
}
func (c *countingVisitor) OnObjectEnd() error     { return nil }
func (c *countingVisitor) OnArrayBegin(int) error { c.values++; return nil }
func (c *countingVisitor) OnArrayEnd() error      { return nil }

func (c *countingVisitor) String() string {
	return fmt.Sprintf("%d values, %d keys, %d string bytes, sum %g", c.values, c.keys, c.strBytes, c.sum)
}

// ResultText returns an ASTCase result as text.
func ResultText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []byte:
		return string(x)
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}
