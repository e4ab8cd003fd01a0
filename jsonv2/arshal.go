package json

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strconv"
	"sync"

	"github.com/jetjson/jet/internal/jsonopts"
	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/textexport"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/jsontext"

	// The encoder installs the v2 dialect in v2api.
	_ "github.com/jetjson/jet/encoder"
)

// Marshal returns the JSON encoding of in as a new []byte, with no
// trailing newline. Marshal and encode options apply; unmarshal and
// decode options are ignored.
//
// A custom conversion, when a type has one, is preferred to the default
// rules. A function or method defined on *T is used for a value of type
// T through the value's address, and for a *T that is not nil. Marshal
// makes every value addressable, copying it when it has to, so such
// functions and methods are used regardless of how the value was
// reached; passing Marshal a non-nil pointer avoids that copy and is
// faster.
//
// The rules are those of Go's encoding/json/v2: in order, a function
// given by WithMarshalers, a MarshalJSONTo method (MarshalerTo), a
// MarshalJSON method (Marshaler), AppendText (encoding.TextAppender),
// MarshalText (encoding.TextMarshaler), and otherwise the value's
// default representation: booleans, strings and numbers as such (numbers
// within strings with StringifyNumbers or the `string` tag option, and
// when they are object names), []byte and [N]byte as base64 strings,
// maps as objects whose keys must encode as strings (in no particular
// order unless Deterministic), structs as objects (see the package
// documentation), slices and arrays as arrays (a nil slice as [] and a
// nil map as {} unless FormatNilSliceAsNull or FormatNilMapAsNull),
// pointers and interfaces as what they point to or hold, or null;
// time.Time as an RFC 3339 string with nanoseconds. time.Duration has
// no default representation, nor do complex numbers, channels and
// functions: they are a SemanticError, as NaN and ±Inf are.
//
// Marshal does not handle cyclic data structures: a cycle is a
// SemanticError.
func Marshal(in any, opts ...Options) (out []byte, err error) {
	o := joinOptions(opts)
	b, err := v2api.Marshal(nil, in, o)
	if err != nil {
		return partialOutput(err, b, o), publicError(err)
	}
	if o.Flags.Has(jsonopts.AnyWhitespace) && o.Flags.Get(jsonopts.AnyWhitespace) {
		v := jsontext.Value(b)
		if err := v.Format(o, jsonopts.True(jsonopts.OmitTopLevelNewline)); err != nil {
			return nil, err
		}
		b = v
	}
	return b, nil
}

// lenient are the options under which the output written before an
// error is read and written again: it is the encoder's own output,
// already checked as the caller's options say.
var lenient = []Options{jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)}

// failure is where an error of the encoder's is placed in the compact
// output it wrote before it (partial).
type failure struct {
	outer       *int64                   // the error's byte offset, if it has one
	inner       *jsontext.SyntacticError // a syntactic error it holds
	at          int64                    // where the next token would have gone
	beforeDelim bool                     // the error is placed before a member's comma
	adjustInner bool                     // inner is placed in the output, not in a raw value's own text
}

func failureOf(err error, partial []byte) failure {
	f := failure{at: int64(len(partial)), adjustInner: true}
	switch e := err.(type) {
	case *v2api.Error:
		f.outer = &e.ByteOffset
		f.inner, _ = e.Err.(*jsontext.SyntacticError)
	case *jsontext.SyntacticError:
		f.outer = &e.ByteOffset
		f.beforeDelim = e.Err == jsontext.ErrDuplicateName
	}
	if f.outer != nil {
		f.at = *f.outer
		if f.at == int64(len(partial))+1 && !f.beforeDelim {
			// Placed past the comma the encoder had yet to write (a
			// problem with an embedded raw value's members): where the
			// next member goes. The cause's offsets are the raw
			// value's own.
			f.at--
			f.adjustInner = false
		}
	}
	return f
}

// cut is how much of partial comes before the error: the tokens there,
// and perhaps a delimiter after them.
func (f *failure) cut(partial []byte) int64 {
	return min(max(f.at, 0), int64(len(partial)))
}

