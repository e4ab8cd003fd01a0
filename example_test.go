package jet_test

import (
	"errors"
	"fmt"

	"github.com/jetjson/jet"
)

func ExampleUnmarshal() {
	var v struct {
		Name string   `json:"name"`
		Tags []string `json:"tags"`
	}
	err := jet.Unmarshal([]byte(`{"name":"jet","tags":["fast","json"]}`), &v)
	fmt.Println(v.Name, v.Tags, err)
	// Output: jet [fast json] <nil>
}

func ExampleMarshal() {
	out, err := jet.Marshal(map[string]any{"a": []any{1, "x", nil}})
	fmt.Println(string(out), err)
	// Output: {"a":[1,"x",null]} <nil>
}

func ExampleSyntaxError() {
	var v any
	err := jet.Unmarshal([]byte(`{"a": [1, 2,, 3]}`), &v)
	var se *jet.SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Offset, se.Msg)
		fmt.Print(se.Description())
	}
	// Output:
	// 13 invalid character ',' looking for beginning of value
	// syntax error at offset 13: invalid character ',' looking for beginning of value
	//
	// 	{"a": [1, 2,, 3]}
	// 	............^
}

func ExampleMismatchTypeError() {
	var v struct{ N int }
	err := jet.Unmarshal([]byte(`{"N": "seven"}`), &v)
	fmt.Println(err)
	// Output: json: cannot unmarshal string into Go struct field .N of type int (at offset 13)
}

func ExampleConfigStd() {
	out, _ := jet.ConfigStd.Marshal(map[string]string{"b": "<&>", "a": ""})
	fmt.Println(string(out))
	// Output: {"a":"","b":"\u003c\u0026\u003e"}
}

func ExampleDescribe() {
	data := []byte("{\n  \"a\": [1,\n   x]\n}")
	var v any
	err := jet.ConfigStd.Unmarshal(data, &v)
	fmt.Printf("%T\n", err)
	fmt.Print(jet.Describe(err, data))
	// Output:
	// *json.SyntaxError
	// syntax error at offset 17, line 3, column 4: invalid character 'x' looking for beginning of value
	//
	// 	   x]
	// 	...^
}
