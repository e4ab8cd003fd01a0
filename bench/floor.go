package bench

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"slices"
	"unsafe"
)

// Floors (issue 12): for each operation, a benchmark of the part of it
// that no JSON library can avoid on this machine, run as the library
// "floor" beside the others, so that a library's time can be read as a
// multiple of the floor's. The parsing, number conversion, escaping and
// dispatching a library does are not in a floor; what is left is the
// memory work that any result of the operation needs:
//
//   - DecodeGeneric: building the tree encoding/json builds (maps,
//     []any, strings, float64s, bools, nils) from a tape made from the
//     document beforehand. The string bytes are copied once per
//     operation into one block, which the strings view; float64s,
//     strings and []any are boxed from one slab per kind and the array
//     elements come from one chunk, each allocated at its exact size;
//     each object is a map made with its member count as hint.
//   - DecodeBinding: new(T) and every field stored from the tape, in
//     hand-written code for each binding type (floor_bind.go): slices
//     made at their length (those whose elements hold no pointers cut
//     from one block), pointers allocated, strings viewing the one
//     copied block, interface fields built as above.
//   - EncodeGeneric, EncodeBinding: encoding/json's output appended into
//     a fresh slice of its exact size, in as many appends as the output
//     has scalar values and runs of punctuation and names between them.
//   - Valid (and the syntax layer's SkipValue and ReadValue): one pass
//     over every byte of the input, bytes.Count of '"' (assembly with
//     SIMD on amd64 and arm64).
//
// bench/README.md says why each floor is what it is.

// ClassFloor is the class of the floor entry; it is not one of Classes:
// the compare command reports it in a table of its own.
const ClassFloor = "floor"

// floorOps are the operations the floor runs.
var floorOps = []string{OpDecodeGeneric, OpEncodeGeneric, OpDecodeBinding, OpEncodeBinding, OpValid, OpSkipValue, OpReadValue, OpDecodeStream, OpEncodeStream}

// FloorLibrary returns the floor entry.
func FloorLibrary() *Library {
	return &Library{Name: "floor", Class: ClassFloor, Floor: true, Ops: floorOps}
}

// opFor returns one operation of the scenario with lib: the floor's for
// the floor entry.
func (s *Scenario) opFor(lib *Library) func() error {
	if lib.Floor {
		return s.floorOp(lib)
	}
	return s.op(lib)
}

// floorOp prepares the floor of the scenario (the tape, the expected
// output) and keeps it until Release, as textOp does, so that the
// preparation is not measured again in each call of the benchmark
// function.
func (s *Scenario) floorOp(lib *Library) func() error {
	if s.preparedLib == lib {
		return s.prepared
	}
	if s.floor == nil {
		return func() error { return fmt.Errorf("%s has no floor", s.Name()) }
	}
	run, err := s.floor(s)
	if err != nil {
		err = fmt.Errorf("preparing the floor: %w", err)
		return func() error { return err }
	}
	s.preparedLib, s.prepared = lib, run
	runtime.GC()
	return run
}

// floorSink and floorBytes keep the floors' results alive, lest the
// compiler drop the work (a []byte in floorSink would cost the boxing of
// its header).
var (
	floorSink  any
	floorBytes []byte
)

// The words of a tape. A generic value starts with a word whose low
// three bits are its kind; an array's or object's length, or a string's
// length and arena offset, are in the same word (see span). A float64 is
// a kind word and then its bits. An object's member is its name's span
// word and then its value.
const (
	kNull = iota
	kFalse
	kTrue
	kFloat
	kString
	kArray
	kObject
)

// maxSpan bounds a string's length and arena offset in a span word.
const maxSpan = 1<<29 - 1

// tape is a document parsed beforehand: the words of its values, in the
// order the floor reads them, and the bytes of its strings (unescaped).
// The counts are those of the generic values, for their slabs.
type tape struct {
	w                                 []uint64
	arena                             []byte
	floats, strings, arrays, elements int
	// pod is the bytes (each slice's rounded up to 8) of the binding's
	// slices whose elements hold no pointers, carved from one block.
	pod int
	err error
}

