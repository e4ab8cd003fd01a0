// Command sonicprog is a program written against sonic
// (github.com/bytedance/sonic): it makes the calls that sonic's README and
// examples document, and prints what each returns, one "label: result"
// line per call. TestSonicProgram (../../sonic_compat_test.go) runs it as
// it is, and again with its import paths changed to jet's, and compares
// the two outputs.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/bytedance/sonic"
	"github.com/bytedance/sonic/ast"
	"github.com/bytedance/sonic/decoder"
	"github.com/bytedance/sonic/encoder"
	"github.com/bytedance/sonic/option"
	"github.com/bytedance/sonic/utf8"
)

func show(label string, vals ...any) {
	var b strings.Builder
	for i, v := range vals {
		if i > 0 {
			b.WriteString(" ")
		}
		switch x := v.(type) {
		case error:
			if x == nil {
				b.WriteString("<nil>")
			} else {
				b.WriteString("error")
			}
		case []byte:
			fmt.Fprintf(&b, "%q", x)
		case string:
			fmt.Fprintf(&b, "%q", x)
		default:
			fmt.Fprintf(&b, "%#v", x)
		}
	}
	fmt.Printf("%s: %s\n", label, b.String())
}

// isErr prints only whether err is nil: error texts differ on purpose.
func isErr(err error) string {
	if err == nil {
		return "ok"
	}
	return "error"
}

type User struct {
	ID    int64    `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags,omitempty"`
	Inner *User    `json:"inner,omitempty"`
}

type HugeStruct1 struct {
	A struct {
		B struct {
			C struct{ D struct{ E []User } }
		}
	}
}

type HugeStruct2 struct {
	M map[string][]HugeStruct1
}

type compactMe struct{}

func (compactMe) MarshalJSON() ([]byte, error) { return []byte(`{ "a" : [ 1 , 2 ] }`), nil }

type quotedText struct{}

func (quotedText) MarshalText() ([]byte, error) { return []byte(`"already quoted"`), nil }

const doc = `{"key1":[{},{"key2":{"key3":[1,2,3]}}]}`

const twitter = `{"statuses":[{"id":1,"user":{"id":10,"name":"a"}},{"id":2,"user":{"id":20,"name":"b"}},{"id":3,"user":{"id":30,"name":"c"}},{"id":4,"user":{"id":40,"name":"d","tags":["x","y"]}}],"search_metadata":{"count":4}}`

func main() {
	marshalUnmarshal()
	streaming()
	numbers()
	sortKeys()
	escapeHTML()
	compact()
	mismatched()
	astGet()
	astSetUnset()
	astSerialize()
	astAPIs()
	visitor()
	configs()
	pretouch()
	copyString()
	stringOrBytes()
	textMarshaler()
	generic()
	fasterSkip()
	compatNames()
	embeddedStreamAPIs()
	syntaxErrors()
}

func marshalUnmarshal() {
	data := User{ID: 1, Name: "bob", Tags: []string{"a"}}
	output, err := sonic.Marshal(&data)
	show("Marshal", output, err)
	var back User
	err = sonic.Unmarshal(output, &back)
	show("Unmarshal", back.ID, back.Name, back.Tags, err)
	s, err := sonic.MarshalString(data)
	show("MarshalString", s, err)
	b, err := sonic.MarshalIndent(map[string]int{"a": 1}, ">", "  ")
	show("MarshalIndent", b, err)
	show("Valid", sonic.Valid([]byte(`{"a":[1,2]}`)), sonic.Valid([]byte(`{"a":[1,2}`)), sonic.ValidString(` 1 `))
}

