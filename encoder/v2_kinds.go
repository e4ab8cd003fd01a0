package encoder

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/textexport"
	"github.com/jetjson/jet/internal/v2api"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/jsontext"
)

// The methods v2 calls, in the order it tries them.
var ()

// stdMarshalerToType is the standard library's MarshalerTo interface
// (MarshalJSONTo taking encoding/json/jsontext's Encoder), and
// callStdMarshalerTo calls such a method on m, a pointer to a value of
// type t; both are set only on toolchains that have it (v2_std127.go).
var (
	stdMarshalerToType reflect.Type
	callStdMarshalerTo func(e *state, b []byte, t reflect.Type, m any) ([]byte, error)
)

// ptrMethodsV2 reports whether encoding t may call a marshal method with
// a pointer into the value.
func ptrMethodsV2(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		for _, m := range v2api.MarshalMethods {
			if reflect.PointerTo(t).Implements(m) {
				return true
			}
		}
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			if ptrMethodsV2(t.Field(i).Type, seen) {
				return true
			}
		}
	case reflect.Array:
		return ptrMethodsV2(t.Elem(), seen)
	}
	return false
}

// methodFnV2 returns the encoder of a type that marshals itself, or nil.
// v2 calls the methods of T through a pointer (its values are always
// addressable); pointer and interface types have none of their own.
func methodFnV2(t reflect.Type) encFunc { return methodFnV2From(t, 0) }

// methodFnV2From is methodFnV2 looking only at the methods from the
// i'th of v2's order on: a MarshalJSONTo that declines hands the value
// to the next method, or to the type's default encoder.
func methodFnV2From(t reflect.Type, i int) encFunc {
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return nil
	}
	pt := reflect.PointerTo(t)
	switch {
	case i <= 0 && pt.Implements(v2api.MarshalerTo):
		next := methodFnV2From(t, 1)
		if next == nil {
			next = newFnV2Kind(t)
		}
		word := rt.TypeWord(pt)
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			m := packDirect(word, p).(interface{ MarshalJSONTo(*jsontext.Encoder) error })
			out, err := e.callToV2(b, t, m.MarshalJSONTo)
			if err == errors.ErrUnsupported {
				return next(e, b, p)
			}
			return out, err
		}
	case i <= 0 && stdMarshalerToType != nil && pt.Implements(stdMarshalerToType):
		next := methodFnV2From(t, 1)
		if next == nil {
			next = newFnV2Kind(t)
		}
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			out, err := callStdMarshalerTo(e, b, t, reflect.NewAt(t, p).Interface())
			if err == errors.ErrUnsupported {
				return next(e, b, p)
			}
			return out, err
		}
	case i <= 1 && pt.Implements(rt.MarshalerType):
		word := rt.TypeWord(pt)
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			e.v2.tag = 0
			m := packDirect(word, p).(json.Marshaler)
			raw, err := m.MarshalJSON()
			if err != nil {
				return b, withMode(semErr(b, t, methodErr(err, "MarshalJSON")), v2api.Collapse)
			}
			return e.appendRawV2(b, raw, t)
		}
	case i <= 2 && pt.Implements(v2api.TextAppender):
		word := rt.TypeWord(pt)
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			e.v2.tag = 0
			m := packDirect(word, p).(interface{ AppendText([]byte) ([]byte, error) })
			text, err := m.AppendText(nil)
			if err != nil {
				return b, withMode(semErr(b, t, methodErr(err, "AppendText")), v2api.Text)
			}
			return e.textV2(b, text, t)
		}
	case i <= 3 && pt.Implements(rt.TextMarshalerType):
		word := rt.TypeWord(pt)
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			e.v2.tag = 0
			m := packDirect(word, p).(encoding.TextMarshaler)
			text, err := m.MarshalText()
			if err != nil {
				return b, withMode(semErr(b, t, methodErr(err, "MarshalText")), v2api.Text)
			}
			return e.textV2(b, text, t)
		}
	}
	return nil
}

// withMode sets how the v2 package reports err (a *v2api.Error) when it
// holds an error a caller's method returned (see v2api.Mode).
func withMode(err error, m v2api.Mode) error {
	err.(*v2api.Error).Mode = m
	return err
}

// textV2 writes the text a MarshalText or AppendText method returned
// for a value of type t: invalid UTF-8 in it is the method's semantic
// error.
func (e *state) textV2(b, text []byte, t reflect.Type) ([]byte, error) {
	out, err := e.appendStringV2(b, string(text), t)
	if err != nil {
		return b, semErr(b, t, err)
	}
	return out, nil
}

// methodErr is the cause v2 reports for a method's error.
func methodErr(err error, name string) error {
	if errors.Is(err, errors.ErrUnsupported) {
		return errors.New(name + " method may not return errors.ErrUnsupported")
	}
	return err
}

