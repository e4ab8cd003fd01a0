package jet_test

// Differential tests: encoding/json is the oracle.
//
// Deliberate differences from encoding/json these tests rely on (see the
// README):
//   - on a syntax error jet may have filled part of the target, so values
//     are compared only when encoding/json reports no syntax error;
//   - outside ConfigStd, jet.SyntaxError.Error() adds a prefix and an
//     offset, so its Msg and Offset are compared with encoding/json's
//     Error() and Offset, and MismatchTypeError.Error() is
//     encoding/json's message followed by " (at offset N)"; ConfigStd's
//     errors are encoding/json's own and must equal its errors (type,
//     fields and text; TestStdErrors checks that they are).
//   - ConfigDefault and ConfigFastest neither escape HTML nor sort map
//     keys, so their output is compared with encoding/json's as a
//     canonical form (objects as sorted multisets of members);
//   - ConfigFastest copies MarshalJSON and MarshalText output as it is,
//     so it is compared only on values whose methods return valid JSON
//     and text that needs no escaping.

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/jetjson/jet/internal/oracle"
	"io"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/jetjson/jet"
)

// presets are the frozen APIs every decoding test runs with.
var presets = []struct {
	name string
	api  jet.API
}{
	{"Std", jet.ConfigStd},
	{"Default", jet.ConfigDefault},
	{"Fastest", jet.ConfigFastest},
}

// stdFieldFull reports whether encoding/json puts the Go names of
// embedded structs in UnmarshalTypeError.Field (Go 1.24 and later). When
// it does not (Go 1.23), Field is not compared.
var stdFieldFull = func() bool {
	var v struct{ Deep }
	err := json.Unmarshal([]byte(`{"Level":"x"}`), &v)
	var ute *json.UnmarshalTypeError
	return errors.As(err, &ute) && ute.Field == "Deep.Level"
}()

// stdOmitZero reports whether encoding/json knows omitzero (Go 1.24 and
// later).
var stdOmitZero = func() bool {
	out, _ := json.Marshal(struct {
		A int `json:",omitzero"`
	}{})
	return string(out) == "{}"
}()

// failCap stops a test after too many failures, so that one bug does not
// drown the others.
type failCap struct {
	t    *testing.T
	n    int
	seen map[string]bool
}

func newFailCap(t *testing.T) *failCap { return &failCap{t: t, seen: map[string]bool{}} }

// errorf reports a failure; kind groups failures so that each kind is
// reported at most three times.
func (f *failCap) errorf(kind, format string, args ...any) {
	f.t.Helper()
	f.n++
	key := kind
	cnt := 0
	for i := 0; i < 3; i++ {
		if !f.seen[key+strconv.Itoa(i)] {
			f.seen[key+strconv.Itoa(i)] = true
			break
		}
		cnt++
	}
	if cnt < 3 {
		f.t.Errorf("[%s] "+format, append([]any{kind}, args...)...)
	}
	if f.n == 200 {
		f.t.Fatalf("too many failures")
	}
}

func short(b []byte) string {
	s := string(b)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return strconv.Quote(s)
}

// ---------------------------------------------------------------------
// Errors.

// diffMarshalErr compares a jet encoding error with encoding/json's; it
// returns "" when they agree.
func diffMarshalErr(stdErr, jetErr error) string {
	if stdErr == nil && jetErr == nil {
		return ""
	}
	if stdErr == nil || jetErr == nil {
		return fmt.Sprintf("std error %v, jet error %v", stdErr, jetErr)
	}
	if reflect.TypeOf(stdErr) == reflect.TypeOf(jetErr) {
		return diffStdErr(stdErr, jetErr)
	}
	switch se := stdErr.(type) {
	case *json.UnsupportedTypeError:
		var je *json.UnsupportedTypeError
		if !errors.As(jetErr, &je) || je.Type != se.Type {
			return fmt.Sprintf("std %T %v, jet %T %v", stdErr, stdErr, jetErr, jetErr)
		}
	case *json.UnsupportedValueError:
		var je *json.UnsupportedValueError
		if !errors.As(jetErr, &je) || je.Str != se.Str {
			return fmt.Sprintf("std %T %v, jet %T %v", stdErr, stdErr, jetErr, jetErr)
		}
	case *json.MarshalerError:
		var je *json.MarshalerError
		if !errors.As(jetErr, &je) || je.Type != se.Type {
			return fmt.Sprintf("std %T %v, jet %T %v", stdErr, stdErr, jetErr, jetErr)
		}
		var sse *json.SyntaxError
		if errors.As(se.Err, &sse) {
			// The method's output was not valid JSON: jet reports its
			// own SyntaxError with encoding/json's message and offset.
			// encoding/json's Offset is always 0 there (its compact
			// step does not count bytes), so only Msg is compared.
			var jse *jet.SyntaxError
			if !errors.As(jetErr, &jse) || jse.Msg != sse.Error() {
				return fmt.Sprintf("MarshalerError syntax: std %v, jet %v", stdErr, jetErr)
			}
			return ""
		}
		if jetErr.Error() != stdErr.Error() {
			return fmt.Sprintf("std %q, jet %q", stdErr, jetErr)
		}
	default:
		if jetErr.Error() != stdErr.Error() {
			return fmt.Sprintf("std %T %q, jet %T %q", stdErr, stdErr, jetErr, jetErr)
		}
	}
	return ""
}

// diffUnmarshalErr compares a jet decoding error with encoding/json's,
// with jet's offsets shifted back by base (for stream decoders); it
// returns "" when they agree.
func diffUnmarshalErr(stdErr, jetErr error, base int64) string {
	if stdErr == nil && jetErr == nil {
		return ""
	}
	if stdErr == nil || jetErr == nil {
		return fmt.Sprintf("std error %v, jet error %v", stdErr, jetErr)
	}
	if reflect.TypeOf(stdErr) == reflect.TypeOf(jetErr) && base == 0 {
		return diffStdErr(stdErr, jetErr)
	}
	switch se := stdErr.(type) {
	case *json.SyntaxError:
		var je *jet.SyntaxError
		if !errors.As(jetErr, &je) {
			return fmt.Sprintf("std SyntaxError %q (offset %d), jet %T %v", se, se.Offset, jetErr, jetErr)
		}
		if je.Msg != se.Error() || je.Offset-base != se.Offset {
			return fmt.Sprintf("std SyntaxError %q offset %d, jet Msg %q offset %d", se, se.Offset, je.Msg, je.Offset-base)
		}
	case *json.UnmarshalTypeError:
		var je *jet.MismatchTypeError
		if !errors.As(jetErr, &je) {
			return fmt.Sprintf("std UnmarshalTypeError %q, jet %T %v", se, jetErr, jetErr)
		}
		var ue *json.UnmarshalTypeError
		if !errors.As(jetErr, &ue) {
			return "errors.As(jet's MismatchTypeError, *json.UnmarshalTypeError) fails"
		}
		field := je.Field
		if !stdFieldFull {
			field = se.Field
		}
		if je.Value != se.Value || je.Type != se.Type || je.Offset-base != se.Offset || je.Struct != se.Struct || field != se.Field {
			return fmt.Sprintf("std UnmarshalTypeError{Value %q Type %v Offset %d Struct %q Field %q}, jet {Value %q Type %v Offset %d Struct %q Field %q}",
				se.Value, se.Type, se.Offset, se.Struct, se.Field, je.Value, je.Type, je.Offset-base, je.Struct, je.Field)
		}
		if stdFieldFull && base == 0 {
			want := se.Error() + " (at offset " + strconv.FormatInt(se.Offset, 10) + ")"
			if jetErr.Error() != want {
				return fmt.Sprintf("MismatchTypeError.Error() = %q, want %q", jetErr.Error(), want)
			}
		}
	case *json.InvalidUnmarshalError:
		var je *json.InvalidUnmarshalError
		if !errors.As(jetErr, &je) || je.Type != se.Type {
			return fmt.Sprintf("std %v, jet %T %v", se, jetErr, jetErr)
		}
	default:
		if jetErr.Error() != stdErr.Error() {
			return fmt.Sprintf("std %T %q, jet %T %q", stdErr, stdErr, jetErr, jetErr)
		}
	}
	return ""
}

