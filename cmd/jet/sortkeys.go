package main

import (
	"bytes"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/jetjson/jet/internal/jsonstream"
	"github.com/jetjson/jet/internal/wire"
)

// --sort-keys writes what encoding/json gives for a document decoded
// into an any with UseNumber and encoded again with sorted map keys:
// compact; numbers as written; strings (keys too) decoded, with invalid
// UTF-8 and lone surrogates made U+FFFD, and quoted again; the members
// of each object sorted by their decoded keys, a repeated key keeping
// its last value.
//
// It does so over the raw text rather than through maps: the values are
// written as they are walked, and each object is sorted through a list
// of where its members start (4 bytes a member in a document under
// 4 GiB), built as the object is reached and dropped when it is written.
// So the cost beyond the document itself is the lists of the objects
// open at the moment, not a copy of the document as Go values.

// sortFlushAt is how much output a sorter collects before writing it.
const sortFlushAt = 64 << 10

// sortedKeys returns data, one document, compacted with the keys of
// every object sorted. Errors are located *jsonstream.Errors.
func sortedKeys(data []byte, strict, html bool) ([]byte, error) {
	return appendSorted(nil, data, strict, html)
}

// appendSorted appends sortedKeys's output to dst.
func appendSorted(dst, data []byte, strict, html bool) ([]byte, error) {
	if err := checkDoc(data, strict); err != nil {
		return dst, err
	}
	return writeSorted(dst, nil, data, html)
}

// checkDoc checks that data is one document, with an error that says
// where if not.
func checkDoc(data []byte, strict bool) error {
	return jsonstream.Process(nil, bytes.NewReader(data), jsonstream.Options{StrictUTF8: strict})
}

// writeSorted writes data, a valid document, sorted: appended to buf and,
// if w is not nil, written to w as it goes (then the buffer returned is
// empty, for reuse). Only w's errors are returned.
func writeSorted(buf []byte, w io.Writer, data []byte, html bool) ([]byte, error) {
	src := wire.StringOf(data)
	if int64(len(data)) <= math.MaxUint32 {
		s := &sorter[uint32]{src: src, html: html, w: w, buf: buf}
		return s.run()
	}
	s := &sorter[uint64]{src: src, html: html, w: w, buf: buf}
	return s.run()
}

// A sorter writes one valid document with its keys sorted. T holds an
// offset in the document.
type sorter[T uint32 | uint64] struct {
	src  string
	html bool
	w    io.Writer
	buf  []byte
	err  error
	// members is a stack of lists: for each object being written, the
	// offsets of its keys' opening quotes, in the order to write them.
	members []T
	// tmpA and tmpB hold decoded keys while keys are compared; tmp a
	// decoded string while it is quoted again.
	tmpA, tmpB, tmp []byte
}

func (s *sorter[T]) run() ([]byte, error) {
	s.value(wire.SkipSpace(s.src, 0))
	if s.w != nil {
		s.flush()
		s.buf = s.buf[:0]
	}
	return s.buf, s.err
}

// flush writes the output collected so far, if there is a writer.
func (s *sorter[T]) flush() {
	if s.w == nil || len(s.buf) == 0 {
		return
	}
	if s.err == nil {
		_, s.err = s.w.Write(s.buf)
	}
	s.buf = s.buf[:0]
}

// value writes the value that starts at s.src[i] and returns the index
// just past it.
func (s *sorter[T]) value(i int) int {
	if len(s.buf) >= sortFlushAt {
		s.flush()
	}
	switch c := s.src[i]; c {
	case '"':
		return s.str(i)
	case '[':
		s.buf = append(s.buf, '[')
		i = wire.SkipSpace(s.src, i+1)
		if s.src[i] == ']' {
			s.buf = append(s.buf, ']')
			return i + 1
		}
		for {
			i = wire.SkipSpace(s.src, s.value(i))
			if s.src[i] == ']' {
				s.buf = append(s.buf, ']')
				return i + 1
			}
			s.buf = append(s.buf, ',')
			i = wire.SkipSpace(s.src, i+1) // past ','
		}
	case '{':
		return s.object(i)
	default: // a number or a literal, kept as written
		end := i + 1
		for end < len(s.src) && !isDelim(s.src[end]) {
			end++
		}
		s.buf = append(s.buf, s.src[i:end]...)
		return end
	}
}

