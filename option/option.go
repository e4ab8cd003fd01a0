// Package option exists for programs written against sonic
// (github.com/bytedance/sonic/option): it has the names and shapes of
// sonic's option package, so that such a program compiles against jet
// once its import paths change. jet's own API does not need it.
//
// jet compiles each Go type once, whole, into a tree of closures (no JIT),
// so the compile options mean less here than in sonic:
//
//   - WithCompileMaxInlineDepth is accepted and has no effect: jet has no
//     inlining limit that could leave part of a type uncompiled.
//   - WithCompileRecursiveDepth is accepted and has no effect beyond what
//     jet always does: Pretouch compiles every type the given type
//     reaches (fields, elements, pointers), however deep, in one pass.
//   - WithCompileEncOnlyOmitNull(true) is refused: Pretouch returns an
//     error, since jet's omitempty always has encoding/json's meaning.
//   - Values sonic panics on (a negative loop, a depth below 1) make
//     Pretouch return an error instead.
//
// The buffer-size variables are read by nothing in jet; they exist so that
// programs that set them compile.
package option

import (
	"errors"
	"fmt"
)

// Sizes of the buffers sonic pools. jet sizes and pools its buffers
// itself; these variables are kept only so that programs that set them
// compile.
var (
	// DefaultDecoderBufferSize is sonic's initial buffer size of a
	// StreamDecoder. jet does not read it.
	DefaultDecoderBufferSize uint = 4 * 1024

	// DefaultEncoderBufferSize is sonic's initial buffer size of an
	// encoder. jet does not read it.
	DefaultEncoderBufferSize uint = 4 * 1024

	// DefaultAstBufferSize is sonic's initial buffer size of
	// ast.Node.MarshalJSON. jet does not read it.
	DefaultAstBufferSize uint = 4 * 1024

	// LimitBufferSize is the largest buffer sonic returns to its pools.
	// jet does not read it.
	LimitBufferSize uint = 1024 * 1024
)

// The defaults of CompileOptions.
var (
	// DefaultMaxInlineDepth is the default MaxInlineDepth (3, as in
	// sonic).
	DefaultMaxInlineDepth = 3

	// DefaultRecursiveDepth is the default RecursiveDepth (1, as in
	// sonic).
	DefaultRecursiveDepth = 1
)

// CompileOptions are the options of a Pretouch call, as in sonic. See the
// package documentation for what each one does in jet.
type CompileOptions struct {
	// MaxInlineDepth is how many levels of nested structs sonic compiles
	// inline. jet ignores it.
	MaxInlineDepth int

	// RecursiveDepth is how many times sonic's Pretouch goes on into the
	// types left uncompiled. jet always compiles every reachable type.
	RecursiveDepth int

	// EncOnlyOmitNull makes sonic's encoder omit only nil values (not
	// every empty one) for fields tagged omitempty. jet does not support
	// it: Pretouch returns an error when it is set.
	EncOnlyOmitNull bool
}

// DefaultCompileOptions returns the options a Pretouch call starts from.
func DefaultCompileOptions() CompileOptions {
	return CompileOptions{
		RecursiveDepth: DefaultRecursiveDepth,
		MaxInlineDepth: DefaultMaxInlineDepth,
	}
}

// CompileOption changes CompileOptions; Pretouch applies them in order.
type CompileOption func(o *CompileOptions)

// WithCompileRecursiveDepth sets RecursiveDepth. A negative loop makes
// Pretouch return an error (sonic panics).
func WithCompileRecursiveDepth(loop int) CompileOption {
	return func(o *CompileOptions) { o.RecursiveDepth = loop }
}

// WithCompileMaxInlineDepth sets MaxInlineDepth. A depth below 1 makes
// Pretouch return an error (sonic panics).
func WithCompileMaxInlineDepth(depth int) CompileOption {
	return func(o *CompileOptions) { o.MaxInlineDepth = depth }
}

// WithCompileEncOnlyOmitNull sets EncOnlyOmitNull, which jet's Pretouch
// refuses when true.
func WithCompileEncOnlyOmitNull(omit bool) CompileOption {
	return func(o *CompileOptions) { o.EncOnlyOmitNull = omit }
}

// Resolve returns DefaultCompileOptions changed by opts, in order (a nil
// option is skipped), or an error for options jet refuses: a negative
// RecursiveDepth, a MaxInlineDepth below 1 (sonic panics on both), and
// EncOnlyOmitNull. jet's Pretouch functions call it.
func Resolve(opts ...CompileOption) (CompileOptions, error) {
	o := DefaultCompileOptions()
	for _, f := range opts {
		if f != nil {
			f(&o)
		}
	}
	switch {
	case o.RecursiveDepth < 0:
		return o, fmt.Errorf("option: recursive depth %d: must be at least 0", o.RecursiveDepth)
	case o.MaxInlineDepth <= 0:
		return o, fmt.Errorf("option: max inline depth %d: must be at least 1", o.MaxInlineDepth)
	case o.EncOnlyOmitNull:
		return o, errors.New("option: EncOnlyOmitNull is not supported: jet's omitempty keeps encoding/json's meaning (omit false, 0, \"\", nil and empty)")
	}
	return o, nil
}