func streaming() {
	var o1 = map[string]interface{}{"a": "b"}
	var o2 = 1
	var w = bytes.NewBuffer(nil)
	var enc = sonic.ConfigDefault.NewEncoder(w)
	enc.Encode(o1)
	enc.Encode(o2)
	show("StreamEncoder", w.String())
	enc.SetEscapeHTML(true)
	enc.SetIndent("", " ")
	w.Reset()
	enc.Encode(map[string]any{"h": "<&>"})
	show("StreamEncoder.SetEscapeHTML+SetIndent", w.String())

	var o = map[string]interface{}{}
	var r = strings.NewReader(`{"a":"b"}{"1":"2"}`)
	var dec = sonic.ConfigDefault.NewDecoder(r)
	dec.Decode(&o)
	dec.Decode(&o)
	show("StreamDecoder", fmt.Sprintf("%+v", o))

	dec = sonic.ConfigDefault.NewDecoder(strings.NewReader(`[1, 2] {"x": 1.5} 7`))
	var a []int
	show("StreamDecoder.Decode", isErr(dec.Decode(&a)), a, dec.More())
	dec.UseNumber()
	var v any
	show("StreamDecoder.UseNumber", isErr(dec.Decode(&v)), v)
	rest, _ := io_ReadAll(dec.Buffered())
	show("StreamDecoder.Buffered", strings.TrimSpace(rest))
	dec2 := sonic.ConfigStd.NewDecoder(strings.NewReader(`{"A":1,"Z":2}`))
	dec2.DisallowUnknownFields()
	var st struct{ A int }
	show("StreamDecoder.DisallowUnknownFields", isErr(dec2.Decode(&st)))

	sd := decoder.NewStreamDecoder(strings.NewReader(` 1 2 `))
	var n1, n2 int
	e1 := sd.Decode(&n1)
	show("decoder.StreamDecoder", n1, isErr(e1), sd.InputOffset(), sd.More())
	e2 := sd.Decode(&n2)
	show("decoder.StreamDecoder2", n2, isErr(e2), sd.More())

	var buf bytes.Buffer
	se := encoder.NewStreamEncoder(&buf)
	se.Encode([]int{1})
	se.SetEscapeHTML(true)
	se.Encode("<")
	show("encoder.StreamEncoder", buf.String())
}

func io_ReadAll(r interface{ Read([]byte) (int, error) }) (string, error) {
	var b bytes.Buffer
	_, err := b.ReadFrom(r)
	return b.String(), err
}

func numbers() {
	var input = `1`
	var data interface{}

	dc := decoder.NewDecoder(input)
	dc.Decode(&data)
	show("decoder default", data)
	dc = decoder.NewDecoder(input)
	dc.UseNumber()
	dc.Decode(&data)
	show("decoder.UseNumber", data)
	dc = decoder.NewDecoder(input)
	dc.UseInt64()
	dc.Decode(&data)
	show("decoder.UseInt64", data)

	root, err := sonic.GetFromString(input)
	jn, _ := root.Number()
	jm, _ := root.InterfaceUseNumber()
	show("Node.Number", jn, jm.(json.Number) == jn, err)
	fn, _ := root.Float64()
	fm, _ := root.Interface()
	show("Node.Float64", fn, fm.(float64) == fn)

	dc = decoder.NewDecoder(`{"a":"x"} {"b":2}  `)
	dc.CopyString()
	dc.ValidateString()
	var m map[string]any
	show("Decoder.Decode", isErr(dc.Decode(&m)), m, dc.Pos())
	show("Decoder.CheckTrailings", isErr(dc.CheckTrailings()))
	m = nil
	show("Decoder.Decode2", isErr(dc.Decode(&m)), m, isErr(dc.CheckTrailings()))
	dc.Reset(`{"Z":1}`)
	dc.DisallowUnknownFields()
	var st struct{ A int }
	show("Decoder.DisallowUnknownFields", isErr(dc.Decode(&st)))
	dc.Reset(`{"Z":1}`)
	dc.SetOptions(decoder.OptionUseInt64 | decoder.OptionCopyString)
	show("Decoder.SetOptions", isErr(dc.Decode(&st)))
}

func sortKeys() {
	m := map[string]interface{}{"b": 1, "a": map[string]int{"y": 1, "x": 2}, "c": []int{3}}
	v, err := encoder.Encode(m, encoder.SortMapKeys)
	show("encoder.SortMapKeys", v, err)

	root, err := sonic.Get([]byte(`{"b":1,"a":{"y":1,"x":2}}`))
	err = root.SortKeys(true)
	raw, _ := root.Raw()
	show("Node.SortKeys", raw, err)

	e := encoder.Encoder{Opts: encoder.EscapeHTML}
	out, err := e.SortKeys().Encode(m)
	show("encoder.Encoder.SortKeys", out, err)
	e.SetIndent("", "\t")
	e.SetEscapeHTML(false)
	out, err = e.Encode(map[string]string{"k": "<"})
	show("encoder.Encoder.SetIndent", out, err)
}

func escapeHTML() {
	v := map[string]string{"&&": "<>"}
	ret, err := encoder.Encode(v, encoder.EscapeHTML)
	show("encoder.EscapeHTML", ret, err)
	show("encoder.HTMLEscape", encoder.HTMLEscape(nil, []byte(`{"a":"<b>&\u2028"}`)))
	buf := []byte("x")
	err = encoder.EncodeInto(&buf, []int{1, 2}, 0)
	show("encoder.EncodeInto", buf, err)
	ind, err := encoder.EncodeIndented(map[string][]int{"a": {1}}, "", "  ", 0)
	show("encoder.EncodeIndented", ind, err)
}

