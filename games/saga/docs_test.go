package saga

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"periscope/games"
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

// docs/rules-decisions.md lists exactly the house rules the page shows:
// the block between the Saga markers is what games.HouseRulesBlock prints
// from Definition.HouseRules.
func TestHouseRulesDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules-decisions.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := games.HouseRulesBlock(Definition.Name, Definition.HouseRules)
	open := "<!-- house-rules:" + Definition.Name + " -->"
	closing := "<!-- /house-rules:" + Definition.Name + " -->\n"
	i, j := strings.Index(string(doc), open), strings.Index(string(doc), closing)
	if i < 0 || j < i {
		t.Fatalf("docs/rules-decisions.md has no %s block; put this in the Saga section:\n%s", open, want)
	}
	if got := string(doc[i : j+len(closing)]); got != want {
		t.Fatalf("docs/rules-decisions.md's Saga house rules differ from Definition.HouseRules:\n got:\n%s\nwant:\n%s", got, want)
	}
	if len(Definition.HouseRules) < 15 {
		t.Fatalf("only %d house rules", len(Definition.HouseRules))
	}
	for _, r := range Definition.HouseRules {
		if strings.Contains(r.Text, "`") || strings.Contains(r.Text, "_") {
			t.Errorf("house rule %s reads like code: %q", r.ID, r.Text)
		}
	}
}

// A room with automatic re-rolls has that house rule in force; a room with
// the defaults has every other one.
func TestHouseRulesInForce(t *testing.T) {
	ids := func(opts string) []string {
		var out []string
		for _, r := range games.HouseRulesInForce(Definition, json.RawMessage(opts)) {
			out = append(out, r.ID)
		}
		return out
	}
	def, auto := ids(``), ids(`{"rerolls":"auto"}`)
	if slices.Contains(def, "automatic_rerolls") || !slices.Contains(auto, "automatic_rerolls") {
		t.Fatalf("automatic re-rolls: in force by default %v, with rerolls auto %v", def, auto)
	}
	if len(auto) != len(Definition.HouseRules) || len(def) != len(auto)-1 {
		t.Fatalf("%d rules by default, %d with automatic re-rolls, of %d", len(def), len(auto), len(Definition.HouseRules))
	}
}
