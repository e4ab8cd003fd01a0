package ast

import (
	"strings"

	"github.com/jetjson/jet/internal/wire"
)

// The walker answers paths that a single descent cannot (wildcards, '#')
// and several paths at once (GetMany), in one pass over the document. At
// each value it holds the cursors positioned there; at each object member
// or array element it passes down the cursors whose next step matches and
// skips the value when none does. A container in which no cursor is left
// is skipped at once, unless the whole document is being validated.

// cursor is a path being followed: steps[k] is the next step; res
// receives the value found.
type cursor struct {
	steps []step
	k     int
	res   *result
}

// result is what a path found.
type result struct {
	found bool
	node  Node
	count int    // '#' as the last step: elements seen
	list  []Node // '#' before more steps: values collected
}

type walker struct {
	src      string
	validate bool
	copy     bool
}

// walk follows the cursors through the document.
func (s *Searcher) walk(cs []cursor) error {
	w := walker{src: s.src, validate: s.ValidateJSON, copy: s.CopyReturn}
	if w.validate && validFirst(s.src) {
		// Checked as a whole: the walk need not check what it passes.
		if !wire.Valid(s.src, wire.DefaultMaxDepth) {
			return syntaxError(s.src, 0)
		}
		w.validate = false
	}
	end, ok := w.value(wire.SkipSpace(s.src, 0), cs, 0, false)
	if !ok || w.validate && wire.SkipSpace(s.src, end) != len(s.src) {
		return syntaxError(s.src, end)
	}
	return nil
}

func (w *walker) node(text string) Node {
	if w.copy {
		text = strings.Clone(text)
	}
	return rawNode(text)
}

// value walks the value at src[i] for the cursors positioned there, at
// nesting depth depth. strict makes it check the value (it is inside a
// value being returned, or the whole document is validated). It returns
// the index just past the value.
func (w *walker) value(i int, cs []cursor, depth int, strict bool) (int, bool) {
	src := w.src
	if i >= len(src) {
		return i, false
	}
	var endBuf [4]*result
	ending := endBuf[:0]
	var deepBuf [8]cursor
	deeper := deepBuf[:0]
	for _, c := range cs {
		if c.k == len(c.steps) {
			ending = append(ending, c.res)
		} else {
			deeper = append(deeper, c)
		}
	}
	strict = strict || len(ending) > 0 || w.validate
	var end int
	var ok bool
	switch c := src[i]; {
	case len(deeper) > 0 && c == '{':
		end, ok = w.object(i, deeper, depth, strict)
	case len(deeper) > 0 && c == '[':
		end, ok = w.array(i, deeper, depth, strict)
	default:
		end, ok = skipValue(src, i, strict, depth)
	}
	if !ok {
		return end, false
	}
	for _, r := range ending {
		if !r.found {
			r.found = true
			r.node = w.node(src[i:end])
		}
	}
	return end, true
}

// object walks the object at src[i].
func (w *walker) object(i int, cs []cursor, depth int, strict bool) (int, bool) {
	src := w.src
	n := len(src)
	if depth >= wire.DefaultMaxDepth {
		return i, false
	}
	var actBuf [8]cursor
	act := actBuf[:0]
	for _, c := range cs {
		if st := &c.steps[c.k]; st.keyOK && (st.op == opPlain || st.op == opPattern || st.op == opAppend) {
			act = append(act, c)
		}
	}
	i = wire.SkipSpace(src, i+1)
	if i < n && src[i] == '}' {
		return i + 1, true
	}
	for {
		if len(act) == 0 && !strict {
			return wire.LooseContainerRest(src, i)
		}
		if i >= n || src[i] != '"' {
			return i, false
		}
		ke, fl, sok := wire.ScanString(src, i)
		if !sok {
			return i, false
		}
		q := src[i:ke]
		i = wire.SkipSpace(src, ke)
		if i >= n || src[i] != ':' {
			return i, false
		}
		i = wire.SkipSpace(src, i+1)
		var subBuf [8]cursor
		sub := subBuf[:0]
		key, decoded := "", false
		for j := 0; j < len(act); {
			c := act[j]
			st := &c.steps[c.k]
			var m bool
			if st.op == opPattern {
				if !decoded {
					key, decoded = unquote(q), true
				}
				m = matchPattern(st.key, key)
			} else {
				m = keyMatches(q, fl, st.key, plainKey(st.key))
			}
			if !m {
				j++
				continue
			}
			sub = append(sub, cursor{steps: c.steps, k: c.k + 1, res: c.res})
			act = append(act[:j], act[j+1:]...)
		}
		var ok bool
		if len(sub) > 0 {
			i, ok = w.value(i, sub, depth+1, strict)
		} else {
			i, ok = skipValue(src, i, strict, depth+1)
		}
		if !ok {
			return i, false
		}
		i = wire.SkipSpace(src, i)
		if i < n && src[i] == ',' {
			i = wire.SkipSpace(src, i+1)
			continue
		}
		if i < n && src[i] == '}' {
			return i + 1, true
		}
		return i, false
	}
}

// array walks the array at src[i].
func (w *walker) array(i int, cs []cursor, depth int, strict bool) (int, bool) {
	src := w.src
	n := len(src)
	if depth >= wire.DefaultMaxDepth {
		return i, false
	}
	var actBuf [8]cursor
	act := actBuf[:0]
	for _, c := range cs {
		if st := &c.steps[c.k]; st.op == opCount || st.op == opPlain && st.index >= 0 {
			act = append(act, c)
		}
	}
	i = wire.SkipSpace(src, i+1)
	if i < n && src[i] == ']' {
		w.finishArray(act)
		return i + 1, true
	}
	for e := 0; ; e++ {
		if len(act) == 0 && !strict {
			return wire.LooseContainerRest(src, i)
		}
		var subBuf [8]cursor
		sub := subBuf[:0]
		var collect []*result // parallel to the collecting cursors in sub
		for j := 0; j < len(act); {
			c := act[j]
			st := &c.steps[c.k]
			switch {
			case st.op == opCount && c.k == len(c.steps)-1:
				c.res.count++
			case st.op == opCount:
				r := new(result)
				sub = append(sub, cursor{steps: c.steps, k: c.k + 1, res: r})
				collect = append(collect, r, c.res)
			case st.index == e:
				sub = append(sub, cursor{steps: c.steps, k: c.k + 1, res: c.res})
				act = append(act[:j], act[j+1:]...)
				continue
			}
			j++
		}
		var ok bool
		if len(sub) > 0 {
			i, ok = w.value(i, sub, depth+1, strict)
		} else {
			i, ok = skipValue(src, i, strict, depth+1)
		}
		if !ok {
			return i, false
		}
		for k := 0; k < len(collect); k += 2 {
			if r := collect[k]; r.found {
				collect[k+1].list = append(collect[k+1].list, r.node)
			}
		}
		i = wire.SkipSpace(src, i)
		if i < n && src[i] == ',' {
			i = wire.SkipSpace(src, i+1)
			continue
		}
		if i < n && src[i] == ']' {
			w.finishArray(act)
			return i + 1, true
		}
		return i, false
	}
}

// finishArray settles the '#' cursors at the end of an array.
func (w *walker) finishArray(act []cursor) {
	for _, c := range act {
		st := &c.steps[c.k]
		if st.op != opCount || c.res.found {
			continue
		}
		c.res.found = true
		if c.k == len(c.steps)-1 {
			c.res.node = NewInt64(int64(c.res.count))
		} else {
			c.res.node = NewArray(c.res.list)
		}
	}
}