// diffStdErr compares an error of encoding/json's type that jet returned
// (ConfigStd's) with encoding/json's: the same text and the same
// exported fields.
func diffStdErr(stdErr, jetErr error) string {
	if jetErr.Error() != stdErr.Error() {
		return fmt.Sprintf("std %T %q, jet %q", stdErr, stdErr, jetErr)
	}
	switch se := stdErr.(type) {
	case *json.SyntaxError:
		if je := jetErr.(*json.SyntaxError); je.Offset != se.Offset {
			return fmt.Sprintf("std SyntaxError %q offset %d, jet offset %d", se, se.Offset, je.Offset)
		}
	case *json.UnmarshalTypeError:
		if je := jetErr.(*json.UnmarshalTypeError); *je != *se {
			return fmt.Sprintf("std UnmarshalTypeError %+v, jet %+v", *se, *je)
		}
	case *json.MarshalerError:
		je := jetErr.(*json.MarshalerError)
		if je.Type != se.Type || reflect.TypeOf(je.Err) != reflect.TypeOf(se.Err) {
			return fmt.Sprintf("std MarshalerError{%v, %T}, jet {%v, %T}", se.Type, se.Err, je.Type, je.Err)
		}
		if sse, ok := se.Err.(*json.SyntaxError); ok && sse.Offset != je.Err.(*json.SyntaxError).Offset {
			return fmt.Sprintf("std MarshalerError's SyntaxError offset %d, jet %d", sse.Offset, je.Err.(*json.SyntaxError).Offset)
		}
	case *json.InvalidUnmarshalError:
		if je := jetErr.(*json.InvalidUnmarshalError); je.Type != se.Type {
			return fmt.Sprintf("std %v, jet %v", se, je)
		}
	case *json.UnsupportedTypeError:
		if je := jetErr.(*json.UnsupportedTypeError); je.Type != se.Type {
			return fmt.Sprintf("std %v, jet %v", se, je)
		}
	case *json.UnsupportedValueError:
		if je := jetErr.(*json.UnsupportedValueError); je.Str != se.Str || je.Value.Type() != se.Value.Type() {
			return fmt.Sprintf("std %v (value of type %v), jet %v (value of type %v)", se, se.Value.Type(), je, je.Value.Type())
		}
	}
	return ""
}

// deep reports whether data may nest deeper than a few hundred levels.
func deep(data []byte) bool {
	return bytes.Count(data, []byte("["))+bytes.Count(data, []byte("{")) > 500
}

// byteDiff shows where two outputs first differ.
func byteDiff(jet, std []byte) string {
	if bytes.Equal(jet, std) {
		return "no difference"
	}
	i := 0
	for i < len(jet) && i < len(std) && jet[i] == std[i] {
		i++
	}
	lo := max(0, i-40)
	return fmt.Sprintf("first difference at byte %d:\njet ...%q\nstd ...%q", i, jet[lo:min(len(jet), i+40)], std[lo:min(len(std), i+40)])
}

// valueDiff names the first place where two decoded values differ.
func valueDiff(jet, std reflect.Value) string {
	path, a, b := firstDiff(jet, std, "v")
	return fmt.Sprintf("at %s:\njet %s\nstd %s", path, a, b)
}

func firstDiff(a, b reflect.Value, path string) (string, string, string) {
	show := func(v reflect.Value) string {
		if !v.IsValid() {
			return "<invalid>"
		}
		s := fmt.Sprintf("%#v", v.Interface())
		if len(s) > 300 {
			s = s[:300] + "..."
		}
		return s
	}
	if !a.IsValid() || !b.IsValid() || a.Type() != b.Type() {
		return path, show(a), show(b)
	}
	if reflect.DeepEqual(a.Interface(), b.Interface()) {
		return "", "", ""
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !a.IsNil() && !b.IsNil() {
			return firstDiff(a.Elem(), b.Elem(), "(*"+path+")")
		}
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if a.Field(i).CanInterface() {
				if p, x, y := firstDiff(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); p != "" {
					return p, x, y
				}
			}
		}
	case reflect.Slice, reflect.Array:
		if a.Len() == b.Len() && (a.Kind() == reflect.Array || a.IsNil() == b.IsNil()) {
			for i := 0; i < a.Len(); i++ {
				if p, x, y := firstDiff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
					return p, x, y
				}
			}
		}
	case reflect.Map:
		if a.Len() == b.Len() && !a.IsNil() && !b.IsNil() {
			for _, k := range a.MapKeys() {
				if p, x, y := firstDiff(a.MapIndex(k), b.MapIndex(k), fmt.Sprintf("%s[%#v]", path, k.Interface())); p != "" {
					return p, x, y
				}
			}
		}
	}
	return path, show(a), show(b)
}

func errKind(err error) string {
	switch err.(type) {
	case nil:
		return "nil"
	case *json.SyntaxError:
		return "syntax"
	case *json.UnmarshalTypeError:
		return "type"
	}
	return fmt.Sprintf("%T", err)
}

// ---------------------------------------------------------------------
// Marshal.

var indents = []struct{ prefix, indent string }{
	{"", ""}, {"", "  "}, {"", "\t"}, {">", " "}, {"\t", "<&>"}, {"  ", ""}, {"// ", "\u2028"},
}