// callToV2 runs a MarshalJSONTo method (or a MarshalToFunc) with an
// Encoder of its own, and appends the one value it must write.
func (e *state) callToV2(b []byte, t reflect.Type, call func(*jsontext.Encoder) error) ([]byte, error) {
	e.v2.tag = 0
	me := e.takeMethodEncoder(b)
	enc := me.enc
	err := call(enc)
	r := methodRun{flushed: me.out.Bytes(), total: enc.OutputOffset()}
	r.unflushed, r.depth, r.values = textexport.Written(enc)
	if r.depth > 0 {
		textexport.SetOuter(enc, nil)
		r.lastKind, r.lastLen = enc.StackIndex(r.depth)
		r.pointer = string(enc.StackPointer())
	}
	out, err := e.methodOutputV2(b, t, &r, err)
	e.putMethodEncoder(me)
	return out, err
}

// methodEncoder is an Encoder a caller's MarshalJSONTo method or
// MarshalToFunc writes to, and where it stands (see
// textexport.SetOuter). A state keeps them for its next calls.
type methodEncoder struct {
	enc   *jsontext.Encoder
	out   bytes.Buffer
	where textexport.Prefix
	// depth is the containers open around the method's value (the
	// caller's levels included): where.Levels()'s, without reading.
	depth int
	// marshal is the state's count of encodings (state.marshals) when
	// the Encoder was given the options of its encoding.
	marshal uint64
	// owner is the state whose encoding gave the Encoder to a method,
	// while the method runs.
	owner *state
}

// enclosingState returns the state of the encoding whose caller's
// method or function was given the Encoder that an encoding inside the
// levels outer gives writes to (MarshalEncode in a MarshalJSONTo
// method), or nil. Go's v2 writes that value into the same Encoder and
// so checks it for cycles with the pointers seen around it; jet's
// encoding shares the enclosing one's record of them.
func enclosingState(outer textexport.LevelSource) *state {
	for outer != nil {
		switch s := outer.(type) {
		case *methodEncoder:
			return s.owner
		case textexport.Nested:
			outer = s.Enclosing()
		default:
			return nil
		}
	}
	return nil
}

// Levels returns the levels the Encoder stands in: at the end of the
// output so far, written as JSON (see prefixText), inside the caller's
// Encoder's levels.
func (me *methodEncoder) Levels() []textexport.Level { return me.AppendLevels(nil) }

// AppendLevels returns dst composed with the levels (see
// textexport.LevelAppender).
func (me *methodEncoder) AppendLevels(dst []textexport.Level) []textexport.Level {
	p := textexport.Prefix{Text: prefixText(me.where.Text), Outer: me.where.Outer}
	return p.AppendLevels(dst)
}

// Depth returns how many containers Levels holds open.
func (me *methodEncoder) Depth() int { return me.depth }

// prefixText returns the encoder's output so far, p, as the JSON text
// it stands for. While the encoder writes, p is not always that text:
// the shared struct loop writes each field as `,"name":` and turns the
// first comma into the object's '{' at the end, and an inline fallback
// map is written as an object of its own inside the struct's, its
// braces taken out once it is done (the first in place of the comma
// before its members). So a ',' where a value goes opens an object, and
// a '{' where a member name or the comma after a member goes is dropped
// or is that comma.
func prefixText(p []byte) []byte {
	out := p
	copied := false
	edit := func(i int, c byte, drop bool) {
		if !copied {
			out = append([]byte(nil), p...)
			copied = true
		}
		if drop {
			out[i] = ' '
		} else {
			out[i] = c
		}
	}
	var stack []byte
	value := true // a value goes next (else a name, or a delimiter)
	name := false // a member name goes next
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case ' ', '\t', '\n', '\r':
		case '"':
			for i++; i < len(p) && p[i] != '"'; i++ {
				if p[i] == '\\' {
					i++
				}
			}
			value, name = false, false
		case ',':
			switch {
			case value:
				edit(i, '{', false)
				stack = append(stack, '{')
				value, name = false, true
			case len(stack) > 0 && stack[len(stack)-1] == '{':
				name = true
			default:
				value = true
			}
		case '{':
			if name {
				edit(i, 0, true)
				continue
			}
			if !value && len(stack) > 0 && stack[len(stack)-1] == '{' {
				// After a member: the fallback's brace stands where
				// the comma before its members goes.
				edit(i, ',', false)
				name = true
				continue
			}
			stack = append(stack, '{')
			value, name = false, true
		case '[':
			stack = append(stack, '[')
			value, name = true, false
		case ':':
			value, name = true, false
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			value, name = false, false
		default:
			value, name = false, false
		}
	}
	return out
}

// maxMethodOutput is the largest output buffer a methodEncoder keeps.
const maxMethodOutput = 64 << 10

