package rt

import (
	"cmp"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The `case` tag option of encoding/json/v2.
const (
	CaseIgnore = 1 // case:ignore
	CaseStrict = 2 // case:strict
)

// FieldV2 is one JSON member of a struct type under encoding/json/v2's
// rules: Field's facts, plus what only v2's tag options say.
type FieldV2 struct {
	Field
	// ID numbers the fields in breadth-first order (shallowest first),
	// from 0.
	ID int
	// Casing is 0, CaseIgnore or CaseStrict.
	Casing int8
	// Format is the `format` tag option's value, if any.
	Format string
	// String is the `string` tag option (v2's meaning: numbers as
	// strings), whatever the field's type.
	String bool
}

// PlanV2 is a struct type's plan under encoding/json/v2's rules.
type PlanV2 struct {
	// Fields in depth-first order (the order of the Go declaration, with
	// embedded structs expanded in place).
	Fields []FieldV2
	// Fallback is the embedded map or raw value that holds the members
	// no field names (the `embed` or inlined field of map or
	// jsontext.Value type), or nil.
	Fallback *FieldV2
	// Err is the first problem the type's declaration has, which v2
	// reports when the type is used; UnsupportedFormat is reported
	// only where `format` tag options are not accepted.
	Err               *PlanError
	UnsupportedFormat *PlanError
}

// PlanError is a problem with a Go type's declaration.
type PlanError struct {
	Type reflect.Type
	Err  error
}

// ErrNoExportedFields is the problem of a struct whose fields are all
// unexported and untagged.
var ErrNoExportedFields = fmt.Errorf("Go struct has no exported fields")

// IsRawValueType reports whether t is a jsontext.Value: jet's, or the
// standard library's (told by name, as IsRawJSON does).
func IsRawValueType(t reflect.Type) bool {
	return t.Kind() == reflect.Slice && t.Name() == "Value" &&
		(t.PkgPath() == "github.com/jetjson/jet/jsontext" || t.PkgPath() == "encoding/json/jsontext")
}

// StructFieldsV2 returns the plan of struct type t under encoding/json/v2's
// rules. hasMethods reports whether a type has a JSON or text method of
// its own (such a type cannot be embedded: what members it would add is
// unknown).
func StructFieldsV2(root reflect.Type, hasMethods func(reflect.Type) bool) PlanV2 {
	var plan PlanV2
	fail := func(t reflect.Type, format string, args ...any) {
		if plan.Err == nil {
			plan.Err = &PlanError{Type: t, Err: fmt.Errorf(format, args...)}
		}
	}
	type queued struct {
		t        reflect.Type
		index    []int
		children bool // expand the structs embedded in this one
	}
	queue := []queued{{root, nil, true}}
	seen := map[reflect.Type]bool{root: true}
	var all, fallbacks []FieldV2
	for qi := 0; qi < len(queue); qi++ {
		q := queue[qi]
		t := q.t
		fallbackAt := -1
		names := map[string]int{}
		anyTag, anyField := false, false
		for i := range t.NumField() {
			sf := t.Field(i)
			_, tagged := sf.Tag.Lookup("json")
			anyTag = anyTag || tagged
			opts, ignored, err := parseTagV2(sf)
			if err != nil && plan.Err == nil {
				plan.Err = &PlanError{Type: t, Err: err}
			}
			if ignored {
				continue
			}
			anyField = true
			f := opts
			f.Index = append(slices.Clip(q.index), i)
			f.GoName = sf.Name
			f.Type = sf.Type
			embed := opts.embed
			if sf.Anonymous && !f.Tagged {
				if indirect(f.Type).Kind() != reflect.Struct {
					fail(t, "embedded Go struct field %s of non-struct type must be explicitly given a JSON name", sf.Name)
				} else {
					embed = true
				}
			}
			var asField func()
			asEmbed := func() {
				if f.Tagged || f.OmitEmpty || f.OmitZero || f.String || f.Casing != 0 || f.Format != "" {
					fail(t, "Go struct field %s cannot have any options other than `embed` specified", sf.Name)
					if f.Tagged {
						asField()
						return
					}
					f.OmitEmpty, f.OmitZero, f.String, f.Casing, f.Format = false, false, false, 0, ""
				}
				tf := indirect(f.Type)
				if hasMethods(tf) && !IsRawValueType(tf) {
					fail(t, "embedded Go struct field %s of type %s must not implement marshal or unmarshal methods", sf.Name, tf)
				}
				if tf.Kind() == reflect.Struct {
					if q.children {
						queue = append(queue, queued{tf, f.Index, !seen[tf]})
					}
					seen[tf] = true
					return
				}
				if !sf.IsExported() {
					fail(t, "embedded Go struct field %s is not exported", sf.Name)
					return
				}
				switch {
				case IsRawValueType(tf):
				case tf.Kind() == reflect.Map && tf.Key().Kind() == reflect.String:
					if hasMethods(tf.Key()) {
						fail(t, "embedded map field %s of type %s must have a string key that does not implement marshal or unmarshal methods", sf.Name, tf)
						asField()
						return
					}
				default:
					fail(t, "embedded Go struct field %s of type %s must be a Go struct, Go map of string key, or jsontext.Value", sf.Name, tf)
					asField()
					return
				}
				if fallbackAt >= 0 {
					fail(t, "embedded Go struct fields %s and %s cannot both be a Go map or jsontext.Value", t.Field(fallbackAt).Name, sf.Name)
				}
				fallbackAt = i
				fallbacks = append(fallbacks, f.FieldV2)
			}
			asField = func() {
				if !sf.IsExported() {
					tf := indirect(f.Type)
					if !(sf.Anonymous && tf.Kind() == reflect.Struct) {
						fail(t, "Go struct field %s is not exported", sf.Name)
						return
					}
					if hasMethods(tf) || f.OmitZero && (tf.Implements(IsZeroerType) || reflect.PointerTo(tf).Implements(IsZeroerType)) {
						fail(t, "Go struct field %s is not exported for method calls", sf.Name)
						return
					}
				}
				if j, ok := names[f.Name]; ok {
					fail(t, "Go struct fields %s and %s conflict over JSON object name %q", t.Field(j).Name, sf.Name, f.Name)
				}
				names[f.Name] = i
				f.ID = len(all)
				all = append(all, f.FieldV2)
				if f.Format != "" && plan.UnsupportedFormat == nil {
					plan.UnsupportedFormat = &PlanError{Type: t, Err: fmt.Errorf("Go struct field %s has unsupported `format` tag option", sf.Name)}
				}
			}
			if embed {
				asEmbed()
			} else {
				asField()
			}
		}
		if t.NumField() > 0 && !anyTag && !anyField && plan.Err == nil {
			plan.Err = &PlanError{Type: t, Err: ErrNoExportedFields}
		}
	}

	// Of the fields sharing a name, the one alone at the shallowest
	// depth, or alone named by its tag there, wins; otherwise none.
	slices.SortStableFunc(all, func(x, y FieldV2) int {
		return cmp.Or(strings.Compare(x.Name, y.Name), cmp.Compare(len(x.Index), len(y.Index)), boolOrder(!x.Tagged, !y.Tagged))
	})
	kept := all[:0]
	for len(all) > 0 {
		n := 1
		for n < len(all) && all[n].Name == all[0].Name {
			n++
		}
		if n == 1 || len(all[0].Index) != len(all[1].Index) || all[0].Tagged != all[1].Tagged {
			kept = append(kept, all[0])
		}
		all = all[n:]
	}
	slices.SortFunc(kept, func(x, y FieldV2) int { return cmp.Compare(x.ID, y.ID) })
	for i := range kept {
		kept[i].ID = i
	}
	slices.SortFunc(kept, func(x, y FieldV2) int { return slices.Compare(x.Index, y.Index) })
	for i := range kept {
		resolvePath(root, &kept[i].Field)
	}
	plan.Fields = kept
	if n := len(fallbacks); n == 1 || n > 1 && len(fallbacks[0].Index) != len(fallbacks[1].Index) {
		fb := fallbacks[0]
		resolvePath(root, &fb.Field)
		plan.Fallback = &fb
	}
	return plan
}

// indirect is t, or what t points to when t is an unnamed pointer type.
func indirect(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer && t.Name() == "" {
		return t.Elem()
	}
	return t
}

func boolOrder(x, y bool) int {
	switch {
	case !x && y:
		return -1
	case x && !y:
		return +1
	}
	return 0
}

// tagV2 is a field's options as its `json` tag gives them under v2.
type tagV2 struct {
	FieldV2
	embed bool
}

// parseTagV2 reads a struct field's `json` tag under encoding/json/v2's
// grammar: a name (or a single-quoted one), then comma-separated
// options. It reports whether the field is ignored, and the first
// problem found (the options read up to it still apply).
func parseTagV2(sf reflect.StructField) (out tagV2, ignored bool, err error) {
	tag, hasTag := sf.Tag.Lookup("json")
	if tag == "-" {
		return out, true, nil
	}
	if !sf.IsExported() && !sf.Anonymous {
		if hasTag {
			err = fmt.Errorf("unexported Go struct field %s cannot have non-ignored `json:%q` tag", sf.Name, tag)
		}
		return out, true, err
	}
	setErr := func(format string, args ...any) {
		if err == nil {
			err = fmt.Errorf(format, args...)
		}
	}
	out.Name = sf.Name
	if tag != "" && tag[0] != ',' {
		n := strings.IndexAny(tag, ",\\'\"`")
		if n < 0 {
			n = len(tag)
		}
		name := tag[:n]
		var bad error
		if n < len(tag) && tag[n] != ',' {
			name, n, bad = tagWord(tag, false)
			if bad != nil {
				setErr("Go struct field %s has malformed `json` tag: %v", sf.Name, bad)
			}
		}
		if !utf8.ValidString(name) {
			setErr("Go struct field %s has JSON object name %q with invalid UTF-8", sf.Name, name)
			name = string([]rune(name))
		}
		if bad == nil {
			out.Tagged = true
			out.Name = name
		}
		tag = tag[n:]
	}
	afterFormat := false
	var seenBuf [4]string // the options so far (few, in practice)
	seen := seenBuf[:0]
	for tag != "" {
		if tag[0] != ',' {
			setErr("Go struct field %s has malformed `json` tag: invalid character %q before next option (expecting ',')", sf.Name, tag[0])
		} else {
			tag = tag[1:]
			if tag == "" {
				setErr("Go struct field %s has malformed `json` tag: invalid trailing ',' character", sf.Name)
				break
			}
		}
		opt, n, bad := tagWord(tag, false)
		if bad != nil {
			setErr("Go struct field %s has malformed `json` tag: %v", sf.Name, bad)
		}
		raw := tag[:n]
		tag = tag[n:]
		switch {
		case afterFormat:
			setErr("Go struct field %s has `format` tag option that was not specified last", sf.Name)
		case strings.HasPrefix(raw, "'") && strings.TrimFunc(opt, letterOrDigit) == "":
			setErr("Go struct field %s has unnecessarily quoted appearance of `%s` tag option; specify `%s` instead", sf.Name, raw, opt)
		}
		switch opt {
		case "case":
			if !strings.HasPrefix(tag, ":") {
				setErr("Go struct field %s is missing value for `case` tag option; specify `case:ignore` or `case:strict` instead", sf.Name)
				break
			}
			tag = tag[1:]
			v, n, bad := tagWord(tag, false)
			if bad != nil {
				setErr("Go struct field %s has malformed value for `case` tag option: %v", sf.Name, bad)
				break
			}
			rawV := tag[:n]
			tag = tag[n:]
			if strings.HasPrefix(rawV, "'") {
				setErr("Go struct field %s has unnecessarily quoted appearance of `case:%s` tag option; specify `case:%s` instead", sf.Name, rawV, v)
			}
			switch v {
			case "ignore":
				out.Casing |= CaseIgnore
			case "strict":
				out.Casing |= CaseStrict
			default:
				setErr("Go struct field %s has unknown `case:%s` tag value", sf.Name, rawV)
			}
		case "embed":
			out.embed = true
		case "omitzero":
			out.OmitZero = true
		case "omitempty":
			out.OmitEmpty = true
		case "string":
			out.String = true
		case "format":
			if !strings.HasPrefix(tag, ":") {
				setErr("Go struct field %s is missing value for `format` tag option", sf.Name)
				break
			}
			tag = tag[1:]
			v, n, bad := tagWord(tag, true)
			if bad != nil {
				setErr("Go struct field %s has malformed value for `format` tag option: %v", sf.Name, bad)
				break
			}
			if v == "" {
				setErr("Go struct field %s cannot have empty value for `format` tag option", sf.Name)
				break
			}
			tag = tag[n:]
			out.Format = v
			afterFormat = true
		default:
			norm := strings.ReplaceAll(strings.ToLower(opt), "_", "")
			switch norm {
			case "case", "embed", "omitzero", "omitempty", "string", "format":
				setErr("Go struct field %s has invalid appearance of `%s` tag option; specify `%s` instead", sf.Name, opt, norm)
			}
		}
		switch {
		case out.Casing == CaseIgnore|CaseStrict:
			setErr("Go struct field %s cannot have both `case:ignore` and `case:strict` tag options", sf.Name)
		case slices.Contains(seen, opt):
			setErr("Go struct field %s has duplicate appearance of `%s` tag option", sf.Name, raw)
		}
		seen = append(seen, opt)
	}
	return out, false, err
}

// tagWord reads one word of a v2 tag at the start of in: an identifier,
// or (when quoted is allowed) a single-quoted string with Go escapes. It
// returns the word, how many bytes it took and what was wrong.
func tagWord(in string, quoted bool) (string, int, error) {
	comma := strings.IndexByte(in, ',')
	if comma < 0 {
		comma = len(in)
	}
	// (Most words are ASCII letters, read without decoding runes.)
	n := 0
	for n < len(in) && (in[n] == '_' || 'a' <= in[n]|0x20 && in[n]|0x20 <= 'z' || n > 0 && '0' <= in[n] && in[n] <= '9') {
		n++
	}
	if n > 0 && (n == len(in) || in[n] < utf8.RuneSelf) {
		return in[:n], n, nil
	}
	r, _ := utf8.DecodeRuneInString(in)
	switch {
	case r == '_' || unicode.IsLetter(r):
		n := len(in) - len(strings.TrimLeftFunc(in, letterOrDigit))
		return in[:n], n, nil
	case r == '\'':
		if !quoted {
			return in[:comma], comma, badOptionStart(r, false)
		}
		// Rewrite 'text' as a Go double-quoted literal: \' becomes ',
		// and a bare " gains a backslash.
		lit := []byte{'"'}
		escaped := false
		n := 1
		for n < len(in) {
			c, size := utf8.DecodeRuneInString(in[n:])
			switch {
			case escaped:
				if c == '\'' {
					lit = lit[:len(lit)-1]
				}
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				lit = append(lit, '\\')
			case c == '\'':
				lit = append(lit, '"')
				n++
				s, err := strconv.Unquote(string(lit))
				if err != nil {
					return in[:comma], comma, fmt.Errorf("invalid single-quoted string: %s", in[:n])
				}
				return s, n, nil
			}
			lit = append(lit, in[n:n+size]...)
			n += size
		}
		return in[:comma], comma, fmt.Errorf("single-quoted string not terminated: %s...", in[:min(n, 10)])
	case in == "":
		return in, 0, io.ErrUnexpectedEOF
	case !quoted:
		return in[:comma], comma, badOptionStart(r, false)
	}
	return in[:comma], comma, badOptionStart(r, true)
}

// badOptionStart is the error for a tag option that starts with r, a
// rune that may not start one; quoted says that a single quote may.
func badOptionStart(r rune, quoted bool) error {
	expecting := "Unicode letter"
	if quoted {
		expecting += " or single quote"
	}
	return fmt.Errorf("invalid character %q at start of option (expecting %s)", r, expecting)
}

func letterOrDigit(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) }
