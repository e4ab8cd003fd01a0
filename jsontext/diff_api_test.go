package jsontext

// The differential tests run the same operations through this package and
// through Go's encoding/json/jsontext (where the toolchain has it, see
// diff_std_test.go) and compare transcripts of what each returned: tokens,
// values, offsets, stack state, output bytes and errors.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// optSpec is one option, built for either package.
type optSpec struct {
	name string
	b    bool
	s    string
}

func (o optSpec) String() string {
	if o.name == "WithIndent" || o.name == "WithIndentPrefix" {
		return fmt.Sprintf("%s(%q)", o.name, o.s)
	}
	return fmt.Sprintf("%s(%v)", o.name, o.b)
}

// textAPI is what the transcripts need of a jsontext package.
type textAPI struct {
	name       string
	newDecoder func(r io.Reader, opts []optSpec) decoderAPI
	newEncoder func(w io.Writer, opts []optSpec) encoderAPI
	// valueOp runs a Value method ("IsValid", "Format", "Compact",
	// "Indent", "Canonicalize", "AppendFormat") and returns its output.
	valueOp       func(op string, v []byte, opts []optSpec) ([]byte, error)
	appendQuote   func(s []byte) ([]byte, error)
	appendUnquote func(s []byte) ([]byte, error)
	appendFloat   func(f float64, bits int) []byte
	pointer       func(p string) pointerAPI
	// token makes a token of a constructor ("Null", "String", "Int", ...)
	// for the encoder of this package.
	token func(spec tokenSpec) any
	// tokenAccess reads a constructed token's accessors.
	tokenAccess func(spec tokenSpec) string
}

type decoderAPI interface {
	ReadToken() (tok any, kind byte, str string, err error)
	ReadValue() ([]byte, error)
	SkipValue() error
	PeekKind() byte
	InputOffset() int64
	StackDepth() int
	StackIndex(i int) (byte, int64)
	StackPointer() string
	UnreadBuffer() []byte
}

type encoderAPI interface {
	WriteToken(tok any) error
	WriteValue(v []byte) error
	OutputOffset() int64
	StackDepth() int
	StackIndex(i int) (byte, int64)
	StackPointer() string
}

type pointerAPI interface {
	IsValid() bool
	Parent() string
	LastToken() string
	Tokens() []string
	AppendToken(tok string) string
	Contains(q string) bool
}

// tokenSpec names a token constructor and its argument.
type tokenSpec struct {
	ctor string // Null, True, False, BeginObject, EndObject, BeginArray, EndArray, String, Int, Uint, Float, Float32
	s    string
	i    int64
	u    uint64
	f    float64
}

func (t tokenSpec) String() string {
	switch t.ctor {
	case "String":
		return fmt.Sprintf("String(%q)", t.s)
	case "Int":
		return fmt.Sprintf("Int(%d)", t.i)
	case "Uint":
		return fmt.Sprintf("Uint(%d)", t.u)
	case "Float", "Float32":
		return fmt.Sprintf("%s(%v)", t.ctor, t.f)
	}
	return t.ctor
}

// describeError renders an error for comparison: its message, and for a
// syntactic error its offset and pointer and whether it unwraps to the
// exported errors.
func describeError(err error, syntactic func(error) (off int64, ptr string, ok bool), dup, nonString error) string {
	if err == nil {
		return "<nil>"
	}
	if err == io.EOF {
		return "io.EOF"
	}
	var b strings.Builder
	if off, ptr, ok := syntactic(err); ok {
		fmt.Fprintf(&b, "syntactic(off=%d ptr=%q) ", off, ptr)
	}
	if errors.Is(err, dup) {
		b.WriteString("[dup] ")
	}
	if errors.Is(err, nonString) {
		b.WriteString("[nonstring] ")
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		b.WriteString("[unexpected-eof] ")
	}
	b.WriteString(err.Error())
	return b.String()
}

// step is one operation of a decoder script.
type step byte

const (
	stepToken step = iota
	stepValue
	stepSkip
	stepPeek
	nSteps
)

