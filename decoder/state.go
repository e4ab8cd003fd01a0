package decoder

import (
	"encoding/binary"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// Options are bit flags that change how JSON is decoded. The zero value
// follows encoding/json, except that strings decoded from a string input
// are views of it (see OptionCopyString).
type Options uint32

const (
	// OptionUseInt64 decodes integers into an interface{} as int64 (and
	// other numbers as float64).
	OptionUseInt64 Options = 1 << iota
	// OptionUseNumber decodes numbers into an interface{} as json.Number.
	OptionUseNumber
	// OptionDisallowUnknownFields makes an object key that matches no
	// struct field an error.
	OptionDisallowUnknownFields
	// OptionCopyString copies strings decoded from a string input, which
	// are otherwise views of it, so keeping one small string does not
	// keep a large input alive. Strings decoded from a []byte (which the
	// caller may change) are copies with or without it.
	OptionCopyString
	// OptionValidateString makes invalid UTF-8 in a string an error
	// instead of replacing each bad byte with U+FFFD.
	OptionValidateString
	// OptionCaseSensitive matches object keys to struct fields exactly;
	// by default a case-insensitive match is used when there is no exact
	// one, as in encoding/json.
	OptionCaseSensitive
	// OptionStdErrors returns encoding/json's own error types
	// (*json.SyntaxError, *json.UnmarshalTypeError, ...) with its texts,
	// instead of jet's *SyntaxError and *MismatchTypeError, whose texts
	// add the offset and the input around it. Describe gives the place
	// of either.
	OptionStdErrors
)

// optV2Single marks a v2 decoding in one pass over text not checked
// first (see decodeV2Single): a half surrogate pair escaped in a string
// and a duplicate name in an object decoded into an empty interface are
// errors (the v1 dialect takes them).
const optV2Single Options = 1 << 31

// DefaultMaxDepth is the default limit on nesting.
const DefaultMaxDepth = wire.DefaultMaxDepth

// MaxNesting caps any nesting limit asked for: decoding recurses once per
// level, and a few million levels would exhaust a goroutine's stack (a
// fatal error, not a recoverable one).
const MaxNesting = 1 << 20

// state is what one decoding needs. States are pooled.
type state struct {
	src  string
	pos  int
	opts Options
	// v2 is set while decoding in encoding/json/v2's dialect, to v2buf.
	v2    *v2dstate
	v2buf v2dstate

	maxDepth int
	depth    int

	// When the input came as []byte, src views it and borrowed is set:
	// kept strings are copied to the arena (arenaStrings), and own()
	// copies the whole input for what must view it (NoCopyRawMessage).
	input    []byte
	borrowed bool

	// saved is the first mismatch error, returned at the end.
	saved error
	// fields is the stack of struct fields being decoded, for the
	// context of mismatch errors.
	fields []*decField

	scratch []byte
	// arena holds the bytes of unescaped strings and of slices of
	// pointer-free elements; flat is scratch for those elements.
	arena   []byte
	flat    []byte
	anyPool []any
	slices  [][]any
	floats  []float64
	strs    []string
	ints    []int64
	nums    []json.Number

	anys []any
	kvs  []kv
	// strStack and ptrStack hold the elements of slices of strings and
	// of pointers being decoded (nested ones above).
	strStack []string
	// strTmp receives a string element that is not a plain string (a
	// null, a wrong type) from its decoder: a local would escape to the
	// heap through the decoder's pointer and cost an allocation per
	// element.
	strTmp   string
	ptrStack []unsafe.Pointer

	// keys holds names of members decoded into interfaces, by place in
	// their object (the first keyPlaces members) and depth, for the next
	// object to reuse (readKey); keysUsed bounds the slots written, which
	// reset clears.
	keys     [keyDepths * keyPlaces]string
	keysUsed int
	// keyWords holds, for a cached name shorter than 8 bytes, its text
	// and closing quote as a masked word (0 for others): see readKey.
	keyWords [keyDepths * keyPlaces]uint64
	// objLens holds, by place in the object around (the first
	// keyPlaces) and depth, as keys, the number of members of the last
	// object decoded into an interface there (up to smallObject+1),
	// which objectAny takes as the next one's; place is the place of the
	// value decodeAny reads next (0 in arrays).
	objLens [keyDepths * keyPlaces]uint8
	place   int
}

// The name cache of objects decoded into interfaces: objects at one depth
// mostly repeat the names of the one before, in the same order. Depths
// share slots modulo keyDepths; members past keyPlaces are not cached,
// and nothing is in inputs shorter than keyCacheMin (where clearing the
// cache for the next call would cost more than it saves).
const (
	keyDepths   = 8
	keyPlaces   = 32
	keyCacheMin = 512
	// smallObject is the most members an object decoded into an
	// interface is put in its map as they are read: Go's small map, one
	// group of 8 slots, which make's size hint does not change.
	smallObject = 8
)

type kv struct {
	k string
	v any
}

var statePool = sync.Pool{New: func() any { return new(state) }}

func getState(opts Options, maxDepth int) *state {
	d := statePool.Get().(*state)
	d.opts = opts
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	if maxDepth > MaxNesting {
		maxDepth = MaxNesting
	}
	d.maxDepth = maxDepth
	return d
}

func putState(d *state) {
	d.reset()
	statePool.Put(d)
}

// reset readies d for the pool: it drops what points into this call's
// input and results and clears the rest.
func (d *state) reset() {
	// Slabs of strings, numbers, slices and interfaces point into this
	// call's input and results, and are dropped: kept for the next call,
	// the part this call used would keep what it points to alive as long
	// as the state lives, and since a slice slab and an interface slab
	// point into each other, the next calls would chain every earlier
	// result to the state (a leak that grew without bound in a loop of
	// small documents). Float and integer slabs and the byte arena hold
	// no pointers and are kept.
	d.strs, d.nums, d.anyPool, d.slices = nil, nil, nil, nil
	clear(d.v2buf.unknown)
	d.v2, d.v2buf = nil, v2dstate{unknown: d.v2buf.unknown[:0]}
	d.src = ""
	d.pos = 0
	d.input = nil
	d.borrowed = false
	d.saved = nil
	d.depth = 0
	d.fields = d.fields[:0]
	// Containers clear what they pop; only an error leaves elements
	// above the stack's start, all below its length.
	clear(d.anys)
	d.anys = d.anys[:0]
	clear(d.kvs)
	d.kvs = d.kvs[:0]
	if cap(d.strStack) > 1024 {
		d.strStack = nil
	}
	if cap(d.ptrStack) > 1024 {
		d.ptrStack = nil
	}
	d.strStack, d.ptrStack = d.strStack[:0], d.ptrStack[:0]
	if d.keysUsed > 0 {
		clear(d.keys[:d.keysUsed])
		clear(d.keyWords[:d.keysUsed])
		d.keysUsed = 0
	}
	if cap(d.scratch) > 1<<16 {
		d.scratch = nil
	}
}

// own makes src a private copy of a borrowed input.
func (d *state) own() {
	if d.borrowed {
		d.src = string(d.input)
		d.borrowed = false
	}
}

// keep returns src[i:j] as a string that may outlive the call: a view
// of an input the decoder owns (a string), a copy in the arena of a
// borrowed one (a []byte the caller may change).
func (d *state) keep(i, j int) string {
	if d.arenaStrings() {
		return d.arenaString(d.src[i:j])
	}
	d.own()
	return d.src[i:j]
}

// arenaStrings reports whether kept strings are copied to the arena
// (CopyString, or a borrowed input) rather than viewed in place. A
// borrowed input's strings are copied one by one, not the input whole:
// documents are mostly not strings, and a copy of all of one cost more
// (in allocation and collection) than the strings' copies on every
// corpus document and shape measured, long strings included.
func (d *state) arenaStrings() bool {
	return d.opts&OptionCopyString != 0 || d.borrowed
}

// The arena's blocks: a new block holds what is left of the input, within
// these bounds, so that a document of long strings takes few blocks and
// one of few strings does not hold a large one.
const (
	arenaBlockMin = 8 << 10
	arenaBlockMax = 32 << 10
)

// newArena starts a new arena block (strings handed out keep the old one).
func (d *state) newArena() {
	d.arena = uncleared(min(max(len(d.src)-d.pos, arenaBlockMin), arenaBlockMax))
}

// uncleared returns an empty slice with room for n bytes whose memory is
// not cleared first as make's is: strings.Builder's Grow allocates that
// way (the one byte written gives the string whose data is the memory),
// and the arena's users write every byte they hand out (strings) or
// clear it (carve).
// Clearing whole blocks was 5% of DecodeGeneric/string_unicode, whose
// strings fill a new block at every call (`perf record -e cpu-clock` on
// `go test -c` of bench, `-test.bench
// '^BenchmarkDecodeGeneric$/^string_unicode$/^jet-default$'`). Were
// Grow to clear, this would only be slower.
func uncleared(n int) []byte {
	var b strings.Builder
	b.Grow(n)
	b.WriteByte(0)
	return unsafe.Slice(unsafe.StringData(b.String()), n)[:0]
}

// arenaString copies b into the arena and returns it as a string. The
// arena is append-only, so strings handed out are never overwritten.
func (d *state) arenaString(b string) string {
	n := len(b)
	if n == 0 {
		return ""
	}
	if n > 1024 {
		return strings.Clone(b)
	}
	if cap(d.arena)-len(d.arena) < n {
		d.newArena()
	}
	i := len(d.arena)
	d.arena = append(d.arena, b...)
	return unsafe.String(&d.arena[i], n)
}

func (d *state) syntaxError(pos int, msg string) error {
	return wire.NewSyntaxError(d.src, pos, msg)
}

// errorAt reports that the byte at pos (or the end of input) may not
// come where it is. The decoding loops only find syntax errors: finishAt
// has the reference grammar (package syntaxv1) say what encoding/json
// says about them.
func (d *state) errorAt(pos int) error {
	if pos >= len(d.src) {
		return wire.NewSyntaxError(d.src, len(d.src), wire.MsgUnexpectedEOF)
	}
	return wire.NewSyntaxError(d.src, pos, wire.InvalidChar(d.src[pos], ""))
}

// skipSpace moves pos to the next non-space byte.
func (d *state) skipSpace() {
	d.pos = wire.SkipSpace(d.src, d.pos)
}

// spaceNext reports whether the byte at pos may be whitespace (or the end
// of input). Hot loops test it inline and then call skipSpaceMore:
// skipSpace does not inline, and compact input has no space to skip.
func (d *state) spaceNext() bool { return d.pos >= len(d.src) || d.src[d.pos] <= ' ' }

// skipColonSpaceMore is skipSpaceMore for the whitespace after a
// member's colon. Indented JSON has one space there: that case is tested
// first, in a branch of its own (whitespace after commas and brackets is
// mostly a newline and indentation, and a shared branch would be
// mispredicted between the two).
func (d *state) skipColonSpaceMore() {
	if i := d.pos; i+1 < len(d.src) && d.src[i] == ' ' && d.src[i+1] > ' ' {
		d.pos = i + 1
		return
	}
	d.pos = wire.SkipSpaceRun(d.src, d.pos)
}

// skipSpaceMore is skipSpace once spaceNext has said yes.
func (d *state) skipSpaceMore() { d.pos = wire.SkipSpaceRun(d.src, d.pos) }

// skip checks and skips the value at pos.
func (d *state) skip() error {
	end, err := syntaxv1.SkipValue(d.src, d.pos, d.maxDepth-d.depth)
	d.pos = end
	if err != nil {
		return err
	}
	return nil
}

// save records a non-fatal error; the first one is returned at the end.
func (d *state) save(err error) {
	if d.saved == nil {
		d.saved = err
	}
}

// valueKind names the JSON value starting with c, as encoding/json's
// UnmarshalTypeError does.
func valueKind(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

// mismatch records that the value at pos does not fit type t, and skips
// it. Offsets follow encoding/json: just inside a container, just after a
// scalar.
func (d *state) mismatch(t reflect.Type) error {
	start := d.pos
	c := d.src[start]
	if err := d.skip(); err != nil {
		return err
	}
	off := d.pos
	if c == '{' || c == '[' {
		off = start + 1
	}
	d.saveMismatch(valueKind(c), t, off)
	return nil
}

// saveMismatch records a MismatchTypeError with the current field context.
func (d *state) saveMismatch(value string, t reflect.Type, off int) {
	if d.saved != nil {
		return
	}
	e := &MismatchTypeError{Value: value, Type: t, Offset: int64(off)}
	e.window, e.winStart = window(d.src, off)
	if len(d.fields) > 0 {
		e.Struct, e.Field = d.fieldContext("")
	}
	d.saved = e
}

// fieldContext returns the name of the innermost struct type being
// decoded and the path of fields to the value being decoded, followed by
// more when it is not "" (encoding/json's error context).
func (d *state) fieldContext(more string) (structName, field string) {
	var path []string
	for _, f := range d.fields {
		if fieldPathEmbeds {
			path = append(path, f.embedPath...)
		}
		path = append(path, f.name)
	}
	if more != "" {
		path = append(path, more)
	}
	return d.fields[len(d.fields)-1].structName, strings.Join(path, ".")
}

// methodError gives the type error an UnmarshalJSON or UnmarshalText
// method returned the context of the struct field being decoded, as
// encoding/json does: it sets the error's Struct to the innermost struct
// type and its Field to the path of fields to the value (followed, since
// Go 1.24, by the Field the method gave). Like encoding/json it changes
// the error in place; other errors are returned as they are.
func (d *state) methodError(err error) error {
	if len(d.fields) == 0 {
		return err
	}
	switch e := err.(type) {
	case *json.UnmarshalTypeError:
		e.Struct, e.Field = d.fieldContext(methodField(e.Field))
	case *MismatchTypeError:
		e.Struct, e.Field = d.fieldContext(methodField(e.Field))
	}
	return err
}

// checkUTF8 enforces OptionValidateString on the string body src[i:j].
func (d *state) checkUTF8(i, j int) error {
	if d.opts&OptionValidateString == 0 {
		return nil
	}
	s := d.src[i:j]
	if wire.ValidUTF8(s) {
		return nil
	}
	for k := 0; k < len(s); {
		r, n := utf8.DecodeRuneInString(s[k:])
		if r == utf8.RuneError && n == 1 {
			return d.syntaxError(i+k, wire.MsgInvalidUTF8)
		}
		k += n
	}
	return nil
}

// readString decodes the string at pos (which holds '"') and returns it as
// a string that may be kept. Unescaped ASCII and valid UTF-8 strings are
// views into the input; others are decoded into the arena.
func (d *state) readString() (string, error) {
	s, _, err := d.readStringPlain()
	return s, err
}

// sameKey reports whether the string at pos (which holds '"') is k, a
// name that was its own text (see readStringPlain), and if so moves past
// it.
func (d *state) sameKey(k string) bool {
	i := d.pos + 1
	e := i + len(k)
	if e < len(d.src) && d.src[e] == '"' && d.src[i:e] == k {
		d.pos = e + 1
		return true
	}
	return false
}

// readStringPlain is readString that also reports whether the string's
// text in the input is the string itself (no escapes, no invalid UTF-8
// replaced): then the same text later is the same string.
func (d *state) readStringPlain() (string, bool, error) {
	// Most strings are short and plain: read them without the general
	// scanner, and copy those under 16 bytes to the arena (when strings
	// go there) with two 8-byte stores into its spare capacity.
	// Non-ASCII ones too when they are valid UTF-8 (else the general
	// scanner replaces or reports the invalid bytes).
	if x0, x1, n, ascii := wire.PlainShort(d.src, d.pos+1); n >= 0 && (ascii || wire.ValidUTF8(d.src[d.pos+1:d.pos+1+n])) {
		i := d.pos + 1
		d.pos = i + n + 1
		if !d.arenaStrings() {
			d.own()
			return d.src[i : i+n], true, nil
		}
		if n == 0 {
			return "", true, nil
		}
		if n >= 16 {
			return d.arenaString(d.src[i : i+n]), true, nil
		}
		j := len(d.arena)
		if cap(d.arena)-j < 16 {
			d.newArena()
			j = 0
		}
		w := d.arena[j : j+16]
		binary.LittleEndian.PutUint64(w, x0)
		binary.LittleEndian.PutUint64(w[8:], x1)
		d.arena = d.arena[:j+n]
		return unsafe.String(&d.arena[j], n), true, nil
	}
	s, start, err := d.scanString()
	if start < 0 {
		return d.arenaString(s), false, err
	}
	if err != nil || s == "" {
		return s, err == nil, err
	}
	return d.keep(start, start+len(s)), true, nil
}

// readStringTemp is readString for strings used only during the call (map
// keys about to be copied, field names): the result may be overwritten by
// the next call.
func (d *state) readStringTemp() (string, error) {
	s, _, err := d.scanString()
	return s, err
}

// scanString decodes the string at pos in one pass. When the content is
// the input's bytes as they are, it returns a view of them and their
// index; when it had to be changed (escapes, invalid UTF-8), it returns
// it in scratch, and start -1.
func (d *state) scanString() (s string, start int, err error) {
	start = d.pos + 1
	end, fl, out, ok := wire.ReadString(d.src, d.pos, d.scratch[:0])
	d.pos = end
	if !ok {
		return "", 0, d.errorAt(end)
	}
	// valid is set once the body is known to be valid UTF-8.
	valid := fl&wire.NonASCII == 0
	if !valid && d.opts&OptionValidateString != 0 {
		if err := d.checkUTF8(start, end-1); err != nil {
			return "", 0, err
		}
		valid = true
	}
	if fl&wire.Escaped != 0 {
		d.scratch = out
		if fl&wire.LoneSurrogate != 0 && d.opts&optV2Single != 0 {
			// Go's v2 rejects it; the checked pass says where.
			return "", 0, d.truncated()
		}
		return wire.StringOf(out), -1, nil
	}
	body := d.src[start : end-1]
	if valid || wire.ValidUTF8(body) {
		return body, start, nil
	}
	d.scratch, _ = wire.AppendUnquoted(d.scratch[:0], body)
	return wire.StringOf(d.scratch), -1, nil
}

// literal checks the literal true, false or null at pos and moves past it.
func (d *state) literal(lit string) error {
	end, ok := wire.ScanLiteral(d.src, d.pos, lit)
	d.pos = end
	if !ok {
		return d.errorAt(end)
	}
	return nil
}

// enter and leave count container depth.
func (d *state) enter() error {
	if d.depth >= d.maxDepth {
		return d.errorAt(d.pos)
	}
	d.depth++
	return nil
}

// rawValue skips the value at pos and returns its text as bytes a method
// may read (but must not keep): a slice of the caller's input when it
// came as []byte, else a copy.
func (d *state) rawValue() ([]byte, error) {
	start := d.pos
	if err := d.skip(); err != nil {
		return nil, err
	}
	if d.input != nil {
		return d.input[start:d.pos:d.pos], nil
	}
	return []byte(d.src[start:d.pos]), nil
}

// newValue allocates a zeroed value of type t and returns its address.
func newValue(t reflect.Type) unsafe.Pointer {
	return reflect.New(t).UnsafePointer()
}