// takeMethodEncoder returns an Encoder for a method, reset to keep its
// output, with the encoding's syntax options and no whitespace, that
// stands where b ends, as the Encoder Go's v2 gives is its own.
func (e *state) takeMethodEncoder(b []byte) *methodEncoder {
	x := e.v2
	var me *methodEncoder
	if n := len(e.methodEncs); n > 0 {
		me = e.methodEncs[n-1]
		e.methodEncs = e.methodEncs[:n-1]
	} else {
		me = &methodEncoder{enc: new(jsontext.Encoder)}
	}
	me.where = textexport.Prefix{Text: b[x.base:], Outer: x.outer}
	me.depth = e.jdepth
	me.owner = e
	me.out.Reset()
	if me.marshal == e.marshals {
		textexport.ResetEncoder(me.enc, &me.out, nil, me)
		return me
	}
	if !x.methodOptsSet {
		x.methodOpts = *x.text
		x.methodOpts.Join(jsontext.Multiline(false))
		x.methodOptsSet = true
	}
	textexport.ResetEncoder(me.enc, &me.out, &x.methodOpts, me)
	me.marshal = e.marshals
	return me
}

// putMethodEncoder keeps me for the next call, unless its output
// buffer grew large.
func (e *state) putMethodEncoder(me *methodEncoder) {
	me.where = textexport.Prefix{}
	me.owner = nil
	// Levels found for an error are dropped: nested calls leave one
	// Encoder per level in the pools, each with the levels around it.
	textexport.SetOuter(me.enc, nil)
	if me.out.Cap() <= maxMethodOutput {
		e.methodEncs = append(e.methodEncs, me)
	}
}

// methodRun is what a MarshalJSONTo method (or MarshalToFunc) did with
// the Encoder of its own it was given.
type methodRun struct {
	// flushed is the output the Encoder flushed: each finished
	// top-level value and a newline. unflushed is what it holds (of a
	// value left open), when it can tell.
	flushed, unflushed []byte
	total              int64  // the Encoder's output offset
	depth              int    // containers left open
	values             int64  // top-level values begun
	pointer            string // the Encoder's StackPointer
	// The innermost open container's kind ('[' or '{') and length.
	lastKind jsontext.Kind
	lastLen  int64
}

// methodOutputV2 appends the one value a MarshalJSONTo method (or
// MarshalToFunc) wrote, or reports its error, or that it did not write
// exactly one value, placed as v2 places it: after what the method
// wrote, where the next token would go. It returns
// errors.ErrUnsupported when the method declined without writing.
func (e *state) methodOutputV2(b []byte, t reflect.Type, r *methodRun, err error) ([]byte, error) {
	up := 0
	if err == nil && (r.values != 1 || r.depth != 0) {
		err = errNonSingular
		if r.values > 1 && r.depth == 0 && len(b) > 0 && b[len(b)-1] != ':' {
			// More than one element: Go's v2 places the error at the
			// array around them.
			up = 1
		}
	}
	if err == nil {
		return append(append(b, bytes.TrimSuffix(r.flushed, []byte{'\n'})...), r.unflushed...), nil
	}
	if errors.Is(err, errors.ErrUnsupported) {
		if r.total == 0 && r.depth == 0 {
			return b, errors.ErrUnsupported
		}
		err = errUnsupportedMutation
	}
	// The output holds what the method wrote before the error, as Go's
	// does (its method writes to the Encoder of the whole output).
	out := r.appendText(b)
	// The error goes after it, and after what a standard library's
	// Encoder holds and could not be had.
	at := int64(len(out)) + r.total - int64(len(r.flushed)+len(r.unflushed))
	written := at - int64(len(b))
	var inner jsontext.Pointer
	if r.depth > 0 {
		inner = jsontext.Pointer(r.pointer)
		if r.lastLen > 0 {
			at++ // a comma or colon comes next
			if r.lastKind == '[' {
				inner = inner.Parent()
			}
		}
	} else if written > 0 && len(b) > 0 {
		at++
	}
	if ve, ok := err.(*v2api.Error); ok {
		if ve.ByteOffset == 0 {
			ve.ByteOffset = at
		} else {
			// Placed within the method's own output.
			v2api.Offset(ve, int64(len(b)))
		}
		if ve.GoType == nil {
			ve.GoType = t
		}
		if ve.JSONPointer == "" {
			ve.JSONPointer = inner
		}
		return out, ve
	}
	if se, ok := err.(*jsontext.SyntacticError); ok {
		// Placed within the method's own output.
		se.ByteOffset += int64(len(b))
	}
	return out, &v2api.Error{Action: "marshal", ByteOffset: at, JSONPointer: inner, GoType: t, Err: err, Up: up}
}

// appendText appends what the method wrote, as it would sit in b:
// top-level values follow each other at the top level, and are
// separated by commas elsewhere (where b holds what comes before).
func (r *methodRun) appendText(b []byte) []byte {
	sep := len(b) > 0
	n := 0
	for rest := r.flushed; len(rest) > 0; {
		v := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			v, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		if len(v) == 0 {
			continue
		}
		if n > 0 && sep {
			b = append(b, ',')
		}
		b = append(b, v...)
		n++
	}
	if len(r.unflushed) > 0 {
		// The value left open (the Encoder flushes each finished one).
		if n > 0 && sep {
			b = append(b, ',')
		}
		b = append(b, r.unflushed...)
	}
	return b
}

