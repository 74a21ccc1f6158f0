package saga_test

import (
	"encoding/json"
	"fmt"
	"os"
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
		RulesSay: []string{"Goal", "Move a unit", "Summon", "Water", "1–3 drowns", "Re-rolls", "ties cancel", "House content", "our own design", "Symbols on the map", "OFF ▲", "DEF ■"},
		// Every letter the map draws (terrain, units' tags) is spelt
		// out in the rules card's symbols, one tap away.
		RulesMore: func(p *phone.Phone) string {
			var missing []string
			p.Eval(`(() => {
  const said = new Set([...document.querySelectorAll("dialog#rules #symbols dt")].map((d) => d.textContent.trim()));
  const drawn = [...document.querySelectorAll("#map text.tletter, #map text.tag")].map((t) => t.textContent.trim()).filter(Boolean);
  return [...new Set(drawn)].filter((x) => !said.has(x));
})()`, &missing)
			// And every terrain of the bag, drawn yet or not.
			for _, t := range terrains(p.T) {
				var said bool
				p.Eval(fmt.Sprintf(`[...document.querySelectorAll("dialog#rules #symbols dt")].some((d) => d.textContent.trim() === %q && d.nextElementSibling.textContent.startsWith(%q))`, t.Letter, t.Name), &said)
				if !said {
					missing = append(missing, t.Letter+" ("+t.Name+")")
				}
			}
			if len(missing) > 0 {
				return fmt.Sprintf("the rules card's symbols do not spell out %v (drawn on the map, or in the terrain bag)", missing)
			}
			return ""
		},
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

// terrains are the terrain letters and names of the saga's bag (its data).
func terrains(t *testing.T) []struct{ Letter, Name string } {
	t.Helper()
	b, err := os.ReadFile("../../games/saga/data/terrain.json")
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Terrain []struct{ Letter, Name string }
	}
	if err := json.Unmarshal(b, &d); err != nil || len(d.Terrain) == 0 {
		t.Fatalf("terrain.json: %v", err)
	}
	return d.Terrain
}
