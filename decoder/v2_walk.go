package decoder

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"time"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/jsontext"
)

// syntaxErrorV2 finds the syntax error in in as Go's v2 decoders meet
// it when unmarshaling into a value of type t. Where a text holds an
// error that two kinds of read would report differently (a comma with
// no element after it: the array loop's peek at the next element, or
// the read of the whole array), the reads Go's decoder for each type
// makes decide; this walks the text with jsontext's Decoder making the
// same reads, following the value v (of type t) where what it holds
// decides (an interface's value). It must run before v is decoded into.
// It returns other when the walk meets no error (text after the
// top-level value).
//
// With readErr (in is what a reader gave before failing with it), the
// walk meets the failure where Go's decoder would. cut is where the text
// Go's decoders read without error ends.
func syntaxErrorV2(in []byte, readErr error, t reflect.Type, v reflect.Value, opts *jsonopts.Struct, other error) (err error, cut int) {
	var r io.Reader = bytes.NewReader(in)
	if readErr != nil {
		r = io.MultiReader(r, failingReader{readErr})
	}
	dec := jsontext.NewDecoder(r, opts)
	w := newWalkerV2(dec, opts)
	// at is where a failed read began: the next token, past whitespace.
	at := func() int {
		n := int(dec.InputOffset())
		for n < len(in) && (in[n] == ' ' || in[n] == '\t' || in[n] == '\n' || in[n] == '\r') {
			n++
		}
		return n
	}
	cutAt := func(err error) (error, int) {
		if se, ok := err.(*jsontext.SyntacticError); ok {
			return err, int(min(se.ByteOffset, int64(len(in))))
		}
		return err, at()
	}
	if err := w.walk(t, v); err != nil {
		if err == errWalkStop {
			// A semantic error comes first: it is met in the valid
			// text (the decoders read only text known to be valid).
			cut := len(in)
			if se, ok := other.(*jsontext.SyntacticError); ok && se.ByteOffset < int64(cut) {
				cut = int(se.ByteOffset)
			}
			if other == nil {
				other = readErr
			}
			return other, cut
		}
		if err == io.EOF {
			return cutAt(&jsontext.SyntacticError{ByteOffset: dec.InputOffset() + int64(len(dec.UnreadBuffer())), Err: io.ErrUnexpectedEOF})
		}
		return cutAt(err)
	}
	if readErr != nil {
		// After the value, Go's decoder reads on to the end: text there
		// is the error found in in, else the reader's failure.
		if n := at(); n < len(in) && other != nil {
			return cutAt(other)
		}
		_, err := dec.ReadToken()
		return cutAt(err)
	}
	return cutAt(other)
}

// failingReader fails with its error.
type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) { return 0, r.err }

// walkerV2 walks a text as Go's v2 decoders read it.
type walkerV2 struct {
	dec  *jsontext.Decoder
	opts *jsonopts.Struct
	// anyCase is MatchCaseInsensitiveNames; slowAny is set when Go's v2
	// fills an empty interface by the decoders of map[string]any, []any
	// and the scalars (AllowDuplicateNames, or functions for them).
	anyCase, slowAny bool
	// plans are the struct types' fields met so far.
	plans map[reflect.Type]rt.PlanV2
	// whole caches readsWhole.
	whole map[reflect.Type]bool
}

// newWalkerV2 returns a walker reading dec under opts.
func newWalkerV2(dec *jsontext.Decoder, opts *jsonopts.Struct) *walkerV2 {
	w := &walkerV2{dec: dec, opts: opts}
	f := opts.Flags
	w.anyCase = f.Get(jsonopts.MatchCaseInsensitiveNames)
	w.slowAny = f.Get(jsonopts.AllowDuplicateNames)
	if u, ok := opts.Unmarshalers.(*v2api.Unmarshalers); ok && u != nil {
		for _, at := range fromAnyTypes {
			if len(u.For(at)) > 0 {
				w.slowAny = true
			}
		}
	}
	return w
}

// readsWhole reports whether Go's v2 reads a value of type t whole
// before deciding what it means: time types, types with unmarshal
// methods, and types the caller's functions take (which read it whole
// or as they please, which is not known here).
func (w *walkerV2) readsWhole(t reflect.Type) bool {
	if t == reflect.TypeFor[time.Time]() || t == reflect.TypeFor[time.Duration]() {
		return true
	}
	if u, ok := w.opts.Unmarshalers.(*v2api.Unmarshalers); ok && u != nil && len(u.For(t)) > 0 {
		return true
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		pt := reflect.PointerTo(t)
		return hasFromMethodV2(pt) || pt.Implements(rt.UnmarshalerType) || pt.Implements(rt.TextUnmarshalerType)
	}
	return false
}

// kindsOf returns the record of the kinds of the values met by name in
// one object, when duplicate names are allowed (else nil).
func (w *walkerV2) kindsOf() map[string]byte {
	if !w.opts.Flags.Get(jsonopts.AllowDuplicateNames) {
		return nil
	}
	return map[string]byte{}
}

// member walks an object member's value, for a value of type t (v
// before decoding). A name met again (duplicates allowed) is decoded
// into what the first left in an empty interface: a map, a slice or a
// scalar, whose decoder reads as it does.
func (w *walkerV2) member(t reflect.Type, v reflect.Value, kinds map[string]byte, name string) error {
	if kinds == nil || t.Kind() != reflect.Interface || t.NumMethod() != 0 || v.IsValid() && !v.IsNil() {
		return w.walk(t, v)
	}
	k, seen := kinds[name]
	kinds[name] = byte(w.dec.PeekKind())
	if seen {
		switch k {
		case '{':
			return w.walk(mapStringAnyType, reflect.Value{})
		case '[':
			return w.walk(sliceAnyType, reflect.Value{})
		case 't', 'f':
			return w.walk(boolType, reflect.Value{})
		case '"', '0':
			_, err := w.dec.ReadValue()
			return err
		}
	}
	return w.walk(t, v)
}

