package gridtactics

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"periscope/games"
	"periscope/games/gamestest"
)

// Every rule code the package refuses with, the position codes it refuses
// through impossible included, is documented: a command's in
// docs/games/gridtactics.md (TestEveryRuleCodeIsTested holds them to that
// page), a position's in docs/positions.md.
func TestRuleCodesDocumented(t *testing.T) {
	gamestest.DocumentsRuleCodes(t, ".", 36,
		filepath.Join("..", "..", "docs", "games", "gridtactics.md"),
		filepath.Join("..", "..", "docs", "positions.md"))
}

// The house rules of the catalogue (the page's list) and the block in
// docs/rules-decisions.md are the same, word for word; every rule tied to
// an option names one the catalogue offers.
func TestHouseRulesDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules-decisions.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := games.HouseRulesBlock(Definition.Name, Definition.HouseRules)
	if !strings.Contains(string(doc), block) {
		t.Errorf("docs/rules-decisions.md does not hold the house rules as the game has them; its Pocket Tactics section should contain:\n%s", block)
	}
	ids := map[string]bool{}
	for _, r := range Definition.HouseRules {
		if ids[r.ID] || !snake.MatchString(r.ID) || r.Text == "" || strings.Contains(r.Text, "_") {
			t.Errorf("house rule %+v: want a new snake_case id and words, no codes", r)
		}
		ids[r.ID] = true
		if r.Option == "" {
			continue
		}
		found := false
		for _, o := range Definition.Options {
			found = found || o.Key == r.Option
		}
		if !found || len(r.Values) == 0 {
			t.Errorf("house rule %s depends on option %q, which the catalogue does not offer", r.ID, r.Option)
		}
	}
	// The default room plays the rulebook's tank; the option brings ours.
	inForce := func(opts string) bool {
		for _, r := range games.HouseRulesInForce(Definition, []byte(opts)) {
			if r.ID == "tank_attack_in_place" {
				return true
			}
		}
		return false
	}
	if inForce(`{}`) || !inForce(`{"tank_attack_in_place":true}`) {
		t.Error("the tank house rule is in force in the wrong rooms")
	}
}
