package saga_test

import (
	"fmt"
	"testing"
	"time"

	"periscope/e2e/phone"
	"periscope/games/saga"
)

// TestPrimerRulesAndBuzz: on a 360 and a 390 px phone, the seat's
// one-screen primer (with its picture of the map) before the start, the
// rules card one tap away during play, the banner and buzz when the turn
// comes to this phone (and again on its next turn), and the full-width
// banner with the controls paused when the server goes away.
func TestPrimerRulesAndBuzz(t *testing.T) {
	phone.CheckAids(t, phone.AidsSpec{
		Game:       "saga",
		Definition: saga.Definition,
		Phones:     []phone.Options{onPhone, {Device: phone.IPhone13, Calm: true, Console: true}},
		Limit:      2 * time.Minute,
		Screens:    screens,
		Opened:     []string{"#create", "[data-primer=saga] .pic svg"},
		Primer:     "#lobby [data-primer=saga]",
		Picture:    ".pic svg",
		PrimerSays: []string{"You lead Raven"},
		Live:       "[data-primer] [data-at], [data-primer] #map, [data-primer] .hit",
		LiveWhat:   "map",
		Gone:       "[data-primer], #primer-box",
		First: phone.Duty{
			Wait:     `body[data-turn="mine"][data-busy="0"]`,
			Banner:   "YOUR TURN",
			When:     "on this phone's turn",
			Buzz:     "when its first turn came",
			Label:    "play",
			Contrast: true,
			Targets:  true,
			Top:      true,
			Shot:     "turn",
		},
		RulesSay: []string{"Goal", "Move a unit", "Summon", "Water", "1–3 drowns", "Re-rolls", "ties cancel", "House content", "our own design"},
		// This phone places its tile; the bot places one; the turn comes
		// back and buzzes again.
		Second: phone.Duty{
			Reach: func(p *phone.Phone) {
				p.MustTap(hex(attrOf(p, "#map .mark.place", "data-at")))
			},
			Buzz: "when its turn came back",
			Wait: `body[data-turn="mine"]`,
		},
		OfflineTop: true,
	})
}

// attrOf is an attribute of the first element matching sel.
func attrOf(p *phone.Phone, sel, attr string) string {
	p.T.Helper()
	p.Wait(sel)
	var v string
	p.Eval(fmt.Sprintf(`document.querySelector(%q).getAttribute(%q)`, sel, attr), &v)
	return v
}
