package ast

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/jetjson/jet/internal/wire"
)

func TestSonicErrorNames(t *testing.T) {
	if ErrNotExist != ErrNotFound || ErrUnsupportType != ErrUnsupportedType || VisitOPSkip != SkipContainer {
		t.Fatal("sonic's names are not jet's values")
	}
	root := NewRaw(`{"a":1}`)
	if err := root.GetByPath("b").Check(); !errors.Is(err, ErrNotExist) {
		t.Errorf("missing key: %v, want ErrNotExist", err)
	}
	if _, err := root.Int64(); !errors.Is(err, ErrUnsupportType) {
		t.Errorf("Int64 of an object: %v, want ErrUnsupportType", err)
	}
}

func TestCap(t *testing.T) {
	for _, c := range []struct {
		src string
		len int
	}{{`[1,2,3]`, 3}, {`[]`, 0}, {`{"a":1,"b":[2]}`, 2}, {`{}`, 0}} {
		n := NewRaw(c.src)
		got, err := n.Cap()
		if err != nil || got < c.len {
			t.Errorf("Cap(%s) = %d, %v; want at least %d", c.src, got, err, c.len)
		}
	}
	arr := NewArray([]Node{NewNull()})
	for i := 0; i < 20; i++ {
		arr.Add(NewBool(true))
		c, err := arr.Cap()
		l, _ := arr.Len()
		if err != nil || c < l {
			t.Fatalf("after %d Adds: Cap %d, Len %d, %v", i+1, c, l, err)
		}
	}
	for _, n := range []Node{NewNull(), {}} {
		if c, err := n.Cap(); c != 0 || err != nil {
			t.Errorf("Cap of type %d = %d, %v; want 0, nil", n.Type(), c, err)
		}
	}
	s := NewString("x")
	if _, err := s.Cap(); !errors.Is(err, ErrUnsupportedType) {
		t.Errorf("Cap of a string: %v", err)
	}
	bad := NewRaw(`[1,`)
	if _, err := bad.Cap(); err == nil {
		t.Error("Cap of an invalid node: no error")
	}
}

func TestMove(t *testing.T) {
	for _, c := range []struct {
		dst, src int
		want     string
	}{
		{0, 2, `[3,1,2,4]`},
		{2, 0, `[2,3,1,4]`},
		{3, 0, `[2,3,4,1]`},
		{0, 3, `[4,1,2,3]`},
		{1, 1, `[1,2,3,4]`},
		{1, 2, `[1,3,2,4]`},
	} {
		n := NewRaw(`[1,2,3,4]`)
		if err := n.Move(c.dst, c.src); err != nil {
			t.Fatal(err)
		}
		out, err := n.MarshalJSON()
		if err != nil || string(out) != c.want {
			t.Errorf("Move(%d, %d) = %s %v, want %s", c.dst, c.src, out, err, c.want)
		}
		if i, _ := n.Index(c.dst).Int64(); c.dst != c.src && i != int64(c.src+1) {
			t.Errorf("Move(%d, %d): Index(%d) = %d", c.dst, c.src, c.dst, i)
		}
	}
	n := NewRaw(`[1,2]`)
	for _, c := range [][2]int{{-1, 0}, {0, 2}, {2, 0}, {0, -1}} {
		if err := n.Move(c[0], c[1]); !errors.Is(err, ErrNotFound) {
			t.Errorf("Move(%d, %d): %v, want ErrNotFound", c[0], c[1], err)
		}
	}
	o := NewRaw(`{"a":1,"b":2}`)
	if err := o.Move(0, 1); !errors.Is(err, ErrUnsupportedType) {
		t.Errorf("Move on an object: %v, want ErrUnsupportedType (as sonic)", err)
	}
}

func TestNewRawConcurrentRead(t *testing.T) {
	n := NewRawConcurrentRead(` {"a":[1,2,{"b":"c"}]} `)
	done := make(chan string, 4)
	for i := 0; i < 4; i++ {
		go func() {
			s, _ := n.GetByPath("a", 2, "b").String()
			done <- s
		}()
	}
	for i := 0; i < 4; i++ {
		if s := <-done; s != "c" {
			t.Errorf("concurrent read: %q", s)
		}
	}
	if n.TypeSafe() != V_OBJECT {
		t.Errorf("TypeSafe() = %d", n.TypeSafe())
	}
	if bad := NewRawConcurrentRead(`[1,`); bad.Check() == nil {
		t.Error("invalid JSON: no error")
	}
}

