package pocketsub_test

import (
	"testing"
	"time"

	"periscope/e2e/phone"
	"periscope/games/pocketsub"
)

// TestPrimerRulesAndBuzz: on a 360 and a 390 px phone, the seat's
// one-screen primer (with its picture of the ocean) before the start, the
// rules card one tap away during play, the banner and buzz when the turn
// comes to this phone (and again on its next turn), and the full-width
// banner with the controls paused when the server goes away.
func TestPrimerRulesAndBuzz(t *testing.T) {
	phone.CheckAids(t, phone.AidsSpec{
		Game:       "pocketsub",
		Definition: pocketsub.Definition,
		Phones:     []phone.Options{onSmallPhone, onPhone},
		Limit:      2 * time.Minute,
		Screens:    screens,
		Opened:     []string{"#opt-players"},
		Primer:     "[data-primer=pocketsub]",
		Picture:    ".pic svg",
		PrimerSays: []string{"You command Red"},
		Live:       "[data-primer] [data-region], [data-primer] #board",
		LiveWhat:   "board",
		Gone:       "[data-primer], #primer",
		First: phone.Duty{
			Wait:     `body[data-phase="playing"][data-turn="mine"][data-busy="0"]`,
			Banner:   "YOUR TURN",
			When:     "on this phone's turn",
			Buzz:     "when its first turn came",
			Label:    "play",
			Contrast: true,
			Targets:  true,
			Shot:     "turn",
		},
		RulesSay: []string{"Goal", "exactly 3 points", "Rocky", "Running deep", "Hero Sub", "House rules", "introductory layouts", "Symbols on the ocean", "tile C space 4", "a Command Centre", "a Whirlpool", "loses the Sub"},
		// One move; the bot answers; the turn comes back and buzzes again.
		Second: phone.Duty{
			Reach: func(p *phone.Phone) {
				for moved := false; !moved; {
					var d decision
					p.Eval(decide, &d)
					if d.Done {
						p.T.Fatal("pocketsub: the match ended before this phone's second turn")
					}
					if d.Tap == "" {
						time.Sleep(20 * time.Millisecond)
						continue
					}
					moved = d.Tap == "#confirm"
					p.Tap(d.Tap)
				}
			},
			Buzz: "when its turn came back",
			Wait: `body[data-turn="mine"]`,
		},
	})
}
