package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"text/template"
)

// shellNotYet are the games whose page is not the shell, each with why.
var shellNotYet = map[string]string{
	"sonar": "Captain Sonar's page draws a crew's tabs and panels around its own waiting room (static/sonar.html), not the intro, lobby and play sections of the shell",
}

// TestGamePagesAreTheShell: a game's page, static/P.html, is the one shell
// static/shell.tmpl filled in from its Definition (its Title, its page's
// base name P for the styles, the modules and the body's class) and its
// own play area, the lines inside <section id="play">, the one part each
// game writes. With PERISCOPE_WRITE_SHELLS=1 it writes the pages from the
// shell instead (keeping each play area): a change to the shell is made
// once, in static/shell.tmpl.
func TestGamePagesAreTheShell(t *testing.T) {
	shell := template.Must(template.ParseFiles("static/shell.tmpl"))
	const open, end = "  <section id=\"play\" class=\"hidden\">\n", "  </section>\n</main>"
	write := os.Getenv("PERISCOPE_WRITE_SHELLS") == "1"
	for _, def := range catalogue() {
		path := filepath.Join("static", pageBase(def)+".html")
		page, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v", def.Title, err)
			continue
		}
		if why, ok := shellNotYet[def.Name]; ok {
			if bytes.Contains(page, []byte(open)) {
				t.Errorf("%s now has the shell's play section: drop its line from shellNotYet", path)
			}
			t.Logf("not yet: %s: %s", path, why)
			continue
		}
		i := bytes.Index(page, []byte(open))
		j := bytes.LastIndex(page, []byte(end))
		if i < 0 || j < i {
			t.Errorf("%s has no play area (%q ... %q), the part of the shell a game writes", path, strings.TrimSpace(open), strings.TrimSpace(end))
			continue
		}
		var want bytes.Buffer
		err = shell.Execute(&want, map[string]string{"Title": def.Title, "P": pageBase(def), "Play": string(page[i+len(open) : j])})
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(page, want.Bytes()) {
			continue
		}
		if write {
			if err := os.WriteFile(path, want.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s from static/shell.tmpl", path)
			continue
		}
		got, exp := strings.Split(string(page), "\n"), strings.Split(want.String(), "\n")
		for k := 0; k < len(got) || k < len(exp); k++ {
			var g, e string
			if k < len(got) {
				g = got[k]
			}
			if k < len(exp) {
				e = exp[k]
			}
			if g != e {
				t.Errorf("%s differs from static/shell.tmpl at line %d: %q, the shell says %q (PERISCOPE_WRITE_SHELLS=1 go test -run TestGamePagesAreTheShell . rewrites it)", path, k+1, g, e)
				break
			}
		}
	}
	for name := range shellNotYet {
		found := false
		for _, def := range catalogue() {
			found = found || def.Name == name
		}
		if !found {
			t.Errorf("shellNotYet lists %q, which is no game of the catalogue", name)
		}
	}
}
