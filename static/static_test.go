package static_test

import (
	"io/fs"
	"os"
	"path"
	"regexp"
	"strings"
	"testing"

	"periscope/static"
)

// Every page and module a phone asks for must be in the binary: a missing
// file would only show as a blank page at the table.
var (
	htmlRef   = regexp.MustCompile(`(?:src|href)="(/[^"#?]*)"`)
	importRef = regexp.MustCompile(`(?m)^\s*(?:import|export)\s[^;]*?from\s+"(\.{1,2}/[^"]+)"`)
)

func TestPagesReferenceOnlyEmbeddedFiles(t *testing.T) {
	pages, err := fs.Glob(static.FS, "*.html")
	if err != nil || len(pages) < 10 {
		t.Fatalf("pages %v: %v", pages, err)
	}
	for _, page := range pages {
		t.Run(page, func(t *testing.T) {
			b, err := fs.ReadFile(static.FS, page)
			if err != nil {
				t.Fatal(err)
			}
			refs := htmlRef.FindAllStringSubmatch(string(b), -1)
			if len(refs) < 2 {
				t.Fatalf("%s links only %d files", page, len(refs))
			}
			for _, m := range refs {
				if !strings.Contains(path.Base(m[1]), ".") {
					continue // a page the server routes: / (the lobby), /history
				}
				if _, err := fs.Stat(static.FS, strings.TrimPrefix(m[1], "/")); err != nil {
					t.Errorf("%s links %s, which is not embedded", page, m[1])
				}
			}
		})
	}
}

func TestModulesImportOnlyEmbeddedModules(t *testing.T) {
	n := 0
	err := fs.WalkDir(static.FS, "js", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
			return err
		}
		b, err := fs.ReadFile(static.FS, p)
		if err != nil {
			return err
		}
		for _, m := range importRef.FindAllStringSubmatch(string(b), -1) {
			n++
			dep := path.Join(path.Dir(p), m[1])
			if _, err := fs.Stat(static.FS, dep); err != nil {
				t.Errorf("%s imports %s, which is not embedded", p, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Fatalf("found only %d imports: the pattern no longer matches the modules", n)
	}
}

// docPage is a page line of the package doc: "//	index.html  lobby: ...".
var docPage = regexp.MustCompile(`^//\t([a-z0-9]+\.html)\s`)

// TestDocListsEveryPage: the page list in doc.go is the pages embedded, no
// more and no fewer: a page added without its line, or a line left behind
// by a page removed, fails here.
func TestDocListsEveryPage(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, line := range strings.Split(string(src), "\n") {
		if m := docPage.FindStringSubmatch(line); m != nil {
			documented[m[1]] = true
		}
	}
	pages, err := fs.Glob(static.FS, "*.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		if !documented[p] {
			t.Errorf("%s has no line in doc.go's page list", p)
		}
		delete(documented, p)
	}
	for p := range documented {
		t.Errorf("doc.go lists %s, which is not embedded", p)
	}
}
