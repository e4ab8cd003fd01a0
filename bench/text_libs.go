package bench

// ClassJSONText holds the implementations of the encoding/json/jsontext
// API (the syntax layer: tokens, raw values, formatting), measured by the
// syntax-layer scenarios (TextOps). It has no reference entry: tables
// give jet's speed as a multiple of each peer's.
const ClassJSONText = "jsontext"

// TextLibraries returns the jsontext implementations: jet's, Go's
// encoding/json/jsontext (only in builds with Go 1.27 and the jsonv2
// experiment, see StdJSONText) and goccy's.
func TextLibraries() []*Library {
	libs := []*Library{{Name: "jet-jsontext", Class: ClassJSONText, Jet: true, Text: jetText()}}
	if std := stdText(); std != nil {
		libs = append(libs, &Library{Name: "std-jsontext", Class: ClassJSONText, Text: std})
	}
	return append(libs, &Library{Name: "goccy-jsontext", Class: ClassJSONText, Text: goccyText()})
}

// AllLibraries returns Libraries, V2Libraries, TextLibraries and then
// the floor (FloorLibrary): every library of every class. Scenario.Runs
// tells which of them a scenario runs with.
func AllLibraries() []*Library {
	return append(append(append(Libraries(), V2Libraries()...), TextLibraries()...), FloorLibrary())
}
