package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"periscope/games"
)

// gameParts are the parts every game of the catalogue provides, as
// docs/adding-a-game.md lists them, found from its Definition alone: P is
// the page's base name ("/tactics.html": tactics), N the game's Name,
// pkg the package whose New the Definition holds.
var gameParts = []struct {
	id   string
	what string
	path func(def games.Definition, pkg string) string
}{
	{"doc", "the game's doc, docs/games/N.md", func(d games.Definition, _ string) string { return "docs/games/" + d.Name + ".md" }},
	{"page", "its page shell, static/P.html", func(d games.Definition, _ string) string { return "static/" + pageBase(d) + ".html" }},
	{"js", "its page modules, static/js/P/app.js and its neighbours", func(d games.Definition, _ string) string { return "static/js/" + pageBase(d) + "/app.js" }},
	{"css", "its styles, static/css/P.css", func(d games.Definition, _ string) string { return "static/css/" + pageBase(d) + ".css" }},
	{"e2e", "its browser tests, e2e/P/", func(d games.Definition, _ string) string { return "e2e/" + pageBase(d) }},
	{"pkgdoc", "its package's doc, doc.go", func(_ games.Definition, pkg string) string { return filepath.Join(pkg, "doc.go") }},
}

// notYet are the parts a game of the catalogue still lacks, each with why.
// The test fails once such a part exists, so its line goes with it.
var notYet = map[string]string{
	"sonar css":   "Captain Sonar's page is styled by the shared app.css and coach.css",
	"sonar e2e":   "Captain Sonar's browser tests are package e2e itself, the first ones",
	"sonar board": "the debrief draws both crews' views itself (static/js/history/match.js)",
}

// pageBase is the base name of def's page: "/tactics.html": "tactics".
func pageBase(def games.Definition) string {
	return strings.TrimSuffix(strings.TrimPrefix(def.Page, "/"), ".html")
}

// definitionPackage is the directory of the package whose function
// def.New is: "games/saga", "roles".
func definitionPackage(t *testing.T, def games.Definition) string {
	t.Helper()
	fn := runtime.FuncForPC(reflect.ValueOf(def.New).Pointer())
	if fn == nil {
		t.Fatalf("%s: New is no function", def.Name)
	}
	name := strings.TrimPrefix(fn.Name(), "periscope/") // periscope/games/saga.init.func1
	slash := strings.LastIndex(name, "/")
	dot := strings.Index(name[slash+1:], ".")
	if dot < 0 {
		t.Fatalf("%s: New is %s", def.Name, fn.Name())
	}
	return name[:slash+1+dot]
}

var (
	gameName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	heading2 = regexp.MustCompile(`(?m)^## (.+)$`)
)

