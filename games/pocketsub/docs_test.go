package pocketsub

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"periscope/games"
	"periscope/games/gamestest"
)

// Every rule code the engine refuses with is documented in
// docs/games/pocketsub.md, so a page author can rely on the list.
func TestRuleCodesDocumented(t *testing.T) {
	gamestest.DocumentsRuleCodes(t, ".", 35, filepath.Join("..", "..", "docs", "games", "pocketsub.md"))
}

// docs/rules-decisions.md lists exactly Definition.HouseRules, in the
// block games.HouseRulesBlock prints, so the doc, the lobby and the rules
// card say the same.
func TestHouseRulesDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules-decisions.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := games.HouseRulesBlock(Definition.Name, Definition.HouseRules)
	start := strings.Index(string(doc), "<!-- house-rules:pocketsub -->")
	end := strings.Index(string(doc), "<!-- /house-rules:pocketsub -->")
	if start < 0 || end < start {
		t.Fatalf("docs/rules-decisions.md has no house-rules:pocketsub block; it should hold:\n%s", want)
	}
	got := string(doc[start:end]) + "<!-- /house-rules:pocketsub -->\n"
	if got != want && *gamestest.Update {
		// go test -run TestHouseRulesDocumented -update rewrites the block.
		doc = []byte(strings.Replace(string(doc), got, want, 1))
		if err := os.WriteFile(filepath.Join("..", "..", "docs", "rules-decisions.md"), doc, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != want {
		t.Fatalf("docs/rules-decisions.md's house rules block:\n%s\nDefinition.HouseRules says (go test -run TestHouseRulesDocumented -update rewrites it):\n%s", got, want)
	}
}

// Every house rule is plain words for players (no rule codes, no region
// names), and each one tied to an option names an option the lobby offers
// with a value it offers.
func TestHouseRulesAreWords(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range Definition.HouseRules {
		if ids[r.ID] {
			t.Errorf("house rule %s twice", r.ID)
		}
		ids[r.ID] = true
		if strings.ContainsAny(r.Text, "_`{}") || regionName.MatchString(r.Text) {
			t.Errorf("house rule %s is not plain words: %q", r.ID, r.Text)
		}
		if r.Option == "" {
			continue
		}
		var opt *games.Option
		for i := range Definition.Options {
			if Definition.Options[i].Key == r.Option {
				opt = &Definition.Options[i]
			}
		}
		if opt == nil {
			t.Errorf("house rule %s depends on option %q, which the lobby does not offer", r.ID, r.Option)
			continue
		}
		for _, v := range r.Values {
			ok := opt.Kind == games.OptionBool
			for _, c := range opt.Choices {
				ok = ok || c.Value == v
			}
			if !ok {
				t.Errorf("house rule %s: option %s has no value %v", r.ID, r.Option, v)
			}
		}
	}
}

var regionName = regexp.MustCompile(`\b[A-H][0-6]\b`)

// The rules in force follow the room's options: the box's Mines and the
// introductory layout by default, the house readings only when chosen.
func TestHouseRulesInForce(t *testing.T) {
	ids := func(opts string) string {
		var out []string
		for _, r := range games.HouseRulesInForce(Definition, json.RawMessage(opts)) {
			out = append(out, r.ID)
		}
		return strings.Join(out, " ")
	}
	if got := ids(`{}`); got != "tiles intro_layouts mine_supply quiet_rounds stuck_lays_mine" {
		t.Errorf("by default: %s", got)
	}
	if got := ids(`{"setup":"standard","mine_supply":"unlimited","strong_current":"forces","shelter":"encounters","captain":true}`); got != "tiles mines_unlimited quiet_rounds stuck_lays_mine current_forces shelter_encounters whirlpool_spin tokens_declared" {
		t.Errorf("with the house readings: %s", got)
	}
}
