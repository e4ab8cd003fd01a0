package wire

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestMessagesWrittenOnce checks that the syntax error messages of the
// table in messages.go are written there only: no other non-test file of
// the module holds one as a string literal.
func TestMessagesWrittenOnce(t *testing.T) {
	msgs := map[string]bool{}
	for _, m := range []string{
		CtxBeginValue, CtxBeginKey, CtxAfterKey, CtxAfterPair, CtxAfterElement, CtxAfterTop,
		CtxInString, CtxInEscape, CtxInHexEscape, CtxInNumber, CtxAfterPoint, CtxInExponent,
		CtxMaxDepth, MsgUnexpectedEOF, MsgInvalidUTF8, MsgTokenComma, MsgTokenColon,
		WhereStartValue, WhereAfterName, WhereAfterValue, WhereAfterElement, WhereAfterElement2,
		WhereStartString, WhereInString, WhereAfterString, WhereInNumber,
	} {
		msgs[m] = true
	}
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "bench" || name == "testdata" || strings.HasPrefix(name, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Base(path) == "messages.go" && filepath.Base(filepath.Dir(path)) == "wire" {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && msgs[s] {
					t.Errorf("%s: the message %q is written here as well as in internal/wire/messages.go", fset.Position(lit.Pos()), s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