// TestEveryGameHasEveryPart walks the catalogue (main.go's catalogue(),
// the one place that lists the games) and fails when a game lacks a part
// docs/adding-a-game.md lists: a Definition filled in, its page, modules,
// styles, browser tests, package doc, its doc with commands, views and
// rule codes and every option, its section in docs/rules-decisions.md and
// its board in the debrief.
func TestEveryGameHasEveryPart(t *testing.T) {
	decisions, err := os.ReadFile("docs/rules-decisions.md")
	if err != nil {
		t.Fatal(err)
	}
	boards, err := os.ReadFile("static/js/history/boards.js")
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	missing := func(t *testing.T, def games.Definition, part, what string) {
		t.Helper()
		key := def.Name + " " + part
		if why, ok := notYet[key]; ok {
			used[key] = true
			t.Logf("not yet: %s: %s", what, why)
			return
		}
		t.Errorf("%s has no %s (docs/adding-a-game.md)", def.Title, what)
	}
	for _, def := range catalogue() {
		t.Run(def.Name, func(t *testing.T) {
			// The Definition: what the lobby, the server and the debrief read.
			if !gameName.MatchString(def.Name) || def.Title == "" || def.Summary == "" || def.New == nil ||
				def.MinPlayers < 1 || def.MaxPlayers < def.MinPlayers || !strings.HasPrefix(def.Page, "/") || !strings.HasSuffix(def.Page, ".html") {
				t.Fatalf("Definition not filled in: name %q, title %q, summary %q, players %d-%d, page %q, New set %v",
					def.Name, def.Title, def.Summary, def.MinPlayers, def.MaxPlayers, def.Page, def.New != nil)
			}
			g, err := def.New(nil, 1)
			if err != nil {
				t.Fatalf("New with the defaults: %v", err)
			}
			// Its option list: the lobby's one form is drawn from it
			// (TestEveryGameOffersTheOptionsItTakes holds it to New).
			if len(def.Options) == 0 {
				t.Errorf("%s has no option list (Definition.Options), which the lobby's form is drawn from", def.Title)
			}
			if _, ok := g.(games.Botter); ok != def.Bots {
				t.Errorf("Bots is %v, but the game is a Botter: %v", def.Bots, ok)
			}
			if def.TablePage != "" {
				if _, err := os.Stat(filepath.Join("static", def.TablePage)); err != nil {
					t.Errorf("TablePage %s: %v", def.TablePage, err)
				}
			}
			pkg := definitionPackage(t, def)
			for _, p := range gameParts {
				path := p.path(def, pkg)
				_, err := os.Stat(path)
				if key := def.Name + " " + p.id; err == nil && notYet[key] != "" {
					t.Errorf("%s now has %s (%s): drop its line from notYet", def.Title, p.what, path)
				} else if err != nil {
					missing(t, def, p.id, p.what+" ("+path+")")
				}
			}
			// Its doc: the commands, the views, every rule code (each
			// game's own test holds the codes to its source) and option.
			doc, err := os.ReadFile("docs/games/" + def.Name + ".md")
			if err == nil {
				var sections []string
				for _, m := range heading2.FindAllStringSubmatch(string(doc), -1) {
					sections = append(sections, m[1])
				}
				for _, want := range []string{"Commands", "View", "Rule codes"} {
					found := false
					for _, s := range sections {
						found = found || strings.HasPrefix(s, want)
					}
					if !found {
						t.Errorf("docs/games/%s.md has no section %q (its sections: %v)", def.Name, want, sections)
					}
				}
				for _, o := range def.Options {
					if !strings.Contains(string(doc), "`"+o.Key+"`") {
						t.Errorf("docs/games/%s.md does not name the option `%s`", def.Name, o.Key)
					}
				}
			}
			// Its section in docs/rules-decisions.md, under its title.
			if !regexp.MustCompile(`(?m)^## ` + regexp.QuoteMeta(def.Title) + `\b`).Match(decisions) {
				t.Errorf("docs/rules-decisions.md has no section \"## %s\"", def.Title)
			}
			// Its board in the debrief: static/js/history/boards.js, keyed
			// by the game's name, loading the page's own module.
			if !regexp.MustCompile(`(?m)^  ` + def.Name + `: \{\n    page: "` + regexp.QuoteMeta(pageBase(def)) + `",`).Match(boards) {
				missing(t, def, "board", "board in the debrief (an entry in static/js/history/boards.js)")
			} else if notYet[def.Name+" board"] != "" {
				t.Errorf("%s now has its board in static/js/history/boards.js: drop its line from notYet", def.Title)
			}
		})
	}
	for key := range notYet {
		if !used[key] && !t.Failed() {
			t.Errorf("notYet lists %q, which no game of the catalogue lacks", key)
		}
	}
}

// TestNoRuntimeCodeNamesAGame: the runtime, the store, the debrief and the
// server know games only through the contract and the catalogue: no name
// or title of a game in their code or comments (tests and test-support
// packages aside). main.go's catalogue is the one place that lists them.
func TestNoRuntimeCodeNamesAGame(t *testing.T) {
	var words []string
	for _, def := range catalogue() {
		words = append(words, regexp.QuoteMeta(def.Name), regexp.QuoteMeta(def.Title))
	}
	named := regexp.MustCompile(`(?i)\b(` + strings.Join(words, "|") + `)\b`)
	n := 0
	for _, dir := range []string{"rooms", "server", "db", "debrief"} {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && strings.HasSuffix(d.Name(), "test") || d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir // test support: it plays real games
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			n++
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(b), "\n") {
				if m := named.FindString(line); m != "" {
					t.Errorf("%s:%d names the game %q: %s", path, i+1, m, strings.TrimSpace(line))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 40 {
		t.Fatalf("read only %d files", n)
	}
}