// partialOutput is what Marshal returns with err, as Go's does: the
// complete tokens written before the error, without the delimiter that
// goes before the next one, formatted as the whitespace options say.
// partial is the compact output the encoder wrote before it failed (the
// tokens up to the error, and perhaps the delimiter after them or a
// token that caused the error). Under whitespace options, err's byte
// offsets are moved to where they fall in the formatted output.
func partialOutput(err error, partial []byte, o *jsonopts.Struct) []byte {
	f := failureOf(err, partial)
	cut := f.cut(partial)

	// The complete tokens before the error.
	dec := jsontext.NewDecoder(bytes.NewReader(partial[:cut]), lenient...)
	ws := o.Flags.Get(jsonopts.AnyWhitespace)
	var enc *jsontext.Encoder
	var out bytes.Buffer
	if ws {
		enc = jsontext.NewEncoder(&out, o, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true), jsonopts.True(jsonopts.OmitTopLevelNewline))
	}
	end := int64(0)
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			break
		}
		if ws && enc.WriteToken(tok) != nil {
			break
		}
		end = dec.InputOffset()
	}
	if !ws {
		return partial[:end:end]
	}

	// Formatted: the Encoder holds the tokens; the error goes where
	// the Encoder would write the next token.
	mark := enc.OutputOffset()
	if f.outer != nil && f.at >= 0 && f.at <= int64(len(partial)) {
		if f.beforeDelim {
			*f.outer = mark
		} else if enc.WriteToken(jsontext.String("")) == nil {
			moved := enc.OutputOffset() - 2
			if f.inner != nil && f.adjustInner {
				f.inner.ByteOffset += moved - f.at
			}
			*f.outer = moved
		}
	}
	// Close what is open, so that the Encoder's buffer reaches out.
	for enc.StackDepth() > 0 {
		kind, n := enc.StackIndex(enc.StackDepth())
		var err error
		switch {
		case kind == '[':
			err = enc.WriteToken(jsontext.EndArray)
		case n%2 == 1:
			err = enc.WriteToken(jsontext.Null)
		default:
			err = enc.WriteToken(jsontext.EndObject)
		}
		if err != nil {
			return nil
		}
	}
	if int64(out.Len()) < mark {
		return nil
	}
	return bytes.Clone(out.Bytes()[:mark])
}

// noOptions is the options of a call given none; never written to.
var noOptions jsonopts.Struct

// joinOptions joins the caller's options into one Struct.
func joinOptions(opts []Options) *jsonopts.Struct {
	if len(opts) == 0 {
		return &noOptions
	}
	o := new(jsonopts.Struct)
	o.Join(opts...)
	return o
}

// MarshalWrite writes the JSON encoding of in to out, with no trailing
// newline. Marshal and encode options apply; unmarshal and decode options
// are ignored. Marshal describes how Go values are converted to JSON.
//
// The output is written once marshaling has succeeded (on error,
// nothing is written), in one Write up to writeFirst bytes (and to a
// bytes.Buffer), in Writes of growing size beyond that, as Go's
// streaming Encoder writes.
func MarshalWrite(out io.Writer, in any, opts ...Options) (err error) {
	o := joinOptions(opts)
	bp := writeBufs.Get().(*[]byte)
	defer func() {
		if cap(*bp) <= writeBufKeep {
			writeBufs.Put(bp)
		}
	}()
	b, err := v2api.Marshal((*bp)[:0], in, o)
	*bp = b
	if err != nil {
		// What a caller may need of the partial output is the error's
		// place under whitespace options.
		partialOutput(err, b, o)
		return publicError(err)
	}
	if o.Flags.Has(jsonopts.AnyWhitespace) && o.Flags.Get(jsonopts.AnyWhitespace) {
		v := jsontext.Value(b)
		if err := v.Format(o, jsonopts.True(jsonopts.OmitTopLevelNewline)); err != nil {
			return err
		}
		b = v
	}
	if _, ok := out.(*bytes.Buffer); ok || len(b) <= writeFirst {
		_, err = out.Write(b)
		return err
	}
	for n := writeFirst; len(b) > 0; n = min(2*n, writeMax) {
		c := min(n, len(b))
		if _, err := out.Write(b[:c]); err != nil {
			return err
		}
		b = b[c:]
	}
	return nil
}