// checkMarshal compares every encoding function of jet with
// encoding/json's on v.
func checkMarshal(fc *failCap, label string, v any, ig int) {
	stdOut, stdErr := json.Marshal(v)

	// ConfigStd: byte-identical.
	out, err := jet.ConfigStd.Marshal(v)
	if d := diffMarshalErr(stdErr, err); d != "" {
		fc.errorf("Std.Marshal error", "%s: %s", label, d)
		return
	}
	if stdErr == nil && !bytes.Equal(out, stdOut) {
		fc.errorf("Std.Marshal", "%s: %s", label, byteDiff(out, stdOut))
		return
	}
	if s, err := jet.ConfigStd.MarshalToString(v); (err == nil) != (stdErr == nil) || s != string(stdOut) {
		fc.errorf("Std.MarshalToString", "%s: jet %q %v, std %s %v", label, s, err, short(stdOut), stdErr)
	}

	if deep(stdOut) {
		// Indenting takes time in the square of the depth, in both.
		checkMarshalFlat(fc, label, v, stdOut, stdErr)
		return
	}
	in := indents[ig%len(indents)]
	stdInd, stdErr2 := json.MarshalIndent(v, in.prefix, in.indent)
	ind, err := jet.ConfigStd.MarshalIndent(v, in.prefix, in.indent)
	if d := diffMarshalErr(stdErr2, err); d != "" {
		fc.errorf("Std.MarshalIndent error", "%s: %s", label, d)
	} else if stdErr2 == nil && !bytes.Equal(ind, stdInd) {
		fc.errorf("Std.MarshalIndent", "%s %q %q: %s", label, in.prefix, in.indent, byteDiff(ind, stdInd))
	}

	// Encoder, with and without HTML escaping and indentation.
	for _, esc := range []bool{true, false} {
		var sb, jb bytes.Buffer
		se := json.NewEncoder(&sb)
		je := jet.ConfigStd.NewEncoder(&jb)
		se.SetEscapeHTML(esc)
		je.SetEscapeHTML(esc)
		if ig%2 == 1 {
			se.SetIndent(in.prefix, in.indent)
			je.SetIndent(in.prefix, in.indent)
		}
		for k := 0; k < 2; k++ {
			e1 := se.Encode(v)
			e2 := je.Encode(v)
			if d := diffMarshalErr(e1, e2); d != "" {
				fc.errorf("Std.Encoder error", "%s escape=%v: %s", label, esc, d)
				break
			}
		}
		if !bytes.Equal(sb.Bytes(), jb.Bytes()) {
			fc.errorf("Std.Encoder", "%s escape=%v indent=%v: %s", label, esc, ig%2 == 1, byteDiff(jb.Bytes(), sb.Bytes()))
		}
	}

	// ConfigDefault: valid JSON, the same value.
	var want string
	if stdErr == nil {
		var err error
		want, err = canonical(stdOut)
		if err != nil {
			// encoding/json copies invalid UTF-8 from MarshalJSON
			// output; canonical still decodes it, so this is not
			// expected.
			fc.errorf("canonical", "%s: std output %s: %v", label, short(stdOut), err)
			return
		}
	}
	check := func(name string, out []byte, err error) {
		if (err == nil) != (stdErr == nil) {
			fc.errorf(name+" error", "%s: jet error %v, std error %v", label, err, stdErr)
			return
		}
		if err != nil {
			return
		}
		got, cerr := canonical(out)
		if cerr != nil || !json.Valid(out) {
			fc.errorf(name+" invalid", "%s: jet output %s is not valid JSON: %v", label, short(out), cerr)
			return
		}
		if got != want {
			fc.errorf(name, "%s:\njet %s\nstd %s", label, short(out), short(stdOut))
		}
	}
	out, err = jet.Marshal(v)
	check("Marshal", out, err)
	s, err := jet.MarshalString(v)
	check("MarshalString", []byte(s), err)
	out, err = jet.ConfigDefault.MarshalIndent(v, in.prefix, in.indent)
	if strings.Trim(in.prefix+in.indent, " \t") != "" {
		// Not whitespace: the output is not JSON; only errors compare.
		if (err == nil) != (stdErr == nil) {
			fc.errorf("Default.MarshalIndent error", "%s: jet error %v, std error %v", label, err, stdErr)
		}
	} else {
		check("Default.MarshalIndent", out, err)
	}
	if err == nil && strings.Trim(in.prefix+in.indent, " \t") == "" {
		// The indentation must be what Indent makes of it.
		// MarshalJSON output is copied as it is, trailing whitespace
		// included, and Indent keeps trailing whitespace.
		out = bytes.TrimRight(out, " \t\r\n")
		var c, re bytes.Buffer
		if json.Compact(&c, out) == nil && json.Indent(&re, c.Bytes(), in.prefix, in.indent) == nil && !bytes.Equal(re.Bytes(), out) {
			fc.errorf("Default.MarshalIndent layout", "%s:\njet %s\nre-indented %s", label, short(out), short(re.Bytes()))
		}
	}
	var jb bytes.Buffer
	if err := jet.NewEncoder(&jb).Encode(v); err == nil {
		if !bytes.HasSuffix(jb.Bytes(), []byte("\n")) {
			fc.errorf("Encoder newline", "%s: %s", label, short(jb.Bytes()))
		}
		check("Default.Encoder", bytes.TrimSuffix(jb.Bytes(), []byte("\n")), nil)
	} else {
		check("Default.Encoder", nil, err)
	}
}

// checkMarshalFlat is checkMarshal without indentation, for deep values.
func checkMarshalFlat(fc *failCap, label string, v any, stdOut []byte, stdErr error) {
	for _, p := range presets[:2] { // not Fastest: method output may be untrusted here
		out, err := p.api.Marshal(v)
		if (err == nil) != (stdErr == nil) {
			fc.errorf(p.name+".Marshal error", "%s: jet %v, std %v", label, err, stdErr)
			continue
		}
		if err != nil {
			continue
		}
		if p.name == "Std" && !bytes.Equal(out, stdOut) {
			fc.errorf("Std.Marshal", "%s: %s", label, byteDiff(out, stdOut))
		}
		c1, e1 := canonical(stdOut)
		c2, e2 := canonical(out)
		if e1 != nil || e2 != nil || c1 != c2 {
			fc.errorf(p.name+".Marshal", "%s: %s", label, byteDiff(out, stdOut))
		}
	}
}

// checkMarshalFastest compares ConfigFastest with encoding/json on a
// value whose methods produce output ConfigFastest may trust.
func checkMarshalFastest(fc *failCap, label string, v any) {
	stdOut, stdErr := json.Marshal(v)
	out, err := jet.ConfigFastest.Marshal(v)
	if (err == nil) != (stdErr == nil) {
		fc.errorf("Fastest.Marshal error", "%s: jet %v, std %v", label, err, stdErr)
		return
	}
	if err != nil {
		return
	}
	want, err1 := canonical(stdOut)
	got, err2 := canonical(out)
	if err1 != nil || err2 != nil || got != want {
		fc.errorf("Fastest.Marshal", "%s:\njet %s\nstd %s (%v %v)", label, short(out), short(stdOut), err1, err2)
	}
}

const marshalCount = 1500

// scaled multiplies the number of random cases by $JET_DIFF_SCALE (for a
// longer campaign: JET_DIFF_SCALE=50 go test -run Diff .).
func scaled(n int) int {
	if k, err := strconv.Atoi(os.Getenv("JET_DIFF_SCALE")); err == nil && k > 0 {
		return n * k
	}
	return n
}

func TestDiffMarshal(t *testing.T) {
	oracle.Require(t)
	fc := newFailCap(t)
	for i := 0; i < scaled(marshalCount); i++ {
		seed := uint64(i)
		typ := valueTypes[i%len(valueTypes)]
		g := newGen(seed)
		v := g.value(typ)
		label := fmt.Sprintf("seed %d %v", seed, typ)
		// A copy (not addressable: pointer-receiver methods of fields
		// are not used) and a pointer (addressable: they are).
		checkMarshal(fc, label+" (value)", v.Interface(), i)
		checkMarshal(fc, label+" (pointer)", v.Addr().Interface(), i+1)
	}
}

