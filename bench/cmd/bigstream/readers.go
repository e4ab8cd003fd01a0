package main

import (
	"io"

	goccytext "github.com/goccy/go-json/jsontext"
	jettext "github.com/jetjson/jet/jsontext"
)

// readJet, readGoccy and readStd (std_on.go) are the same code over each
// library's jsontext.

func readJet(r io.Reader, value bool) (int64, error) {
	d := jettext.NewDecoder(r)
	var n int64
	if value {
		if _, err := d.ReadToken(); err != nil {
			return n, err
		}
		n++
		for d.PeekKind() != jettext.KindEndArray {
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

func readGoccy(r io.Reader, value bool) (int64, error) {
	d := goccytext.NewDecoder(r)
	var n int64
	if value {
		if _, err := d.ReadToken(); err != nil {
			return n, err
		}
		n++
		for d.PeekKind() != goccytext.KindEndArray {
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