// How MarshalWrite writes.
const (
	writeFirst   = 64 << 10 // the first Write's size; outputs no longer are written at once
	writeMax     = 1 << 20  // the largest Write: Writes double from writeFirst to this
	writeBufKeep = 1 << 20  // the largest output buffer kept for the next MarshalWrite
)

// writeBufs holds MarshalWrite's output buffers.
var writeBufs = sync.Pool{New: func() any { return new([]byte) }}

// MarshalEncode writes the JSON encoding of in as the next value of out.
// Of the options given here, only marshal options take effect: encode
// options are ignored, since out was configured with those when it was
// created, and unmarshal and decode options are ignored too. Marshal
// options that out already carries also apply, but where they conflict
// the ones given here win.
//
// As with Go's, the options may not change the Encoder's whitespace,
// nor its checks of duplicate names and UTF-8 where it expects an
// object member's name. When marshaling fails, the Encoder holds what
// was written before the error; unless duplicate names are allowed, it
// then refuses every token and value in the innermost object the call
// opened (and so everything after), since that object's names are
// lost.
//
// Marshal describes how Go values are converted to JSON.
func MarshalEncode(out *jsontext.Encoder, in any, opts ...Options) (err error) {
	// While the call runs, the Encoder's stack is its own (a function
	// or method that was given it writes inside levels around it, which
	// the value's own functions and methods see, as in Go's v2).
	outer := textexport.SetOuter(out, nil)
	if outer != nil {
		defer textexport.SetOuter(out, outer)
	}
	sc := callPool.Get().(*callScratch)
	defer sc.release()
	sc.opts = jsonopts.Struct{}
	o := &sc.opts
	o.Join(out.Options())
	var own *jsonopts.Struct // the Encoder's options, while it has the call's
	if len(opts) > 0 {
		eo := *o
		o.Join(opts...)
		if err := changedOptions(out, &eo, o); err != nil {
			return publicError(placeInEncoder(&v2api.Error{Action: "marshal", GoType: reflect.TypeOf(in), Err: err}, out, &spacing{o.Flags, o.Indent, o.IndentPrefix}))
		}
		if eo.Flags.Values&textFlags != o.Flags.Values&textFlags {
			// The Encoder writes the value under the call's options,
			// and gets its own back however the call ends (a method
			// may panic, and be recovered from).
			own = textexport.SetEncoderOptions(out, o)
			defer func() {
				if own != nil {
					textexport.SetEncoderOptions(out, own)
				}
			}()
		}
	}
	ws := spacing{o.Flags, o.Indent, o.IndentPrefix}
	o.Flags.Clear(jsonopts.AnyWhitespace)
	// The value is written in a pooled buffer, then to the Encoder.
	sp := encodeScratch.Get().(*[]byte)
	sc.enc = encoderLevels{outer, out} // (pooled: an interface of the struct itself would be allocated)
	b, err := v2api.MarshalWithin((*sp)[:0], in, o, &sc.enc)
	if err == nil {
		err = textexport.WriteEncoded(out, b)
		if own != nil {
			textexport.SetEncoderOptions(out, own)
			own = nil
		}
		if cap(b) <= maxScratch {
			*sp = b[:0]
			encodeScratch.Put(sp)
		}
		return err
	}
	if own != nil {
		// The tokens before the error go in under the Encoder's own
		// options, which decide what it tracks of the objects they
		// open.
		textexport.SetEncoderOptions(out, own)
		own = nil
	}
	f := failureOf(err, b)
	switch {
	case placedWhole(err):
		// Placed already, by a call inside this one: finding where
		// this value goes (which reads the levels around it) would
		// change nothing, and would make an error that comes out of
		// nested calls cost the square of their depth.
	case outer != nil:
		// Placed within the levels around the Encoder too, as Go's
		// Encoder (which is the whole output's) places it.
		textexport.SetOuter(out, outer)
		err = placeInEncoder(err, out, &ws)
		textexport.SetOuter(out, nil)
	default:
		err = placeInEncoder(err, out, &ws)
	}
	// The Encoder takes the tokens written before the error, as Go's
	// does.
	level := out.StackDepth()
	dec := jsontext.NewDecoder(bytes.NewReader(b[:f.cut(b)]), lenient...)
	end, all := int64(0), true
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			break
		}
		if out.WriteToken(tok) != nil {
			all = false
			break
		}
		end = dec.InputOffset()
	}
	if d := f.at - end; end > 0 && all && f.outer != nil && f.adjustInner && (d == 0 || d == 1) {
		// Placed after the tokens (and the delimiter after them), in
		// the Encoder's output with its whitespace.
		to := out.OutputOffset()
		if d == 1 || !f.beforeDelim {
			to += nextSpace(out, &ws)
		}
		v2api.Offset(err, to-*f.outer)
	}
	if opened := out.StackDepth() - level; opened > 0 && !o.Flags.Get(jsonopts.AllowDuplicateNames) {
		// Go's Encoder is left refusing everything in the objects
		// whose names its marshaling was keeping itself: it is stuck in
		// the innermost of them.
		own := ownNames(in, dec.StackPointer(), opened, o)
		for d := len(own) - 1; d >= 0; d-- {
			if own[d] {
				textexport.InvalidateNames(out, level+1+d)
				break
			}
		}
	}
	return publicError(err)
}

