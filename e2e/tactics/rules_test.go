package tactics_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/gridtactics"
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
