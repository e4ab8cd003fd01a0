package ast

// This file holds the names that programs written against sonic's ast
// package (github.com/bytedance/sonic/ast) use and jet's own API does
// not: with them, such a program compiles against jet once its import
// paths change. The README lists where jet behaves differently on
// purpose.
//
// Syntax errors: sonic's ast.SyntaxError is a value (Pos, Src, Code,
// Msg), which sonic's ast API never returns as an error (its Check gives
// an error Node, its searches a plain error with the same text). jet's
// Parser.ExportError returns it; the rest of jet's ast, which jet's root
// package calls, keeps jet's *jet.SyntaxError. See decoder.SyntaxError.

import (
	"fmt"

	"github.com/jetjson/jet/decoder"
	"github.com/jetjson/jet/internal/sonicerr"
	"github.com/jetjson/jet/internal/syntaxv1"
	"github.com/jetjson/jet/internal/wire"
)

// sonic's names for jet's errors. They are the same values, so
// errors.Is(err, ErrNotExist) and errors.Is(err, ErrNotFound) agree. jet's
// errors wrap them with where the lookup failed, so compare with
// errors.Is, not ==.
var (
	// ErrNotExist is sonic's name for ErrNotFound.
	ErrNotExist = ErrNotFound
	// ErrUnsupportType is sonic's name for ErrUnsupportedType.
	ErrUnsupportType = ErrUnsupportedType
)

// VisitOPSkip is sonic's name for SkipContainer: returned by
// OnObjectBegin or OnArrayBegin, it makes Preorder pass over the contents
// of the container just begun and call its OnObjectEnd or OnArrayEnd.
// (Returned by another method, where sonic stops the walk with it as the
// error, jet skips the rest of the innermost open container; see
// Visitor.)
var VisitOPSkip = SkipContainer

// SyntaxError is sonic's ast.SyntaxError: a value with the fields and
// methods of decoder.SyntaxError (Pos, the index in Src of the offending
// byte; Src, the input; Code; Msg; Error, Description, Message), and a
// type of its own, as in sonic, so that a type switch may have a case
// for each. Parser.ExportError returns it (sonic's returns an error with
// the same text). jet's other ast functions, which jet's root package
// calls too (jet.Get and the rest), report invalid JSON as a
// *jet.SyntaxError, as their documentation says; sonic's report it as a
// V_ERROR Node or a plain error, never as a SyntaxError. errors.As finds
// a SyntaxError as a *jet.SyntaxError and as a *json.SyntaxError.
type SyntaxError sonicerr.SyntaxError

// Error returns Description quoted on one line, as sonic's does.
func (e SyntaxError) Error() string { return sonicerr.SyntaxError(e).Error() }

// Description returns "Syntax error at index N: " (N is Pos) and the
// message, then the input around Pos with a caret under it.
func (e SyntaxError) Description() string { return sonicerr.SyntaxError(e).Description() }

// Message returns Msg, or the name of Code when Msg is empty.
func (e SyntaxError) Message() string { return sonicerr.SyntaxError(e).Message() }

// As lets errors.As find the error as a *jet.SyntaxError or a
// *json.SyntaxError (see decoder.SyntaxError).
func (e SyntaxError) As(target any) bool { return sonicerr.SyntaxError(e).As(target) }

// NewRawConcurrentRead is NewRaw: every jet Node may be read from many
// goroutines at once, so sonic's concurrent-read variant is the same.
func NewRawConcurrentRead(json string) Node { return NewRaw(json) }

// TypeSafe is Type; sonic keeps it as the variant safe for concurrent
// reads, which every jet method is.
func (n *Node) TypeSafe() int { return n.Type() }

// Cap returns how many members an array or object has room for without
// growing its storage (at least Len; the node's level is parsed first),
// and 0 for null and V_NONE. Other kinds give an error wrapping
// ErrUnsupportedType.
func (n *Node) Cap() (int, error) {
	if n != nil && (n.t == V_NONE || n.t == V_NULL) {
		return 0, nil
	}
	if err := n.Check(); err != nil {
		return 0, err
	}
	lv := n.loadLevelOf()
	if lv == nil {
		return 0, fmt.Errorf("%w: Cap on %s", ErrUnsupportedType, typeName(n.t))
	}
	c := 0
	if n.t == V_ARRAY {
		for _, sg := range lv.elems {
			c += cap(sg.items)
		}
	} else {
		for _, sg := range lv.pairs {
			c += cap(sg.items)
		}
	}
	return max(c, lv.n), nil
}

// loadLevelOf returns the parsed level of an array or object, or nil for
// other kinds.
func (n *Node) loadLevelOf() *level {
	if n.t != V_ARRAY && n.t != V_OBJECT {
		return nil
	}
	return n.loadLevel()
}

