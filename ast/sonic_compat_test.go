package ast

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/jetjson/jet/decoder"
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
			se, ok := p.ExportError(code).(SyntaxError)
			if code != 1 || code.Message() != "eof" || !ok || se.Pos != 17 || se.Code != 1 || se.Msg != wire.MsgUnexpectedEOF {
				t.Errorf("at the end: code %d %q, %#v", code, code.Message(), p.ExportError(code))
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
	if err := po.ExportError(code); !errors.As(err, &se) || se.Offset != 4 || code.Error() != "json: error when parsing input: invalid char" {
		t.Errorf("ExportError: %v (%v)", err, code.Error())
	}
	err := po.ExportError(code)
	want := SyntaxError{Pos: 3, Src: `[1,}`, Code: 2, Msg: "invalid character '}' looking for beginning of value"}
	if err != want {
		t.Errorf("ExportError: %#v, want %#v", err, want)
	}
	// sonic's ExportError returns an error whose text is that of the
	// SyntaxError for the same place and code.
	desc := "Syntax error at index 3: " + want.Msg + "\n\n\t[1,}\n\t...^\n"
	if err.(SyntaxError).Description() != desc || err.Error() != strconv.Quote(desc) {
		t.Errorf("ExportError's text:\n%s\nwant\n%s", err.(SyntaxError).Description(), desc)
	}
	for code, want := range map[ParsingError]string{0: "ok", 1: "eof", 2: "invalid char", 3: "invalid escape char", 7: "recursion exceeded max depth", 99: "unknown error 99"} {
		if code.Message() != want {
			t.Errorf("ParsingError(%d).Message() = %q, want %q", code, code.Message(), want)
		}
	}
	for src, wantCode := range map[string]ParsingError{`["\x"]`: 3, `tru`: 1, `[1 2]`: 2, strings.Repeat("[", 10001): 7} {
		if _, code := NewParser(src).Parse(); code != wantCode {
			t.Errorf("Parse(%.20q) = %d, want %d", src, code, wantCode)
		}
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
	// jet's own functions keep jet's error (jet.SyntaxError).
	n := NewRaw(`[1,}`)
	var se *wire.SyntaxError
	if err := n.Check(); !errors.As(err, &se) || se.Offset != 4 {
		t.Errorf("NewRaw of invalid JSON: %v, want a *jet.SyntaxError at offset 4", err)
	}
	// ast.SyntaxError is a type of its own, as in sonic: a type switch
	// may name it beside decoder.SyntaxError.
	kind := func(err error) string {
		switch err.(type) {
		case SyntaxError:
			return "ast"
		case decoder.SyntaxError:
			return "decoder"
		}
		return "other"
	}
	var e error = SyntaxError{Pos: 1, Src: "[}", Code: 2}
	if kind(e) != "ast" || kind(decoder.SyntaxError{}) != "decoder" {
		t.Error("ast.SyntaxError and decoder.SyntaxError are not told apart")
	}
	if got, want := e.(SyntaxError).Description(), "Syntax error at index 1: invalid char\n\n\t[}\n\t.^\n"; got != want {
		t.Errorf("Description = %q, want %q", got, want)
	}
	var std *json.SyntaxError
	if !errors.As(e, &std) || std.Offset != 2 || std.Error() != "invalid char" {
		t.Errorf("errors.As to *json.SyntaxError: %v", std)
	}
}

func TestSonicSyntaxErrorDescribe(t *testing.T) {
	src := `[1,}`
	po := NewParser(src)
	_, code := po.Parse()
	err := po.ExportError(code)
	var je *wire.SyntaxError
	if !errors.As(err, &je) {
		t.Fatalf("ExportError: %v", err)
	}
	if got, want := decoder.Describe(err, src), decoder.Describe(je, src); got != want || !strings.Contains(got, "^") {
		t.Errorf("Describe(ast.SyntaxError) = %q, want %q", got, want)
	}
}
