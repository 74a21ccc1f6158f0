package sonar

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestEveryRuleCodeIsDocumented keeps docs/games/sonar.md's list of
// Captain Sonar rule codes in step with errors.go: every code is listed,
// and no two rules share one.
func TestEveryRuleCodeIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/games/sonar.md")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(doc), "## Rule codes")
	if i < 0 {
		t.Fatal("docs/games/sonar.md has no Rule codes section")
	}
	section := string(doc[i:])
	f, err := parser.ParseFile(token.NewFileSet(), "errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Values) != 1 {
			return true
		}
		lit, ok := vs.Values[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || !strings.HasPrefix(vs.Names[0].Name, "Code") {
			return true
		}
		code, _ := strconv.Unquote(lit.Value)
		if other, dup := seen[code]; dup {
			t.Errorf("%s and %s share the code %q", other, vs.Names[0].Name, code)
		}
		seen[code] = vs.Names[0].Name
		if !strings.Contains(section, "| `"+code+"` |") {
			t.Errorf("rule code %q (%s) is not in docs/games/sonar.md", code, vs.Names[0].Name)
		}
		return true
	})
	if len(seen) < 60 {
		t.Fatalf("found %d codes in errors.go", len(seen))
	}
}
