package encoder

import (
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
	"github.com/jetjson/jet/option"
)

// state is what one encoding needs: the output buffer, the options and the
// bookkeeping for cycle detection. States are pooled.
type state struct {
	buf  []byte
	opts Options
	// v2 is set while encoding in encoding/json/v2's dialect; it
	// points at v2own, which pools it with the state.
	v2    *v2state
	v2own v2state

	// depth counts nested pointers, maps and slices; past
	// cycleCheckDepth every one is recorded in seen so that a cycle is
	// reported instead of recursing forever.
	depth int
	seen  map[seenKey]struct{}
	// seenShared says seen is the map of the encoding this one runs
	// inside (MarshalEncode from a caller's method; see
	// enclosingState), which keeps it.
	seenShared bool
	// jdepth counts the JSON arrays and objects open around the value
	// being written, as jsontext's Encoder does: v2 looks for cycles
	// past cycleCheckDepth of them and refuses to nest past
	// maxDepthV2. v1 keeps it too, where it shares code with v2.
	jdepth int

	// Scratch space for sorting map members: the sort entries, and the
	// values of map[string]any and map[string]string. Nested maps push
	// above their parent's entries.
	order []sortEntry
	vals  []any
	strs  []string

	// shapes remembers the sorted keys of recent sorted maps.
	shapes shapeCache

	// slots park the data words of direct values met in interfaces, so
	// that their encoders can be given a pointer without an allocation.
	slots [16]unsafe.Pointer
	nslot int

	// methodEncs are Encoders for caller's methods and functions
	// (v2's MarshalJSONTo and MarshalToFunc), kept for reuse.
	methodEncs []*methodEncoder
	// marshals counts the v2 encodings the state has run.
	marshals uint64
}

// seenKey identifies a pointer, map or slice on the current path: the
// address, the type (a struct and its first field share an address) and,
// for slices, the length.
type seenKey struct {
	p unsafe.Pointer
	t reflect.Type
	n int
}

const cycleCheckDepth = 1000

// maxPooledBuffer is the largest buffer a pooled state keeps.
const maxPooledBuffer = 16 << 20

var statePool = sync.Pool{New: func() any { return &state{buf: make([]byte, 0, newBufferSize())} }}

// bufferHint is the size of a recent output. The pool loses its states
// at every garbage collection; a new state's buffer is made that large at
// once, instead of growing by doubling (and copying) through every size
// up to the documents being encoded.
var bufferHint atomic.Int64

func newBufferSize() int {
	h := int(bufferHint.Load())
	return max(1024, h+h/4)
}

// noteOutputSize updates bufferHint after an output of n bytes in the
// state's buffer: up at once, down by halves when outputs stay much
// smaller.
func noteOutputSize(n int) {
	h := int(bufferHint.Load())
	switch {
	case n == 0:
		// EncodeInto, which writes to the caller's buffer.
	case n > h:
		bufferHint.Store(int64(min(n, maxPooledBuffer)))
	case n < h/4:
		bufferHint.Store(int64(h / 2))
	}
}

func getState(opts Options) *state {
	e := statePool.Get().(*state)
	e.opts = opts
	return e
}

func putState(e *state) {
	noteOutputSize(len(e.buf))
	if cap(e.buf) > maxPooledBuffer {
		return
	}
	e.buf = e.buf[:0]
	e.depth = 0
	e.jdepth = 0
	if e.seenShared {
		e.seen, e.seenShared = nil, false
	} else {
		clear(e.seen)
	}
	// The scratch slices are cleared by their users as they pop.
	e.order = e.order[:0]
	e.vals = e.vals[:0]
	e.strs = e.strs[:0]
	statePool.Put(e)
}

// Encode encodes v as JSON and returns the bytes. The result is the only
// allocation Encode makes for most values.
func Encode(v any, opts Options) ([]byte, error) {
	e := getState(opts)
	b, err := e.appendAny(e.buf[:0], v)
	var out []byte
	if err == nil {
		out = make([]byte, len(b))
		copy(out, b)
	}
	e.buf = b
	putState(e)
	return out, err
}

