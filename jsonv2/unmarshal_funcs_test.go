//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	stdjsontext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/jetjson/jet/jsontext"
	json "github.com/jetjson/jet/jsonv2"
)

// The caller's unmarshal functions (WithUnmarshalers), each written
// once per implementation with the same behaviour.

// funcPair is one Unmarshalers list as each implementation spells it.
type funcPair struct {
	name string
	std  *stdjson.Unmarshalers
	jet  *json.Unmarshalers
}

func (p funcPair) opts() uOpts {
	return uOpts{"funcs:" + p.name, []stdjson.Options{stdjson.WithUnmarshalers(p.std)}, []json.Options{json.WithUnmarshalers(p.jet)}}
}

// intFromText is the behaviour of the int functions: a string "n<digits>"
// sets the number, "skip" declines, "fail" fails, "sem" fails with a
// SemanticError, anything else is left to the next function.
func intFromText(b []byte, p *int, semantic func(error) error) error {
	s := string(b)
	switch {
	case s == `"skip"`:
		return errors.ErrUnsupported
	case s == `"fail"`:
		return errors.New("int func failed")
	case s == `"sem"`:
		return semantic(errors.New("semantic failure"))
	case strings.HasPrefix(s, `"n`):
		n, err := strconv.Atoi(strings.Trim(s[2:], `"`))
		if err != nil {
			return err
		}
		*p = n * 10
		return nil
	}
	return errors.ErrUnsupported
}

// fromTokens is the behaviour of the From functions on strings: read
// the token, and act on it as its text says ("skip" declines before
// reading, "late-skip" declines after reading, "two" reads two values,
// "none" reads nothing, "fail" fails, "sem" fails with a SemanticError).
type tokenReader interface {
	PeekKind() byte
	readString() (string, error)
	skip() error
}

func fromTokens(r tokenReader, p *string, semantic func(error) error) error {
	if r.PeekKind() != '"' {
		return errors.ErrUnsupported
	}
	s, err := r.readString()
	if err != nil {
		return err
	}
	switch s {
	case "late-skip":
		return errors.ErrUnsupported
	case "two":
		return r.skip()
	case "fail":
		return errors.New("from func failed")
	case "sem":
		return semantic(errors.New("from semantic"))
	}
	*p = "from:" + s
	return nil
}

type stdReader struct{ d *stdjsontext.Decoder }

func (r stdReader) PeekKind() byte { return byte(r.d.PeekKind()) }
func (r stdReader) readString() (string, error) {
	tok, err := r.d.ReadToken()
	return tok.String(), err
}
func (r stdReader) skip() error { return r.d.SkipValue() }

type jetReader struct{ d *jsontext.Decoder }

func (r jetReader) PeekKind() byte { return byte(r.d.PeekKind()) }
func (r jetReader) readString() (string, error) {
	tok, err := r.d.ReadToken()
	return tok.String(), err
}
func (r jetReader) skip() error { return r.d.SkipValue() }

func stdSem(err error) error { return &stdjson.SemanticError{Err: err} }
func jetSem(err error) error { return &json.SemanticError{Err: err} }

// stringerIface is an interface some destinations' pointers implement.
type stringerIface interface{ Tag() string }

type tagged2 struct{ V string }

func (t *tagged2) Tag() string { return t.V }

func funcPairs() []funcPair {
	stdInt := stdjson.UnmarshalFunc(func(b []byte, p *int) error { return intFromText(b, p, stdSem) })
	jetInt := json.UnmarshalFunc(func(b []byte, p *int) error { return intFromText(b, p, jetSem) })
	stdStr := stdjson.UnmarshalFromFunc(func(d *stdjsontext.Decoder, p *string) error { return fromTokens(stdReader{d}, p, stdSem) })
	jetStr := json.UnmarshalFromFunc(func(d *jsontext.Decoder, p *string) error { return fromTokens(jetReader{d}, p, jetSem) })
	stdFloat := stdjson.UnmarshalFunc(func(b []byte, p *float64) error {
		if string(b) == "7" {
			return errors.New("no sevens")
		}
		f, err := strconv.ParseFloat(string(b), 64)
		*p = -f
		return err
	})
	jetFloat := json.UnmarshalFunc(func(b []byte, p *float64) error {
		if string(b) == "7" {
			return errors.New("no sevens")
		}
		f, err := strconv.ParseFloat(string(b), 64)
		*p = -f
		return err
	})
	stdIface := stdjson.UnmarshalFromFunc(func(d *stdjsontext.Decoder, p stringerIface) error {
		if d.PeekKind() != '[' {
			return errors.ErrUnsupported
		}
		return d.SkipValue()
	})
	jetIface := json.UnmarshalFromFunc(func(d *jsontext.Decoder, p stringerIface) error {
		if d.PeekKind() != '[' {
			return errors.ErrUnsupported
		}
		return d.SkipValue()
	})
	stdAny := stdjson.UnmarshalFromFunc(func(d *stdjsontext.Decoder, p *any) error {
		if d.PeekKind() == '0' {
			v, err := d.ReadValue()
			*p = "num:" + string(v)
			return err
		}
		return errors.ErrUnsupported
	})
	jetAny := json.UnmarshalFromFunc(func(d *jsontext.Decoder, p *any) error {
		if d.PeekKind() == '0' {
			v, err := d.ReadValue()
			*p = "num:" + string(v)
			return err
		}
		return errors.ErrUnsupported
	})
	stdBool := stdjson.UnmarshalFunc(func(b []byte, p *bool) error { *p = string(b) != "true"; return nil })
	jetBool := json.UnmarshalFunc(func(b []byte, p *bool) error { *p = string(b) != "true"; return nil })
	stdSkipAll := stdjson.UnmarshalFunc(func(b []byte, p *int) error { return errors.ErrUnsupported })
	jetSkipAll := json.UnmarshalFunc(func(b []byte, p *int) error { return errors.ErrUnsupported })
	stdKey := stdjson.UnmarshalFunc(func(b []byte, p *string) error {
		if len(b) > 2 && b[1] == 'k' {
			*p = "K" + string(b[2:len(b)-1])
			return nil
		}
		return stdjson.Unmarshal(b, (*string)(p))
	})
	jetKey := json.UnmarshalFunc(func(b []byte, p *string) error {
		if len(b) > 2 && b[1] == 'k' {
			*p = "K" + string(b[2:len(b)-1])
			return nil
		}
		return json.Unmarshal(b, (*string)(p))
	})
	return []funcPair{
		{"int", stdInt, jetInt},
		{"string", stdStr, jetStr},
		{"float", stdFloat, jetFloat},
		{"iface", stdIface, jetIface},
		{"any", stdAny, jetAny},
		{"bool", stdBool, jetBool},
		{"key", stdKey, jetKey},
		{"skipall+int", stdjson.JoinUnmarshalers(stdSkipAll, stdInt), json.JoinUnmarshalers(jetSkipAll, jetInt)},
		{"str+int+float", stdjson.JoinUnmarshalers(stdStr, stdInt, stdFloat), json.JoinUnmarshalers(jetStr, jetInt, jetFloat)},
		{"iface+any+str", stdjson.JoinUnmarshalers(stdjson.JoinUnmarshalers(stdIface, stdAny), stdStr), json.JoinUnmarshalers(json.JoinUnmarshalers(jetIface, jetAny), jetStr)},
		{"nil", stdjson.JoinUnmarshalers(nil, stdBool), json.JoinUnmarshalers(nil, jetBool)},
	}
}