// errWalkStop ends a walk where Go's decoder meets a semantic error
// before it could meet the syntax error (a value of the wrong kind).
var errWalkStop = errors.New("semantic error first")

// walk reads one value from dec as Go's v2 decoder for t would, into
// v when it is valid (else a zero value).
func (w *walkerV2) walk(t reflect.Type, v reflect.Value) error {
	dec := w.dec
	whole, ok := w.whole[t]
	if !ok {
		whole = w.readsWhole(t)
		if w.whole == nil {
			w.whole = map[reflect.Type]bool{}
		}
		w.whole[t] = whole
	}
	if whole {
		_, err := dec.ReadValue()
		return err
	}
	return w.walkKind(t, v)
}

// walkKind reads one value from dec as Go's v2 decoder for t's kind
// would, without t's methods or the caller's functions for t.
func (w *walkerV2) walkKind(t reflect.Type, v reflect.Value) error {
	dec := w.dec
	switch t.Kind() {
	case reflect.Pointer:
		if dec.PeekKind() == 'n' {
			_, err := dec.ReadToken()
			return err
		}
		var e reflect.Value
		if v.IsValid() && !v.IsNil() {
			e = v.Elem()
		}
		return w.walk(t.Elem(), e)
	case reflect.Interface:
		if dec.PeekKind() == 'n' {
			_, err := dec.ReadToken()
			return err
		}
		if v.IsValid() && !v.IsNil() {
			return w.walk(v.Elem().Type(), v.Elem())
		}
		if t.NumMethod() != 0 {
			return errWalkStop // a semantic error, before any read
		}
		return w.walkAny(t)
	case reflect.Bool:
		_, err := dec.ReadToken()
		return err
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Elem().PkgPath() == "" {
			_, err := dec.ReadValue()
			return err
		}
		return w.container('[', func() error { return w.walk(t.Elem(), reflect.Value{}) })
	case reflect.Map:
		kinds := w.kindsOf()
		return w.container('{', func() error {
			name, err := dec.ReadValue()
			if err != nil {
				return err
			}
			n, _ := unquoteName(string(name))
			var e reflect.Value
			if v.IsValid() && !v.IsNil() && t.Key().Kind() == reflect.String {
				e = v.MapIndex(reflect.ValueOf(n).Convert(t.Key()))
			}
			return w.member(t.Elem(), e, kinds, n)
		})
	case reflect.Struct:
		plan, ok := w.plans[t]
		if !ok {
			plan = rt.StructFieldsV2(t, v2api.HasMethods)
			if w.plans == nil {
				w.plans = map[reflect.Type]rt.PlanV2{}
			}
			w.plans[t] = plan
		}
		kinds := w.kindsOf()
		return w.container('{', func() error {
			name, err := dec.ReadValue()
			if err != nil {
				return err
			}
			n, _ := unquoteName(string(name))
			match := -1
			for i, f := range plan.Fields {
				if f.Name == n {
					match = i
					break
				}
			}
			if match < 0 {
				for i, f := range plan.Fields {
					if (f.Casing == rt.CaseIgnore || w.anyCase && f.Casing != rt.CaseStrict) && foldNameV2(f.Name) == foldNameV2(n) {
						match = i
						break
					}
				}
			}
			if match >= 0 {
				f := plan.Fields[match]
				var e reflect.Value
				if v.IsValid() {
					e, _ = v.FieldByIndexErr(f.Index)
				}
				return w.member(f.Type, e, kinds, "field:"+f.Name)
			}
			if fb := plan.Fallback; fb != nil {
				if rt.IsRawValueType(fb.Type) {
					_, err := dec.ReadValue()
					return err
				}
				return w.member(fb.Type.Elem(), reflect.Value{}, kinds, n)
			}
			if w.opts.Flags.Get(jsonopts.RejectUnknownMembers) {
				return errWalkStop
			}
			return dec.SkipValue()
		})
	}
	_, err := dec.ReadValue()
	return err
}

// walkContainerV2 reads an object or array (open is '{' or '[') as v2's
// decoders do: its first token, then each member while the next token is
// not the end, then the end. A value of another kind is read as one
// token (a mismatch, reported by the decoder).
func (w *walkerV2) container(open byte, each func() error) error {
	dec := w.dec
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	switch byte(tok.Kind()) {
	case open:
	case 'n':
		return nil
	default:
		return errWalkStop
	}
	end := jsontext.Kind(open + 2) // ']' and '}' follow '[' and '{' by two
	for dec.PeekKind() != end {
		if err := each(); err != nil {
			return err
		}
	}
	_, err = dec.ReadToken()
	return err
}

// walkAny reads a value as v2 decodes one into a nil empty interface
// of type t.
func (w *walkerV2) walkAny(t reflect.Type) error {
	dec := w.dec
	if w.slowAny || t != anyType {
		switch dec.PeekKind() {
		case '{':
			return w.walk(mapStringAnyType, reflect.Value{})
		case '[':
			return w.walk(sliceAnyType, reflect.Value{})
		}
		_, err := dec.ReadValue()
		return err
	}
	switch dec.PeekKind() {
	case '{':
		return w.container('{', func() error {
			if _, err := dec.ReadToken(); err != nil {
				return err
			}
			return w.walkAny(t)
		})
	case '[':
		return w.container('[', func() error { return w.walkAny(t) })
	}
	_, err := dec.ReadValue()
	return err
}
