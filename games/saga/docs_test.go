package saga

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every rule code the engine refuses with is documented in
// docs/games/saga.md, so a page author can rely on the list.
func TestRuleCodesDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "games", "saga.md"))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("*.go")
	code := regexp.MustCompile(`games\.Refuse\("([a-z_]+)"`)
	seen := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range code.FindAllStringSubmatch(string(src), -1) {
			seen++
			if !strings.Contains(string(doc), "`"+m[1]+"`") {
				t.Errorf("rule code %s (%s) is not in docs/games/saga.md", m[1], f)
			}
		}
	}
	if seen < 30 {
		t.Fatalf("found only %d refusals in the source", seen)
	}
}