// Move moves element src of an array to index dst, sliding the elements
// between them by one place, as sonic's Move does. Other kinds give an
// error wrapping ErrUnsupportedType (sonic's Move is for arrays only), an
// index out of range one wrapping ErrNotFound. Like UnsetByIndex, it
// changes which element a *Node taken from the array before refers to.
func (n *Node) Move(dst, src int) error {
	if err := n.should(V_ARRAY, "Move"); err != nil {
		return err
	}
	lv := n.loadLevel()
	if src < 0 || src >= lv.n || dst < 0 || dst >= lv.n {
		return notFound("Move(%d, %d) out of range [0, %d)", dst, src, lv.n)
	}
	if src == dst {
		return nil
	}
	n.changed()
	v := *lv.elems.at(src)
	for i := src; i < dst; i++ {
		*lv.elems.at(i) = *lv.elems.at(i + 1)
	}
	for i := src; i > dst; i-- {
		*lv.elems.at(i) = *lv.elems.at(i - 1)
	}
	*lv.elems.at(dst) = v
	return nil
}

// Loads decodes the JSON value at the start of src (after whitespace)
// into an interface value, as encoding/json decodes into an any (numbers
// as float64), and returns the offset just past the value. What follows
// the value is not looked at, as in sonic. (sonic returns the offset its
// lazy parser stopped at, which for an array or object is just past its
// opening bracket.)
func Loads(src string) (int, any, error) { return loads(src, 0) }

// LoadsUseNumber is Loads with numbers as json.Number.
func LoadsUseNumber(src string) (int, any, error) { return loads(src, decoder.OptionUseNumber) }

func loads(src string, opts decoder.Options) (int, any, error) {
	i := wire.SkipSpace(src, 0)
	end, err := syntaxv1.SkipValue(src, i, wire.DefaultMaxDepth)
	if err != nil {
		return 0, nil, err
	}
	var v any
	if err := decoder.DecodeString(src[i:end], &v, opts); err != nil {
		return 0, nil, err
	}
	return end, v, nil
}

// ParsingError is sonic's error code, the type of SyntaxError.Code and
// of what Parser.Parse returns: 0 for success, and sonic's numbers for
// the kinds of error (1 the input ended too early, 2 a wrong byte, 3 a
// wrong byte after a backslash, 4 a lone surrogate escape, 7 nesting too
// deep, 10 invalid UTF-8). Message names a code in sonic's words ("eof",
// "invalid char", ...); Error adds "json: error when parsing input: ".
// ExportError turns Parse's code into the error itself.
type ParsingError = sonicerr.ParsingError

// Parser reads JSON values one after another from a string into Nodes,
// as sonic's ast.Parser does.
type Parser struct {
	src string
	pos int
	err *wire.SyntaxError // the last Parse's
}

// NewParser returns a Parser reading src from its start.
func NewParser(src string) *Parser { return &Parser{src: src} }

// NewParserObj is NewParser returning the Parser itself.
func NewParserObj(src string) Parser { return Parser{src: src} }

// Pos returns the offset the parser has read to: just past the last
// value Parse returned, or where Parse found an error.
func (p *Parser) Pos() int { return p.pos }

// Parse checks the next JSON value (after whitespace) and returns its
// Node, which parses lazily on demand as NewRaw's does, and code 0. For
// invalid JSON it returns a V_NONE Node and a non-zero code (see
// ParsingError); ExportError gives the SyntaxError, and Pos its place,
// the index of the offending byte. What follows the value is left for
// the next call.
func (p *Parser) Parse() (Node, ParsingError) {
	p.err = nil
	i := wire.SkipSpace(p.src, p.pos)
	end, err := syntaxv1.SkipValue(p.src, i, wire.DefaultMaxDepth)
	if err != nil {
		p.err = err
		p.pos = int(err.Pos())
		return Node{}, sonicerr.CodeOf(err)
	}
	p.pos = end
	return rawNode(p.src[i:end]), sonicerr.OK
}

// ExportError returns the error of the last Parse for its non-zero code:
// a SyntaxError whose Src is the parser's input, Pos the offending
// byte's index, Code the code and Msg encoding/json's wording of the
// error. Its Error text is that of sonic's ExportError. For code 0 it
// returns nil (sonic returns an error even then); for a code Parse did
// not return, a SyntaxError with that code at Pos.
func (p *Parser) ExportError(code ParsingError) error {
	if code == sonicerr.OK {
		return nil
	}
	e := SyntaxError{Pos: p.pos, Src: p.src, Code: code}
	if p.err != nil && sonicerr.CodeOf(p.err) == code {
		e.Msg = p.err.Msg
	}
	return e
}
