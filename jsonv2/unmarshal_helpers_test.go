//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"bytes"
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// The helpers the broad unmarshal differential tests share: one input
// decoded by Go's encoding/json/v2 and by jet into fresh destinations,
// and every fact of the outcomes compared.

// uDest makes the destinations of one case: a fresh non-nil pointer for
// each implementation (usually of one type; of two twin types when the
// case is about methods taking each package's jsontext types), and how
// to compare what they hold.
type uDest struct {
	name string
	std  func() any
	jet  func() any
	// norm maps what a destination holds to a comparable value; nil
	// compares the destinations themselves.
	norm func(any) any
}

// uDestOf makes a uDest of one type T, pre-filled by init when not nil.
func uDestOf[T any](name string, init func(*T)) uDest {
	mk := func() any {
		p := new(T)
		if init != nil {
			init(p)
		}
		return p
	}
	return uDest{name: name, std: mk, jet: mk}
}

// uOpts is an option set as each implementation spells it.
type uOpts struct {
	name string
	std  []stdjson.Options
	jet  []json.Options
}

// uOptsOf joins option pairs into one set.
func uOptsOf(pairs ...uOpts) uOpts {
	var o uOpts
	for i, p := range pairs {
		if i > 0 {
			o.name += "+"
		}
		o.name += p.name
		o.std = append(o.std, p.std...)
		o.jet = append(o.jet, p.jet...)
	}
	return o
}

func uOpt(name string, std stdjson.Options, jet json.Options) uOpts {
	return uOpts{name, []stdjson.Options{std}, []json.Options{jet}}
}

// The unmarshal options, one by one.
var (
	uStringify  = uOpt("StringifyNumbers", stdjson.StringifyNumbers(true), json.StringifyNumbers(true))
	uAnyCase    = uOpt("MatchCaseInsensitiveNames", stdjson.MatchCaseInsensitiveNames(true), json.MatchCaseInsensitiveNames(true))
	uReject     = uOpt("RejectUnknownMembers", stdjson.RejectUnknownMembers(true), json.RejectUnknownMembers(true))
	uAllowDup   = uOpt("AllowDuplicateNames", stdjsontext.AllowDuplicateNames(true), jsontext.AllowDuplicateNames(true))
	uAllowUTF8  = uOpt("AllowInvalidUTF8", stdjsontext.AllowInvalidUTF8(true), jsontext.AllowInvalidUTF8(true))
	uDefaultsV2 = uOpt("DefaultOptionsV2", stdjson.DefaultOptionsV2(), json.DefaultOptionsV2())
)

// uOptionSets are the option sets the broad tests decode under: none,
// each option alone, and combinations.
func uOptionSets() []uOpts {
	return []uOpts{
		{name: "none"},
		uStringify, uAnyCase, uReject, uAllowDup, uAllowUTF8,
		uOptsOf(uAllowDup, uAllowUTF8),
		uOptsOf(uStringify, uAnyCase, uReject),
		uOptsOf(uAnyCase, uAllowDup),
		uOptsOf(uReject, uAllowDup, uAllowUTF8, uStringify),
		uOptsOf(uDefaultsV2, uAnyCase),
	}
}

// uOutcome is what one implementation did with one input.
type uOutcome struct {
	dst any
	err error
}

// diffUnmarshal decodes in with both implementations (each through call)
// and says how jet's outcome differs from Go's, or "".
func diffUnmarshal(in []byte, dest uDest, opts uOpts) string {
	want := uOutcome{dst: dest.std()}
	got := uOutcome{dst: dest.jet()}
	want.err = stdjson.Unmarshal(bytes.Clone(in), want.dst, opts.std...)
	got.err = json.Unmarshal(bytes.Clone(in), got.dst, opts.jet...)
	return diffOutcomes(want, got, dest.norm)
}

// diffOutcomes compares two outcomes: accept/reject, the errors' facts,
// and the values left behind when there is no error.
func diffOutcomes(want, got uOutcome, norm func(any) any) string {
	if (want.err == nil) != (got.err == nil) {
		return fmt.Sprintf("error %v, want %v", got.err, want.err)
	}
	if want.err != nil {
		if norm != nil {
			// Twin types: the errors are compared as words, with the
			// twins' names made one.
			w, g := twinWords(errorFacts(want.err)), twinWords(errorFacts(got.err))
			if w != g {
				return fmt.Sprintf("error\n got %s\nwant %s", g, w)
			}
			return ""
		}
		return diffErrors(want.err, got.err)
	}
	w, g := want.dst, got.dst
	if norm != nil {
		w, g = norm(w), norm(g)
	}
	if !reflect.DeepEqual(w, g) {
		return fmt.Sprintf("value\n got %s\nwant %s", show(g), show(w))
	}
	return ""
}

// show prints a value for a failure message, shortened.
func show(v any) string {
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		v = rv.Elem().Interface()
	}
	s := fmt.Sprintf("%#v", v)
	if len(s) > 600 {
		s = s[:600] + "…"
	}
	return s
}

