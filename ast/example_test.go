package ast_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jetjson/jet/ast"
)

func ExampleNewRaw() {
	root := ast.NewRaw(`{"user": {"name": "ann", "langs": ["go", "c"]}, "big": [1, 2, 3]}`)
	// Only "user" and what is inside it get parsed; "big" stays text.
	name, _ := root.GetByPath("user", "name").String()
	n, _ := root.GetByPath("user", "langs").Len()
	fmt.Println(name, n)

	root.Get("user").Set("name", ast.NewString("bob"))
	out, _ := root.MarshalJSON()
	fmt.Println(string(out))
	// Output:
	// ann 2
	// {"user":{"name":"bob","langs":["go", "c"]},"big":[1, 2, 3]}
}

func ExampleNode_Members() {
	root := ast.NewRaw(`{"b": 1, "a": [true], "c": null}`)
	for key, v := range root.Members() {
		raw, _ := v.Raw()
		fmt.Println(key, raw)
	}
	// Output:
	// b 1
	// a [true]
	// c null
}

// keyCounter counts object keys and skips arrays.
type keyCounter struct{ keys []string }

func (k *keyCounter) OnNull() error                        { return nil }
func (k *keyCounter) OnBool(bool) error                    { return nil }
func (k *keyCounter) OnString(string) error                { return nil }
func (k *keyCounter) OnInt64(int64, json.Number) error     { return nil }
func (k *keyCounter) OnFloat64(float64, json.Number) error { return nil }
func (k *keyCounter) OnObjectBegin(int) error              { return nil }
func (k *keyCounter) OnObjectKey(key string) error         { k.keys = append(k.keys, key); return nil }
func (k *keyCounter) OnObjectEnd() error                   { return nil }
func (k *keyCounter) OnArrayBegin(int) error               { return ast.SkipContainer }
func (k *keyCounter) OnArrayEnd() error                    { return nil }

func ExamplePreorder() {
	v := &keyCounter{}
	err := ast.Preorder(`{"a": {"b": 1}, "list": [{"hidden": 1}], "c": 2}`, v, nil)
	fmt.Println(strings.Join(v.keys, ","), err)
	// Output:
	// a,b,list,c <nil>
}