var (
	errNonSingular         = errors.New("must read or write exactly one value")
	errUnsupportedMutation = errors.New("unsupported calls must not read or write any tokens")
)

// appendRawV2 appends a value given as JSON text (a MarshalJSON method's
// output, a jsontext.Value), checked and reformatted as the options say.
func (e *state) appendRawV2(b []byte, raw []byte, t reflect.Type) ([]byte, error) {
	v := jsontext.Value(slices.Clone(raw))
	if err := v.Format(e.v2.text, jsontext.Multiline(false)); err != nil {
		if se, ok := err.(*jsontext.SyntacticError); ok {
			se.ByteOffset += int64(len(b))
			return b, semErr(b, t, se)
		}
		return b, semErr(b, t, err)
	}
	return append(b, v...), nil
}

// timeFnV2 returns the encoder of time.Time and time.Duration, which v2
// treats as if they had methods of its own, or nil.
func timeFnV2(t reflect.Type) encFunc {
	switch t {
	case reflect.TypeFor[time.Duration]():
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			e.v2.tag = 0
			return b, semErr(b, t, v2api.ErrNoDefault)
		}
	case reflect.TypeFor[time.Time]():
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			if e.v2.tag&v2TagString != 0 {
				return b, e.tagCheck(b, t)
			}
			e.v2.tag = 0
			tm := *(*time.Time)(p)
			if y := tm.Year(); y < 0 || y > 9999 {
				return b, semErr(b, t, errors.New("year outside of range [0,9999]"))
			}
			at := len(b)
			b = append(b, '"')
			b = tm.AppendFormat(b, time.RFC3339Nano)
			if !zoneHourValid(b[at+1:]) {
				return b[:at], semErr(b[:at], t, errors.New("timezone hour outside of range [0,23]"))
			}
			return append(b, '"'), nil
		}
	}
	return nil
}

// zoneHourValid reports whether the RFC 3339 time text s (as time
// formats it) ends in Z or in an offset of -23:59 to +23:59: time writes
// the hour of a wider offset as it is, which RFC 3339 does not allow.
func zoneHourValid(s []byte) bool {
	n := len(s)
	if n < len("Z07:00") || s[n-1] == 'Z' {
		return true
	}
	if c := s[n-6]; '0' <= c && c <= '9' {
		return false // three digits or more
	}
	return (s[n-5]-'0')*10+(s[n-4]-'0') < 24
}

// fnForV2Of is the v2 encoder of t, for use while encoding.
func fnForV2Of(t reflect.Type) encFunc {
	compileMu.Lock()
	defer compileMu.Unlock()
	return fnForV2Locked(t)
}

func pointerFnV2(t reflect.Type) encFunc {
	elem := fnForV2Locked(t.Elem())
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			e.v2.tag = 0
			return append(b, "null"...), nil
		}
		if e.jdepth >= cycleCheckDepth {
			return e.checkedV2(b, q, t, 0, false, func(b []byte) ([]byte, error) { return elem(e, b, q) })
		}
		return elem(e, b, q)
	}
}

// checkedV2 runs fn with p recorded on the path, as v2 does for
// pointers, maps and slices past cycleCheckDepth JSON containers, and
// reports a cycle as v2 does. A map or slice (container) is a JSON
// container of its own, counted in jdepth, refused past maxDepthV2.
func (e *state) checkedV2(b []byte, p unsafe.Pointer, t reflect.Type, n int, container bool, fn func([]byte) ([]byte, error)) ([]byte, error) {
	k := seenKey{p, t, n}
	if e.seen == nil {
		e.seen = map[seenKey]struct{}{}
	}
	if _, ok := e.seen[k]; ok {
		return b, semErr(b, t, errCycle)
	}
	if container {
		if err := e.openV2(b); err != nil {
			return b, err
		}
	}
	e.seen[k] = struct{}{}
	b, err := fn(b)
	delete(e.seen, k)
	if container {
		e.jdepth--
	}
	return b, err
}

// openV2 counts a JSON array or object about to be written at the end
// of b, as jsontext's Encoder does; past maxDepthV2 it is the Encoder's
// error, and nothing is counted. The caller decrements jdepth after
// the container.
func (e *state) openV2(b []byte) error {
	if e.jdepth++; e.jdepth > maxDepthV2 {
		return e.tooDeepV2(b)
	}
	return nil
}

// tooDeepV2 takes back the level openV2 counted past maxDepthV2 and
// returns the Encoder's error for it.
//
//go:noinline
func (e *state) tooDeepV2(b []byte) error {
	e.jdepth--
	return &jsontext.SyntacticError{ByteOffset: int64(len(b)), Err: errMaxDepthText}
}

// errMaxDepthText is jsontext's cause for nesting too deep.
var errMaxDepthText = func() error {
	v := jsontext.Value(strings.Repeat("[", maxDepthV2+1))
	err := v.Compact()
	return err.(*jsontext.SyntacticError).Err
}()

