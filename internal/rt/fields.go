package rt

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Field is one JSON member of a struct type after Go's embedding rules and
// encoding/json's tag rules have been applied.
type Field struct {
	// Name is the JSON key: the tag name, or the Go field name.
	Name string
	// GoName is the Go name of the field.
	GoName string
	// Index is the reflect index sequence from the outer struct.
	Index []int
	// Type is the field's type.
	Type reflect.Type
	// Hops are the embedded pointers crossed to reach the field, outermost
	// first; Offset is relative to the struct reached after the last hop
	// (or to the outer struct when there are none).
	Hops   []Hop
	Offset uintptr
	// Tagged: the name came from a json tag.
	Tagged bool
	// OmitEmpty, OmitZero and Quoted are the tag options omitempty,
	// omitzero and string (Quoted only when the type allows it).
	OmitEmpty bool
	OmitZero  bool
	Quoted    bool
	// EmbedPath lists the Go names of the embedded structs crossed, for
	// error messages ("Inner.Field").
	EmbedPath []string
}

// Hop is an embedded pointer field crossed on the way to a promoted field.
type Hop struct {
	// Offset of the pointer field in the struct that holds it (after the
	// previous hop).
	Offset uintptr
	// Elem is the type the pointer points to.
	Elem reflect.Type
	// Unexported: the pointer field is unexported, so a decoder may not
	// allocate it (encoding/json reports an error instead).
	Unexported bool
}

// StructFields lists the JSON members of struct type t in encoding/json's
// order (Go field order, embedded fields expanded in place) after
// resolving name conflicts the way encoding/json does: the shallowest
// field wins, a tagged field beats an untagged one at the same depth, and
// two equally good fields hide each other.
func StructFields(t reflect.Type) []Field {
	type queued struct {
		typ   reflect.Type
		index []int
	}
	var fields []Field
	current := []queued{}
	next := []queued{{typ: t}}
	var count, nextCount map[reflect.Type]int
	visited := map[reflect.Type]bool{}

	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, q := range current {
			if visited[q.typ] {
				continue
			}
			visited[q.typ] = true
			for i := 0; i < q.typ.NumField(); i++ {
				sf := q.typ.Field(i)
				if sf.Anonymous {
					et := sf.Type
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if !sf.IsExported() && et.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !validTagName(name) {
					name = ""
				}
				index := make([]int, len(q.index)+1)
				copy(index, q.index)
				index[len(q.index)] = i

				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					f := Field{
						Name:      name,
						GoName:    sf.Name,
						Index:     index,
						Type:      sf.Type,
						Tagged:    name != "",
						OmitEmpty: hasOption(opts, "omitempty"),
						OmitZero:  hasOption(opts, "omitzero"),
					}
					if f.Name == "" {
						f.Name = sf.Name
					}
					if hasOption(opts, "string") {
						switch ft.Kind() {
						case reflect.Bool,
							reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
							reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
							reflect.Float32, reflect.Float64, reflect.String:
							f.Quoted = true
						}
					}
					fields = append(fields, f)
					if count[q.typ] > 1 {
						// The same embedded type appears twice at this
						// depth: add a copy so the conflict rules below
						// drop both.
						fields = append(fields, fields[len(fields)-1])
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, queued{typ: ft, index: index})
				}
			}
		}
	}

	slices.SortFunc(fields, func(a, b Field) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.Index), len(b.Index)); c != 0 {
			return c
		}
		if a.Tagged != b.Tagged {
			if a.Tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.Index, b.Index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].Name == fields[i].Name {
			j++
		}
		// fields[i] dominates unless the next one is as shallow and as
		// tagged, in which case the name is ambiguous and dropped.
		if j-i == 1 || len(fields[i].Index) != len(fields[i+1].Index) || fields[i].Tagged != fields[i+1].Tagged {
			out = append(out, fields[i])
		}
		i = j
	}
	fields = out
	slices.SortFunc(fields, func(a, b Field) int { return slices.Compare(a.Index, b.Index) })
	for i := range fields {
		resolvePath(t, &fields[i])
	}
	return fields
}

// resolvePath fills in Hops, Offset and EmbedPath from Index.
func resolvePath(t reflect.Type, f *Field) {
	var off uintptr
	for n, i := range f.Index {
		sf := t.Field(i)
		if n == len(f.Index)-1 {
			f.Offset = off + sf.Offset
			return
		}
		f.EmbedPath = append(f.EmbedPath, sf.Name)
		if sf.Type.Kind() == reflect.Pointer {
			f.Hops = append(f.Hops, Hop{Offset: off + sf.Offset, Elem: sf.Type.Elem(), Unexported: !sf.IsExported()})
			off = 0
			t = sf.Type.Elem()
		} else {
			off += sf.Offset
			t = sf.Type
		}
	}
}

func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}

// validTagName reports whether a json tag name is usable: letters, digits
// and the punctuation encoding/json allows (no quotes or backslashes).
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// AppendFoldedName appends name folded for case-insensitive matching the
// way encoding/json folds: ASCII letters upper-cased, other runes mapped
// to the smallest rune of their Unicode simple-fold orbit.
func AppendFoldedName(dst []byte, name string) []byte { return appendFolded(dst, name, false) }

// AppendFoldedNameV2 is AppendFoldedName as encoding/json/v2 folds
// names: '-' and '_' are dropped too.
func AppendFoldedNameV2(dst []byte, name string) []byte { return appendFolded(dst, name, true) }

func appendFolded(dst []byte, name string, dropDelims bool) []byte {
	for i := 0; i < len(name); {
		c := name[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			if !dropDelims || c != '-' && c != '_' {
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(name[i:])
		dst = utf8.AppendRune(dst, foldRune(r))
		i += n
	}
	return dst
}

func foldRune(r rune) rune {
	for {
		r2 := unicode.SimpleFold(r)
		if r2 <= r {
			return r2
		}
		r = r2
	}
}