// decodeTranscript reads input with a script of operations (repeated;
// ReadToken when script is empty) until an error, recording everything
// the decoder says.
func decodeTranscript(api textAPI, input []byte, reader func([]byte) io.Reader, opts []optSpec, script []step) string {
	d := api.newDecoder(reader(input), opts)
	var b strings.Builder
	record := func() {
		fmt.Fprintf(&b, " off=%d depth=%d", d.InputOffset(), d.StackDepth())
		if d.StackDepth() > 64 {
			// Deep documents: the stack only now and then (it costs its
			// depth each time).
			if d.StackDepth()%1000 != 0 {
				b.WriteByte('\n')
				return
			}
		}
		fmt.Fprintf(&b, " ptr=%q", d.StackPointer())
		for i := 0; i <= d.StackDepth(); i++ {
			k, n := d.StackIndex(i)
			fmt.Fprintf(&b, " [%c%d]", max(k, '0'), n)
		}
		b.WriteByte('\n')
	}
	for i := 0; i < 100000; i++ {
		op := stepToken
		if len(script) > 0 {
			op = script[i%len(script)]
		}
		var err error
		switch op {
		case stepToken:
			var k byte
			var s string
			_, k, s, err = d.ReadToken()
			if err == nil {
				fmt.Fprintf(&b, "token %c %q", k, s)
			}
		case stepValue:
			var v []byte
			v, err = d.ReadValue()
			if err == nil {
				fmt.Fprintf(&b, "value %q", v)
			}
		case stepSkip:
			err = d.SkipValue()
			if err == nil {
				b.WriteString("skip")
			}
		case stepPeek:
			fmt.Fprintf(&b, "peek %q", d.PeekKind())
		}
		if err != nil {
			fmt.Fprintf(&b, "error %s", api.describe(err))
			record()
			return b.String()
		}
		record()
	}
	return b.String()
}

// describe renders an error of the API's package.
func (api textAPI) describe(err error) string { return describers[api.name](err) }

// describers render errors for each package by name.
var describers = map[string]func(error) string{}

// encodeTranscript writes a script of tokens and values, recording each
// result, and returns the transcript and the bytes written.
func encodeTranscript(api textAPI, script []encStep, opts []optSpec) string {
	var out bytes.Buffer
	e := api.newEncoder(&out, opts)
	var b strings.Builder
	for _, s := range script {
		var err error
		if s.value != nil {
			err = e.WriteValue(s.value)
			fmt.Fprintf(&b, "value %q", s.value)
		} else {
			err = e.WriteToken(api.token(s.tok))
			fmt.Fprintf(&b, "token %v", s.tok)
		}
		fmt.Fprintf(&b, " -> %s off=%d depth=%d ptr=%q", api.describe(err), e.OutputOffset(), e.StackDepth(), e.StackPointer())
		if e.StackDepth() == 0 {
			// Between top-level values everything is written; within one,
			// when the buffer is flushed depends on how it grew.
			fmt.Fprintf(&b, " written=%q", out.Bytes())
		}
		for i := 0; i <= e.StackDepth(); i++ {
			k, n := e.StackIndex(i)
			fmt.Fprintf(&b, " [%c%d]", max(k, '0'), n)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// encStep is one write: a value when value is not nil, else a token.
type encStep struct {
	tok   tokenSpec
	value []byte
}

// accessors calls each function, recording its result or its panic.
func accessors(fns ...func() any) string {
	var b strings.Builder
	for _, fn := range fns {
		func() {
			defer func() {
				if r := recover(); r != nil {
					fmt.Fprintf(&b, "panic(%v); ", r)
				}
			}()
			fmt.Fprintf(&b, "%v; ", fn())
		}()
	}
	return b.String()
}

// readToken is what cloneNote needs of a token, jet's or Go's: T is the
// token type, K its Kind.
type readToken[T any, K ~byte] interface {
	Clone() T
	Kind() K
	String() string
	Int() (int64, error)
	Uint() (uint64, error)
	Float() (float64, error)
}

// cloneNote describes the clone of a token read: what differs in its
// kind and string, and for a number what the clone's Int, Uint and
// Float say.
func cloneNote[T readToken[T, K], K ~byte](t T) string {
	c := t.Clone()
	note := ""
	if c.Kind() != t.Kind() || c.String() != t.String() {
		note = fmt.Sprintf(" (clone %c %q)", byte(c.Kind()), c.String())
	}
	if t.Kind() == '0' {
		i, ie := c.Int()
		u, ue := c.Uint()
		f, fe := c.Float()
		note += " (clone " + pair(i, ie) + " " + pair(u, ue) + " " + pair(f, fe) + ")"
	}
	return note
}

func pair(v any, err error) string {
	if err == nil {
		return fmt.Sprint(v)
	}
	return fmt.Sprintf("%v err=%v", v, err)
}