func bytesFnV2(t reflect.Type) encFunc {
	n := 0
	if t.Kind() == reflect.Array {
		n = t.Len()
	}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if err := e.tagCheck(b, t); err != nil {
			return b, err
		}
		var v []byte
		if t.Kind() == reflect.Array {
			v = unsafe.Slice((*byte)(p), n)
		} else {
			v = *(*[]byte)(p)
			if v == nil && e.v2.bits&v2NilSliceNull != 0 {
				return append(b, "null"...), nil
			}
		}
		b = append(b, '"')
		b = base64.StdEncoding.AppendEncode(b, v)
		return append(b, '"'), nil
	}
}

func sliceFnV2(t reflect.Type) encFunc {
	et := t.Elem()
	elem := fnForV2Locked(et)
	fast := elemsFnV2(et)
	size := et.Size()
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if err := e.tagCheck(b, t); err != nil {
			return b, err
		}
		sh := (*sliceHeader)(p)
		if sh.Data == nil {
			if e.v2.bits&v2NilSliceNull != 0 {
				return append(b, "null"...), nil
			}
			return append(b, '[', ']'), nil
		}
		if sh.Len == 0 {
			// Empty: nothing to walk, nothing that could cycle.
			return append(b, '[', ']'), nil
		}
		if e.jdepth >= cycleCheckDepth {
			return e.checkedV2(b, sh.Data, t, sh.Len, true, func(b []byte) ([]byte, error) { return e.elemsV2(b, elem, sh.Data, sh.Len, size) })
		}
		e.jdepth++
		var err error
		if e.v2.bits&v2Slow == 0 {
			b, err = fast(e, b, sh.Data, sh.Len)
		} else {
			b, err = e.elemsV2(b, elem, sh.Data, sh.Len, size)
		}
		e.jdepth--
		return b, err
	}
}

func arrayFnV2(t reflect.Type) encFunc {
	elem := fnForV2Locked(t.Elem())
	fast := elemsFnV2(t.Elem())
	n, size := t.Len(), t.Elem().Size()
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if err := e.tagCheck(b, t); err != nil {
			return b, err
		}
		if err := e.openV2(b); err != nil {
			return b, err
		}
		var err error
		if e.v2.bits&v2Slow == 0 {
			b, err = fast(e, b, p, n)
		} else {
			b, err = e.elemsV2(b, elem, p, n, size)
		}
		e.jdepth--
		return b, err
	}
}

// elemsFnV2 is elemsFn for v2's fast loops (encodings without v2Slow):
// the array loop for element type et, with tight loops for plain
// integers, strings and floats, structs the shared member loop writes
// and pointers to them. Its output is elemsV2's.
func elemsFnV2(et reflect.Type) elemsFunc {
	elem := rawFnForV2Locked(et)
	size := et.Size()
	if plainV2(et) {
		switch plainFieldKind(et) {
		case kindInt64:
			return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
				b = wire.AppendIntsComma(append(b, '['), unsafe.Slice((*int64)(p), n))
				return closeArray(b), nil
			}
		case kindString:
			return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
				b = append(b, '[')
				var err error
				for i, s := range unsafe.Slice((*string)(p), n) {
					if b, err = e.appendStringV2(b, s, nil); err != nil {
						return b, within(err, itoa(i))
					}
					b = append(b, ',')
				}
				return closeArray(b), nil
			}
		case kindFloat64:
			return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
				b = append(b, '[')
				var err error
				for i, f := range unsafe.Slice((*float64)(p), n) {
					if f != f || f > maxFloat || f < -maxFloat {
						if b, err = elem(e, b, unsafe.Add(p, i*8)); err != nil {
							return b, within(err, itoa(i))
						}
					} else {
						b = wire.AppendFloat(b, f, 64)
					}
					b = append(b, ',')
				}
				return closeArray(b), nil
			}
		}
		var se *structEnc
		ptr := false
		switch et.Kind() {
		case reflect.Struct:
			se = structEncsV2[et]
		case reflect.Pointer:
			if pt := et.Elem(); pt.Kind() == reflect.Struct && plainV2(pt) {
				se, ptr = structEncsV2[pt], true
			}
		}
		if se != nil && !ptr {
			return structElems(se, size, true)
		}
		if se != nil {
			return structPtrElems(se, elem, true)
		}
	}
	if floatRowKind(et) && plainV2(et) && plainV2(et.Elem()) {
		// Rows of floats, as elemsFn writes them; a row holding NaN or
		// ±Inf goes to the row loop, for its error.
		inner, m := elemsFnV2(et.Elem()), et.Len()
		return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
			b = append(b, '[')
			if n > 0 && e.jdepth >= maxDepthV2 {
				return b, within(e.openV2(b), "0")
			}
			// The rows hold floats only: nothing in them counts levels.
			var err error
			for i := 0; ; i++ {
				if b, i = appendFloatRows(b, p, i, n, m, size); i == n {
					break
				}
				if b, err = inner(e, b, unsafe.Add(p, uintptr(i)*size), m); err != nil {
					return b, within(err, itoa(i))
				}
				b = append(b, ',')
			}
			return closeArray(b), nil
		}
	}
	if et.Kind() == reflect.Array && plainV2(et) && !(et.Elem().Kind() == reflect.Uint8 && et.Elem().PkgPath() == "") {
		// Arrays (not of bytes) by their own element loop, as arrayFnV2
		// writes them without v2Slow and tag options.
		inner, m := elemsFnV2(et.Elem()), et.Len()
		return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
			b = append(b, '[')
			if n > 0 && e.jdepth >= maxDepthV2 {
				return b, within(e.openV2(b), "0")
			}
			// The inner arrays are a level: what they hold counts it.
			e.jdepth++
			var err error
			for i := 0; i < n; i++ {
				if b, err = inner(e, b, unsafe.Add(p, uintptr(i)*size), m); err != nil {
					e.jdepth--
					return b, within(err, itoa(i))
				}
				b = append(b, ',')
			}
			e.jdepth--
			return closeArray(b), nil
		}
	}
	return func(e *state, b []byte, p unsafe.Pointer, n int) ([]byte, error) {
		b = append(b, '[')
		var err error
		for i := 0; i < n; i++ {
			if b, err = elem(e, b, unsafe.Add(p, uintptr(i)*size)); err != nil {
				return b, within(err, itoa(i))
			}
			b = append(b, ',')
		}
		return closeArray(b), nil
	}
}

