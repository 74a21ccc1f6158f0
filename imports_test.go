package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// listedPackage is what the import rules read of `go list -json`.
type listedPackage struct {
	ImportPath                         string
	Dir                                string
	Imports                            []string
	GoFiles, TestGoFiles, XTestGoFiles []string
}

// projectPackages lists every package of the repository with its imports
// (not its tests'), once for the whole test binary.
func projectPackages(t *testing.T) map[string]listedPackage {
	t.Helper()
	listed.once.Do(func() { listed.pkgs, listed.err = goList() })
	if listed.err != nil {
		t.Fatal(listed.err)
	}
	return listed.pkgs
}

var listed struct {
	once sync.Once
	pkgs map[string]listedPackage
	err  error
}

func goList() (map[string]listedPackage, error) {
	out, err := exec.Command("go", "list", "-json", "./...").Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	pkgs := map[string]listedPackage{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		pkgs[short(p.ImportPath)] = p
	}
	return pkgs, nil
}

// short is an import path of the project without its module: "rooms";
// the root package is "periscope".
func short(path string) string {
	if path == "periscope" {
		return path
	}
	return strings.TrimPrefix(path, "periscope/")
}

// layers are docs/architecture.md's layering, bottom first: a package
// imports only packages of layers below its own, never beside or above it
// (as the standard library's go/build/deps_test.go pins its own). A new
// package must find its place here.
var layers = [][]string{
	// The rules and what needs nothing: the game contract, the charts,
	// the pages, the browser.
	{"games", "sonar/chart", "static", "e2e/chrome"},
	// The rules engines, each pure; the runtime knows games only through
	// the contract.
	{"sonar", "sonar/radio", "games/gridtactics", "games/pocketsub", "games/saga", "games/battles", "games/gamestest", "rooms"},
	// Captain Sonar as a room game; what stands on the runtime alone.
	{"roles", "debrief", "client", "rooms/roomstest"},
	// The store; the tools that play through the contract or the wire.
	{"db", "debrief/debrieftest", "cmd/balance", "cmd/loadgen/load"},
	{"server"},
	{"periscope", "server/servertest", "cmd/loadgen"},
	{"e2e/hostbot"},
	{"e2e/phone"},
	// Browser tests: test files only, they may import anything.
	{"e2e", "e2e/tactics", "e2e/pocketsub", "e2e/saga", "e2e/battles", "e2e/history", "e2e/seats"},
}

// pure are the rules packages: no clock of their own, no I/O, no global
// random source, nothing beyond the standard library.
var pure = []string{"games", "sonar/chart", "sonar", "sonar/radio", "games/gridtactics", "games/pocketsub", "games/saga", "games/battles", "roles"}

// impure are the standard packages a rules package may not import.
var impure = []string{"os", "os/exec", "os/signal", "net", "net/http", "database/sql", "syscall", "log", "log/slog", "crypto/rand", "math/rand", "io/fs", "path/filepath"}

// TestImportRules: no package imports one beside or above it, and the
// rules packages stay pure. An upward import (say, rooms importing db, or
// a game importing rooms) fails here, naming both.
func TestImportRules(t *testing.T) {
	layer := map[string]int{}
	for i, l := range layers {
		for _, p := range l {
			if _, dup := layer[p]; dup {
				t.Fatalf("%s is in two layers", p)
			}
			layer[p] = i
		}
	}
	pkgs := projectPackages(t)
	for name, p := range pkgs {
		own, ok := layer[name]
		if !ok {
			t.Errorf("package %s has no layer: place it in imports_test.go's layers and docs/architecture.md's table", name)
			continue
		}
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, "periscope/") {
				if slices.Contains(pure, name) && (slices.Contains(impure, imp) || strings.Contains(strings.Split(imp, "/")[0], ".")) {
					t.Errorf("%s, a rules package, imports %s", name, imp)
				}
				continue
			}
			if l := layer[short(imp)]; l >= own {
				t.Errorf("%s (layer %d) imports %s (layer %d): an import beside or above its own layer", name, own, short(imp), l)
			}
		}
	}
	for p := range layer {
		if _, ok := pkgs[p]; !ok {
			t.Errorf("imports_test.go places %s, which is no package", p)
		}
	}
}

var (
	archRow  = regexp.MustCompile("^\\| (`[^|]+) \\| .* \\| ([^|]+) \\|$")
	backtick = regexp.MustCompile("`([a-z0-9/]+)`")
)

// TestArchitectureTableIsTrue: docs/architecture.md's package table has a
// row for every package, and each row's "imports of the project" are the
// package's imports, no more and no fewer ("none"; "all of the above" for
// packages of test files only, the browser tests).
func TestArchitectureTableIsTrue(t *testing.T) {
	doc, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := projectPackages(t)
	seen := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		m := archRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var want []string
		for _, w := range backtick.FindAllStringSubmatch(m[2], -1) {
			want = append(want, w[1])
		}
		slices.Sort(want)
		for _, n := range backtick.FindAllStringSubmatch(m[1], -1) {
			name := n[1]
			p, ok := pkgs[name]
			if !ok {
				if !strings.HasPrefix(name, "static/") {
					t.Errorf("docs/architecture.md has a row for %s, which is no package", name)
				}
				continue
			}
			seen[name] = true
			var got []string
			for _, imp := range p.Imports {
				if strings.HasPrefix(imp, "periscope/") {
					got = append(got, short(imp))
				}
			}
			slices.Sort(got)
			if strings.TrimSpace(m[2]) == "all of the above" {
				if len(got) > 0 {
					t.Errorf("docs/architecture.md: %s imports \"all of the above\", but it is more than tests: it imports %v", name, got)
				}
				continue
			}
			if !slices.Equal(got, want) {
				t.Errorf("docs/architecture.md: %s imports %v, the table says %v", name, got, want)
			}
		}
	}
	for name := range pkgs {
		if !seen[name] {
			t.Errorf("docs/architecture.md's package table has no row for %s", name)
		}
	}
}

// goFileRef is a Go file docs/architecture.md names: `listen.go`,
// `rooms/metrics.go`.
var goFileRef = regexp.MustCompile("`([a-z0-9_/]+\\.go)`")

// TestArchitectureNamesFilesThatExist: every Go file docs/architecture.md
// names is a file of the repository (by its path, or by its name in some
// package), so a file renamed or split leaves no reader looking for it.
// The standard library's files it cites as models are not ours.
func TestArchitectureNamesFilesThatExist(t *testing.T) {
	doc, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := projectPackages(t)
	for _, m := range goFileRef.FindAllStringSubmatch(string(doc), -1) {
		name := m[1]
		if strings.HasPrefix(name, "go/") {
			continue // the standard library's
		}
		found := false
		if _, err := os.Stat(name); err == nil {
			found = true
		}
		for _, p := range pkgs {
			for _, f := range append(append(append([]string{}, p.GoFiles...), p.TestGoFiles...), p.XTestGoFiles...) {
				found = found || f == name
			}
		}
		if !found {
			t.Errorf("docs/architecture.md names %s, which is no file of the repository", name)
		}
	}
}