func TestLoads(t *testing.T) {
	for _, src := range []string{`1`, ` 3.5 `, `{"a":[1,2.5,"x",null,true]}`, "\t[] x", `"s"  "t"`} {
		end, v, err := Loads(src)
		i := wire.SkipSpace(src, 0)
		wantEnd, ok := wire.SkipValue(src, i, wire.DefaultMaxDepth)
		var want any
		if !ok || json.Unmarshal([]byte(src[i:wantEnd]), &want) != nil {
			t.Fatalf("bad case %q", src)
		}
		if err != nil || end != wantEnd || !reflect.DeepEqual(v, want) {
			t.Errorf("Loads(%q) = %d, %#v, %v; want %d, %#v", src, end, v, err, wantEnd, want)
		}
		_, vn, err := LoadsUseNumber(src)
		dec := json.NewDecoder(strings.NewReader(src))
		dec.UseNumber()
		var wantN any
		dec.Decode(&wantN)
		if err != nil || !reflect.DeepEqual(vn, wantN) {
			t.Errorf("LoadsUseNumber(%q) = %#v, %v; want %#v", src, vn, err, wantN)
		}
	}
	for _, src := range []string{``, `[1,`, `{"a":}`, `["\x"]`} {
		if _, _, err := Loads(src); err == nil {
			t.Errorf("Loads(%q): no error", src)
		}
	}
}

func TestParser(t *testing.T) {
	p := NewParser(` {"a":1} [2] "s" `)
	var got []string
	for {
		n, code := p.Parse()
		if code != 0 {
			if code.Message() != "unexpected end of JSON input" || p.ExportError(code) == nil {
				t.Errorf("at the end: code %d %q, %v", code, code.Message(), p.ExportError(code))
			}
			break
		}
		if p.ExportError(code) != nil {
			t.Error("ExportError(0) is not nil")
		}
		raw, _ := n.Raw()
		got = append(got, raw)
	}
	if strings.Join(got, " ") != `{"a":1} [2] "s"` {
		t.Errorf("Parse in turn: %q", got)
	}
	po := NewParserObj(`[1,}`)
	n, code := po.Parse()
	if code == 0 || n.Type() != V_NONE || po.Pos() != 3 {
		t.Errorf("Parse of [1,}: %d, type %d, Pos %d", code, n.Type(), po.Pos())
	}
	var se *wire.SyntaxError
	if err := po.ExportError(code); !errors.As(err, &se) || se.Offset != 4 || code.Error() == "" {
		t.Errorf("ExportError: %v", err)
	}
}

// skipVisitor returns VisitOPSkip from the Begin of every container below
// the top and records the calls it gets.
type skipVisitor struct {
	calls []string
	depth int
}

func (v *skipVisitor) add(s string) error                   { v.calls = append(v.calls, s); return nil }
func (v *skipVisitor) OnNull() error                        { return v.add("null") }
func (v *skipVisitor) OnBool(b bool) error                  { return v.add("bool") }
func (v *skipVisitor) OnString(s string) error              { return v.add(s) }
func (v *skipVisitor) OnObjectKey(k string) error           { return v.add("key:" + k) }
func (v *skipVisitor) OnInt64(int64, json.Number) error     { return v.add("int") }
func (v *skipVisitor) OnFloat64(float64, json.Number) error { return v.add("float") }
func (v *skipVisitor) OnObjectEnd() error                   { v.depth--; return v.add("}") }
func (v *skipVisitor) OnArrayEnd() error                    { v.depth--; return v.add("]") }
func (v *skipVisitor) OnObjectBegin(int) error              { return v.begin("{") }
func (v *skipVisitor) OnArrayBegin(int) error               { return v.begin("[") }
func (v *skipVisitor) begin(s string) error {
	v.depth++
	v.add(s)
	if v.depth > 1 {
		return VisitOPSkip
	}
	return nil
}

func TestVisitOPSkip(t *testing.T) {
	v := &skipVisitor{}
	err := Preorder(`{"a":[1,{"x":2}],"b":{"c":"d"},"e":"f"}`, v, nil)
	want := `{ key:a [ ] key:b { } key:e f }`
	if got := strings.Join(v.calls, " "); err != nil || got != want {
		t.Errorf("Preorder with VisitOPSkip: %q %v, want %q (sonic's: contents skipped, End called)", got, err, want)
	}
}

func TestSonicSyntaxError(t *testing.T) {
	n := NewRaw(`[1,}`)
	var se *SyntaxError
	if err := n.Check(); !errors.As(err, &se) || se.Offset != 4 {
		t.Errorf("NewRaw of invalid JSON: %v, want an *ast.SyntaxError at offset 4", err)
	}
}
