package gamestest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// RuleCodes are the rule codes the package in dir refuses with, each with
// where it is first refused (file:line), read from the package's non-test
// Go files: the first argument of every games.Refuse call, followed
// through the package's own wrappers (a function that passes one of its
// parameters on as the code, like refuse(rule, format, args...)) and
// through a variable the refusing function sets to string literals or
// switches on. A code it cannot follow fails the test, so a new way of
// naming a code is seen rather than skipped.
func RuleCodes(t testing.TB, dir string) map[string]string {
	t.Helper()
	codes, err := ruleCodes(dir)
	if err != nil {
		t.Fatal(err)
	}
	return codes
}

// DocumentsRuleCodes fails the test for every rule code of the package in
// dir (RuleCodes) that none of the documents docs names in backquotes, and
// when the package has fewer than atLeast codes (the scan has gone blind).
func DocumentsRuleCodes(t testing.TB, dir string, atLeast int, docs ...string) {
	t.Helper()
	var text []string
	for _, d := range docs {
		b, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		text = append(text, string(b))
	}
	codes := RuleCodes(t, dir)
	if len(codes) < atLeast {
		t.Fatalf("found only %d rule codes in the source", len(codes))
	}
	names := make([]string, 0, len(codes))
	for c := range codes {
		names = append(names, c)
	}
	sort.Strings(names)
	for _, c := range names {
		if !slices.ContainsFunc(text, func(doc string) bool { return strings.Contains(doc, "`"+c+"`") }) {
			t.Errorf("rule code %s (%s) is not in %s", c, codes[c], docNames(docs))
		}
	}
}

// docNames names the documents from the repository's root, as a reader
// finds them: "docs/games/saga.md".
func docNames(docs []string) string {
	out := make([]string, len(docs))
	for i, d := range docs {
		out[i] = strings.TrimLeft(filepath.ToSlash(d), "./")
	}
	return strings.Join(out, " or ")
}

var snakeCase = regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)

func ruleCodes(dir string) (map[string]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var funcs []*ast.FuncDecl
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			return nil, err
		}
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				funcs = append(funcs, fd)
			}
		}
	}
	if len(funcs) == 0 {
		return nil, fmt.Errorf("no Go functions in %s", dir)
	}

	// wrappers: the package's functions that pass a parameter on as the
	// code, by name, with that parameter's index.
	wrappers := map[string]int{}
	codeArg := func(call *ast.CallExpr) (ast.Expr, bool) {
		var i int
		switch fn := call.Fun.(type) {
		case *ast.SelectorExpr:
			if x, ok := fn.X.(*ast.Ident); ok && x.Name == "games" {
				if fn.Sel.Name != "Refuse" {
					return nil, false
				}
				i = 0
			} else if j, ok := wrappers[fn.Sel.Name]; ok {
				i = j
			} else {
				return nil, false
			}
		case *ast.Ident:
			j, ok := wrappers[fn.Name]
			if !ok {
				return nil, false
			}
			i = j
		default:
			return nil, false
		}
		if i >= len(call.Args) {
			return nil, false
		}
		return call.Args[i], true
	}

	codes := map[string]string{}
	var errs []string
	for pass := 0; ; pass++ {
		grew := false
		clear(codes)
		errs = errs[:0]
		for _, fd := range funcs {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				arg, ok := codeArg(call)
				if !ok {
					return true
				}
				at := fset.Position(call.Pos())
				where := fmt.Sprintf("%s:%d", filepath.Base(at.Filename), at.Line)
				var found []string
				switch a := arg.(type) {
				case *ast.BasicLit:
					if s, ok := stringLit(a); ok {
						found = []string{s}
					}
				case *ast.Ident:
					found = literalsOf(fd, a.Name)
					if len(found) == 0 {
						if p := paramIndex(fd, a.Name); p >= 0 {
							if _, known := wrappers[fd.Name.Name]; !known {
								wrappers[fd.Name.Name] = p
								grew = true
							}
							return true
						}
					}
				}
				if len(found) == 0 {
					errs = append(errs, fmt.Sprintf("%s: cannot tell the rule code of this refusal", where))
					return true
				}
				for _, c := range found {
					if !snakeCase.MatchString(c) {
						errs = append(errs, fmt.Sprintf("%s: rule code %q is not snake_case", where, c))
					}
					if _, seen := codes[c]; !seen {
						codes[c] = where
					}
				}
				return true
			})
		}
		if !grew {
			break
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return codes, nil
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// literalsOf are the string literals fd assigns to the variable name or
// compares it with in a switch on it.
func literalsOf(fd *ast.FuncDecl, name string) []string {
	var out []string
	add := func(e ast.Expr) {
		if s, ok := stringLit(e); ok {
			out = append(out, s)
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			if len(s.Lhs) != len(s.Rhs) {
				return true
			}
			for i, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name {
					add(s.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, id := range s.Names {
				if id.Name == name && i < len(s.Values) {
					add(s.Values[i])
				}
			}
		case *ast.SwitchStmt:
			if id, ok := s.Tag.(*ast.Ident); ok && id.Name == name {
				for _, c := range s.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						add(e)
					}
				}
			}
		}
		return true
	})
	return out
}

// paramIndex is the index of fd's parameter name, or -1.
func paramIndex(fd *ast.FuncDecl, name string) int {
	i := 0
	for _, f := range fd.Type.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if n.Name == name {
				return i
			}
			i++
		}
	}
	return -1
}