func compact() {
	out, err := encoder.Encode(compactMe{}, 0)
	show("Marshaler as is", out, err)
	out, err = encoder.Encode(compactMe{}, encoder.CompactMarshaler)
	show("encoder.CompactMarshaler", out, err)
	raw := json.RawMessage(`[ 1,  2 ]`)
	out, err = encoder.Encode(&raw, encoder.CompatibleWithStd)
	show("encoder.CompatibleWithStd", out, err)
	out, err = encoder.Encode([]int(nil), encoder.NoNullSliceOrMap)
	show("encoder.NoNullSliceOrMap", out, err)
}

func mismatched() {
	var data = struct {
		A int
		B int
	}{}
	err := sonic.UnmarshalString(`{"A":"1","B":1}`, &data)
	me, ok := err.(*decoder.MismatchTypeError)
	show("MismatchTypeError", ok, me != nil && me.Description() != "", fmt.Sprintf("%+v", data))

	var x interface{}
	err = sonic.UnmarshalString("[[[}]]", &x)
	show("syntax error", isErr(err))
	// sonic's README: a syntax error of Unmarshal is a decoder.SyntaxError.
	se, ok := err.(decoder.SyntaxError)
	show("Unmarshal SyntaxError", ok, se.Pos)
}

// syntaxErrors shows sonic's SyntaxError, as its decoders return it, on
// bad inputs: whether the error is one, its Pos, Src and Code, and its
// Description's lines (all but the message), and Error's relation to
// Description.
func syntaxErrors() {
	for _, in := range []string{
		"[[[}]]", `{"a" 1}`, "[1,2,]", "[01]", "]", `{"a":[1,2,{"b":tru}]}`, "[1.]", "[1e]",
		`{"key1":[1,2,3],"key2":{"a":"b","c":[true,false,nul]},"key3":"longer text here"}`,
		"tru", "[1,2", "-", `{"a":"b`, "   ", `"\x"`, `"\ug000"`,
	} {
		var v interface{}
		err := decoder.NewDecoder(in).Decode(&v)
		showSyntaxError(fmt.Sprintf("decoder.SyntaxError %q", in), in, err)
	}
	for _, in := range []string{"{\"a\":1} x", "1 2"} {
		d := decoder.NewDecoder(in)
		var v interface{}
		err := d.Decode(&v)
		if err == nil {
			err = d.CheckTrailings()
		}
		showSyntaxError(fmt.Sprintf("CheckTrailings %q", in), in, err)
	}
	for _, in := range []string{"[1,2,]", `  {"a" 1}`, `{"a":[1,2,{"b":tru}]}`, `"\x"`} {
		var v interface{}
		err := decoder.NewStreamDecoder(strings.NewReader(in)).Decode(&v)
		showSyntaxError(fmt.Sprintf("StreamDecoder SyntaxError %q", in), strings.TrimSpace(in), err)
	}
	// A program may make one itself.
	e := decoder.SyntaxError{Pos: 3, Src: "[[[}]]", Code: 2}
	show("SyntaxError literal", e.Message(), e.Description(), e.Error())
	a := ast.SyntaxError{Pos: 1, Src: `{]`, Msg: "custom"}
	show("ast.SyntaxError literal", a.Message(), a.Description(), a.Error())
}

func showSyntaxError(label, in string, err error) {
	se, ok := err.(decoder.SyntaxError)
	if !ok {
		show(label, ok)
		return
	}
	_, lines, _ := strings.Cut(se.Description(), "\n")
	head, _, _ := strings.Cut(se.Description(), ": ")
	show(label, ok, se.Pos, se.Src == in, se.Code, se.Code.Error() != "", se.Message() != "",
		head, lines, se.Error() == fmt.Sprintf("%q", se.Description()))
}

func astGet() {
	input := []byte(doc)
	root, err := sonic.Get(input)
	raw, _ := root.Raw()
	show("Get()", raw == string(input), err)

	root, err = sonic.Get(input, "key1", 1, "key2")
	sub, _ := root.Get("key3").Index(2).Int64()
	show("Get(path)", sub, err)

	_, err = sonic.Get(input, "nokey")
	show("Get(missing)", errors.Is(err, ast.ErrNotExist))

	opts := ast.SearchOptions{CopyReturn: true, ConcurrentRead: true, ValidateJSON: true}
	val, err := sonic.GetWithOptions(input, opts, "key1", 1)
	raw, _ = val.Raw()
	show("GetWithOptions", raw, err)
	val, err = sonic.GetCopyFromString(doc, "key1", 0)
	raw, _ = val.Raw()
	show("GetCopyFromString", raw, err)

	s := ast.NewSearcher(doc)
	n, err := s.GetByPath("key1", 1, "key2", "key3", 0)
	i, _ := n.Int64()
	show("Searcher.GetByPath", i, err)
	n, err = s.GetByPathCopy("key1", 1, "key2", "key3")
	raw, _ = n.Raw()
	show("Searcher.GetByPathCopy", raw, err)
}

