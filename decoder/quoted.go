package decoder

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/jetjson/jet/internal/rt"
	"github.com/jetjson/jet/internal/wire"
)

// decodeQuoted decodes a field with the ",string" tag option: its value
// is a JSON string whose contents are the JSON text of the value
// ("\"12\"" for 12). This path is rare and follows encoding/json's
// literalStore step by step, through reflect.
func (d *state) decodeQuoted(f *decField, p unsafe.Pointer) error {
	if d.pos >= len(d.src) {
		return d.errorAt(d.pos)
	}
	switch d.src[d.pos] {
	case '"':
		item, err := d.readString()
		if err != nil {
			return err
		}
		return d.storeQuoted(reflect.NewAt(f.typ, p).Elem(), item)
	case 'n':
		// A bare null is decoded as if the option were absent.
		return f.fn(d, p)
	}
	// encoding/json decodes an unquoted literal as into an interface
	// first: a number out of float64's range is then a mismatch (saved
	// first) and stored as a null. Anything else is an invalid use of the
	// option.
	if isNumberStart(d.src[d.pos]) {
		v, err := d.numberAny()
		if err != nil {
			return err
		}
		if v == nil {
			return d.storeQuoted(reflect.NewAt(f.typ, p).Elem(), "null")
		}
	} else if err := d.skip(); err != nil {
		return err
	}
	d.save(fmt.Errorf("json: invalid use of ,string struct tag, trying to unmarshal unquoted value into %v", f.typ))
	return nil
}

func invalidQuoted(item string, t reflect.Type) error {
	return fmt.Errorf("json: invalid use of ,string struct tag, trying to unmarshal %q into %v", item, t)
}

// storeQuoted stores item, the contents of the quoted value, into v.
func (d *state) storeQuoted(v reflect.Value, item string) error {
	if item == "" {
		d.save(invalidQuoted(item, v.Type()))
		return nil
	}
	isNull := item[0] == 'n'
	u, ut, pv := indirect(v, isNull)
	if u != nil {
		return u.UnmarshalJSON([]byte(item))
	}
	if ut != nil {
		if item[0] != '"' {
			d.save(invalidQuoted(item, v.Type()))
			return nil
		}
		s, ok := unquoteItem(item)
		if !ok {
			return invalidQuoted(item, v.Type())
		}
		return ut.UnmarshalText([]byte(s))
	}
	v = pv
	switch c := item[0]; c {
	case 'n':
		if item != "null" {
			d.save(invalidQuoted(item, v.Type()))
			break
		}
		switch v.Kind() {
		case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice:
			v.SetZero()
		}
	case 't', 'f':
		if item != "true" && item != "false" {
			d.save(invalidQuoted(item, v.Type()))
			break
		}
		switch {
		case v.Kind() == reflect.Bool:
			v.SetBool(c == 't')
		case v.Kind() == reflect.Interface && v.NumMethod() == 0:
			v.Set(reflect.ValueOf(c == 't'))
		default:
			d.save(invalidQuoted(item, v.Type()))
		}
	case '"':
		s, ok := unquoteItem(item)
		if !ok {
			return invalidQuoted(item, v.Type())
		}
		switch v.Kind() {
		case reflect.String:
			if v.Type() == rt.NumberType && !wire.IsValidNumber(s) {
				return fmt.Errorf("json: invalid number literal, trying to unmarshal %q into Number", item)
			}
			v.SetString(s)
		case reflect.Slice:
			if v.Type().Elem().Kind() != reflect.Uint8 {
				d.saveMismatch("string", v.Type(), d.pos)
				break
			}
			b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
			n, err := base64.StdEncoding.Decode(b, []byte(s))
			if err != nil {
				d.save(err)
				break
			}
			v.SetBytes(b[:n])
		case reflect.Interface:
			if v.NumMethod() == 0 {
				v.Set(reflect.ValueOf(s))
				break
			}
			d.saveMismatch("string", v.Type(), d.pos)
		default:
			d.saveMismatch("string", v.Type(), d.pos)
		}
	default:
		if c != '-' && (c < '0' || c > '9') {
			return invalidQuoted(item, v.Type())
		}
		switch k := v.Kind(); {
		case k == reflect.String && v.Type() == rt.NumberType:
			v.SetString(item)
		case k == reflect.Interface:
			f, err := strconv.ParseFloat(item, 64)
			if err != nil {
				d.saveMismatch("number "+item, float64Type, d.pos)
				break
			}
			if v.NumMethod() != 0 {
				d.saveMismatch("number", v.Type(), d.pos)
				break
			}
			v.Set(reflect.ValueOf(f))
		case rt.IsIntKind(k):
			n, err := strconv.ParseInt(item, 10, 64)
			if err != nil || v.OverflowInt(n) {
				d.saveMismatch("number "+item, v.Type(), d.pos)
				break
			}
			v.SetInt(n)
		case rt.IsUintKind(k):
			n, err := strconv.ParseUint(item, 10, 64)
			if err != nil || v.OverflowUint(n) {
				d.saveMismatch("number "+item, v.Type(), d.pos)
				break
			}
			v.SetUint(n)
		case k == reflect.Float32 || k == reflect.Float64:
			n, err := strconv.ParseFloat(item, v.Type().Bits())
			if err != nil || v.OverflowFloat(n) {
				d.saveMismatch("number "+item, v.Type(), d.pos)
				break
			}
			v.SetFloat(n)
		default:
			return invalidQuoted(item, v.Type())
		}
	}
	return nil
}

// unquoteItem decodes item, which must be exactly one JSON string.
func unquoteItem(item string) (string, bool) {
	end, _, ok := wire.ScanString(item, 0)
	if !ok || end != len(item) {
		return "", false
	}
	b, _ := wire.AppendUnquoted(nil, item[1:len(item)-1])
	return string(b), true
}

// indirect follows encoding/json's walk from a value to what a literal is
// stored in: through pointers (allocating nil ones, except the last
// settable one when storing null), stopping at a value whose pointer has
// UnmarshalJSON or, unless storing null, UnmarshalText.
func indirect(v reflect.Value, decodingNull bool) (json.Unmarshaler, encoding.TextUnmarshaler, reflect.Value) {
	v0 := v
	haveAddr := false
	if v.Kind() != reflect.Pointer && v.Type().Name() != "" && v.CanAddr() {
		haveAddr = true
		v = v.Addr()
	}
	for {
		if v.Kind() == reflect.Interface && !v.IsNil() {
			e := v.Elem()
			if e.Kind() == reflect.Pointer && !e.IsNil() && (!decodingNull || e.Elem().Kind() == reflect.Pointer) {
				haveAddr = false
				v = e
				continue
			}
		}
		if v.Kind() != reflect.Pointer {
			break
		}
		if decodingNull && v.CanSet() {
			break
		}
		if v.Elem().Kind() == reflect.Interface && v.Elem().Elem().Equal(v) {
			v = v.Elem()
			break
		}
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		if v.Type().NumMethod() > 0 && v.CanInterface() {
			if u, ok := v.Interface().(json.Unmarshaler); ok {
				return u, nil, reflect.Value{}
			}
			if !decodingNull {
				if u, ok := v.Interface().(encoding.TextUnmarshaler); ok {
					return nil, u, reflect.Value{}
				}
			}
		}
		if haveAddr {
			v = v0
			haveAddr = false
		} else {
			v = v.Elem()
		}
	}
	return nil, nil, v
}
