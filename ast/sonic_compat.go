package ast

// This file holds the names that programs written against sonic's ast
// package (github.com/bytedance/sonic/ast) use and jet's own API does
// not: with them, such a program compiles against jet once its import
// paths change. The README lists where jet behaves differently on
// purpose.

import (
	"errors"
	"fmt"

	"github.com/jetjson/jet/decoder"
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

// SyntaxError is the error of invalid JSON text, as NewRaw, Check and
// Parser.ExportError return it: sonic's ast has a type of that name, jet
// the one SyntaxError of its decoder.
type SyntaxError = decoder.SyntaxError

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

// ParsingError is the error code of Parser.Parse, as sonic's parser
// returns one: 0 for success; ExportError turns it into the error itself.
type ParsingError uint

// The codes Parse returns (sonic's numbers for these cases).
const (
	parseOK      ParsingError = 0
	parseEOF     ParsingError = 1 // the input ended inside the value, or held none
	parseInvalid ParsingError = 2 // a wrong byte
)

// Error describes the code.
func (e ParsingError) Error() string { return "ast: error when parsing input: " + e.Message() }

// Message names the code.
func (e ParsingError) Message() string {
	switch e {
	case parseOK:
		return "ok"
	case parseEOF:
		return wire.MsgUnexpectedEOF
	case parseInvalid:
		return "invalid character"
	}
	return fmt.Sprintf("error %d", uint(e))
}

// Parser reads JSON values one after another from a string into Nodes,
// as sonic's ast.Parser does.
type Parser struct {
	src string
	pos int
	err error
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
// invalid JSON it returns a V_NONE Node and a non-zero code; ExportError
// gives the SyntaxError, and Pos its place. What follows the value is
// left for the next call.
func (p *Parser) Parse() (Node, ParsingError) {
	p.err = nil
	i := wire.SkipSpace(p.src, p.pos)
	end, err := syntaxv1.SkipValue(p.src, i, wire.DefaultMaxDepth)
	if err != nil {
		p.err = err
		p.pos = int(err.Offset)
		if err.IsEOF() {
			return Node{}, parseEOF
		}
		p.pos--
		return Node{}, parseInvalid
	}
	p.pos = end
	return rawNode(p.src[i:end]), parseOK
}

// ExportError returns the error of the last Parse for its non-zero code,
// a *wire.SyntaxError saying where and why, and nil for code 0 (sonic
// returns an error even then).
func (p *Parser) ExportError(code ParsingError) error {
	if code == parseOK {
		return nil
	}
	if p.err != nil {
		return p.err
	}
	return errors.New(code.Error())
}
