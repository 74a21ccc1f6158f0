package battles

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"periscope/games"
	"periscope/games/gamestest"
)

// Every rule code the engine refuses with is documented in
// docs/games/battles.md, so a page author can rely on the list.
func TestRuleCodesDocumented(t *testing.T) {
	gamestest.DocumentsRuleCodes(t, ".", 60, filepath.Join("..", "..", "docs", "games", "battles.md"))
}

// docs/rules-decisions.md lists exactly the house rules of the definition,
// in the block games.HouseRulesBlock prints, so the doc, the data and the
// page's "House rules at this table" say the same.
func TestHouseRulesDoc(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules-decisions.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := games.HouseRulesBlock(Definition.Name, Definition.HouseRules)
	start := strings.Index(string(doc), "<!-- house-rules:battles -->")
	end := strings.Index(string(doc), "<!-- /house-rules:battles -->")
	if start < 0 || end < start {
		t.Fatalf("docs/rules-decisions.md has no house-rules block for battles; want:\n%s", want)
	}
	if got := string(doc[start:end]) + "<!-- /house-rules:battles -->\n"; got != want {
		t.Fatalf("docs/rules-decisions.md's battles block differs from Definition.HouseRules; want:\n%s\ngot:\n%s", want, got)
	}
	for _, r := range Definition.HouseRules {
		if strings.Contains(r.Text, "_") || strings.Contains(r.Text, "`") {
			t.Errorf("house rule %s reads like a code: %q", r.ID, r.Text)
		}
	}
}

// The house rules in force follow the room's options: the rulebook's
// readings by default, ours when the host picks them.
func TestHouseRulesInForce(t *testing.T) {
	ids := func(opts string) []string {
		var out []string
		for _, r := range games.HouseRulesInForce(Definition, json.RawMessage(opts)) {
			out = append(out, r.ID)
		}
		return out
	}
	def := ids(`{}`)
	if slices.Contains(def, "stack_height") || slices.Contains(def, "pass_token_aside") || !slices.Contains(def, "command_once") {
		t.Fatalf("by default: %v", def)
	}
	house := ids(`{"hidden_stacks":"height","pass_token":"aside"}`)
	if !slices.Contains(house, "stack_height") || !slices.Contains(house, "pass_token_aside") {
		t.Fatalf("with the house readings: %v", house)
	}
}
