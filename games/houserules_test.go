package games

import (
	"encoding/json"
	"testing"
)

func TestHouseRulesInForceFollowsTheRoomsOptions(t *testing.T) {
	def := Definition{
		Options: []Option{{Key: "mines", Kind: OptionInt, Default: 12}, {Key: "strict", Kind: OptionBool, Default: false}},
		HouseRules: []HouseRule{
			{ID: "always", Text: "Always."},
			{ID: "limited", Text: "Mines run out.", Option: "mines", Values: []any{12, 8}},
			{ID: "strict", Text: "Strict.", Option: "strict", Values: []any{true}},
		},
	}
	ids := func(opts string) (out []string) {
		for _, r := range HouseRulesInForce(def, json.RawMessage(opts)) {
			out = append(out, r.ID)
		}
		return out
	}
	for _, c := range []struct {
		opts string
		want string
	}{
		{``, "[always limited]"},
		{`{"mines":0}`, "[always]"},
		{`{"mines":8,"strict":true}`, "[always limited strict]"},
	} {
		if fmtIDs(ids(c.opts)) != c.want {
			t.Errorf("options %s: in force %v, want %s", c.opts, ids(c.opts), c.want)
		}
	}
	block := HouseRulesBlock("g", def.HouseRules)
	want := "<!-- house-rules:g -->\n- Always. (`always`)\n- Mines run out. (`limited`; only with option `mines` = 12 or 8)\n- Strict. (`strict`; only with option `strict` = true)\n<!-- /house-rules:g -->\n"
	if block != want {
		t.Errorf("block:\n%s\nwant:\n%s", block, want)
	}
}

func fmtIDs(ids []string) string {
	s := "["
	for i, id := range ids {
		if i > 0 {
			s += " "
		}
		s += id
	}
	return s + "]"
}

func TestCheckBotLevelNamesTheThreeStrengths(t *testing.T) {
	for _, l := range BotLevels {
		if err := CheckBotLevel(l); err != nil {
			t.Errorf("%s refused: %v", l, err)
		}
	}
	err := CheckBotLevel("grandmaster")
	if err == nil || err.Error() != `options: bot_level is learner, crew or veteran, not "grandmaster"` {
		t.Errorf("grandmaster: %v", err)
	}
}