// span appends s to the arena and returns its span word: offset<<32 |
// length<<3 (the kind bits are left to the caller).
func (t *tape) span(s string) uint64 {
	if len(s) > maxSpan || len(t.arena) > maxSpan {
		t.err = errors.New("document too large for a tape")
		return 0
	}
	off := len(t.arena)
	t.arena = append(t.arena, s...)
	return uint64(off)<<32 | uint64(len(s))<<3
}

// putAny appends v, a value decoded by encoding/json into an any. Object
// members go in name order.
func (t *tape) putAny(v any) {
	switch v := v.(type) {
	case nil:
		t.w = append(t.w, kNull)
	case bool:
		if v {
			t.w = append(t.w, kTrue)
		} else {
			t.w = append(t.w, kFalse)
		}
	case float64:
		t.floats++
		t.w = append(t.w, kFloat, math.Float64bits(v))
	case string:
		t.strings++
		t.w = append(t.w, t.span(v)|kString)
	case []any:
		t.arrays++
		t.elements += len(v)
		t.w = append(t.w, uint64(len(v))<<3|kArray)
		for _, e := range v {
			t.putAny(e)
		}
	case map[string]any:
		t.w = append(t.w, uint64(len(v))<<3|kObject)
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			t.w = append(t.w, t.span(k))
			t.putAny(v[k])
		}
	default:
		t.err = fmt.Errorf("a %T in a generic value", v)
	}
}

// putValue appends v, a value decoded by encoding/json into a binding
// type, in the order its reader in floor_bind.go reads it: struct fields
// in order; a pointer as 0 (nil) or 1 and its target; a slice or map as
// its length (^0 when nil) and its elements (a map's names sorted, each
// followed by its value); an array's elements; a string's span; an
// integer, float64 or bool as one word; an interface as a generic value.
func (t *tape) putValue(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			t.putValue(v.Field(i))
		}
	case reflect.Pointer:
		if v.IsNil() {
			t.w = append(t.w, 0)
			return
		}
		t.w = append(t.w, 1)
		t.putValue(v.Elem())
	case reflect.Slice:
		if v.IsNil() {
			t.w = append(t.w, ^uint64(0))
			return
		}
		t.w = append(t.w, uint64(v.Len()))
		if et := v.Type().Elem(); pointerFree(et) {
			t.pod += (v.Len()*int(et.Size()) + 7) &^ 7
		}
		for i := range v.Len() {
			t.putValue(v.Index(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			t.putValue(v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() {
			t.w = append(t.w, ^uint64(0))
			return
		}
		t.w = append(t.w, uint64(v.Len()))
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return cmpString(a.String(), b.String()) })
		for _, k := range keys {
			t.w = append(t.w, t.span(k.String()))
			t.putValue(v.MapIndex(k))
		}
	case reflect.String:
		t.w = append(t.w, t.span(v.String()))
	case reflect.Int, reflect.Int64:
		t.w = append(t.w, uint64(v.Int()))
	case reflect.Float64:
		t.w = append(t.w, math.Float64bits(v.Float()))
	case reflect.Bool:
		if v.Bool() {
			t.w = append(t.w, 1)
		} else {
			t.w = append(t.w, 0)
		}
	case reflect.Interface:
		if v.IsNil() {
			t.putAny(nil)
		} else {
			t.putAny(v.Elem().Interface())
		}
	default:
		t.err = fmt.Errorf("a %s in a binding", v.Type())
	}
}