func TestDiffMarshalFastest(t *testing.T) {
	oracle.Require(t)
	fc := newFailCap(t)
	for i := 0; i < scaled(marshalCount/2); i++ {
		seed := uint64(i) + 1e6
		typ := valueTypes[i%len(valueTypes)]
		g := newGen(seed)
		g.safe = true
		v := g.value(typ)
		label := fmt.Sprintf("safe seed %d %v", seed, typ)
		checkMarshalFastest(fc, label+" (value)", v.Interface())
		checkMarshalFastest(fc, label+" (pointer)", v.Addr().Interface())
	}
}

func TestDiffMarshalOmitZero(t *testing.T) {
	oracle.Require(t)
	if !stdOmitZero {
		t.Skip("encoding/json of this Go version does not know omitzero (Go 1.24+)")
	}
	fc := newFailCap(t)
	for i := 0; i < scaled(400); i++ {
		g := newGen(uint64(i) + 2e6)
		v := g.value(reflect.TypeFor[OmitZero]())
		ov := v.Interface().(OmitZero)
		// Small values, so that zero and near-zero values are common.
		if i%2 == 0 {
			ov.A = i % 3
			ov.F.N, ov.H.N = i%4, i%5
			if ov.G != nil {
				ov.G.N = i % 3
			}
			if i%6 == 0 {
				ov.I = []float64{0, -0.0 * float64(i%2*2-1), 1}[i%3]
			}
			ov.D = [2]int{0, i % 2}
		}
		if i%10 == 3 {
			ov.I = negZero()
		}
		if bugActive("omitzero-negative-zero") {
			ov.I += 0
		}
		label := fmt.Sprintf("omitzero seed %d", i)
		checkMarshal(fc, label+" (value)", ov, i)
		checkMarshal(fc, label+" (pointer)", &ov, i)
	}
}

func negZero() float64 {
	z := 0.0
	return -z
}

// ---------------------------------------------------------------------
// Unmarshal.

// decodeTypes are the targets of the typed decoding tests.
var decodeTypes = []reflect.Type{
	reflect.TypeFor[any](),
	reflect.TypeFor[map[string]any](),
	reflect.TypeFor[[]any](),
	reflect.TypeFor[Scalars](),
	reflect.TypeFor[Tagged](),
	reflect.TypeFor[Collections](),
	reflect.TypeFor[Marshalers](),
	reflect.TypeFor[Embeds](),
	reflect.TypeFor[Stamped](),
	reflect.TypeFor[EmbedsMarshaler](),
	reflect.TypeFor[EmbedsText](),
	reflect.TypeFor[SelfEmbed](),
	conflictsType,
	reflect.TypeFor[Tree](),
	reflect.TypeFor[OmitZero](),
	reflect.TypeFor[int](),
	reflect.TypeFor[int8](),
	reflect.TypeFor[uint16](),
	reflect.TypeFor[uint64](),
	reflect.TypeFor[float32](),
	reflect.TypeFor[float64](),
	reflect.TypeFor[string](),
	reflect.TypeFor[bool](),
	reflect.TypeFor[*int](),
	reflect.TypeFor[**string](),
	reflect.TypeFor[[]int](),
	reflect.TypeFor[[2]string](),
	reflect.TypeFor[[]byte](),
	reflect.TypeFor[MyBytes](),
	reflect.TypeFor[[]textByte](),
	reflect.TypeFor[map[string]int](),
	reflect.TypeFor[map[int]bool](),
	reflect.TypeFor[map[uint8]string](),
	reflect.TypeFor[map[intKey]string](),
	reflect.TypeFor[map[strKey]int](),
	reflect.TypeFor[map[structKey]int](),
	reflect.TypeFor[map[MyString]MyInt](),
	reflect.TypeFor[json.Number](),
	reflect.TypeFor[json.RawMessage](),
	reflect.TypeFor[jsonVal](),
	reflect.TypeFor[textVal](),
	reflect.TypeFor[Shape](),
	reflect.TypeFor[[]Tagged](),
	reflect.TypeFor[map[string]*Scalars](),
}

// decoders are the ways jet decodes a document with a preset.
var decoders = []struct {
	name string
	fn   func(api jet.API, data []byte, v any) error
}{
	{"Unmarshal", func(api jet.API, data []byte, v any) error { return api.Unmarshal(data, v) }},
	{"UnmarshalFromString", func(api jet.API, data []byte, v any) error { return api.UnmarshalFromString(string(data), v) }},
}

// checkUnmarshal decodes data into a new t (or, with prefill, into a
// random t made from seed) with encoding/json and with every preset, and
// compares errors and results.
func checkUnmarshal(fc *failCap, label string, data []byte, t reflect.Type, prefill bool, seed uint64) {
	mk := func() reflect.Value {
		if prefill {
			g := newGen(seed)
			g.noFail = true // no NaN: DeepEqual would fail
			return g.value(t).Addr()
		}
		return reflect.New(t)
	}
	stdV := mk()
	stdErr := json.Unmarshal(data, stdV.Interface())
	if !json.Valid(data) {
		if _, ok := stdErr.(*json.SyntaxError); !ok {
			fc.errorf("oracle", "%s: invalid input but std error %T %v", label, stdErr, stdErr)
		}
	}
	for _, p := range presets {
		for di, d := range decoders {
			if di == 1 && p.name != "Default" {
				continue
			}
			jetV := mk()
			err := d.fn(p.api, data, jetV.Interface())
			name := p.name + "." + d.name
			if dd := diffUnmarshalErr(stdErr, err, 0); dd != "" {
				if errBugExplains(data, stdErr, err) != "" {
					continue
				}
				fc.errorf(name+" error "+errKind(stdErr), "%s %v prefill=%v input %s: %s", label, t, prefill, short(data), dd)
				continue
			}
			if _, ok := stdErr.(*json.SyntaxError); ok {
				continue // jet may have filled part of the target
			}
			if !reflect.DeepEqual(stdV.Interface(), jetV.Interface()) && valueBugExplains(data, stdErr, jetV, stdV) == "" {
				fc.errorf(name+" value", "%s %v prefill=%v input %s (err %v): %s", label, t, prefill, short(data), stdErr, valueDiff(jetV, stdV))
			}
		}
	}
	// The package-level functions are ConfigDefault.
	jetV := mk()
	err := jet.Unmarshal(data, jetV.Interface())
	if dd := diffUnmarshalErr(stdErr, err, 0); dd != "" && errBugExplains(data, stdErr, err) == "" {
		fc.errorf("jet.Unmarshal error", "%s %v input %s: %s", label, t, short(data), dd)
	}
	jetV = mk()
	err = jet.UnmarshalString(string(data), jetV.Interface())
	if dd := diffUnmarshalErr(stdErr, err, 0); dd != "" && errBugExplains(data, stdErr, err) == "" {
		fc.errorf("jet.UnmarshalString error", "%s %v input %s: %s", label, t, short(data), dd)
	}

	// Options with a json.Decoder counterpart, on valid input (where a
	// json.Decoder reading one document behaves as Unmarshal).
	if json.Valid(data) {
		for _, o := range []struct {
			name string
			api  jet.API
			set  func(*json.Decoder)
		}{
			{"UseNumber", useNumberAPI, (*json.Decoder).UseNumber},
			{"DisallowUnknownFields", disallowAPI, (*json.Decoder).DisallowUnknownFields},
		} {
			stdV := mk()
			dec := json.NewDecoder(bytes.NewReader(data))
			o.set(dec)
			stdErr := dec.Decode(stdV.Interface())
			jetV := mk()
			err := o.api.Unmarshal(data, jetV.Interface())
			if dd := diffUnmarshalErr(stdErr, err, 0); dd != "" {
				if errBugExplains(data, stdErr, err) != "" {
					continue
				}
				fc.errorf(o.name+" error", "%s %v input %s: %s", label, t, short(data), dd)
				continue
			}
			if !reflect.DeepEqual(stdV.Interface(), jetV.Interface()) && valueBugExplains(data, stdErr, jetV, stdV) == "" {
				fc.errorf(o.name+" value", "%s %v input %s: %s", label, t, short(data), valueDiff(jetV, stdV))
			}
		}
	}
}