// diffErrors compares every fact of two errors: their Go types, the
// semantic error's Go type, JSON Pointer, byte offset, JSON kind and
// value, the syntactic error's pointer, offset and cause, and the
// messages.
func diffErrors(want, got error) string {
	if msg := compareErrors(want, got); msg != "" {
		return msg
	}
	var ws *stdjson.SemanticError
	var gs *json.SemanticError
	if errors.As(want, &ws) && errors.As(got, &gs) {
		if !bytes.Equal(ws.JSONValue, gs.JSONValue) {
			return fmt.Sprintf("JSONValue %q, want %q (%v)", gs.JSONValue, ws.JSONValue, want)
		}
		if (ws.Err == nil) != (gs.Err == nil) {
			return fmt.Sprintf("cause %v, want %v", gs.Err, ws.Err)
		}
	}
	if kindOfErr(want) != kindOfErr(got) {
		return fmt.Sprintf("error kind %s %v, want %s %v", kindOfErr(got), got, kindOfErr(want), want)
	}
	// Go words its messages with "cannot" or "unable to", chosen once
	// per process.
	if wm := strings.ReplaceAll(want.Error(), "unable to", "cannot"); wm != got.Error() {
		return fmt.Sprintf("message\n got %s\nwant %s", got, wm)
	}
	return ""
}

// kindOfErr names the kind of an error: semantic, syntactic (within a
// semantic one or not), I/O or other.
func kindOfErr(err error) string {
	var ws *stdjson.SemanticError
	var gs *json.SemanticError
	var wx *stdjsontext.SyntacticError
	var gx *jsontext.SyntacticError
	switch {
	case errors.As(err, &ws) || errors.As(err, &gs):
		if errors.As(err, &wx) || errors.As(err, &gx) {
			return "semantic(syntactic)"
		}
		return "semantic"
	case errors.As(err, &wx) || errors.As(err, &gx):
		return "syntactic"
	case errors.Is(err, errUReader):
		return "reader"
	}
	return "other"
}

// errUReader is the error of the failing readers the stream tests use.
var errUReader = errors.New("reader failed")

// uFailures collects failures and stops reporting after a number, so
// that one bug met by thousands of inputs does not flood the log.
type uFailures struct {
	t    testing.TB
	n    int
	max  int
	seen map[string]bool
}

func newUFailures(t testing.TB) *uFailures {
	return &uFailures{t: t, max: 40, seen: map[string]bool{}}
}

func (f *uFailures) add(label, msg string) {
	f.t.Helper()
	if msg == "" {
		return
	}
	f.n++
	// Report one of each kind of difference for each destination.
	class := msg
	if i := strings.IndexAny(class, " \n"); i > 0 {
		class = class[:i]
	}
	if _, dest, ok := strings.Cut(label, " -> "); ok {
		dest, _, _ = strings.Cut(dest, " ")
		class += " " + dest
	}
	if f.seen[class] {
		return
	}
	f.seen[class] = true
	if len(f.seen) <= f.max {
		f.t.Errorf("%s: %s", label, msg)
	}
}

func (f *uFailures) done() {
	if f.n > 0 {
		f.t.Errorf("%d failures in all, of %d kinds", f.n, len(f.seen))
	}
}

// quote shortens an input for a label.
func quote(in []byte) string {
	if len(in) > 120 {
		return fmt.Sprintf("%q…(%d bytes)", in[:120], len(in))
	}
	return fmt.Sprintf("%q", in)
}

// errorFacts prints the facts of an error diffErrors compares.
func errorFacts(err error) string {
	var ws *stdjson.SemanticError
	var gs *json.SemanticError
	var wx *stdjsontext.SyntacticError
	var gx *jsontext.SyntacticError
	msg := strings.ReplaceAll(err.Error(), "unable to", "cannot")
	switch {
	case errors.As(err, &ws):
		return fmt.Sprintf("semantic type %v pointer %q offset %d kind %v value %q: %s", ws.GoType, ws.JSONPointer, ws.ByteOffset, ws.JSONKind, []byte(ws.JSONValue), msg)
	case errors.As(err, &gs):
		return fmt.Sprintf("semantic type %v pointer %q offset %d kind %v value %q: %s", gs.GoType, gs.JSONPointer, gs.ByteOffset, gs.JSONKind, []byte(gs.JSONValue), msg)
	case errors.As(err, &wx):
		return fmt.Sprintf("syntactic pointer %q offset %d: %s", wx.JSONPointer, wx.ByteOffset, msg)
	case errors.As(err, &gx):
		return fmt.Sprintf("syntactic pointer %q offset %d: %s", gx.JSONPointer, gx.ByteOffset, msg)
	}
	return fmt.Sprintf("%s: %s", kindOfErr(err), msg)
}

// twinWords makes the names of twin types one: jetX and stdX.
func twinWords(s string) string {
	s = strings.ReplaceAll(s, "json_test.jet", "json_test.std")
	return strings.ReplaceAll(s, "jsonv2_test.jet", "jsonv2_test.std")
}
