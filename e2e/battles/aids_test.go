package battles_test

import (
	"fmt"
	"testing"
	"time"

	"periscope/e2e/phone"
	"periscope/games/battles"
)

// TestPrimerRulesAndBuzz: on a 360 and a 390 px phone, the seat's
// one-screen primer (with its picture of a battlefield) before the start,
// the rules card one tap away during play, the banner and buzz when the
// army is owed and again when a unit is to be placed, and the full-width
// banner with the controls paused when the server goes away.
func TestPrimerRulesAndBuzz(t *testing.T) {
	phone.CheckAids(t, phone.AidsSpec{
		Game:       "battles",
		Definition: battles.Definition,
		Phones:     []phone.Options{onPhone, {Device: phone.IPhone13, Calm: true, Console: true}},
		Limit:      90 * time.Second,
		Screens:    screens,
		Opened:     []string{"#create", "[data-primer=battles] .pic .bt-grid"},
		Primer:     "#lobby [data-primer=battles]",
		Picture:    ".pic .bt-grid",
		PrimerShot: "#lobby [data-primer=battles] figure",
		// The picture is drawn from the Confederacy's half, the seat's own
		// army: its Sharpshooters (the Union has Marksmen) behind.
		PrimerSays: []string{"You lead the Confederacy", "Sharpshooters"},
		Live:       "[data-primer] [data-unit], [data-primer] #battlefield",
		LiveWhat:   "battlefield",
		Gone:       "[data-primer], details#rules",
		First: phone.Duty{
			Wait:     `body[data-phase="army_building"]`,
			Banner:   "BUILD YOUR ARMY",
			When:     "with the army to build",
			Buzz:     "for its army",
			Label:    "building",
			Contrast: true,
			Shot:     "duty",
		},
		RulesSay: []string{"Goal", "half the enemy army's DP", "Formation", "Order tokens + 1", "Charge from the Front", "Shoot", "Wound token", "House rules", "HOUSE", "Every trait effect", "Symbols and abbreviations", "Deployment Points", "Formation 3", "a Wound point of a troop", "Order tokens on a unit", "one more troop under it"},
		RulesMore: func(p *phone.Phone) string {
			var traits int
			p.Eval(`document.querySelectorAll("dialog#rules [data-rules=house] b").length`, &traits)
			if traits < 5 {
				return fmt.Sprintf("the rules card names %d traits, want the armies' traits", traits)
			}
			return ""
		},
		// The army in one tap; then a unit to place is a new duty.
		Second: phone.Duty{
			Reach: func(p *phone.Phone) {
				p.MustTap(`[data-preset="rulebook_50"]`)
				p.MustTap("#confirm")
			},
			Buzz:    "when a unit was to be placed",
			Banner:  "place a unit",
			When:    "with a unit to place",
			Label:   "deployment",
			Targets: true,
			Top:     true,
			Shot:    "deploy",
		},
	})
}
