package jet_test

import (
	"errors"
	"fmt"

	"github.com/jetjson/jet"
	"github.com/jetjson/jet/ast"
)

var exampleDoc = []byte(`{
  "statuses": [
    {"id": 1, "user": {"screen_name": "ann"}, "tags": ["go", "json"]},
    {"id": 2, "user": {"screen_name": "bob"}, "tags": []}
  ],
  "search_metadata": {"count": 2}
}`)

func ExampleGet() {
	name, err := jet.Get(exampleDoc, "statuses", 1, "user", "screen_name")
	if err != nil {
		panic(err)
	}
	s, _ := name.String()
	fmt.Println(s)

	_, err = jet.Get(exampleDoc, "statuses", 5)
	fmt.Println(errors.Is(err, ast.ErrNotFound))
	// Output:
	// bob
	// true
}

func ExampleGetPath() {
	for _, path := range []string{
		"statuses.0.user.screen_name", // dotted keys and indices
		"/statuses/0/tags/1",          // RFC 6901 JSON Pointer
		"statuses.#",                  // an array's length
		"statuses.#.id",               // one value from every element
		"search_*.c?unt",              // wildcards in keys
	} {
		n, err := jet.GetPath(exampleDoc, path)
		if err != nil {
			panic(err)
		}
		raw, _ := n.Raw()
		fmt.Println(path, "=>", raw)
	}
	// Output:
	// statuses.0.user.screen_name => "ann"
	// /statuses/0/tags/1 => "json"
	// statuses.# => 2
	// statuses.#.id => [1,2]
	// search_*.c?unt => 2
}

func ExampleGetMany() {
	nodes, err := jet.GetMany(exampleDoc, "statuses.0.id", "search_metadata.count", "missing")
	if err != nil {
		panic(err)
	}
	for _, n := range nodes {
		raw, err := n.Raw()
		fmt.Println(raw, n.Exists(), err != nil)
	}
	// Output:
	// 1 true false
	// 2 true false
	//  false true
}

func ExampleSetPath() {
	doc := []byte(`{"user": {"name": "ann"}, "tags": ["a"]}`)
	doc, _ = jet.SetPath(doc, "user.name", "bob")            // replace
	doc, _ = jet.SetPath(doc, "user.email", "b@example.com") // create
	doc, _ = jet.SetPath(doc, "tags.-1", "b")                // append
	doc, _ = jet.SetRawPath(doc, "user.id", []byte(`12`))    // raw JSON
	fmt.Println(string(doc))
	doc, _ = jet.DeletePath(doc, "tags.0")
	fmt.Println(string(doc))
	// Output:
	// {"user": {"name": "bob","email":"b@example.com","id":12}, "tags": ["a","b"]}
	// {"user": {"name": "bob","email":"b@example.com","id":12}, "tags": ["b"]}
}

func ExampleGetWithOptions() {
	// The document is broken after the value: with ValidateJSON (the
	// default of Get) that is an error, without it the value is found
	// and the rest is never read.
	doc := []byte(`{"id": 7, "rest": [1, 2,`)
	_, err := jet.Get(doc, "id")
	fmt.Println(err)
	n, err := jet.GetWithOptions(doc, jet.SearchOptions{}, "id")
	v, _ := n.Int64()
	fmt.Println(v, err)
	// Output:
	// jet: syntax error at offset 24: unexpected end of JSON input, near "est\": [1, 2,"
	// 7 <nil>
}
