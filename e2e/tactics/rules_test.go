package tactics_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games"
	"periscope/games/battles"
	"periscope/games/gridtactics"
	"periscope/games/pocketsub"
	"periscope/games/saga"
)

// TestRulesCardHouseRules: in a room with the time limit on, the rules
// card, one tap away during play, lists exactly the house rules in force
// for the room's options (games.HouseRulesInForce), in their words.
func TestRulesCardHouseRules(t *testing.T) {
	base := phone.Serve(t, gridtactics.Definition)
	p := phone.New(t, phone.Browser(t, time.Minute, onPhone.Device), screens(t), onPhone)
	p.Run("open the page", chromedp.Navigate(base+"/tactics.html"))
	p.Wait("#opt-time_limit")
	p.MustTap("#opt-time_limit")
	code := p.CreateRoom()
	p.TakeSeat("Ada")
	p.BotAndStart()
	p.MustTap("#rules-open")
	p.Wait("dialog#rules")
	if wrong := p.HouseRulesShown(base, code, gridtactics.Definition); wrong != "" {
		t.Error(wrong)
	}
	var shown bool
	p.Eval(`(() => { const e = document.querySelector("dialog#rules [data-house-rules]"); if (e) e.closest("section").scrollIntoView(); return !!e })()`, &shown)
	p.Screenshot("rules-house.png")
}

// TestHouseRulesTwin: the page's rulesInForce (static/js/houserules.js)
// puts in force, for every pocket game and each option at each of its
// values (and none set), exactly the rules games.HouseRulesInForce does:
// the rules card and the server never disagree on a room's house rules.
func TestHouseRulesTwin(t *testing.T) {
	base := phone.Serve(t, gridtactics.Definition)
	p := phone.New(t, phone.Browser(t, time.Minute, onPhone.Device), screens(t), onPhone)
	p.Run("open the page", chromedp.Navigate(base+"/tactics.html"))
	type tcase struct {
		Def     games.Definition `json:"def"`
		Options json.RawMessage  `json:"options"`
		Want    []string         `json:"-"`
	}
	var cases []tcase
	for _, def := range []games.Definition{gridtactics.Definition, pocketsub.Definition, saga.Definition, battles.Definition} {
		sets := []map[string]any{{}}
		for _, o := range def.Options {
			var values []any
			switch o.Kind {
			case games.OptionBool:
				values = []any{true, false}
			case games.OptionInt:
				values = []any{o.Min, o.Max, o.Default}
			default:
				for _, c := range o.Choices {
					values = append(values, c.Value)
				}
			}
			for _, v := range values {
				sets = append(sets, map[string]any{o.Key: v})
			}
		}
		for _, set := range sets {
			opts := games.MustJSON(set)
			var want []string
			for _, r := range games.HouseRulesInForce(def, opts) {
				want = append(want, r.ID)
			}
			cases = append(cases, tcase{def, opts, want})
		}
	}
	raw, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	var got [][]string
	p.Run("ask the page", chromedp.Evaluate(`(async (cases) => {
		const m = await import("/js/houserules.js");
		return cases.map((c) => m.rulesInForce(c.def, c.options).map((r) => r.id));
	})(`+string(raw)+`)`, &got, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if len(got) != len(cases) {
		t.Fatalf("the page answered %d cases of %d", len(got), len(cases))
	}
	for i, c := range cases {
		if !slices.Equal(got[i], c.Want) {
			t.Errorf("%s with options %s: the page puts in force %q, the server %q", c.Def.Name, c.Options, got[i], c.Want)
		}
	}
	t.Logf("%d option sets of the pocket games compared", len(cases))
}
