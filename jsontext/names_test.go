package jsontext

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// TestNameSet checks the set of names (the Decoder's and the Encoder's)
// against sets of strings, over random pushes, pops and inserts of names
// short and long, few and many per object (so that the hash tables and
// the shapes are used).
func TestNameSet(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	pool := []string{"", "a", "b", "ab", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmnop",
		"abcdefghijklmnopq", strings.Repeat("x", 31), strings.Repeat("x", 32), strings.Repeat("x", 40), "é", "日本語"}
	for i := 0; i < 200; i++ {
		pool = append(pool, strings.Repeat(string(rune('a'+i%26)), 1+i%37))
	}
	var s nameSet
	var model []map[string]bool
	for round := 0; round < 100000; round++ {
		// Phases of small objects and of large ones.
		spread := 10
		if round/5000%2 == 1 {
			spread = 200
		}
		switch op := r.IntN(spread); {
		case op == 0 || len(model) == 0:
			s.push()
			model = append(model, map[string]bool{})
		case op == 1:
			s.pop()
			model = model[:len(model)-1]
		default:
			name := pool[r.IntN(len(pool))]
			if r.IntN(4) == 0 {
				name = pool[r.IntN(20)] // a few names, often repeated
			}
			// Names are read from slices with and without room after
			// them.
			b := []byte(name)
			if r.IntN(2) == 0 {
				b = append(make([]byte, 0, len(name)+40), name...)
			}
			want := !model[len(model)-1][name]
			if got := s.insert(b); got != want {
				t.Fatalf("round %d: insert(%q) = %v, want %v", round, name, got, want)
			}
			model[len(model)-1][name] = true
		}
	}
}

// TestNameSetShapes checks the set of names against sets of strings on
// objects that follow a few shapes (fixed lists of names, nested), leave
// them partway with a new name or a repeated one, and go on over
// resets, which keep the shapes (see nameSet.reset). Names come as they
// are or quoted with an escape (insertQuoted unquotes them).
func TestNameSetShapes(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	shapes := [][]string{
		{"id", "name", "a longer name of the shape", "x"},
		{"id", "kind", "items", "sixteen bytes!!!", "n"},
		{"areaId", "blockIds"},
	}
	var s nameSet
	var model []map[string]bool
	insert := func(name string) {
		want := !model[len(model)-1][name]
		var got bool
		if r.IntN(3) == 0 {
			// As a name with an escape is inserted: its quoted text,
			// unquoted by the set.
			got = s.insertQuoted([]byte(`"\u00`+fmt.Sprintf("%02x", name[0])+name[1:]+`"`), false)
		} else {
			got = s.insert([]byte(name))
		}
		if got != want {
			t.Fatalf("insert(%q) = %v, want %v (object %v)", name, got, want, model[len(model)-1])
		}
		model[len(model)-1][name] = true
	}
	var object func(depth int)
	object = func(depth int) {
		s.push()
		model = append(model, map[string]bool{})
		sh := shapes[r.IntN(len(shapes))]
		stop := len(sh)
		if r.IntN(3) == 0 {
			stop = r.IntN(len(sh) + 1)
		}
		for i, name := range sh[:stop] {
			insert(name)
			if depth < 3 && r.IntN(4) == 0 {
				object(depth + 1)
			}
			if i == stop-1 && r.IntN(2) == 0 {
				// Leave the shape: a name of another shape, or one
				// already written.
				other := shapes[r.IntN(len(shapes))]
				insert(other[r.IntN(len(other))])
			}
		}
		s.pop()
		model = model[:len(model)-1]
	}
	for round := 0; round < 20000; round++ {
		if r.IntN(50) == 0 {
			s.reset()
		}
		object(0)
	}
}

