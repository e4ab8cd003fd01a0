//go:build go1.27 && goexperiment.jsonv2

package bench

import (
	"bytes"
	"encoding/json/jsontext"
	"io"
)

// StdJSONText reports whether this build includes Go's
// encoding/json/jsontext (std-jsontext): Go 1.27 or later with the jsonv2
// experiment (on by default in Go 1.27).
const StdJSONText = true

// stdText is Go's encoding/json/jsontext, with the code of jetText
// (text_jet.go).
func stdText() *TextAPI {
	format := func(f func(*jsontext.Value, ...jsontext.Options) error) TextPrep {
		return func(doc []byte) (TextOp, error) {
			var v jsontext.Value
			return func() (TextResult, error) {
				v = append(v[:0], doc...)
				err := f(&v)
				return TextResult{Out: v}, err
			}, nil
		}
	}
	return &TextAPI{
		ReadToken: func(doc []byte) (TextOp, error) {
			return func() (TextResult, error) {
				d := jsontext.NewDecoder(bytes.NewReader(doc))
				n := 0
				for {
					if _, err := d.ReadToken(); err != nil {
						if err == io.EOF {
							return TextResult{N: n}, nil
						}
						return TextResult{N: n}, err
					}
					n++
				}
			}, nil
		},
		ReadValue: func(doc []byte) (TextOp, error) {
			return func() (TextResult, error) {
				d := jsontext.NewDecoder(bytes.NewReader(doc))
				v, err := d.ReadValue()
				return TextResult{Out: v}, err
			}, nil
		},
		SkipValue: func(doc []byte) (TextOp, error) {
			return func() (TextResult, error) {
				d := jsontext.NewDecoder(bytes.NewReader(doc))
				var end jsontext.Kind
				switch d.PeekKind() {
				case jsontext.KindBeginObject:
					end = jsontext.KindEndObject
				case jsontext.KindBeginArray:
					end = jsontext.KindEndArray
				default:
					return TextResult{N: 1}, d.SkipValue()
				}
				if _, err := d.ReadToken(); err != nil {
					return TextResult{}, err
				}
				n := 0
				for d.PeekKind() != end {
					if end == jsontext.KindEndObject {
						if _, err := d.ReadToken(); err != nil {
							return TextResult{N: n}, err
						}
					}
					if err := d.SkipValue(); err != nil {
						return TextResult{N: n}, err
					}
					n++
				}
				_, err := d.ReadToken()
				return TextResult{N: n}, err
			}, nil
		},
		WriteToken: func(doc []byte) (TextOp, error) {
			var toks []jsontext.Token
			d := jsontext.NewDecoder(bytes.NewReader(doc))
			for {
				t, err := d.ReadToken()
				if err == io.EOF {
					break
				}
				if err != nil {
					return nil, err
				}
				toks = append(toks, t.Clone())
			}
			var buf bytes.Buffer
			return func() (TextResult, error) {
				buf.Reset()
				e := jsontext.NewEncoder(&buf)
				for _, t := range toks {
					if err := e.WriteToken(t); err != nil {
						return TextResult{}, err
					}
				}
				return TextResult{Out: buf.Bytes()}, nil
			}, nil
		},
		WriteValue: func(doc []byte) (TextOp, error) {
			var buf bytes.Buffer
			return func() (TextResult, error) {
				buf.Reset()
				e := jsontext.NewEncoder(&buf)
				err := e.WriteValue(jsontext.Value(doc))
				return TextResult{Out: buf.Bytes()}, err
			}, nil
		},
		Compact:      format((*jsontext.Value).Compact),
		Indent:       format((*jsontext.Value).Indent),
		Canonicalize: format((*jsontext.Value).Canonicalize),
	}
}
