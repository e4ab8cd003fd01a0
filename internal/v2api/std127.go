//go:build go1.27 && goexperiment.jsonv2

package v2api

import (
	stdjson "encoding/json/v2"
	"reflect"
)

// With Go 1.27's encoding/json/v2 built, methods over the standard
// library's jsontext are called too.
func init() {
	stdTo := reflect.TypeFor[stdjson.MarshalerTo]()
	MarshalMethods = append(MarshalMethods, stdTo)
	methods = append(methods, stdTo, reflect.TypeFor[stdjson.UnmarshalerFrom]())
}
