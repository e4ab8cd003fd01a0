//go:build !goexperiment.jsonv2

package bench

// JSONv2 reports whether this build includes encoding/json/v2 (built with
// GOEXPERIMENT=jsonv2). In such builds encoding/json (v1) is itself
// implemented on top of v2.
const JSONv2 = false

func jsonV2() *Library { return nil }