// pointerFree reports whether values of t hold no pointers.
func pointerFree(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int64, reflect.Float64:
		return true
	case reflect.Array:
		return pointerFree(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !pointerFree(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// reader reads a tape in one floor operation, building Go values. Its
// arena is this operation's copy of the tape's; the slabs are allocated
// at the sizes the tape counted.
type reader struct {
	w      []uint64
	i      int
	arena  []byte
	pod    []uint64 // the block pointer-free slices are carved from
	podOff int      // bytes of pod handed out
	floats []float64
	strs   []string
	slices [][]any
	elems  []any
}

// newReader starts an operation on t: one copy of the string bytes and,
// when the tape holds generic values, their slabs.
func newReader(t *tape) *reader {
	r := &reader{w: t.w, arena: bytes.Clone(t.arena)}
	if t.pod > 0 {
		r.pod = make([]uint64, t.pod/8)
	}
	if t.floats > 0 {
		r.floats = make([]float64, 0, t.floats)
	}
	if t.strings > 0 {
		r.strs = make([]string, 0, t.strings)
	}
	if t.arrays > 0 {
		r.slices = make([][]any, 0, t.arrays)
		r.elems = make([]any, t.elements)
	}
	return r
}

func (r *reader) next() uint64 {
	w := r.w[r.i]
	r.i++
	return w
}

// spanString returns the string of a span word, a view into the arena.
func (r *reader) spanString(w uint64) string {
	n := int(w >> 3 & maxSpan)
	if n == 0 {
		return ""
	}
	return unsafe.String(&r.arena[w>>32], n)
}

// carve returns a slice of n zeroed Ts, which must hold no pointers, cut
// from the reader's block: as a decoder may, the floor allocates the
// pointer-free slices of a value in one block rather than one by one.
func carve[T any](r *reader, n int) []T {
	if n == 0 {
		return []T{}
	}
	size := n * int(unsafe.Sizeof(*new(T)))
	p := unsafe.Add(unsafe.Pointer(unsafe.SliceData(r.pod)), r.podOff)
	r.podOff += (size + 7) &^ 7
	if r.podOff > len(r.pod)*8 {
		panic("bench: the tape counted too few pointer-free bytes") // a bug
	}
	return unsafe.Slice((*T)(p), n)
}

// eface is the layout of an interface value.
type eface struct {
	typ, data unsafe.Pointer
}

func typeWord(v any) unsafe.Pointer { return (*eface)(unsafe.Pointer(&v)).typ }

var (
	float64Type = typeWord(float64(0))
	stringType  = typeWord("")
	sliceType   = typeWord([]any(nil))
)

// box returns an interface of the type typ holding the value at p, which
// is never written again.
func box(typ, p unsafe.Pointer) (v any) {
	e := (*eface)(unsafe.Pointer(&v))
	e.typ, e.data = typ, p
	return v
}

// value reads one generic value.
func (r *reader) value() any {
	w := r.next()
	switch w & 7 {
	case kNull:
		return nil
	case kFalse:
		return false
	case kTrue:
		return true
	case kFloat:
		r.floats = append(r.floats, math.Float64frombits(r.next()))
		return box(float64Type, unsafe.Pointer(&r.floats[len(r.floats)-1]))
	case kString:
		r.strs = append(r.strs, r.spanString(w))
		return box(stringType, unsafe.Pointer(&r.strs[len(r.strs)-1]))
	case kArray:
		n := int(w >> 3)
		a := r.elems[:n:n]
		r.elems = r.elems[n:]
		for i := range a {
			a[i] = r.value()
		}
		r.slices = append(r.slices, a)
		return box(sliceType, unsafe.Pointer(&r.slices[len(r.slices)-1]))
	case kObject:
		n := int(w >> 3)
		m := make(map[string]any, n)
		for range n {
			k := r.spanString(r.next())
			m[k] = r.value()
		}
		return m
	}
	panic("bench: bad tape word") // the tape is ours; this is a bug
}

// genericTape makes the tape of a document decoded into an any.
func genericTape(data []byte) (*tape, error) {
	var v any
	if err := stdjson.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	t := new(tape)
	t.putAny(v)
	return t, t.err
}

// bindingTape makes the tape of a document decoded into the binding
// value newValue returns.
func bindingTape(data []byte, newValue func() any) (*tape, error) {
	v := newValue()
	if err := stdjson.Unmarshal(data, v); err != nil {
		return nil, err
	}
	t := new(tape)
	t.putValue(reflect.ValueOf(v).Elem())
	return t, t.err
}

// FloorDecodeGeneric returns the floor of decoding data into an any: each
// call builds the tree and returns it.
func FloorDecodeGeneric(data []byte) (func() any, error) {
	t, err := genericTape(data)
	if err != nil {
		return nil, err
	}
	return func() any { return newReader(t).value() }, nil
}

// FloorDecodeBinding returns the floor of decoding doc's data into its
// binding type: each call allocates and fills a value and returns a
// pointer to it.
func FloorDecodeBinding(doc string, data []byte, newValue func() any) (func() any, error) {
	read := bindReaders[doc]
	if read == nil {
		return nil, fmt.Errorf("no binding floor for %s", doc)
	}
	t, err := bindingTape(data, newValue)
	if err != nil {
		return nil, err
	}
	return func() any { return read(newReader(t)) }, nil
}

// FloorEncode returns the floor of encoding v: each call appends
// encoding/json's output for v to a fresh slice of its size, piece by
// piece (see scalarCuts), and returns it.
func FloorEncode(v any) (func() []byte, error) {
	want, err := stdjson.Marshal(v)
	if err != nil {
		return nil, err
	}
	cuts := scalarCuts(want)
	return func() []byte {
		out := make([]byte, 0, len(want))
		prev := 0
		for _, c := range cuts {
			out = append(out, want[prev:c]...)
			prev = c
		}
		return out
	}, nil
}

// scalarCuts returns where the pieces of a compact JSON text end: each
// scalar value (string, number, literal) is one piece, and so is each
// run of punctuation and member names between them; the last cut is
// len(b).
func scalarCuts(b []byte) []int {
	var cuts []int
	var stack []byte // '{' or '['
	name := false    // the next string is a member name
	cut := func(i int) {
		if len(cuts) == 0 && i > 0 || len(cuts) > 0 && cuts[len(cuts)-1] != i {
			cuts = append(cuts, i)
		}
	}
	for i := 0; i < len(b); {
		switch c := b[i]; c {
		case '{', '[':
			stack = append(stack, c)
			name = c == '{'
			i++
		case '}', ']':
			stack = stack[:max(len(stack)-1, 0)]
			i++
		case ',':
			name = len(stack) > 0 && stack[len(stack)-1] == '{'
			i++
		case ':', ' ', '\t', '\n', '\r':
			i++
		case '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			j++
			if name {
				name = false
			} else {
				cut(i)
				cut(j)
			}
			i = j
		default:
			j := i
			for j < len(b) && !endsScalar(b[j]) {
				j++
			}
			cut(i)
			cut(j)
			i = j
		}
	}
	cut(len(b))
	return cuts
}

func endsScalar(c byte) bool {
	switch c {
	case ',', ']', '}', ':', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// FloorRead returns the floor of validating or skipping data: one pass
// over every byte, counting the quotes. The count is returned.
func FloorRead(data []byte) func() int {
	return func() int { return bytes.Count(data, quote) }
}

var quote = []byte{'"'}

// Floor preparations of the scenarios (Scenario.floor).

func floorDecodeGeneric(data []byte) func(*Scenario) (func() error, error) {
	return func(*Scenario) (func() error, error) {
		f, err := FloorDecodeGeneric(data)
		if err != nil {
			return nil, err
		}
		return func() error {
			floorSink = f()
			return nil
		}, nil
	}
}

func floorDecodeBinding(doc string, data []byte, newValue func() any) func(*Scenario) (func() error, error) {
	return func(*Scenario) (func() error, error) {
		f, err := FloorDecodeBinding(doc, data, newValue)
		if err != nil {
			return nil, err
		}
		return func() error {
			floorSink = f()
			return nil
		}, nil
	}
}

func floorEncode(s *Scenario) (func() error, error) {
	if s.value == nil {
		return nil, errors.New("the value to encode is not made")
	}
	f, err := FloorEncode(s.value)
	if err != nil {
		return nil, err
	}
	return func() error {
		floorBytes = f()
		return nil
	}, nil
}

func floorRead(data []byte) func(*Scenario) (func() error, error) {
	return func(*Scenario) (func() error, error) {
		f := FloorRead(data)
		want := bytes.Count(data, quote)
		return func() error {
			if f() != want {
				return errors.New("floor: the count changed")
			}
			return nil
		}, nil
	}
}
