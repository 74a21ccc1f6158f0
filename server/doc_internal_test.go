package server

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"periscope/db"
	"periscope/rooms"
)

// allMethods are the methods Fiber registers for a route added with All.
var allMethods = []string{"GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"}

// docRoute is a route line of the package doc: "//	GET  /api/games  ...".
var docRoute = regexp.MustCompile(`^//\t(GET|POST|PUT|PATCH|DELETE|ANY)\s+(/\S*)`)

// TestEveryRouteHasItsDocLine: the route list in doc.go is the server's
// own, with every handler a person can reach (the history's too, and the
// static pages' special routes): a route added without its doc line, or a
// doc line left behind by a route removed, fails here. "ANY" is a route
// every method reaches; "GET /*" the static files' middleware.
func TestEveryRouteHasItsDocLine(t *testing.T) {
	hub, err := rooms.NewHub(rooms.Config{Store: rooms.NewMemoryStore()})
	if err != nil {
		t.Fatal(err)
	}
	defer hub.Close()
	store, err := db.Open(filepath.Join(t.TempDir(), "routes.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	s := New(Config{Hub: hub, History: store, Static: fstest.MapFS{"index.html": {Data: []byte("lobby")}}})

	byPath := map[string][]string{}
	for _, r := range s.app.GetRoutes(true) {
		if !slices.Contains(byPath[r.Path], r.Method) {
			byPath[r.Path] = append(byPath[r.Path], r.Method)
		}
	}
	served := map[string]bool{}
	for path, methods := range byPath {
		if len(methods) == len(allMethods) {
			served["ANY "+path] = true
			continue
		}
		for _, m := range methods {
			if m != "HEAD" { // Fiber answers HEAD for every GET
				served[m+" "+path] = true
			}
		}
	}

	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, line := range strings.Split(string(src), "\n") {
		if m := docRoute.FindStringSubmatch(line); m != nil {
			path, _, _ := strings.Cut(m[2], "?")
			documented[m[1]+" "+path] = true
		}
	}
	if len(served) < 20 {
		t.Fatalf("the app serves %d routes: %v", len(served), served)
	}
	for r := range served {
		if !documented[r] {
			t.Errorf("route %s has no line in doc.go's route list", r)
		}
	}
	for r := range documented {
		if !served[r] && r != "GET /*" {
			t.Errorf("doc.go lists %s, which the server does not serve", r)
		}
	}
}
