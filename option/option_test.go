package option

import (
	"strings"
	"testing"
)

func TestDefaultCompileOptions(t *testing.T) {
	o := DefaultCompileOptions()
	if o.MaxInlineDepth != 3 || o.RecursiveDepth != 1 || o.EncOnlyOmitNull {
		t.Errorf("DefaultCompileOptions() = %+v, want sonic's {3 1 false}", o)
	}
}

func TestWith(t *testing.T) {
	var o CompileOptions
	WithCompileRecursiveDepth(5)(&o)
	WithCompileMaxInlineDepth(7)(&o)
	WithCompileEncOnlyOmitNull(true)(&o)
	if o != (CompileOptions{MaxInlineDepth: 7, RecursiveDepth: 5, EncOnlyOmitNull: true}) {
		t.Errorf("after the With options: %+v", o)
	}
}

func TestResolve(t *testing.T) {
	o, err := Resolve(nil, WithCompileRecursiveDepth(0), WithCompileMaxInlineDepth(1), WithCompileEncOnlyOmitNull(false))
	if err != nil || o != (CompileOptions{MaxInlineDepth: 1, RecursiveDepth: 0}) {
		t.Errorf("Resolve = %+v, %v", o, err)
	}
	// Later options win, as they are applied in order.
	if o, _ := Resolve(WithCompileRecursiveDepth(4), WithCompileRecursiveDepth(2)); o.RecursiveDepth != 2 {
		t.Errorf("RecursiveDepth = %d, want the last one, 2", o.RecursiveDepth)
	}
	for _, c := range []struct {
		opt  CompileOption
		want string
	}{
		{WithCompileRecursiveDepth(-1), "recursive depth -1"},
		{WithCompileMaxInlineDepth(0), "max inline depth 0"},
		{WithCompileEncOnlyOmitNull(true), "EncOnlyOmitNull is not supported"},
	} {
		if _, err := Resolve(c.opt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Resolve: error %v, want one saying %q", err, c.want)
		}
	}
}