func astSetUnset() {
	root, _ := sonic.GetFromString(`{"key1":[1]}`)
	exist, err := root.Set("key4", ast.NewBool(true))
	show("Set", exist, err)
	alias1 := root.Get("key4")
	show("Set.Valid", alias1.Valid())
	alias2 := root.Index(1)
	show("Get==Index", alias1 == alias2)
	exist, err = root.UnsetByIndex(1)
	show("UnsetByIndex", exist, err)
	show("Unset.Check", isErr(root.Get("key4").Check()))
	exist, err = root.Unset("key1")
	show("Unset", exist, err)
	raw, _ := root.Raw()
	show("after Unset", raw)
}

func astSerialize() {
	root, _ := sonic.GetFromString(doc)
	buf, err := root.MarshalJSON()
	show("MarshalJSON", buf, err)
	exp, err := json.Marshal(&root)
	show("json.Marshal(&root)", string(buf) == string(exp), err)
	var n ast.Node
	err = json.Unmarshal([]byte(`{"a":[1,2]}`), &n)
	raw, _ := n.Raw()
	show("Node.UnmarshalJSON", raw, err)
}

func astAPIs() {
	root := ast.NewRaw(`{"a":1,"b":[true,null,"s",2.5],"c":{"d":"e"}}`)
	show("Check/Error/Valid/Exists", isErr(root.Check()), root.Error(), root.Valid(), root.Exists())
	none := root.Get("zz")
	show("missing", none == nil || !none.Exists(), isErr(none.Check()))
	show("Type", root.Type(), root.Get("b").Type(), root.Get("a").Type(), root.TypeSafe())
	show("Index", mustRaw(root.Index(1)))
	p := root.IndexPair(2)
	show("IndexPair", p.Key, mustRaw(&p.Value))
	show("IndexOrGet", mustRaw(root.IndexOrGet(0, "a")), mustRaw(root.IndexOrGet(0, "c")))
	gp, gi := root.IndexOrGetWithIdx(5, "c")
	show("IndexOrGetWithIdx", mustRaw(gp), gi)
	show("GetByPath", mustRaw(root.GetByPath("c", "d")), mustRaw(root.GetByPath("b", 3)))
	i64, err := root.Get("a").Int64()
	show("Int64", i64, err)
	f64, err := root.GetByPath("b", 3).Float64()
	show("Float64", f64, err)
	str, err := root.GetByPath("b", 2).String()
	show("String", str, err)
	num, err := root.Get("a").Number()
	show("Number", num, err)
	bo, err := root.GetByPath("b", 0).Bool()
	show("Bool", bo, err)
	sb, err := root.GetByPath("b", 0).StrictBool()
	show("StrictBool", sb, err)
	_, err = root.GetByPath("b", 2).StrictInt64()
	show("StrictInt64(string)", isErr(err))
	mp, err := root.Get("c").Map()
	show("Map", mp, err)
	mn, err := root.MapUseNumber()
	show("MapUseNumber", mn["a"], err)
	mu, err := root.MapUseNode()
	show("MapUseNode", len(mu), err)
	ar, err := root.Get("b").Array()
	show("Array", ar, err)
	an, err := root.Get("b").ArrayUseNumber()
	show("ArrayUseNumber", an, err)
	au, err := root.Get("b").ArrayUseNode()
	show("ArrayUseNode", len(au), err)
	in, err := root.Get("c").Interface()
	show("Interface", in, err)
	iu, err := root.Get("c").InterfaceUseNode()
	_, isMap := iu.(map[string]ast.Node)
	show("InterfaceUseNode", isMap, err)
	l, err := root.Get("b").Len()
	show("Len", l, err)
	c, err := root.Get("b").Cap()
	show("Cap>=Len", c >= l, err)

	show("NewRaw", mustRaw(&[]ast.Node{ast.NewRaw(` [1, 2] `)}[0]))
	show("NewNumber", mustRaw(&[]ast.Node{ast.NewNumber("1.5e3")}[0]))
	show("NewNull", mustRaw(&[]ast.Node{ast.NewNull()}[0]))
	show("NewBool", mustRaw(&[]ast.Node{ast.NewBool(false)}[0]))
	show("NewString", mustRaw(&[]ast.Node{ast.NewString("q\"<")}[0]))
	obj := ast.NewObject([]ast.Pair{ast.NewPair("k", ast.NewString("v")), {Key: "n", Value: ast.NewNumber("1")}})
	show("NewObject", mustRaw(&obj))
	arr := ast.NewArray([]ast.Node{ast.NewNumber("1"), ast.NewNull()})
	show("NewArray", mustRaw(&arr))
	anyNode := ast.NewAny(map[string]int{"z": 1})
	out, err := anyNode.MarshalJSON()
	show("NewAny", out, err)
	bytesNode := ast.NewBytes([]byte("hi"))
	show("NewBytes", mustRaw(&bytesNode))

	it, err := root.Get("b").Values()
	var v ast.Node
	var got []string
	for it.HasNext() {
		pos := it.Pos()
		if !it.Next(&v) {
			break
		}
		got = append(got, fmt.Sprint(pos, mustRaw(&v)))
	}
	show("Values", got, it.Len(), err)
	pit, err := root.Properties()
	var pr ast.Pair
	got = nil
	for pit.Next(&pr) {
		got = append(got, pr.Key)
	}
	show("Properties", got, err)
	got = nil
	err = root.ForEach(func(path ast.Sequence, node *ast.Node) bool {
		got = append(got, path.String()+"="+mustRaw(node))
		return true
	})
	show("ForEach", got, err)

	exist, err := root.SetByIndex(0, ast.NewNumber("9"))
	show("SetByIndex", exist, err, mustRaw(root.Get("a")))
	b := root.Get("b")
	show("Add", isErr(b.Add(ast.NewString("end"))), mustRaw(b))
	show("AddAny", isErr(b.AddAny([]int{1})), mustRaw(b))
	exist, err = root.SetAny("x", map[string]bool{"t": true})
	show("SetAny", exist, err, mustRaw(root.Get("x")))
	show("Move", isErr(b.Move(0, 5)), mustRaw(b))
	show("Pop", isErr(b.Pop()), mustRaw(b))
	show("Load", isErr(root.Load()), isErr(root.LoadAll()))
}