// ownNames says, for each of the objects and arrays (levels of them,
// outermost first) open at the end of the tokens that marshaling in
// wrote before an error, whether Go's marshaling keeps the object's
// names itself, leaving its Encoder's record of them unused (which its
// MarshalEncode then marks invalid): a struct's, and a map's whose keys
// are different names by construction (integers, or strings that must
// be valid UTF-8, with no method or caller's function for the key
// type). Objects written by methods, caller's functions or raw values
// are the Encoder's to check, and so are arrays. ptr is the JSON
// Pointer of the last token written, which names the member or
// element open at each level. Where the value cannot be followed, an
// object is taken to be Go's own, as most are.
func ownNames(in any, ptr jsontext.Pointer, levels int, o *jsonopts.Struct) []bool {
	own := make([]bool, levels)
	var toks []string
	for tok := range ptr.Tokens() {
		toks = append(toks, tok)
	}
	funcs, _ := o.Marshalers.(*v2api.Marshalers)
	validUTF8 := !o.Flags.Get(jsonopts.AllowInvalidUTF8)
	v := reflect.ValueOf(in)
	d := 0
	for ; d < levels; d++ {
		// Through pointers and interfaces to what writes the level.
		for v.IsValid() && !userMarshaled(v.Type(), funcs) && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && !v.IsNil() {
			v = v.Elem()
		}
		if !v.IsValid() || userMarshaled(v.Type(), funcs) || rt.IsRawValueType(v.Type()) {
			break // the Encoder's from here on (or unknown)
		}
		var next reflect.Value
		var tok string
		if d < len(toks) {
			tok = toks[d]
		}
		switch v.Kind() {
		case reflect.Struct:
			own[d] = true
			plan := rt.StructFieldsV2(v.Type(), v2api.HasMethods)
			var field *rt.FieldV2
			for i := range plan.Fields {
				if plan.Fields[i].Name == tok {
					field = &plan.Fields[i]
					break
				}
			}
			if field != nil {
				next, _ = v.FieldByIndexErr(field.Index)
			} else if fb := plan.Fallback; fb != nil {
				// A member of the embedded fallback.
				if m, err := v.FieldByIndexErr(fb.Index); err == nil && m.Kind() == reflect.Map {
					next = mapMember(m, tok)
				}
			}
		case reflect.Map:
			kt := v.Type().Key()
			switch kt.Kind() {
			case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
				own[d] = !userMarshaled(kt, funcs)
			case reflect.String:
				own[d] = validUTF8 && !userMarshaled(kt, funcs)
			}
			next = mapMember(v, tok)
		case reflect.Slice, reflect.Array:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < v.Len() {
				next = v.Index(i)
			}
		default:
			d = levels // not a container: unknown
		}
		v = next
	}
	for ; d < levels; d++ {
		own[d] = true // not followed
	}
	return own
}

