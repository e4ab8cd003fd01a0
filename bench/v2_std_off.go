//go:build !(go1.27 && goexperiment.jsonv2)

package bench

// stdV2 is Go's encoding/json/v2 in class v2: nil, as this build lacks
// Go 1.27's.
func stdV2() *Library { return nil }
