package bench

import (
	"go/importer"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"
)

// sonicAPIGaps lists the exported names of sonic's packages (and the
// fields and methods of its exported types) that jet does not have, or
// has as another kind of member, each with the reason. TestSonicAPI fails
// on a gap not listed here, and on a listed one that is gone.
var sonicAPIGaps = map[string]string{
	// jet's MismatchTypeError has encoding/json's fields (Offset, Value,
	// Struct, Field) beside Type, and keeps a window of the input around
	// Offset rather than all of it (which may be a caller's []byte).
	"decoder.MismatchTypeError.Pos": "jet's MismatchTypeError has encoding/json's Offset",
	"decoder.MismatchTypeError.Src": "jet's MismatchTypeError keeps a window of the input, not all of it",
}

// TestSonicAPI type-checks sonic's public packages and jet's, and checks
// that every exported name of sonic's is in jet's package of the same
// role, and every exported field and method of sonic's exported types is
// a field or method, of the same kind, of jet's type of that name.
func TestSonicAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in short mode: type-checks sonic from source")
	}
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	gaps := map[string]bool{}
	for _, sub := range []string{"", "/ast", "/decoder", "/encoder", "/option", "/utf8"} {
		sp, err := imp.Import("github.com/bytedance/sonic" + sub)
		if err != nil {
			t.Fatal(err)
		}
		jp, err := imp.Import("github.com/jetjson/jet" + sub)
		if err != nil {
			t.Fatal(err)
		}
		pkg := strings.TrimPrefix(sub, "/")
		if pkg == "" {
			pkg = "sonic"
		}
		for _, name := range sp.Scope().Names() {
			so := sp.Scope().Lookup(name)
			if !so.Exported() {
				continue
			}
			jo := jp.Scope().Lookup(name)
			if jo == nil {
				gaps[pkg+"."+name] = true
				continue
			}
			if _, ok := so.(*types.TypeName); !ok {
				if !sameShape(so.Type(), jo.Type()) {
					gaps[pkg+"."+name+"()"] = true
				}
				continue
			}
			for _, m := range members(so.Type()) {
				obj, _, _ := types.LookupFieldOrMethod(jo.Type(), true, jo.Pkg(), m.Name())
				if obj == nil || sameKind(obj, m) != nil {
					gaps[pkg+"."+name+"."+m.Name()] = true
				} else if !sameShape(m.Type(), obj.Type()) {
					gaps[pkg+"."+name+"."+m.Name()+"()"] = true
				}
			}
		}
	}
	var names []string
	for g := range gaps {
		names = append(names, g)
	}
	sort.Strings(names)
	for _, g := range names {
		if _, ok := sonicAPIGaps[g]; !ok {
			t.Errorf("jet lacks sonic's %s", g)
		}
	}
	for g := range sonicAPIGaps {
		if !gaps[g] {
			t.Errorf("%s is listed as missing but jet has it: drop it from sonicAPIGaps", g)
		}
	}
	t.Logf("%d of sonic's names and members missing in jet, all listed", len(names))
}

// members returns the exported fields and methods of t (of *t, for a
// named non-interface type), promoted ones included.
func members(t types.Type) []types.Object {
	var out []types.Object
	seen := map[string]bool{}
	add := func(o types.Object) {
		if o.Exported() && !seen[o.Name()] {
			seen[o.Name()] = true
			out = append(out, o)
		}
	}
	mt := t
	if !types.IsInterface(t) {
		mt = types.NewPointer(t)
	}
	ms := types.NewMethodSet(mt)
	for i := 0; i < ms.Len(); i++ {
		add(ms.At(i).Obj())
	}
	if st, ok := t.Underlying().(*types.Struct); ok {
		var walk func(st *types.Struct, depth int)
		walk = func(st *types.Struct, depth int) {
			for i := 0; i < st.NumFields(); i++ {
				f := st.Field(i)
				add(f)
				if f.Embedded() && depth < 4 {
					ft := f.Type()
					if p, ok := ft.(*types.Pointer); ok {
						ft = p.Elem()
					}
					if inner, ok := ft.Underlying().(*types.Struct); ok {
						walk(inner, depth+1)
					}
				}
			}
		}
		walk(st, 0)
	}
	return out
}

// sameShape reports whether a call that fits function type a fits b
// too, as far as counts go: as many parameters (variadic alike) and
// results. Non-functions always match.
func sameShape(a, b types.Type) bool {
	as, ok := a.Underlying().(*types.Signature)
	if !ok {
		return true
	}
	bs, ok := b.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	return as.Params().Len() == bs.Params().Len() && as.Variadic() == bs.Variadic() &&
		as.Results().Len() == bs.Results().Len()
}

// sameKind returns nil when a and b are both fields or both methods.
func sameKind(a, b types.Object) error {
	_, af := a.(*types.Var)
	_, bf := b.(*types.Var)
	if af != bf {
		return errKind
	}
	return nil
}

var errKind = &kindError{}

type kindError struct{}

func (*kindError) Error() string { return "a field on one side, a method on the other" }