// elemsV2 writes n elements of the given size stored from p on as a JSON
// array.
func (e *state) elemsV2(b []byte, elem encFunc, p unsafe.Pointer, n int, size uintptr) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = elem(e, b, unsafe.Add(p, uintptr(i)*size)); err != nil {
			return b, within(err, strconv.Itoa(i))
		}
	}
	return append(b, ']'), nil
}

func mapFnV2(t reflect.Type) encFunc {
	kt, vt := t.Key(), t.Elem()
	key := fnForV2Locked(kt)
	val := fnForV2Locked(vt)
	// plainKeys: string keys written as they are (unless a marshal
	// function takes them); uniqueKeys: keys that cannot be written
	// alike, so that no duplicate check is needed.
	plainKeys := kt.Kind() == reflect.String && !v2api.HasMethods(kt)
	uniqueKeys := !v2api.HasMethods(kt)
	switch kt.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr, reflect.String:
	default:
		uniqueKeys = false
	}
	mc := &mapV2{t: t, key: key, val: val, plainKeys: plainKeys, uniqueKeys: uniqueKeys, bytesKeys: bytesMethods(kt)}
	if kt.Kind() == reflect.String && vt.Kind() == reflect.String && plainV2(kt) && plainV2(vt) {
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			if err := e.tagCheck(b, t); err != nil {
				return b, err
			}
			// Unsorted, and names that cannot be written alike (or
			// need no check): ranged natively.
			x := e.v2.bits
			if x&(v2Slow|v2Sorted) == 0 && x&(v2AllowBadUTF8|v2AllowDup) != v2AllowBadUTF8 && e.jdepth < cycleCheckDepth {
				return e.mapStringStringV2(b, *(*map[string]string)(p))
			}
			return mc.encode(e, b, p)
		}
	}
	if t == anyMapType {
		return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
			if err := e.tagCheck(b, t); err != nil {
				return b, err
			}
			m := *(*map[string]any)(p)
			if e.v2.funcs == nil && e.v2.bits&(v2AllowBadUTF8|v2AllowDup) != v2AllowBadUTF8 {
				return e.mapStringAnyV2(b, m)
			}
			return mc.encode(e, b, p)
		}
	}
	return func(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
		if err := e.tagCheck(b, t); err != nil {
			return b, err
		}
		return mc.encode(e, b, p)
	}
}

// mapV2 is the v2 encoder of one map type.
type mapV2 struct {
	t                     reflect.Type
	key, val              encFunc
	plainKeys, uniqueKeys bool
	// bytesKeys: the keys are written by a method that returns their
	// text (MarshalJSON, AppendText, MarshalText), whose write errors Go's
	// v2 reports as the key type's.
	bytesKeys bool
	// fallback: the map holds a struct's unknown members (embedded), where
	// v2 reports a name it cannot write as a semantic error of the key
	// type.
	fallback bool
	// iters holds *mapIter: an iterator and key and value holders,
	// reused from map to map.
	iters sync.Pool
}