func mustRaw(n *ast.Node) string {
	if n == nil {
		return "<nil>"
	}
	s, err := n.Raw()
	if err != nil {
		return "error"
	}
	return s
}

type UserNode interface{}

type (
	UserNull    struct{}
	UserBool    struct{ Value bool }
	UserInt64   struct{ Value int64 }
	UserFloat64 struct{ Value float64 }
	UserString  struct{ Value string }
	UserObject  struct{ Value map[string]UserNode }
	UserArray   struct{ Value []UserNode }
)

// userVisitor builds a UserNode, as sonic's README describes.
type userVisitor struct {
	stack []UserNode
	keys  []string
	root  UserNode
	skip  bool
}

func (v *userVisitor) put(n UserNode) error {
	if len(v.stack) == 0 {
		v.root = n
		return nil
	}
	switch top := v.stack[len(v.stack)-1].(type) {
	case *UserObject:
		k := v.keys[len(v.keys)-1]
		v.keys = v.keys[:len(v.keys)-1]
		top.Value[k] = n
	case *UserArray:
		top.Value = append(top.Value, n)
	}
	return nil
}

func (v *userVisitor) OnNull() error              { return v.put(UserNull{}) }
func (v *userVisitor) OnBool(b bool) error        { return v.put(UserBool{b}) }
func (v *userVisitor) OnString(s string) error    { return v.put(UserString{s}) }
func (v *userVisitor) OnObjectKey(k string) error { v.keys = append(v.keys, k); return nil }
func (v *userVisitor) OnInt64(i int64, n json.Number) error {
	return v.put(UserInt64{i})
}
func (v *userVisitor) OnFloat64(f float64, n json.Number) error {
	return v.put(UserFloat64{f})
}
func (v *userVisitor) OnObjectBegin(capacity int) error {
	o := &UserObject{Value: map[string]UserNode{}}
	v.put(o)
	v.stack = append(v.stack, o)
	if v.skip && len(v.stack) > 1 {
		return ast.VisitOPSkip
	}
	return nil
}
func (v *userVisitor) OnObjectEnd() error { v.stack = v.stack[:len(v.stack)-1]; return nil }
func (v *userVisitor) OnArrayBegin(capacity int) error {
	a := &UserArray{}
	v.put(a)
	v.stack = append(v.stack, a)
	return nil
}
func (v *userVisitor) OnArrayEnd() error { v.stack = v.stack[:len(v.stack)-1]; return nil }

func visitor() {
	src := `{"a":[1,-2.5,"s",true,null,{"b":{}}],"c":{"d":1}}`
	v := &userVisitor{}
	err := ast.Preorder(src, v, nil)
	show("Preorder", fmt.Sprintf("%+v", deref(v.root)), err)
	v = &userVisitor{skip: true}
	err = ast.Preorder(src, v, &ast.VisitorOptions{OnlyNumber: true})
	show("Preorder VisitOPSkip", fmt.Sprintf("%+v", deref(v.root)), err)
}