// TestDuplicateAfterShape writes and reads objects that follow the
// shape of the object before, then leave it with a name of 8 bytes or
// more written twice, once with an escape: every path of the Encoder and
// the Decoder reports the duplicate. (Unquoting such a name into the
// set's spare room, which leaving the shape then filled with the
// shape's names, once lost it.)
func TestDuplicateAfterShape(t *testing.T) {
	doc := `{"a":{"kkkkkkkk":1},"b":{"kkkkkkkk":1,"\u0078xxxxxxx":1,"xxxxxxxx":1}}`
	d := NewDecoder(strings.NewReader(doc))
	var toks []Token
	for {
		tok, err := d.ReadToken()
		if err != nil {
			if !errors.Is(err, ErrDuplicateName) {
				t.Errorf("ReadToken: %v, want a duplicate name", err)
			}
			break
		}
		toks = append(toks, tok.Clone())
	}
	if _, err := NewDecoder(strings.NewReader(doc)).ReadValue(); !errors.Is(err, ErrDuplicateName) {
		t.Errorf("ReadValue: %v, want a duplicate name", err)
	}
	if Value(doc).IsValid() {
		t.Errorf("Value.IsValid: true, want false (a duplicate name)")
	}
	for _, opts := range [][]Options{nil, {Multiline(true)}, {EscapeForHTML(true)}, {SpaceAfterColon(true)}} {
		var buf bytes.Buffer
		if err := NewEncoder(&buf, opts...).WriteValue(Value(doc)); !errors.Is(err, ErrDuplicateName) {
			t.Errorf("options %v: WriteValue: %v, want a duplicate name", opts, err)
		}
		// The tokens read (up to the second name, the duplicate), then
		// the name again, made with String and as it was read (a clone
		// of "\u0078xxxxxxx").
		names := []Token{String("xxxxxxxx"), toks[len(toks)-2]}
		for _, last := range names {
			e := NewEncoder(&buf, opts...)
			for _, tok := range toks {
				if err := e.WriteToken(tok); err != nil {
					t.Fatalf("options %v: WriteToken(%v): %v", opts, tok, err)
				}
			}
			if err := e.WriteToken(last); !errors.Is(err, ErrDuplicateName) {
				t.Errorf("options %v: WriteToken of %v again: %v, want a duplicate name", opts, last, err)
			}
		}
	}
}

// TestKeyIn checks that keyIn, which reads no byte past the name, gives
// the keys of keyOf, for names of every length up to 40 taken at every
// offset of a larger buffer.
func TestKeyIn(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	buf := make([]byte, 128)
	for round := 0; round < 200; round++ {
		for i := range buf {
			buf[i] = byte(r.IntN(256))
		}
		for n := 0; n <= 40; n++ {
			for at := 0; at+n <= 48; at++ {
				name := buf[at : at+n : at+n]
				if got, want := keyIn(unsafe.Pointer(unsafe.SliceData(name)), n), keyOf(name); got != want {
					t.Fatalf("keyIn(%q) = %#x, want %#x", name, got, want)
				}
			}
		}
	}
}

