package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goFileName is a Go file a package doc names: "reclaim.go".
var goFileName = regexp.MustCompile(`\b([a-z0-9_]+\.go)\b`)

// TestEveryPackageHasItsDoc: every package of the repository has a package
// doc (go doc's first sentence for a reader who meets it in a list), and
// every file of its own that a doc names exists (a file renamed or split
// leaves no reader looking for it).
func TestEveryPackageHasItsDoc(t *testing.T) {
	for name, p := range projectPackages(t) {
		files := append(append(append([]string{}, p.GoFiles...), p.TestGoFiles...), p.XTestGoFiles...)
		var doc strings.Builder
		for _, f := range files {
			parsed, err := parser.ParseFile(token.NewFileSet(), filepath.Join(p.Dir, f), nil, parser.PackageClauseOnly|parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			if parsed.Doc != nil {
				doc.WriteString(parsed.Doc.Text())
			}
		}
		text := doc.String()
		if len(strings.Fields(text)) < 5 {
			t.Errorf("package %s has no package doc (a doc.go whose comment says what it is for)", name)
			continue
		}
		for _, m := range goFileName.FindAllStringSubmatch(text, -1) {
			if strings.Contains(m[1], "/") {
				continue
			}
			if _, err := os.Stat(filepath.Join(p.Dir, m[1])); err != nil && !strings.Contains(text, "/"+m[1]) {
				t.Errorf("package %s's doc names %s, which is not a file of the package", name, m[1])
			}
		}
	}
}