// isDelim reports whether c ends a number or literal.
func isDelim(c byte) bool {
	switch c {
	case ',', ']', '}', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// str writes the string that starts at s.src[i], decoded and quoted again,
// and returns the index just past it.
func (s *sorter[T]) str(i int) int {
	end, fl, _ := wire.ScanString(s.src, i)
	body := s.src[i+1 : end-1]
	if fl == 0 || (fl == wire.NonASCII && wire.ValidUTF8(body)) {
		// Decoding changes nothing.
		s.buf = wire.AppendQuoted(s.buf, body, s.html)
		return end
	}
	s.tmp, _ = wire.AppendUnquoted(s.tmp[:0], body)
	s.buf = wire.AppendQuoted(s.buf, wire.StringOf(s.tmp), s.html)
	return end
}

// object writes the object that starts at s.src[i], its members sorted,
// and returns the index just past it.
func (s *sorter[T]) object(i int) int {
	base := len(s.members)
	plain := true // no key needs decoding
	i = wire.SkipSpace(s.src, i+1)
	for s.src[i] != '}' {
		end, fl, _ := wire.ScanString(s.src, i)
		if fl != 0 && (fl&wire.Escaped != 0 || !wire.ValidUTF8(s.src[i+1:end-1])) {
			plain = false
		}
		s.members = append(s.members, T(i))
		i = wire.SkipSpace(s.src, end)
		i = wire.SkipSpace(s.src, i+1) // past ':'
		i, _ = wire.SkipValue(s.src, i, wire.DefaultMaxDepth)
		i = wire.SkipSpace(s.src, i)
		if s.src[i] == ',' {
			i = wire.SkipSpace(s.src, i+1)
		}
	}
	end := i + 1
	list := s.members[base:]
	if plain {
		slices.SortFunc(list, func(a, b T) int {
			if c := strings.Compare(s.plainKey(a), s.plainKey(b)); c != 0 {
				return c
			}
			return cmpOffset(a, b)
		})
	} else {
		slices.SortFunc(list, func(a, b T) int {
			if c := strings.Compare(s.key(a, &s.tmpA), s.key(b, &s.tmpB)); c != 0 {
				return c
			}
			return cmpOffset(a, b)
		})
	}
	s.buf = append(s.buf, '{')
	first := true
	for k := base; k < len(s.members); k++ {
		at := s.members[k]
		// Of members with one key, the last in the document (sorted
		// last) is kept.
		if k+1 < len(s.members) {
			next := s.members[k+1]
			if plain && s.plainKey(at) == s.plainKey(next) ||
				!plain && s.key(at, &s.tmpA) == s.key(next, &s.tmpB) {
				continue
			}
		}
		if !first {
			s.buf = append(s.buf, ',')
		}
		first = false
		j := s.str(int(at))
		j = wire.SkipSpace(s.src, j)
		s.buf = append(s.buf, ':')
		s.value(wire.SkipSpace(s.src, j+1))
	}
	s.buf = append(s.buf, '}')
	s.members = s.members[:base]
	return end
}

func cmpOffset[T uint32 | uint64](a, b T) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

// plainKey returns the key whose opening quote is at s.src[at], which
// has no escapes and is valid UTF-8.
func (s *sorter[T]) plainKey(at T) string {
	i := int(at) + 1
	return s.src[i : i+strings.IndexByte(s.src[i:], '"')]
}

// key returns the decoded key whose opening quote is at s.src[at], in
// *tmp if it needs decoding.
func (s *sorter[T]) key(at T, tmp *[]byte) string {
	end, fl, _ := wire.ScanString(s.src, int(at))
	body := s.src[int(at)+1 : end-1]
	if fl == 0 || fl&wire.Escaped == 0 && wire.ValidUTF8(body) {
		return body
	}
	*tmp, _ = wire.AppendUnquoted((*tmp)[:0], body)
	return wire.StringOf(*tmp)
}