func deref(n UserNode) any {
	switch x := n.(type) {
	case *UserObject:
		m := map[string]any{}
		for k, v := range x.Value {
			m[k] = deref(v)
		}
		return m
	case *UserArray:
		var a []any
		for _, v := range x.Value {
			a = append(a, deref(v))
		}
		return a
	}
	return n
}

func configs() {
	v := map[string]any{"b": "<&>", "a": json.RawMessage(`[ 1 ]`)}
	for _, c := range []struct {
		name string
		api  sonic.API
	}{{"ConfigStd", sonic.ConfigStd}, {"ConfigDefault", sonic.ConfigDefault}, {"ConfigFastest", sonic.ConfigFastest}} {
		out, err := c.api.Marshal(map[string]any{"h": "<&>"})
		show(c.name+".Marshal", out, err)
		s, err := c.api.MarshalToString([]any{1.5, "x"})
		show(c.name+".MarshalToString", s, err)
		ind, err := c.api.MarshalIndent([]int{1}, "", " ")
		show(c.name+".MarshalIndent", ind, err)
		var x any
		err = c.api.UnmarshalFromString(`{"n":1}`, &x)
		show(c.name+".UnmarshalFromString", x, err)
		err = c.api.Unmarshal([]byte(`[1] x`), &x)
		show(c.name+".Unmarshal trailing", isErr(err))
		show(c.name+".Valid", c.api.Valid([]byte(`[1]`)), c.api.Valid([]byte(`[1,]`)))
	}
	out, err := sonic.ConfigStd.Marshal(v)
	show("ConfigStd sorted", out, err)
	api := sonic.Config{UseInt64: true, UseNumber: false, EscapeHTML: true, SortMapKeys: true, CopyString: true,
		ValidateString: true, NoNullSliceOrMap: true, NoEncoderNewline: true, EncodeNullForInfOrNan: true,
		CaseSensitive: true, DisallowUnknownFields: false, CompactMarshaler: true, NoQuoteTextMarshaler: false,
		NoValidateJSONMarshaler: false, UseUnicodeErrors: false, NoValidateJSONSkip: false}.Froze()
	var x any
	err = api.UnmarshalFromString(`{"i":1}`, &x)
	show("Config.UseInt64", x, err)
	out, err = api.Marshal(struct{ S []int }{})
	show("Config.NoNullSliceOrMap", out, err)
	var w bytes.Buffer
	api.NewEncoder(&w).Encode(1)
	show("Config.NoEncoderNewline", w.String())
	var cs struct{ Abc int }
	api.UnmarshalFromString(`{"abc":1}`, &cs)
	show("Config.CaseSensitive", cs.Abc)
}

func pretouch() {
	var v1 HugeStruct1
	var v2 HugeStruct2
	err := sonic.PretouchMany([]reflect.Type{reflect.TypeOf(v1), reflect.TypeOf(v2)},
		option.WithCompileRecursiveDepth(2),
		option.WithCompileMaxInlineDepth(2),
	)
	show("PretouchMany", err)
	show("Pretouch", sonic.Pretouch(reflect.TypeOf(&User{})))
	show("encoder.Pretouch", encoder.Pretouch(reflect.TypeOf(v1), option.WithCompileRecursiveDepth(1)))
	show("decoder.Pretouch", decoder.Pretouch(reflect.TypeOf(v2)))
	show("encoder.PretouchMany", encoder.PretouchMany([]reflect.Type{reflect.TypeOf(v2)}))
	show("decoder.PretouchMany", decoder.PretouchMany([]reflect.Type{reflect.TypeOf(v1)}))
	o := option.DefaultCompileOptions()
	show("DefaultCompileOptions", o.MaxInlineDepth, o.RecursiveDepth, o.EncOnlyOmitNull, option.DefaultMaxInlineDepth, option.DefaultRecursiveDepth)
	option.DefaultDecoderBufferSize = 8 * 1024
	option.DefaultEncoderBufferSize = 8 * 1024
	option.DefaultAstBufferSize = 8 * 1024
	option.LimitBufferSize = 2 * 1024 * 1024
	var cfg option.CompileOptions
	option.WithCompileRecursiveDepth(3)(&cfg)
	option.WithCompileMaxInlineDepth(4)(&cfg)
	option.WithCompileEncOnlyOmitNull(false)(&cfg)
	show("CompileOption", cfg.RecursiveDepth, cfg.MaxInlineDepth, cfg.EncOnlyOmitNull)
	var h HugeStruct1
	h.A.B.C.D.E = []User{{ID: 7}}
	out, err := sonic.Marshal(&h)
	show("after Pretouch", out, err)
}