// EncodeInto appends the JSON encoding of v to *buf. On error *buf is left
// as it was.
func EncodeInto(buf *[]byte, v any, opts Options) error {
	e := getState(opts)
	n := len(*buf)
	b, err := e.appendAny(*buf, v)
	if err == nil {
		*buf = b
	} else {
		*buf = b[:n]
	}
	putState(e)
	return err
}

// EncodeIndented is like Encode but indents the output as encoding/json's
// MarshalIndent does: each element on its own line starting with prefix
// and one indent per level.
func EncodeIndented(v any, prefix, indent string, opts Options) ([]byte, error) {
	e := getState(opts)
	b, err := e.appendAny(e.buf[:0], v)
	var out []byte
	if err == nil {
		out, err = appendIndented(make([]byte, 0, len(b)*2), b, prefix, indent)
	}
	e.buf = b
	putState(e)
	return out, err
}

// appendIndented indents encoder output. The output is valid JSON unless
// the options trusted a method's output (NoValidateJSONMarshaler,
// NoQuoteTextMarshaler) that was not; then, or when the value is nested
// deeper than encoding/json's Indent accepts, the syntax error is
// returned, as encoding/json's MarshalIndent does.
func appendIndented(dst, src []byte, prefix, indent string) ([]byte, error) {
	if err := syntaxv1.Validate(wire.StringOf(src), wire.DefaultMaxDepth); err != nil {
		return nil, err
	}
	return wire.AppendIndent(dst, wire.StringOf(src), prefix, indent), nil
}

// Pretouch compiles the encoder for t ahead of its first use, so the first
// Encode of a large type does not pay for it.
//
// opts are sonic's compile options (see package option): jet always
// compiles every type t reaches, and refuses EncOnlyOmitNull.
func Pretouch(t reflect.Type, opts ...option.CompileOption) error {
	if _, err := option.Resolve(opts...); err != nil {
		return err
	}
	codecFor(t)
	codecFor(reflect.PointerTo(t))
	return nil
}

// appendAny encodes an interface value: nil as null, anything else by the
// codec of its dynamic type.
func (e *state) appendAny(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		if e.opts&ValidateString == 0 {
			// appendString without the call.
			return wire.AppendQuoted(b, x, e.opts&EscapeHTML != 0), nil
		}
		return e.appendString(b, x)
	case float64:
		return e.appendFloat(b, x, 64)
	case bool:
		return appendBool(b, x), nil
	case map[string]any:
		return e.appendMapStringAny(b, x)
	case []any:
		return e.appendSliceAny(b, x)
	case int:
		return appendInt(b, int64(x)), nil
	case int64:
		return appendInt(b, x), nil
	}
	ef := rt.EfaceOf(&v)
	c := codecOfWord(ef.Type, v)
	if c.direct {
		return c.word(e, b, ef.Data)
	}
	return c.fn(e, b, ef.Data)
}

func (e *state) appendString(b []byte, s string) ([]byte, error) {
	if e.opts&ValidateString != 0 && !validUTF8(s) {
		return b, invalidUTF8(s)
	}
	return wire.AppendQuoted(b, s, e.opts&EscapeHTML != 0), nil
}

// enter and leave bracket the encoding of a pointer, map or slice that
// could be part of a cycle: p is the pointer, the map or the slice's first
// element, n the slice's length.
func (e *state) enter(p unsafe.Pointer, t reflect.Type, n int) error {
	e.depth++
	if e.depth <= cycleCheckDepth {
		return nil
	}
	k := seenKey{p, t, n}
	if e.seen == nil {
		e.seen = map[seenKey]struct{}{}
	}
	if _, ok := e.seen[k]; ok {
		e.depth--
		return cycleError(p, t, n)
	}
	e.seen[k] = struct{}{}
	return nil
}

func (e *state) leave(p unsafe.Pointer, t reflect.Type, n int) {
	if e.depth > cycleCheckDepth {
		delete(e.seen, seenKey{p, t, n})
	}
	e.depth--
}
