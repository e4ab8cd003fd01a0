package jsontext

import (
	"bytes"
	"strconv"

	"github.com/jetjson/jet/internal/textexport"
)

// An Encoder or Decoder that jet's v2 package gives a caller's function
// or method stands for the part of a larger text the value is in, as
// the Encoder or Decoder Go's v2 passes is the caller's own: its stack,
// as StackDepth, StackIndex and StackPointer report it, holds the
// levels around the value (outerLevels) below its own. Everything else
// about it (the tokens it takes, its offsets, the errors it reports) is
// its own.

func init() {
	textexport.SetOuter = setOuter
	textexport.Levels = levelsOf
	textexport.PrefixLevels = prefixLevels
}

// outerLevels are the levels around an Encoder's or Decoder's own text,
// found when first asked for; none while src is nil.
type outerLevels struct {
	src    textexport.LevelSource
	levels []textexport.Level // the top level first; at least one once found
	found  bool
}

func (o *outerLevels) get() []textexport.Level {
	if !o.found {
		o.levels, o.found = o.src.Levels(), true
		if len(o.levels) == 0 {
			o.levels = []textexport.Level{{}}
		}
	}
	return o.levels
}

// foundLevels are levels already found, as a LevelSource.
type foundLevels []textexport.Level

func (f foundLevels) Levels() []textexport.Level { return f }

// Depth counts the containers the levels hold open (a
// textexport.DepthSource: an Encoder given them back keeps its depth
// limit).
func (f foundLevels) Depth() int { return max(len(f)-1, 0) }

// setOuter is textexport.SetOuter.
func setOuter(coder any, src textexport.LevelSource) textexport.LevelSource {
	var at *outerLevels
	switch c := coder.(type) {
	case *Encoder:
		at = &c.s.outer
	case *Decoder:
		at = &c.s.outer
	default:
		return nil
	}
	prev := at.src
	if at.found {
		prev = foundLevels(at.levels)
	}
	*at = outerLevels{src: src}
	switch c := coder.(type) {
	case *Encoder:
		c.s.setDepthLimit()
	case *Decoder:
		c.s.setDepthLimit()
	}
	return prev
}

// setDepthLimit sets the deepest nesting e's own text may reach (see
// depthWithin).
func (e *encoderState) setDepthLimit() {
	e.depthLimit = depthWithin(maxDepth, e.outer.src)
	e.m.setLimit(e.depthLimit)
}

// setDepthLimit sets the deepest nesting d's own text may reach (see
// depthWithin), from the options' limit.
func (d *decoderState) setDepthLimit() {
	d.depthLimit = depthWithin(d.baseLimit, d.outer.src)
	d.m.setLimit(d.depthLimit)
}

// depthWithin returns the deepest nesting a text inside the levels
// outer gives may reach, base being the whole text's limit: what base
// leaves of the containers open around it, when outer can count them
// cheaply (textexport.DepthSource, as the v2 package's Encoders and
// Decoders for methods and functions are). Other outer levels are found
// only if asked for, and leave base.
func depthWithin(base int, outer textexport.LevelSource) int {
	if n, ok := textexport.CheapDepth(outer); ok {
		return max(base-n, 0)
	}
	return base
}

// stackDepth, stackIndexWithin and appendPointerWithin are StackDepth,
// StackIndex and StackPointer of a machine (with its names) inside the
// levels of o.
func (o *outerLevels) stackDepth(m *machine) int {
	return len(o.get()) - 1 + m.depth() - 1
}

func (o *outerLevels) stackIndex(m *machine, i int) (Kind, int64) {
	lv := o.get()
	n := len(lv) - 1
	switch {
	case i < n:
		return Kind(lv[i].Kind), lv[i].Length
	case i == n:
		return Kind(lv[n].Kind), lv[n].Length + m.at(0).length()
	}
	return stackIndex(m, i-n)
}

func (o *outerLevels) appendPointer(b []byte, m *machine, ns *nameStack) []byte {
	lv := o.get()
	n := len(lv) - 1
	for i := 1; i <= n; i++ {
		l := lv[i]
		length := l.Length
		if i == n {
			length += m.at(0).length()
			if m.depth() == 1 && length == 0 {
				return b
			}
		}
		if l.Kind == '{' {
			b = appendPointerToken(append(b, '/'), l.Name)
		} else {
			b = strconv.AppendUint(append(b, '/'), uint64(length-1), 10)
		}
	}
	return appendPointer(b, m, ns, -1)
}

// ownLevels appends the levels of a machine, with its names (copied
// out), to lv.
func ownLevels(lv []textexport.Level, m *machine, ns *nameStack) []textexport.Level {
	obj := 0
	for i := 0; i < m.depth(); i++ {
		l := m.at(i)
		v := textexport.Level{Length: l.length()}
		switch {
		case i == 0:
		case l.isObject():
			v.Kind = '{'
			if v.Length > 0 {
				v.Name = string(ns.name(obj))
			}
			obj++
		default:
			v.Kind = '['
		}
		lv = append(lv, v)
	}
	return lv
}

// levelsOf is textexport.Levels.
func levelsOf(coder any) []textexport.Level {
	var own []textexport.Level
	var outer *outerLevels
	switch c := coder.(type) {
	case *Encoder:
		c.s.names.copyOut(c.s.buf)
		own, outer = ownLevels(nil, &c.s.m, &c.s.names), &c.s.outer
	case *Decoder:
		c.s.names.copyOut(c.s.buf)
		own, outer = ownLevels(nil, &c.s.m, &c.s.names), &c.s.outer
	default:
		return nil
	}
	if outer.src == nil {
		return own
	}
	return textexport.Compose(outer.get(), own)
}

// prefixLevels is textexport.PrefixLevels.
func prefixLevels(prefix []byte) []textexport.Level {
	d := NewDecoder(bytes.NewReader(prefix), AllowDuplicateNames(true), AllowInvalidUTF8(true))
	for {
		if _, err := d.ReadToken(); err != nil {
			break
		}
	}
	return levelsOf(d)
}