var (
	useNumberAPI = jet.Config{UseNumber: true}.Froze()
	disallowAPI  = jet.Config{DisallowUnknownFields: true, EscapeHTML: true, SortMapKeys: true, CopyString: true}.Froze()
)

func TestDiffUnmarshalAny(t *testing.T) {
	oracle.Require(t)
	fc := newFailCap(t)
	anyT := reflect.TypeFor[any]()
	for i := 0; i < scaled(10000); i++ {
		seed := uint64(i) + 3e6
		g := newGen(seed)
		data := g.doc()
		checkUnmarshal(fc, fmt.Sprintf("seed %d", seed), data, anyT, false, 0)
	}
}

func TestDiffUnmarshalTyped(t *testing.T) {
	oracle.Require(t)
	fc := newFailCap(t)
	for i := 0; i < scaled(4000); i++ {
		seed := uint64(i) + 4e6
		typ := decodeTypes[i%len(decodeTypes)]
		g := newGen(seed)
		data := g.docFor(typ)
		label := fmt.Sprintf("seed %d", seed)
		checkUnmarshal(fc, label, data, typ, false, 0)
		checkUnmarshal(fc, label, data, typ, true, seed+1)
	}
}

// TestDiffUnmarshalCrossTypes decodes documents made for one type into
// another, where nearly everything is a mismatch.
func TestDiffUnmarshalCrossTypes(t *testing.T) {
	oracle.Require(t)
	fc := newFailCap(t)
	for i := 0; i < scaled(1500); i++ {
		seed := uint64(i) + 5e6
		g := newGen(seed)
		data := g.docFor(decodeTypes[g.intn(len(decodeTypes))])
		typ := decodeTypes[g.intn(len(decodeTypes))]
		checkUnmarshal(fc, fmt.Sprintf("cross seed %d", seed), data, typ, false, 0)
	}
}

// TestDiffRoundTrip encodes random values with ConfigStd and decodes the
// result back into the same type with each preset, against encoding/json
// doing the same.
func TestDiffRoundTrip(t *testing.T) {
	oracle.Require(t)
	fc := newFailCap(t)
	for i := 0; i < scaled(800); i++ {
		seed := uint64(i) + 6e6
		typ := decodeTypes[i%len(decodeTypes)]
		g := newGen(seed)
		g.noFail = true
		v := g.value(typ)
		data, err := json.Marshal(v.Addr().Interface())
		if err != nil {
			continue
		}
		checkUnmarshal(fc, fmt.Sprintf("roundtrip seed %d", seed), data, typ, false, 0)
	}
}

// ---------------------------------------------------------------------
// Known bugs.

// knownBug is a disagreement with encoding/json found by these tests.
// TestKnownBugs fails for each one still present. While a bug is present
// the random tests step around it, so that they keep finding new ones;
// once its repro agrees with encoding/json they stop doing so by
// themselves. JET_SHOW_KNOWN_BUGS=1 makes them hit known bugs anyway.
type knownBug struct {
	// repro returns "" when jet agrees with encoding/json, else what
	// differs.
	repro  func() string
	once   sync.Once
	active bool
}

var knownBugs = map[string]*knownBug{
	// Encoding a *string field with the ",string" option writes the
	// quoted string between quotes without escaping: invalid JSON.
	"string-option-pointer-to-string": {repro: func() string {
		s := "x"
		v := struct {
			S *string `json:",string"`
		}{&s}
		return diffOutputs(v)
	}},
	// omitempty does not omit a float -0.0 (encoding/json tests
	// v.Float() == 0).
	"omitempty-negative-zero": {repro: func() string {
		v := struct {
			F float64 `json:",omitempty"`
			G float32 `json:",omitempty"`
		}{negZero(), float32(negZero())}
		return diffOutputs(v)
	}},
	// omitzero does not omit -0.0 (reflect.Value.IsZero, which
	// encoding/json uses, reports -0.0 as zero since Go 1.22).
	"omitzero-negative-zero": {repro: func() string {
		if !stdOmitZero {
			return ""
		}
		v := struct {
			F float64 `json:",omitzero"`
		}{negZero()}
		return diffOutputs(v)
	}},
	// A stream that ends inside a literal or a number ("tru", "1e",
	// "-"): encoding/json's Decoder returns io.ErrUnexpectedEOF, jet a
	// SyntaxError.
	"stream-truncated-token-eof": {repro: func() string {
		var v any
		err := jet.NewDecoder(strings.NewReader("tru")).Decode(&v)
		if err != io.ErrUnexpectedEOF {
			return fmt.Sprintf(`NewDecoder("tru").Decode: jet %v, std io.ErrUnexpectedEOF`, err)
		}
		return ""
	}},
	// A read error other than io.EOF while a number at the end of the
	// data may go on is taken as the end of the stream: jet returns the
	// number, then io.EOF; the reader's error is lost. encoding/json
	// returns the reader's error.
	"stream-read-error-lost": {repro: func() string {
		dec := jet.NewDecoder(iotest.TimeoutReader(strings.NewReader("1 2")))
		var v any
		dec.Decode(&v)
		err1 := dec.Decode(&v)
		err2 := dec.Decode(&v)
		if err1 != iotest.ErrTimeout || err2 != iotest.ErrTimeout {
			return fmt.Sprintf(`NewDecoder(TimeoutReader("1 2")): second and third Decode: jet %v (value %v), %v; std %v, %v`, err1, v, err2, iotest.ErrTimeout, iotest.ErrTimeout)
		}
		return ""
	}},
	// Decoder.Token (and Decode after Token, for "expected comma/colon",
	// "not at beginning of value") report a misplaced byte with Offset
	// one past encoding/json's, which gives the byte's own InputOffset.
	"token-error-offset": {repro: func() string {
		_, _, err := tokensThenError(`[1}`)
		var se *jet.SyntaxError
		if !errors.As(err, &se) || se.Offset != 2 {
			return fmt.Sprintf("NewDecoder(`[1}`): third Token error %v, want Offset 2 as encoding/json", err)
		}
		return ""
	}},
	// Decoder.Token on a non-string where an object's first key should
	// be: encoding/json's message is "invalid character '1'" (no
	// context, no trailing space); jet's ends with a space.
	"token-error-object-start-message": {repro: func() string {
		_, _, err := tokensThenError(`{1:2}`)
		var se *jet.SyntaxError
		if !errors.As(err, &se) || se.Msg != "invalid character '1'" {
			return fmt.Sprintf("NewDecoder(`{1:2}`): second Token error %q, want %q", se.Msg, "invalid character '1'")
		}
		return ""
	}},
	// A number out of float64's range decoded into a non-empty interface
	// (or one holding a non-pointer): encoding/json converts the number
	// first and reports the overflow (Value "number 1e400", Type
	// float64); jet reports Value "number", the interface type, and an
	// Offset one less.
	"nonempty-interface-number-overflow": {repro: func() string {
		return diffDecode[Shape](`1e400`)
	}},
	// A JSON array decoded into a []byte (any slice of a byte kind):
	// encoding/json decodes it element by element; jet reports a type
	// mismatch.
	"byte-slice-from-array": {repro: func() string {
		return diffDecode[[]byte](`[1,2]`)
	}},
	// A map key that needs unescaping, for a map whose key type is not
	// a string kind (ints, uints, TextUnmarshalers), is overwritten by
	// the unescaped value that follows it.
	"escaped-nonstring-map-key": {repro: func() string {
		return diffDecode[map[int]string](`{"1\u0030":"\u0041"}`)
	}},
	// A JSON string decoded into a []T, T a byte kind implementing
	// encoding.TextUnmarshaler, is base64 in encoding/json (it looks
	// only at the element kind); jet reports a type mismatch.
	"textunmarshaler-byte-slice-base64": {repro: func() string {
		return diffDecode[[]textByte](`"AAE="`)
	}},
	// For a non-string JSON value decoded into an encoding.TextUnmarshaler
	// reached through a pointer or an interface, encoding/json's
	// UnmarshalTypeError.Type is the type before indirection (*T,
	// interface {}); jet reports T.
	"textunmarshaler-mismatch-type": {repro: func() string {
		return diffDecode[*textPtr](`1`)
	}},
	// When UnmarshalText/UnmarshalJSON fails inside an array, encoding/json
	// leaves the elements decoded so far in the target slice (it grows
	// the slice as it goes); jet leaves the slice untouched.
	"method-error-partial-slice": {repro: func() string {
		return diffDecode[[]textByte](`["ba","bb","x"]`)
	}},
}