func copyString() {
	api := sonic.Config{CopyString: true}.Froze()
	var s struct{ A string }
	err := api.UnmarshalFromString(`{"A":"kept"}`, &s)
	show("Config.CopyString", s.A, err)
}

func stringOrBytes() {
	node, err := sonic.GetFromString(twitter, "statuses", 3, "user")
	var user User
	raw, _ := node.Raw()
	err2 := sonic.UnmarshalString(raw, &user)
	show("Get+Unmarshal", fmt.Sprintf("%+v", user), err, err2)
}

func textMarshaler() {
	out, err := encoder.Encode(map[string]any{"t": quotedText{}}, encoder.NoQuoteTextMarshaler)
	show("encoder.NoQuoteTextMarshaler", out, err)
	out, err = encoder.Encode(map[string]any{"t": quotedText{}}, 0)
	show("TextMarshaler quoted", out, err)
}

func generic() {
	root, err := sonic.GetFromString(twitter)
	user := root.GetByPath("statuses", 3, "user")
	err2 := user.Check()
	err3 := user.LoadAll()
	done := make(chan string)
	go func() { s, _ := user.Get("name").String(); done <- s }()
	show("generic", <-done, err, err2, err3)
}

func fasterSkip() {
	api := sonic.Config{NoValidateJSONSkip: true, NoValidateJSONMarshaler: true}.Froze()
	var s struct{ A string }
	err := api.UnmarshalFromString(`{"x":[1,{"y":"z"}],"A":"ok"}`, &s)
	show("NoValidateJSONSkip", s.A, err)
	out, err := api.Marshal(compactMe{})
	show("NoValidateJSONMarshaler", out, err)
}

func compatNames() {
	show("decoder.OptionDisableUnknown", decoder.OptionDisableUnknown != 0,
		decoder.OptionUseUnicodeErrors != 0, decoder.OptionNoValidateJSON != 0,
		decoder.OptionUseInt64 != 0, decoder.OptionUseNumber != 0, decoder.OptionCopyString != 0,
		decoder.OptionValidateString != 0, decoder.OptionCaseSensitive != 0)
	d := decoder.NewDecoder(`{"Z":1}`)
	d.SetOptions(decoder.OptionDisableUnknown)
	var st struct{ A int }
	show("OptionDisableUnknown", isErr(d.Decode(&st)))

	api := sonic.Config{UseUnicodeErrors: true}.Froze()
	var s string
	show("UseUnicodeErrors", isErr(api.UnmarshalFromString(`"\ud800"`, &s)), isErr(api.UnmarshalFromString(`"\ud83d\ude00"`, &s)), s)
	d = decoder.NewDecoder(`["\udc00"]`)
	d.UseUnicodeErrors()
	var a []string
	show("Decoder.UseUnicodeErrors", isErr(d.Decode(&a)))
	show("default lone surrogate", isErr(sonic.UnmarshalString(`"\ud800x"`, &s)), s)

	start, end := decoder.Skip([]byte(`  {"a":[1,2]} x`))
	show("decoder.Skip", start, end)
	start, _ = decoder.Skip([]byte(`  [1,2,]`))
	show("decoder.Skip invalid", start < 0)
	show("encoder.Quote", encoder.Quote("a\"b\\c\n\x01<>&é\u2028/"))
	ok, pos := encoder.Valid([]byte(`  [1,2] `))
	show("encoder.Valid", ok, pos)
	ok, pos = encoder.Valid([]byte(`[1,2,]`))
	show("encoder.Valid invalid", ok, pos)
	show("encoder.EnableFallback", encoder.EnableFallback)

	show("utf8.CorrectWith", utf8.CorrectWith(nil, []byte("\"a\xffb\" \xc3"), "\ufffd"))
	show("utf8.CorrectWith prefix", utf8.CorrectWith([]byte("p:"), []byte(`"ok"`), "?"))
	show("utf8.Validate", utf8.Validate([]byte("é")), utf8.Validate([]byte("\xff")), utf8.ValidateString("ok"))

	n := ast.NewRawConcurrentRead(`{"a":[1,2,3]}`)
	i, err := n.GetByPath("a", 2).Int64()
	show("NewRawConcurrentRead", i, err)
	pos2, v, err := ast.Loads(`3.5 `)
	show("ast.Loads", pos2, v, err)
	_, v, err = ast.LoadsUseNumber(`{"a":[1,2.5]}`)
	show("ast.LoadsUseNumber", v, err)
	p := ast.NewParser(`{"a":1}`)
	node, perr := p.Parse()
	show("ast.NewParser", mustRaw(&node), perr == 0)
	po := ast.NewParserObj(`[1,`)
	_, perr = po.Parse()
	show("ast.Parser error", perr != 0, isErr(po.ExportError(perr)))
	show("ast.ErrNotExist", ast.ErrNotExist != nil, ast.ErrUnsupportType != nil)
	arr := ast.NewRaw(`[1,2,3]`)
	show("Node.Move", isErr(arr.Move(0, 2)), mustRaw(&arr))
	show("Node.Cap", func() bool { c, err := arr.Cap(); return err == nil && c >= 3 }())

	var msg struct{ A sonic.NoCopyRawMessage }
	err = sonic.UnmarshalString(`{"A": [1, 2] }`, &msg)
	show("NoCopyRawMessage", string(msg.A), err)
	out, err := sonic.Marshal(msg)
	show("NoCopyRawMessage.Marshal", out, err)
	var nilMsg sonic.NoCopyRawMessage
	out, err = nilMsg.MarshalJSON()
	show("NoCopyRawMessage nil", out, err)
}

