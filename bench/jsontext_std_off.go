//go:build !(go1.27 && goexperiment.jsonv2)

package bench

// StdJSONText reports whether this build includes Go's
// encoding/json/jsontext (std-jsontext): Go 1.27 or later with the jsonv2
// experiment (on by default in Go 1.27).
const StdJSONText = false

func stdText() *TextAPI { return nil }