// mapMember returns the value of map m under the key named name, or
// the zero Value.
func mapMember(m reflect.Value, name string) reflect.Value {
	kt := m.Type().Key()
	k := reflect.New(kt).Elem()
	switch kt.Kind() {
	case reflect.String:
		k.SetString(name)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(name, 10, kt.Bits())
		if err != nil {
			return reflect.Value{}
		}
		k.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, err := strconv.ParseUint(name, 10, kt.Bits())
		if err != nil {
			return reflect.Value{}
		}
		k.SetUint(n)
	default:
		return reflect.Value{}
	}
	return m.MapIndex(k)
}

// userMarshaled reports whether values of type t are marshaled by a
// method (of t or *t) or by one of the caller's functions.
func userMarshaled(t reflect.Type, funcs *v2api.Marshalers) bool {
	for _, m := range v2api.MarshalMethods {
		if t.Implements(m) || t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(m) {
			return true
		}
	}
	if funcs != nil {
		for _, f := range funcs.List {
			if f.Type == t || f.Type.Kind() == reflect.Interface && t.Implements(f.Type) {
				return true
			}
		}
	}
	return false
}

// textFlags are the options by which the Encoder checks and formats
// what it writes, other than whitespace.
const textFlags = uint64(jsonopts.AllowDuplicateNames | jsonopts.AllowInvalidUTF8 | jsonopts.EscapeForHTML | jsonopts.EscapeForJS |
	jsonopts.PreserveRawStrings | jsonopts.CanonicalizeRawInts | jsonopts.CanonicalizeRawFloats | jsonopts.ReorderRawObjects)

// The errors of a MarshalEncode whose options would change the
// Encoder's in a way Go's refuses.
var (
	errChangingDuplicateNames = errors.New("cannot change duplicate name checks after a JSON object has already begun processing")
	errChangingInvalidUTF8    = errors.New("cannot change UTF-8 checks after a JSON object has already begun processing")
	errChangingWhitespace     = errors.New("cannot change whitespace formatting within a MarshalEncode call")
)

// changedOptions reports how o, the Encoder's options (eo) joined with
// a MarshalEncode call's, changes the Encoder's where Go's MarshalEncode
// refuses it: the checks of duplicate names and UTF-8 where an object
// member's name comes next, and the whitespace, or nil.
func changedOptions(out *jsontext.Encoder, eo, o *jsonopts.Struct) error {
	if nameNext(out) {
		if err := changedChecks(eo, o); err != nil {
			return err
		}
	}
	if !o.Flags.Has(jsonopts.AnyWhitespace) {
		return nil
	}
	if o.Flags.Get(jsonopts.Multiline) {
		o.InitMultiline()
	}
	for _, b := range []jsonopts.Bools{jsonopts.Multiline, jsonopts.SpaceAfterColon, jsonopts.SpaceAfterComma} {
		if eo.Flags.Get(b) != o.Flags.Get(b) {
			return errChangingWhitespace
		}
	}
	if o.Flags.Get(jsonopts.Multiline) && (eo.Indent != o.Indent || eo.IndentPrefix != o.IndentPrefix) {
		return errChangingWhitespace
	}
	return nil
}

// changedChecks reports how o changes eo's syntax checks (duplicate
// names, then UTF-8), as the error Go's v2 gives for such a change where
// an object member's name comes next, or nil.
func changedChecks(eo, o *jsonopts.Struct) error {
	switch {
	case eo.Flags.Get(jsonopts.AllowDuplicateNames) != o.Flags.Get(jsonopts.AllowDuplicateNames):
		return errChangingDuplicateNames
	case eo.Flags.Get(jsonopts.AllowInvalidUTF8) != o.Flags.Get(jsonopts.AllowInvalidUTF8):
		return errChangingInvalidUTF8
	}
	return nil
}

// stack is what an Encoder and a Decoder say of their open containers.
type stack interface {
	StackDepth() int
	StackIndex(int) (jsontext.Kind, int64)
}