// TestWriteTokenNameKeys checks that WriteToken's names (keyed as they
// are written, see writeName) and WriteValue's (keyed by nameSet)
// have the same keys: a name written one way and then the other is
// found a duplicate, in objects on their own and in objects that follow
// the shape of the one before.
func TestWriteTokenNameKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	alphabet := []rune("abcdefghijklmnopqrstuvwxyzé_0")
	name := func(n int) string {
		var b strings.Builder
		for b.Len() < n {
			b.WriteRune(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	raw := func(s string) Token {
		d := NewDecoder(strings.NewReader(`"` + s + `"`))
		tok, err := d.ReadToken()
		if err != nil {
			t.Fatal(err)
		}
		return tok.Clone()
	}
	for n := 0; n <= 40; n++ {
		for round := 0; round < 20; round++ {
			names := []string{name(n), name(n + 1), name(max(n-1, 0))}
			for _, tokenFirst := range []bool{true, false} {
				var buf bytes.Buffer
				e := NewEncoder(&buf)
				write := func(s string, asToken bool) error {
					if asToken {
						return e.WriteToken(raw(s))
					}
					return e.WriteValue(Value(`"` + s + `"`))
				}
				if err := e.WriteToken(BeginArray); err != nil {
					t.Fatal(err)
				}
				for obj := 0; obj < 3; obj++ {
					if err := e.WriteToken(BeginObject); err != nil {
						t.Fatal(err)
					}
					seen := map[string]bool{}
					for i, s := range names {
						err := write(s, (i%2 == 0) == tokenFirst)
						if seen[s] {
							if !errors.Is(err, ErrDuplicateName) {
								t.Fatalf("name %q written again: %v, want a duplicate", s, err)
							}
							continue
						}
						if err != nil {
							t.Fatalf("name %q: %v", s, err)
						}
						seen[s] = true
						if err := e.WriteToken(Null); err != nil {
							t.Fatal(err)
						}
					}
					// Each name again, the other way: a duplicate.
					for i, s := range names {
						if err := write(s, (i%2 == 0) != tokenFirst); !errors.Is(err, ErrDuplicateName) {
							t.Fatalf("n=%d object %d: name %q written again: %v, want a duplicate", n, obj, s, err)
						}
					}
					if err := e.WriteToken(EndObject); err != nil {
						t.Fatal(err)
					}
				}
				if err := e.WriteToken(EndArray); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// dupShapes are the lists of names that most objects of
// TestDuplicateNamesModel follow, so that the name set keeps shapes for
// them: names short and of 8 and 16 bytes or more, some not ASCII, one
// that needs escaping in a JSON Pointer. dupExtras are names that objects
// leave a shape with (besides other shapes' names).
var (
	dupShapes = [][]string{
		{"id", "name", "description text", "x"},
		{"kkkkkkkk", "items", "sixteen bytes!!!", "n"},
		{"areaId", "blockIds", "naïve façade", "日本語の名前"},
		{"a", "b", "c/d~e", "xxxxxxxx"},
	}
	dupExtras = []string{"xxxxxxxx", "yyyyyyyyyyyyyyyyy", "z", "é", "ééééé", "<&>", "kkkkkkkk"}
)

// dupDoc is a document of TestDuplicateNamesModel with the model's
// answer: where its first duplicate name is, if it has one.
type dupDoc struct {
	text  string
	toks  int            // tokens in the document
	names map[int]string // the unquoted names, by index of their token
	// dupTok is the index of the first token that repeats a name of
	// its object, or -1; dupPtr is the JSON Pointer of that name (its
	// object's pointer and the name), dupOff the offset of its quote.
	dupTok int
	dupPtr string
	dupOff int64
}

// dupGen writes a dupDoc and computes its answer as it goes: each open
// object has a plain map of the names written in it so far.
type dupGen struct {
	r       *rand.Rand
	b       []byte
	d       *dupDoc
	repeats bool // whether objects may repeat one of their names
}

// space writes, now and then, whitespace (which moves the offsets).
func (g *dupGen) space() {
	if g.r.IntN(8) == 0 {
		g.b = append(g.b, " \n\t"[g.r.IntN(3)])
	}
}

// value writes a scalar, an array or an object (at ptr, depth deep),
// objects mostly of the given shape.
func (g *dupGen) value(ptr string, depth, shape int) {
	switch k := g.r.IntN(10); {
	case depth >= 3 || k < 3:
		scalars := []string{`1`, `-2.5e3`, `"s"`, `"\u00e9t\u00e9"`, `true`, `false`, `null`}
		g.b = append(g.b, scalars[g.r.IntN(len(scalars))]...)
		g.d.toks++
	case k < 5:
		g.array(ptr, depth, shape)
	default:
		g.object(ptr, depth, shape)
	}
}

// array writes an array of mostly objects of one shape.
func (g *dupGen) array(ptr string, depth, shape int) {
	g.b = append(g.b, '[')
	g.d.toks++
	for i, n := 0, g.r.IntN(5); i < n; i++ {
		if i > 0 {
			g.b = append(g.b, ',')
		}
		g.space()
		p := ptr + "/" + strconv.Itoa(i)
		if g.r.IntN(4) != 0 {
			g.object(p, depth+1, shape)
		} else {
			g.value(p, depth+1, shape)
		}
		g.space()
	}
	g.b = append(g.b, ']')
	g.d.toks++
}

// object writes an object that follows shape (mostly), maybe only
// partway, and maybe leaves it with names of other shapes, extra names,
// or (if g.repeats) names it already has.
func (g *dupGen) object(ptr string, depth, shape int) {
	g.b = append(g.b, '{')
	g.d.toks++
	if g.r.IntN(5) == 0 {
		shape = g.r.IntN(len(dupShapes))
	}
	sh := dupShapes[shape]
	names := slices.Clone(sh)
	if g.r.IntN(3) == 0 {
		names = names[:g.r.IntN(len(sh)+1)]
	}
	if g.r.IntN(2) == 0 {
		for n := 1 + g.r.IntN(3); n > 0; n-- {
			var name string
			switch k := g.r.IntN(4); {
			case k == 0 && g.repeats && len(names) > 0:
				name = names[g.r.IntN(len(names))]
			case k == 1:
				name = dupExtras[g.r.IntN(len(dupExtras))]
			default:
				other := dupShapes[g.r.IntN(len(dupShapes))]
				name = other[g.r.IntN(len(other))]
			}
			if g.repeats || !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
	}
	seen := map[string]bool{}
	for i, name := range names {
		if i > 0 {
			g.b = append(g.b, ',')
		}
		g.space()
		p := string(Pointer(ptr).AppendToken(name))
		if seen[name] && g.d.dupTok < 0 {
			g.d.dupTok, g.d.dupPtr, g.d.dupOff = g.d.toks, p, int64(len(g.b))
		}
		seen[name] = true
		g.d.names[g.d.toks] = name
		g.d.toks++
		g.b = append(g.b, '"')
		rest := name
		if g.r.IntN(3) == 0 {
			// The first character escaped: the same name.
			c, n := utf8.DecodeRuneInString(name)
			format := `\u%04x`
			if g.r.IntN(2) == 0 {
				format = `\u%04X`
			}
			g.b, rest = fmt.Appendf(g.b, format, c), name[n:]
		}
		g.b = append(g.b, rest...)
		g.b = append(g.b, '"')
		g.space()
		g.b = append(g.b, ':')
		g.space()
		// Objects under a name mostly take the same shape.
		g.value(p, depth+1, len(name)%len(dupShapes))
		g.space()
	}
	g.b = append(g.b, '}')
	g.d.toks++
}

// dupDocs generates n documents of TestDuplicateNamesModel: about half
// with objects that repeat names.
func dupDocs(n int) []dupDoc {
	r := rand.New(rand.NewPCG(25, 26))
	var docs []dupDoc
	for len(docs) < n {
		d := dupDoc{names: map[int]string{}, dupTok: -1}
		g := dupGen{r: r, d: &d, repeats: r.IntN(2) == 0}
		if r.IntN(5) == 0 {
			g.array("", 0, r.IntN(len(dupShapes)))
		} else {
			g.object("", 0, r.IntN(len(dupShapes)))
		}
		d.text = string(g.b)
		docs = append(docs, d)
	}
	return docs
}

// TestDuplicateNamesModel reads and writes documents of nested objects
// that follow a few shapes, leave them partway and sometimes repeat a
// name (plain or with its first character escaped), and checks each
// path against a model of the names of every open object: ReadToken,
// ReadValue, IsValid, WriteValue, and WriteToken of the tokens read
// (straight from the Decoder, as clones, and with names made by String),
// under several options, with new Decoders and Encoders and with ones
// reused through Reset (which keeps the name set's shapes). A document
// with a duplicate name must fail at it with ErrDuplicateName, at its
// JSON Pointer (and, when reading, its offset); one without must pass.
// Where the toolchain has encoding/json/jsontext, the errors of each path
// are compared with Go's as well.
func TestDuplicateNamesModel(t *testing.T) {
	docs := dupDocs(300)
	optSets := [][]optSpec{
		nil,
		{{name: "Multiline", b: true}},
		{{name: "EscapeForHTML", b: true}},
		{{name: "SpaceAfterColon", b: true}},
	}
	// fail reports a failure of path on doc i (the document's text with
	// its first failure only), and stops the test after ten.
	failures, shown := 0, -1
	fail := func(i int, specs []optSpec, path, format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf("doc %d, options %v, %s: ", i, specs, path) + fmt.Sprintf(format, args...)
		if shown != i {
			shown = i
			msg += "\n" + docs[i].text
		}
		t.Error(msg)
		if failures++; failures >= 10 {
			t.FailNow()
		}
	}
	// check checks err, of path on doc i, against the model: the
	// duplicate at its pointer (and offset, if off), or no error.
	check := func(i int, specs []optSpec, path string, err error, off bool) {
		t.Helper()
		d := &docs[i]
		if d.dupTok < 0 {
			if err != nil {
				fail(i, specs, path, "%v, want no error", err)
			}
			return
		}
		var se *SyntacticError
		switch {
		case !errors.Is(err, ErrDuplicateName) || !errors.As(err, &se):
			fail(i, specs, path, "%v, want a duplicate name at %q", err, d.dupPtr)
		case string(se.JSONPointer) != d.dupPtr || off && se.ByteOffset != d.dupOff:
			fail(i, specs, path, "duplicate at %q offset %d, want %q offset %d",
				se.JSONPointer, se.ByteOffset, d.dupPtr, d.dupOff)
		}
	}
	withDup := 0
	for _, d := range docs {
		if d.dupTok >= 0 {
			withDup++
		}
	}
	t.Logf("%d documents, %d with a duplicate name; compared with Go's jsontext: %v", len(docs), withDup, stdAPI != nil)

	var out bytes.Buffer
	for _, specs := range optSets {
		opts := jetOpts(specs)
		reusedDec, reusedEnc := NewDecoder(strings.NewReader("")), NewEncoder(&out)
		allowDec := NewDecoder(strings.NewReader(""))
		for i := range docs {
			d := &docs[i]
			reader := readers[i%len(readers)].fn
			for _, reuse := range []bool{false, true} {
				dec := func() *Decoder {
					if reuse {
						reusedDec.Reset(reader([]byte(d.text)), opts...)
						return reusedDec
					}
					return NewDecoder(reader([]byte(d.text)), opts...)
				}
				enc := func() *Encoder {
					out.Reset()
					if reuse {
						reusedEnc.Reset(&out, opts...)
						return reusedEnc
					}
					return NewEncoder(&out, opts...)
				}
				path := func(name string) string {
					if reuse {
						return name + " (after Reset)"
					}
					return name
				}

				// ReadToken: up to the duplicate, or every token and
				// then io.EOF.
				r := dec()
				n := 0
				var err error
				for ; ; n++ {
					if _, err = r.ReadToken(); err != nil {
						break
					}
				}
				if err == io.EOF {
					err = nil
				}
				check(i, specs, path("ReadToken"), err, true)
				want := d.dupTok
				if want < 0 {
					want = d.toks
				}
				if n != want {
					fail(i, specs, path("ReadToken"), "%d tokens read, want %d", n, want)
				}

				// ReadValue: the document, or the duplicate.
				r = dec()
				v, err := r.ReadValue()
				check(i, specs, path("ReadValue"), err, true)
				if err == nil && string(v) != d.text {
					fail(i, specs, path("ReadValue"), "%q, want the document", v)
				}

				// WriteValue.
				check(i, specs, path("WriteValue"), enc().WriteValue(Value(d.text)), false)

				// WriteToken of the tokens read (with duplicates
				// allowed): straight from the Decoder, as clones, and
				// with names made by String.
				for _, how := range []string{"read", "clone", "String"} {
					allowDec.Reset(reader([]byte(d.text)), AllowDuplicateNames(true))
					e := enc()
					written, werr := 0, error(nil)
					for ; ; written++ {
						tok, rerr := allowDec.ReadToken()
						if rerr == io.EOF {
							break
						}
						if rerr != nil {
							t.Fatalf("doc %d: ReadToken with duplicates allowed: %v\n%s", i, rerr, d.text)
						}
						switch name, ok := d.names[written]; {
						case how == "clone":
							tok = tok.Clone()
						case how == "String" && ok:
							tok = String(name)
						}
						if werr = e.WriteToken(tok); werr != nil {
							break
						}
					}
					check(i, specs, path("WriteToken ("+how+")"), werr, false)
					if d.dupTok >= 0 && werr != nil && written != d.dupTok {
						fail(i, specs, path("WriteToken ("+how+")"), "failed at token %d, want %d", written, d.dupTok)
					}
				}
			}

			// IsValid.
			if got, want := Value(d.text).IsValid(opts...), d.dupTok < 0; got != want {
				fail(i, specs, "IsValid", "%v, want %v", got, want)
			}

			if stdAPI != nil {
				if got, want := dupOutcomes(jetAPI, d.text, specs), dupOutcomes(*stdAPI, d.text, specs); got != want {
					fail(i, specs, "against Go's jsontext", "\njet: %s\nstd: %s", got, want)
				}
			}
		}
	}
}

// dupOutcomes describes what api's ReadToken (how many tokens, then the
// error), ReadValue, IsValid, WriteValue and WriteToken (of the tokens
// read with duplicates allowed) say of text under opts.
func dupOutcomes(api textAPI, text string, opts []optSpec) string {
	var b strings.Builder
	d := api.newDecoder(strings.NewReader(text), opts)
	n := 0
	var err error
	for ; err == nil; n++ {
		_, _, _, err = d.ReadToken()
	}
	fmt.Fprintf(&b, "ReadToken: %d, %s; ", n-1, api.describe(err))
	_, err = api.newDecoder(strings.NewReader(text), opts).ReadValue()
	fmt.Fprintf(&b, "ReadValue: %s; ", api.describe(err))
	valid, _ := api.valueOp("IsValid", []byte(text), opts)
	fmt.Fprintf(&b, "IsValid: %s; ", valid)
	var out bytes.Buffer
	fmt.Fprintf(&b, "WriteValue: %s; ", api.describe(api.newEncoder(&out, opts).WriteValue([]byte(text))))
	d = api.newDecoder(strings.NewReader(text), append(slices.Clone(opts), optSpec{name: "AllowDuplicateNames", b: true}))
	e := api.newEncoder(&out, opts)
	err = nil
	for n = 0; ; n++ {
		tok, _, _, rerr := d.ReadToken()
		if rerr != nil {
			break
		}
		if err = e.WriteToken(tok); err != nil {
			break
		}
	}
	fmt.Fprintf(&b, "WriteToken: %d, %s", n, api.describe(err))
	return b.String()
}