// bugActive reports whether the named known bug is still present (and
// the random tests should step around it).
func bugActive(name string) bool {
	b, ok := knownBugs[name]
	if !ok {
		panic("unknown bug " + name)
	}
	b.once.Do(func() {
		b.active = b.repro() != "" && os.Getenv("JET_SHOW_KNOWN_BUGS") == ""
	})
	return b.active
}

// TestKnownBugs fails for every known bug jet still has.
func TestKnownBugs(t *testing.T) {
	oracle.Require(t)
	names := make([]string, 0, len(knownBugs))
	for name := range knownBugs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			if d := knownBugs[name].repro(); d != "" {
				t.Errorf("BUG: %s", d)
			}
		})
	}
}

// diffOutputs compares ConfigStd.Marshal with json.Marshal.
func diffOutputs(v any) string {
	want, err1 := json.Marshal(v)
	got, err2 := jet.ConfigStd.Marshal(v)
	if d := diffMarshalErr(err1, err2); d != "" {
		return d
	}
	if !bytes.Equal(got, want) {
		return fmt.Sprintf("Marshal(%#v): jet %s, std %s", v, got, want)
	}
	return ""
}

// diffDecode compares ConfigStd.Unmarshal with json.Unmarshal into a
// new T.
func diffDecode[T any](in string) string {
	var a, b T
	err1 := json.Unmarshal([]byte(in), &a)
	err2 := jet.ConfigStd.Unmarshal([]byte(in), &b)
	if d := diffUnmarshalErr(err1, err2, 0); d != "" {
		return fmt.Sprintf("Unmarshal(%q) into %T: %s", in, &a, d)
	}
	if !reflect.DeepEqual(a, b) {
		return fmt.Sprintf("Unmarshal(%q) into %T: jet %#v, std %#v", in, &a, b, a)
	}
	return ""
}

// tokensThenError reads tokens from in with jet until an error.
func tokensThenError(in string) ([]json.Token, int64, error) {
	dec := jet.NewDecoder(strings.NewReader(in))
	var toks []json.Token
	for {
		tok, err := dec.Token()
		if err != nil {
			return toks, dec.InputOffset(), err
		}
		toks = append(toks, tok)
	}
}

// streamBugExplains names a known, active bug that may explain jet's
// stream decoder returning jetErr where encoding/json returns stdErr.
func streamBugExplains(stdErr, jetErr error) string {
	if bugActive("stream-truncated-token-eof") && stdErr == io.ErrUnexpectedEOF && isSyntax(jetErr) {
		return "stream-truncated-token-eof"
	}
	if bugActive("token-error-object-start-message") && isSyntax(stdErr) && isSyntax(jetErr) &&
		strings.TrimSpace(errEvent(stdErr)) == strings.TrimSpace(errEvent(jetErr)) {
		return "token-error-object-start-message"
	}
	return ""
}

var textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()

func isByteSlice(t reflect.Type) bool {
	return t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8
}

func isTextByteSlice(t reflect.Type) bool {
	return isByteSlice(t) && reflect.PointerTo(t.Elem()).Implements(textUnmarshalerType)
}

func isSpecialKeyMap(t reflect.Type) bool {
	return t.Kind() == reflect.Map && (t.Key().Kind() != reflect.String || reflect.PointerTo(t.Key()).Implements(textUnmarshalerType))
}

// isMethodErr reports an error that is not one of decoding's own: an
// error from UnmarshalJSON, UnmarshalText or base64, which makes
// encoding/json stop where it is.
func isMethodErr(err error) bool {
	var se *json.SyntaxError
	var jse *jet.SyntaxError
	var ute *json.UnmarshalTypeError
	var iue *json.InvalidUnmarshalError
	return err != nil && !errors.As(err, &se) && !errors.As(err, &jse) && !errors.As(err, &ute) && !errors.As(err, &iue)
}