// mapStringStringV2 writes a map of strings to strings (of any string
// types without methods), unsorted, as mapBodyV2 does, within
// cycleCheckDepth.
func (e *state) mapStringStringV2(b []byte, m map[string]string) ([]byte, error) {
	if m == nil && e.v2.bits&v2NilMapNull != 0 {
		return append(b, "null"...), nil
	}
	if len(m) == 0 {
		return append(b, '{', '}'), nil
	}
	e.jdepth++
	b = append(b, '{')
	var err error
	for k, v := range m {
		if b, err = e.appendStringV2(b, k, nil); err != nil {
			break
		}
		b = append(b, ':')
		if b, err = e.appendStringV2(b, v, nil); err != nil {
			err = within(err, pointerName(k))
			break
		}
		b = append(b, ',')
	}
	e.jdepth--
	if err != nil {
		return b, err
	}
	return closeObject(b), nil
}

func (mc *mapV2) encode(e *state, b []byte, p unsafe.Pointer) ([]byte, error) {
	mp := *(*unsafe.Pointer)(p)
	if mp == nil {
		if e.v2.bits&v2NilMapNull != 0 {
			return append(b, "null"...), nil
		}
		return append(b, '{', '}'), nil
	}
	m := reflect.NewAt(mc.t, p).Elem()
	if m.Len() == 0 {
		return append(b, '{', '}'), nil
	}
	if mc.fallback {
		// Its members are the struct's: no level of its own, and v2
		// does not look for it on the path.
		return e.mapBodyV2(b, m, mc)
	}
	if e.jdepth >= cycleCheckDepth {
		return e.checkedV2(b, mp, mc.t, 0, true, func(b []byte) ([]byte, error) { return e.mapBodyV2(b, m, mc) })
	}
	e.jdepth++
	b, err := e.mapBodyV2(b, m, mc)
	e.jdepth--
	return b, err
}

// v2Member is a map member of a sorted map on its way out: its name,
// and its key and value (copies in slices the map's body made).
type v2Member struct {
	name string // unquoted, for sorting and the JSON Pointer
	i    int    // index of the key and value copies
}

func (e *state) mapBodyV2(b []byte, m reflect.Value, mc *mapV2) ([]byte, error) {
	t := mc.t
	kt, vt := t.Key(), t.Elem()
	x := e.v2.bits
	plain := mc.plainKeys
	unique := mc.uniqueKeys
	bytesKeys := mc.bytesKeys
	// The caller's functions write the keys of maps, but not those of a
	// struct's embedded fallback map (Go's v2 writes those as strings).
	if e.v2.funcs != nil && !mc.fallback {
		if idx := funcsV2(e.v2.funcs, kt); idx != nil {
			plain, unique = false, false
			bytesKeys = true
			for _, i := range idx {
				bytesKeys = bytesKeys && e.v2.funcs.List[i].Bytes != nil
			}
		}
	}
	if kt.Kind() == reflect.String && x&v2AllowBadUTF8 != 0 {
		unique = false
	}
	checkDup := !unique && x&v2AllowDup == 0
	var names map[string]struct{}
	if checkDup {
		names = make(map[string]struct{}, m.Len())
	}
	// writeKey writes the key at kp as a member name at the end of b,
	// checking it is a string (and, when asked, not one written
	// already), and returns it unquoted.
	writeKey := func(b []byte, kp unsafe.Pointer) ([]byte, string, error) {
		at := len(b)
		var err error
		if plain {
			s := *(*string)(kp)
			b, err = e.appendStringV2(b, s, kt)
			if err != nil && mc.fallback {
				// Go's v2 reports the key's syntax error (invalid UTF-8)
				// as the key type's, at the key: its cause unwrapped.
				if se, ok := err.(*jsontext.SyntacticError); ok {
					err = &v2api.Error{Action: "marshal", ByteOffset: se.ByteOffset, GoType: kt, Err: se.Err}
				} else {
					err = semErr(b, kt, err)
				}
			}
			if err != nil || !checkDup {
				return b, s, err
			}
		} else {
			e.v2.tag = v2Name
			b, err = mc.key(e, b, kp)
			e.v2.tag = 0
			if err != nil {
				return b, "", err
			}
			if len(b) == at || b[at] != '"' {
				b = b[:at]
				return b, "", semErr(b, methodKeyType(kt, kp), &jsontext.SyntacticError{ByteOffset: int64(at), Err: jsontext.ErrNonStringName})
			}
		}
		u, _ := jsontext.AppendUnquote(nil, b[at:])
		name := string(u)
		if checkDup {
			if _, dup := names[name]; dup {
				err := within(&jsontext.SyntacticError{ByteOffset: mc.dupOffset(b, at), Err: jsontext.ErrDuplicateName}, name)
				if bytesKeys {
					err = &v2api.Error{Action: "marshal", ByteOffset: int64(at), GoType: kt, Err: err}
				}
				return b[:at], name, err
			}
			names[name] = struct{}{}
		}
		return b, name, nil
	}
	start := len(b)
	b = append(b, '{')
	var err error
	n := m.Len()
	if x&v2Sorted == 0 || n <= 1 {
		it, _ := mc.iters.Get().(*mapIter)
		if it == nil {
			it = &mapIter{k: reflect.New(kt).Elem(), v: reflect.New(vt).Elem()}
		}
		kp, vp := it.k.Addr().UnsafePointer(), it.v.Addr().UnsafePointer()
		it.it.Reset(m)
		for it.it.Next() {
			it.k.SetIterKey(&it.it)
			it.v.SetIterValue(&it.it)
			if len(b) > start+1 {
				b = append(b, ',')
			}
			var name string
			if b, name, err = writeKey(b, kp); err != nil {
				break
			}
			b = append(b, ':')
			if b, err = mc.val(e, b, vp); err != nil {
				err = within(err, pointerName(name))
				break
			}
		}
		it.it.Reset(reflect.Value{})
		it.k.SetZero()
		it.v.SetZero()
		mc.iters.Put(it)
		if err != nil {
			return b, err
		}
		return append(b, '}'), nil
	}
	// Sorted: the names are found first (each key written where the
	// first member goes, and taken back), then the members are written
	// in the order of their names.
	keys := reflect.MakeSlice(reflect.SliceOf(kt), n, n)
	vals := reflect.MakeSlice(reflect.SliceOf(vt), n, n)
	members := make([]v2Member, 0, n)
	at := len(b)
	for it := m.MapRange(); it.Next() && len(members) < n; {
		i := len(members)
		keys.Index(i).SetIterKey(it)
		vals.Index(i).SetIterValue(it)
		var name string
		kp := keys.Index(i).Addr().UnsafePointer()
		if plain {
			name = *(*string)(kp)
		} else {
			saved := checkDup
			checkDup = false // the names are checked as they are written
			b, name, err = writeKey(b, kp)
			checkDup = saved
			if err != nil {
				return b, err
			}
			b = b[:at]
		}
		members = append(members, v2Member{name: name, i: i})
	}
	slices.SortFunc(members, func(x, y v2Member) int { return strings.Compare(x.name, y.name) })
	for j, mb := range members {
		if j > 0 {
			b = append(b, ',')
		}
		if plain {
			if b, _, err = writeKey(b, keys.Index(mb.i).Addr().UnsafePointer()); err != nil {
				return b, err
			}
		} else {
			at := len(b)
			b, _ = wire.AppendQuotedText(b, mb.name, x&v2HTML != 0, x&v2JS != 0)
			if checkDup {
				if _, dup := names[mb.name]; dup {
					err := within(&jsontext.SyntacticError{ByteOffset: mc.dupOffset(b, at), Err: jsontext.ErrDuplicateName}, mb.name)
					if bytesKeys {
						err = &v2api.Error{Action: "marshal", ByteOffset: int64(at), GoType: kt, Err: err}
					}
					return b[:at], err
				}
				names[mb.name] = struct{}{}
			}
		}
		b = append(b, ':')
		if b, err = mc.val(e, b, vals.Index(mb.i).Addr().UnsafePointer()); err != nil {
			return b, within(err, pointerName(mb.name))
		}
	}
	return append(b, '}'), nil
}