// funcHolder has fields of every type the functions take.
type funcHolder struct {
	I  int
	IP *int
	S  string
	SP *string
	F  float64
	B  bool
	T  tagged2
	TP *tagged2
	A  any
	M  map[string]int
	MS map[string]string
	L  []string
	X  stringerIface
	St int `json:",string"`
}

// A function that reads more than its value ("two") is tried at the top
// level only: jet gives it a Decoder over its value alone, so within a
// container it meets the end of that text where Go's meets the next
// value or the container's end.
var funcInputs = []string{
	`1`, `"x"`, `"n5"`, `"skip"`, `"fail"`, `"sem"`, `"late-skip"`, `"two"`, `null`, `true`, `7`, `[1]`, `{}`,
	`{"I":"n3","S":"s","F":2,"B":true,"A":1.5,"M":{"a":"n1","b":2},"L":["a","x","late-skip"]}`,
	`{"I":"fail"}`, `{"I":"sem"}`, `{"I":"skip"}`, `{"I":1}`, `{"IP":"n2","SP":"p"}`, `{"SP":"fail"}`, `{"SP":"sem"}`,
	`{"S":"late-skip"}`, `{"F":7}`, `{"F":"7"}`, `{"T":[1],"TP":[2,3]}`, `{"T":{"V":"v"},"TP":{"V":"w"}}`,
	`{"A":[1,2],"M":{"k1":1,"k2":"n2"}}`, `{"MS":{"ka":"x","b":"late-skip","kb":"two"}}`, `{"X":[1]}`, `{"X":{}}`,
	`{"L":["fail"]}`, `{"A":{"x":1,"y":[2,"s"]}}`, `{"St":"12"}`, `{"St":"n4"}`, `{"M":{"a":"sem"}}`,
	`{"I":"n1","I":"n2"}`, `{"A":{"x":1,"x":2}}`, `[1,"n2","skip",7]`, `{"a":"fail"}`,
}

// funcDests are the destinations the functions are tried on.
func funcDests() []uDest {
	return []uDest{
		uDestOf[int]("int", nil),
		uDestOf[*int]("intptr", nil),
		uDestOf[string]("string", nil),
		uDestOf[float64]("float", nil),
		uDestOf[any]("any", nil),
		uDestOf[any]("anyInt", func(p *any) { *p = 3 }),
		uDestOf[any]("anyMap", func(p *any) { *p = map[string]any{"x": 0.5} }),
		uDestOf[funcHolder]("holder", nil),
		uDestOf[[]any]("anys", nil),
		uDestOf[[]int]("ints", nil),
		uDestOf[map[string]string]("strmap", nil),
		uDestOf[map[string]int]("intmap", nil),
		uDestOf[tagged2]("tagged2", nil),
		uDestOf[stringerIface]("iface", func(p *stringerIface) { *p = &tagged2{} }),
		uDestOf[bool]("bool", nil),
	}
}

// TestUnmarshalFuncsAgainstStd decodes with the caller's functions,
// alone, joined, and with the other options.
func TestUnmarshalFuncsAgainstStd(t *testing.T) {
	fails := newUFailures(t)
	for _, fp := range funcPairs() {
		sets := []uOpts{fp.opts(), uOptsOf(fp.opts(), uAllowDup), uOptsOf(fp.opts(), uStringify), uOptsOf(fp.opts(), uReject, uAnyCase)}
		for _, in := range funcInputs {
			for _, dest := range funcDests() {
				for _, o := range sets {
					fails.add(fmt.Sprintf("%q -> %s %s", in, dest.name, o.name), diffUnmarshal([]byte(in), dest, o))
				}
			}
		}
	}
	fails.done()
}