// errBugExplains names a known, active bug that explains jet returning
// jetErr where encoding/json returns stdErr for data, or returns "".
func errBugExplains(data []byte, stdErr, jetErr error) string {
	var je *jet.MismatchTypeError
	isMismatch := errors.As(jetErr, &je)
	if bugActive("escaped-nonstring-map-key") && bytes.IndexByte(data, '\\') >= 0 {
		if isMismatch && strings.HasPrefix(je.Value, "number ") || isMethodErr(jetErr) {
			return "escaped-nonstring-map-key"
		}
	}
	if bugActive("textunmarshaler-byte-slice-base64") && isMismatch && je.Value == "string" && isTextByteSlice(je.Type) {
		return "textunmarshaler-byte-slice-base64"
	}
	if bugActive("byte-slice-from-array") && isMismatch && je.Value == "array" && isByteSlice(je.Type) {
		return "byte-slice-from-array"
	}
	var se *json.UnmarshalTypeError
	if bugActive("textunmarshaler-mismatch-type") && isMismatch && errors.As(stdErr, &se) &&
		se.Value == je.Value && se.Offset == je.Offset && se.Type != je.Type &&
		(se.Type.Kind() == reflect.Pointer || se.Type.Kind() == reflect.Interface) &&
		reflect.PointerTo(je.Type).Implements(textUnmarshalerType) {
		return "textunmarshaler-mismatch-type"
	}
	if bugActive("nonempty-interface-number-overflow") && isMismatch && errors.As(stdErr, &se) &&
		strings.HasPrefix(se.Value, "number ") && je.Value == "number" && je.Type.Kind() == reflect.Interface {
		return "nonempty-interface-number-overflow"
	}
	if bugActive("invalid-unmarshal-before-syntax") {
		var iue *json.InvalidUnmarshalError
		var sse *json.SyntaxError
		if errors.As(jetErr, &iue) && errors.As(stdErr, &sse) {
			return "invalid-unmarshal-before-syntax"
		}
	}
	return ""
}

// valueBugExplains names a known, active bug that explains jet decoding
// data to jetV where encoding/json decodes it to stdV (with the same
// error, stdErr), or returns "".
func valueBugExplains(data []byte, stdErr error, jetV, stdV reflect.Value) string {
	if bugActive("method-error-partial-slice") && isMethodErr(stdErr) {
		return "method-error-partial-slice"
	}
	for _, t := range diffPathTypes(jetV, stdV) {
		if bugActive("escaped-nonstring-map-key") && isSpecialKeyMap(t) && bytes.IndexByte(data, '\\') >= 0 {
			return "escaped-nonstring-map-key"
		}
		if bugActive("byte-slice-from-array") && isByteSlice(t) {
			return "byte-slice-from-array"
		}
		if bugActive("textunmarshaler-byte-slice-base64") && isTextByteSlice(t) {
			return "textunmarshaler-byte-slice-base64"
		}
	}
	return ""
}

// diffPathTypes returns the types on the way to the first place where a
// and b differ.
func diffPathTypes(a, b reflect.Value) []reflect.Type {
	var out []reflect.Type
	for a.IsValid() && b.IsValid() && a.Type() == b.Type() && !reflect.DeepEqual(a.Interface(), b.Interface()) {
		out = append(out, a.Type())
		next := false
		switch a.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !a.IsNil() && !b.IsNil() {
				a, b, next = a.Elem(), b.Elem(), true
			}
		case reflect.Struct:
			for i := 0; !next && i < a.NumField(); i++ {
				if a.Field(i).CanInterface() && !reflect.DeepEqual(a.Field(i).Interface(), b.Field(i).Interface()) {
					a, b, next = a.Field(i), b.Field(i), true
				}
			}
		case reflect.Slice, reflect.Array:
			if a.Len() == b.Len() {
				for i := 0; !next && i < a.Len(); i++ {
					if !reflect.DeepEqual(a.Index(i).Interface(), b.Index(i).Interface()) {
						a, b, next = a.Index(i), b.Index(i), true
					}
				}
			}
		case reflect.Map:
			if a.Len() == b.Len() && !a.IsNil() && !b.IsNil() {
				for _, k := range a.MapKeys() {
					if bv := b.MapIndex(k); bv.IsValid() && !reflect.DeepEqual(a.MapIndex(k).Interface(), bv.Interface()) {
						a, b, next = a.MapIndex(k), bv, true
						break
					}
				}
			}
		}
		if !next {
			break
		}
	}
	return out
}

// diffDecodeInto is diffDecode with both targets prefilled by fill.
func diffDecodeInto[T any](in string, fill func() T) string {
	a, b := fill(), fill()
	err1 := json.Unmarshal([]byte(in), &a)
	err2 := jet.ConfigStd.Unmarshal([]byte(in), &b)
	if d := diffUnmarshalErr(err1, err2, 0); d != "" {
		return fmt.Sprintf("Unmarshal(%q) into %T: %s", in, &a, d)
	}
	if !reflect.DeepEqual(a, b) {
		return fmt.Sprintf("Unmarshal(%q) into %T: jet %#v, std %#v", in, &a, b, a)
	}
	return ""
}

// TestRegressions holds the differences from encoding/json that long
// random campaigns (JET_DIFF_SCALE=50) found after the known bugs were
// fixed, so that the default run keeps checking them.
func TestRegressions(t *testing.T) {
	oracle.Require(t)
	type quotedInt struct {
		Z int  `json:"z,string"`
		P *int `json:"p,string"`
	}
	one := 1
	cases := map[string]func() string{
		// A named bool's mismatch names the named type.
		"named-bool-mismatch": func() string { return diffDecode[struct{ B MyBool }](`{"B":"x"}`) },
		// A number out of float64's range leaves a prefilled interface
		// as it was.
		"iface-number-overflow-keeps-old": func() string {
			return diffDecodeInto(`[-1e400]`, func() []any { return []any{MyBytes{1, 2}} })
		},
		// A TextUnmarshaler reached through the pointer passed to
		// Unmarshal and an interface: the error names *interface {}.
		"iface-textunmarshaler-report": func() string {
			return diffDecodeInto(`[1]`, func() any { return &textPtr{} })
		},
		// ",string" with an unquoted number out of range: the overflow is
		// the error, and the field is set as by a null.
		"quoted-unquoted-overflow": func() string {
			return diffDecodeInto(`{"z":1.7976931348623159e308,"p":1e999}`, func() quotedInt { return quotedInt{Z: 5, P: &one} })
		},
		"quoted-unquoted-number": func() string { return diffDecode[quotedInt](`{"z":12}`) },
		"quoted-unquoted-array":  func() string { return diffDecode[quotedInt](`{"z":[1e400]}`) },
	}
	for name, repro := range cases {
		t.Run(name, func(t *testing.T) {
			if d := repro(); d != "" {
				t.Error(d)
			}
		})
	}
}

