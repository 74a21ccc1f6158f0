package static_test

import (
	"io/fs"
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
	for _, page := range []string{"index.html", "sonar.html", "table.html", "tactics.html", "pocketsub.html", "saga.html", "battles.html"} {
		t.Run(page, func(t *testing.T) {
			b, err := fs.ReadFile(static.FS, page)
			if err != nil {
				t.Fatal(err)
			}
			refs := htmlRef.FindAllStringSubmatch(string(b), -1)
			if len(refs) < 3 {
				t.Fatalf("%s links only %d files", page, len(refs))
			}
			for _, m := range refs {
				if m[1] == "/" {
					continue // the lobby: index.html, served for /
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