// invalidUTF8V2 is the error for a string holding invalid UTF-8 that
// was to be written at start.
func invalidUTF8V2(start int) error {
	return &jsontext.SyntacticError{ByteOffset: int64(start), Err: errInvalidUTF8Text}
}

// errInvalidUTF8Text is jsontext's cause for invalid UTF-8.
var errInvalidUTF8Text = func() error {
	_, err := jsontext.AppendQuote(nil, "\xff")
	return err.(*jsontext.SyntacticError).Err
}()

// bytesMethods reports whether v2 writes values of t by a method that
// returns their text (MarshalJSON, AppendText or MarshalText) rather
// than one that writes to an Encoder (MarshalJSONTo, jet's or the
// standard library's): methodFnV2From's order. v2 calls the methods of
// T, and of *T's element, through a pointer.
func bytesMethods(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	pt := reflect.PointerTo(t)
	if pt.Implements(v2api.MarshalerTo) || stdMarshalerToType != nil && pt.Implements(stdMarshalerToType) {
		return false
	}
	return pt.Implements(rt.MarshalerType) || pt.Implements(v2api.TextAppender) || pt.Implements(rt.TextMarshalerType)
}

// methodKeyType is the Go type Go's v2 names when the map key at kp, of
// type kt, is written as something other than a string: the type of the
// key's method (the value an interface or pointers hold, when it has
// methods v2 calls), else kt.
func methodKeyType(kt reflect.Type, kp unsafe.Pointer) reflect.Type {
	v := reflect.NewAt(kt, kp).Elem()
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return kt
		}
		v = v.Elem()
	}
	if v.Type() != kt && v2api.HasMethods(v.Type()) {
		return v.Type()
	}
	return kt
}

// dupOffset is where a duplicate name written at b[at:] is reported: at
// the name, or, in a struct's embedded fallback map, before the comma
// that precedes it (Go's v2 checks a fallback's names before it writes
// the delimiter).
func (mc *mapV2) dupOffset(b []byte, at int) int64 {
	if mc.fallback && at > 0 && b[at-1] == ',' {
		at--
	}
	return int64(at)
}
