//go:build go1.27 && goexperiment.jsonv2

package main

import (
	"encoding/json/jsontext"
	"io"
)

func init() { readers["std"] = readStd }

func readStd(r io.Reader, value bool) (int64, error) {
	d := jsontext.NewDecoder(r)
	var n int64
	if value {
		if _, err := d.ReadToken(); err != nil {
			return n, err
		}
		n++
		for d.PeekKind() != jsontext.KindEndArray {
			if _, err := d.ReadValue(); err != nil {
				return n, err
			}
			n++
		}
	}
	for {
		if _, err := d.ReadToken(); err != nil {
			if err == io.EOF {
				return n, nil
			}
			return n, err
		}
		n++
	}
}