// nameNext reports whether an object member's name is the next token of
// s.
func nameNext(s stack) bool {
	depth := s.StackDepth()
	if depth == 0 {
		return false
	}
	kind, n := s.StackIndex(depth)
	return kind == '{' && n%2 == 0
}

// spacing is what the options say of whitespace.
type spacing struct {
	flags          jsonopts.Flags
	indent, prefix string
}

// nextSpace counts the delimiter and the whitespace that out, under the
// whitespace options ws, writes before a next value.
func nextSpace(out *jsontext.Encoder, ws *spacing) int64 {
	depth := out.StackDepth()
	if depth == 0 {
		return 0
	}
	kind, n := out.StackIndex(depth)
	if kind == '{' && n%2 == 1 {
		if ws.flags.Get(jsonopts.SpaceAfterColon) {
			return 2
		}
		return 1
	}
	c := int64(0)
	if n > 0 {
		c++ // the comma
		if ws.flags.Get(jsonopts.SpaceAfterComma) {
			c++
		}
	}
	if ws.flags.Get(jsonopts.Multiline) {
		c += int64(1 + len(ws.prefix) + depth*len(ws.indent))
	}
	return c
}

// encodeScratch holds buffers MarshalEncode writes a value in before
// it goes to the Encoder (*[]byte, never nil: a nil buffer would be
// taken for a new output, copied out at its size).
var encodeScratch = sync.Pool{New: func() any {
	b := make([]byte, 0, 512)
	return &b
}}

// maxScratch is the largest buffer encodeScratch keeps.
const maxScratch = 64 << 10

// placedWhole reports whether err, from marshaling a value into an
// Encoder, holds a SemanticError a method or function returned that
// publicError reports as it is: one with every field that placing err
// would fill in set (by a MarshalEncode inside it, which placed it in
// the whole output).
func placedWhole(err error) bool {
	ie, ok := err.(*v2api.Error)
	if !ok {
		return false
	}
	inner, ok := ie.Err.(*SemanticError)
	return ok && inner.action != "" && inner.ByteOffset != 0 && inner.JSONPointer != "" && inner.GoType != nil
}

// placeInEncoder moves err (from marshaling a value by itself) to where
// the value goes in out: after the Encoder's output and the delimiter
// and whitespace (as ws says) before the value, within the Encoder's
// open containers.
func placeInEncoder(err error, out *jsontext.Encoder, ws *spacing) error {
	at := out.OutputOffset() + nextSpace(out, ws)
	depth := out.StackDepth()
	if depth == 0 {
		return v2api.Offset(err, at)
	}
	kind, n := out.StackIndex(depth)
	ptr := out.StackPointer()
	var tokens []string
	switch {
	case kind == '[':
		if n > 0 {
			ptr = ptr.Parent()
		}
		tokens = append(tokens, strconv.FormatInt(n, 10))
	case n%2 == 0 && n > 0:
		ptr = ptr.Parent() // a member's name: in the object
	}
	for ; ptr != ""; ptr = ptr.Parent() {
		tokens = append(tokens, ptr.LastToken())
	}
	for _, tok := range tokens {
		err = v2api.Within(err, tok)
	}
	return v2api.Offset(err, at)
}

// encoderLevels are the levels of an Encoder that a value is marshaled
// into, inside the outer levels it had (see MarshalEncode).
type encoderLevels struct {
	outer textexport.LevelSource
	enc   *jsontext.Encoder
}

// Levels returns the levels, the top level first.
func (l encoderLevels) Levels() []textexport.Level { return l.AppendLevels(nil) }

// AppendLevels returns dst composed with the levels (see
// textexport.LevelAppender).
func (l encoderLevels) AppendLevels(dst []textexport.Level) []textexport.Level {
	return textexport.ComposeOnto(textexport.AppendLevels(dst, l.outer), textexport.Levels(l.enc))
}

// Enclosing returns the levels around the Encoder's (see
// textexport.Nested).
func (l encoderLevels) Enclosing() textexport.LevelSource { return l.outer }

// Depth returns how many containers the levels hold open.
func (l encoderLevels) Depth() int {
	_, own, _ := textexport.Written(l.enc)
	return textexport.Depth(l.outer) + own
}