// embeddedStreamAPIs uses what sonic's stream types get from the Decoder
// and Encoder they embed: the Decoder's Pos, Reset and CheckTrailings
// (about the text of the value read last, or the string given to Reset)
// and its options, the Encoder's Opts and SortKeys.
func embeddedStreamAPIs() {
	sd := decoder.NewStreamDecoder(strings.NewReader("  {\"a\": [1, 2]}\t \"xy\"\n[3,4] 5 6"))
	show("StreamDecoder.Pos before", sd.Pos(), isErr(sd.CheckTrailings()))
	var m map[string]any
	err := sd.Decode(&m)
	show("StreamDecoder.Pos object", isErr(err), sd.Pos(), isErr(sd.CheckTrailings()))
	var s string
	err = sd.Decode(&s)
	show("StreamDecoder.Pos string", isErr(err), s, sd.Pos(), isErr(sd.CheckTrailings()))

	sd.Reset(` 7 x`)
	show("StreamDecoder.Reset", sd.Pos(), isErr(sd.CheckTrailings()))
	var n int
	err = sd.Decoder.Decode(&n)
	show("StreamDecoder.Decoder.Decode", isErr(err), n, sd.Pos(), isErr(sd.CheckTrailings()))
	var a []int
	err = sd.Decode(&a)
	show("StreamDecoder after Reset", isErr(err), a, sd.Pos(), isErr(sd.CheckTrailings()))

	sd.Decoder.UseNumber()
	var v any
	err = sd.Decode(&v)
	show("StreamDecoder.Decoder.UseNumber", isErr(err), fmt.Sprintf("%T %v", v, v), sd.Pos())
	sd.Decoder.SetOptions(0)
	err = sd.Decode(&v)
	show("StreamDecoder.Decoder.SetOptions", isErr(err), fmt.Sprintf("%T %v", v, v), sd.Pos())

	sd = decoder.NewStreamDecoder(strings.NewReader(` [1,"s",3] {"A":"x","B":2} [1,2]`))
	err = sd.Decode(&a)
	show("StreamDecoder.Pos mismatch", isErr(err), a, sd.Pos(), isErr(sd.CheckTrailings()))
	sd = decoder.NewStreamDecoder(strings.NewReader(` {"A":"x","B":2}`))
	var st struct{ A, B int }
	err = sd.Decode(&st)
	show("StreamDecoder.Pos mismatch struct", isErr(err), st, sd.Pos(), isErr(sd.CheckTrailings()))
	sd = decoder.NewStreamDecoder(strings.NewReader(` [1,2] 3`))
	err = sd.Decode(nil)
	show("StreamDecoder.Pos nil", isErr(err), sd.Pos(), isErr(sd.CheckTrailings()))
	err = sd.Decoder.Decode(&a)
	show("StreamDecoder.Pos nil then Decoder.Decode", isErr(err), a, sd.Pos(), isErr(sd.CheckTrailings()))

	var buf bytes.Buffer
	se := encoder.NewStreamEncoder(&buf)
	show("StreamEncoder.Opts zero", se.Opts == 0)
	se.SortKeys()
	show("StreamEncoder.SortKeys", se.Opts&encoder.SortMapKeys != 0)
	se.Encode(map[string]int{"b": 1, "a": 2, "c": 3})
	se.SortKeys().SetEscapeHTML(true)
	se.Opts |= encoder.NoEncoderNewline
	se.Encode(map[string]string{"z": "<", "y": ">"})
	se.Opts = encoder.SortMapKeys
	se.Encoder.SetIndent("", " ")
	se.Encode(map[string][]int{"k": {1}, "j": nil})
	show("StreamEncoder.Opts", buf.String())
	out, err := se.Encoder.Encode(map[string]int{"q": 1, "p": 2})
	show("StreamEncoder.Encoder.Encode", out, err)
}