// TestDiffUnmarshalSmallInts compares with encoding/json the numbers
// around the decoder's short way for unsigned integers (wire.ShortUint),
// into interfaces and integers of each kind and size, in every position a value
// can take and before what may follow it, at the end of the input and
// with more after.
func TestDiffUnmarshalSmallInts(t *testing.T) {
	oracle.Require(t)
	fc := newFailCap(t)
	nums := []string{
		"0", "1", "9", "10", "00", "01", "0.5", "1.", "1.0", "1e2", "1E2", "1e", "0e0",
		"123456789012345", "999999999999999", "1234567890123456", "9007199254740993",
		"9007199254740995", "12345678901234567", "123456789012345678", "9223372036854775807",
		"9223372036854775809", "9999999999999999999", "18446744073709551615", "18446744073709551617",
		"12345678901234567890123", "-0", "-1", "-", "1-", "1+", "1x", "0x1", "1.5e3",
	}
	nums = append(nums, "127", "128", "255", "256", "32767", "32768", "65535", "65536", "2147483647",
		"2147483648", "4294967295", "4294967296", "99999999", "100000000", "999999999999999",
		"1023", "1024", "1025")
	types := []reflect.Type{
		reflect.TypeFor[any](), reflect.TypeFor[int8](), reflect.TypeFor[int16](), reflect.TypeFor[int32](),
		reflect.TypeFor[int](), reflect.TypeFor[int64](), reflect.TypeFor[float64](),
		reflect.TypeFor[uint8](), reflect.TypeFor[uint16](), reflect.TypeFor[uint32](), reflect.TypeFor[uint](),
		reflect.TypeFor[[]int8](), reflect.TypeFor[[]int32](), reflect.TypeFor[map[string]int16](),
		reflect.TypeFor[struct{ A, B int32 }](),
		reflect.TypeFor[struct {
			A int8   `json:",string"`
			B uint16 `json:",string"`
		}](),
	}
	for _, n := range nums {
		for _, doc := range []string{
			n, " " + n + " ", "[" + n + "]", "[" + n + " ]", "[" + n + "," + n + "]",
			"[[" + n + "]," + n + "]", `{"a":` + n + `}`, `{"a": ` + n + ` ,"b":` + n + `}`,
			"[" + n, `{"a":` + n, "[" + n + "}", "[" + n + `"x"]`,
			"[" + n + `,"padding past sixteen bytes"]`, `{"A":` + n + `,"B":` + n + `,"C":"padding"}`,
		} {
			for k, t := range types {
				checkUnmarshal(fc, "small ints", []byte(doc), t, false, 0)
				checkUnmarshal(fc, "small ints, prefilled", []byte(doc), t, true, uint64(k))
			}
		}
	}
}

// keyLayouts has fields whose quoted names are 3 to 22 bytes long, across
// the sizes where the struct decoder compares a key in one or two 8-byte
// loads or in full.
type keyLayouts struct {
	A                     int
	Bb                    string
	Ccc                   bool
	Dddddd                int
	Eeeeeee               int
	Ffffffff              int
	G123456               []int
	H1234567              string
	I12345678901234       int
	J123456789012345      int
	K1234567890123456     int
	L12345678901234567890 int
}

// TestDiffUnmarshalKeyLayouts compares with encoding/json the decoding of
// keyLayouts's members with every kind of whitespace around the colon, in
// field order and not, near the end of the input and not.
func TestDiffUnmarshalKeyLayouts(t *testing.T) {
	oracle.Require(t)
	fc := newFailCap(t)
	names := []string{"A", "Bb", "Ccc", "Dddddd", "Eeeeeee", "Ffffffff", "G123456", "H1234567", "I12345678901234",
		"J123456789012345", "K1234567890123456", "L12345678901234567890", "a", "ffffffff", "Unknown", "K12345678901234567"}
	values := map[byte]string{'B': `"x"`, 'C': "true", 'G': "[1,2]", 'H': `"y"`}
	seps := []string{":", " :", ": ", " : ", ":\n  ", "\t:\t", ":  "}
	typ := reflect.TypeFor[keyLayouts]()
	for _, sep := range seps {
		for _, rev := range []bool{false, true} {
			var b strings.Builder
			b.WriteString("{")
			for k := range names {
				name := names[k]
				if rev {
					name = names[len(names)-1-k]
				}
				if k > 0 {
					b.WriteString(",")
				}
				v, ok := values[name[0]]
				if !ok {
					v = "7"
				}
				b.WriteString(`"` + name + `"` + sep + v)
			}
			b.WriteString("}")
			doc := b.String()
			checkUnmarshal(fc, "key layouts", []byte(doc), typ, false, 0)
			// Cut at every byte.
			for cut := range len(doc) {
				checkUnmarshal(fc, "key layouts", []byte(doc[:cut]), typ, false, 0)
			}
			// After the fields before it, so that a field's name is the
			// one the decoder expects, a key differing from it in one
			// byte (the last, or one in the middle) must not match it.
			for k := 0; k < 12; k++ {
				var b strings.Builder
				b.WriteString("{")
				for _, name := range names[:k] {
					v, ok := values[name[0]]
					if !ok {
						v = "7"
					}
					b.WriteString(`"` + name + `"` + sep + v + ",")
				}
				for _, at := range []int{len(names[k]) - 1, len(names[k]) / 2} {
					key := []byte(names[k])
					key[at] ^= 1
					doc := b.String() + `"` + string(key) + `"` + sep + `"s"`
					checkUnmarshal(fc, "key layouts", []byte(doc+"}"), typ, false, 0)
					checkUnmarshal(fc, "key layouts", []byte(doc+`,"Zzzzzzzzzzzzzzzzzzzzzzzzz":0}`), typ, false, 0)
				}
			}
			// Each member alone, at the end of the input and not.
			for _, name := range names {
				v, ok := values[name[0]]
				if !ok {
					v = "7"
				}
				one := `{"` + name + `"` + sep + v
				checkUnmarshal(fc, "key layouts", []byte(one+"}"), typ, false, 0)
				checkUnmarshal(fc, "key layouts", []byte(one+`,"Zzzzzzzzzzzzzzzzzzzzzzzzz":0}`), typ, false, 0)
				checkUnmarshal(fc, "key layouts", []byte(one), typ, false, 0)
			}
		}
	}
}

// TestDiffUnmarshalShortUTF8 compares with encoding/json short strings
// with bytes above 0x7f, valid UTF-8 or not, which the decoder's short
// string reader takes when they are valid and leaves to the general
// scanner (which replaces invalid bytes with U+FFFD) when not.
func TestDiffUnmarshalShortUTF8(t *testing.T) {
	oracle.Require(t)
	fc := newFailCap(t)
	bodies := []string{
		"é", "Zürich", "日本語", "JET-ÄÖÜ-7", "\xff", "a\xc3", "\xc3(", "\xe6\x97", "\xed\xa0\x80",
		"\xf4\x90\x80\x80", "\xc0\xaf", "abcdefg\xc3\xa9", "abcdefgh\xc3\xa9xyz", "0123456789abcde\xc3\xa9",
		"0123456789abcdef\xc3", "日本語日本語日本語日本語", "\xe2\x80\xa8", "é\\n", "\x7f\x80",
	}
	types := []reflect.Type{
		reflect.TypeFor[any](), reflect.TypeFor[string](), reflect.TypeFor[[]string](),
		reflect.TypeFor[map[string]string](), reflect.TypeFor[struct{ A, B string }](),
	}
	for _, body := range bodies {
		q := `"` + body + `"`
		for _, doc := range []string{
			q, "[" + q + "]", "[" + q + `,"padding past thirty-two bytes of it"]`,
			`{"A":` + q + `,"B":"padding past thirty-two bytes"}`, `{` + q + `:"x","B":"padding past 32 bytes"}`,
			`{"A":` + q + `}`,
		} {
			for _, t := range types {
				checkUnmarshal(fc, "short utf8", []byte(doc), t, false, 0)
			}
		}
	}
}
