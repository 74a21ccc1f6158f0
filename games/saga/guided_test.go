package saga

import (
	"encoding/json"
	"testing"

	"periscope/games"
)

// A guided match: the learner's seat plays only its view's suggestion, the
// other the room's (learner) bot. Every suggestion is a command the engine
// accepts, there is one whenever the seat is to act, none for a spectator
// or a seat that waits, and the match ends.
func TestGuidedSuggestionsAreAccepted(t *testing.T) {
	n := uint64(40)
	if testing.Short() {
		n = 8
	}
	for seed := range n {
		o, err := ParseOptions(json.RawMessage(`{"guided":true}`))
		if err != nil {
			t.Fatal(err)
		}
		learner := int(seed % 2)
		g := started(t, o, seed)
		suggested := 0
		for step := 0; g.Outcome() == nil; step++ {
			if step > 20000 {
				t.Fatalf("seed %d: the guided match did not end in 20000 commands", seed)
			}
			if v := g.View(games.Spectator).(View); v.Suggest != nil {
				t.Fatalf("seed %d: a spectator is suggested %s", seed, v.Suggest)
			}
			v := g.View(learner).(View)
			if v.Turn != learner {
				if v.Suggest != nil {
					t.Fatalf("seed %d: a suggestion %s while seat %d is to act", seed, v.Suggest, v.Turn)
				}
				body, ok := g.BotCommand(1 - learner)
				if !ok {
					t.Fatalf("seed %d: nobody has anything to do in phase %s", seed, v.Phase)
				}
				if _, err := g.Apply(games.Command{Seat: 1 - learner, Body: body, Time: t0, Bot: true}); err != nil {
					t.Fatalf("seed %d: the bot's %s is refused: %v", seed, body, err)
				}
				continue
			}
			if v.Suggest == nil {
				t.Fatalf("seed %d: the learner is to act (phase %s) and has no suggestion", seed, v.Phase)
			}
			if _, err := g.Apply(games.Command{Seat: learner, Body: v.Suggest, Time: t0}); err != nil {
				t.Fatalf("seed %d: the suggestion %s is refused: %v", seed, v.Suggest, err)
			}
			suggested++
		}
		if suggested < 3 {
			t.Errorf("seed %d: only %d suggestions over a whole match", seed, suggested)
		}
	}
	if o, _ := ParseOptions(json.RawMessage(`{"guided":true}`)); o.BotLevel != games.BotLearner {
		t.Errorf("a guided room's bot plays at %q, want learner", o.BotLevel)
	}
	if v := started(t, Options{}, 1).View(0).(View); v.Suggest != nil {
		t.Errorf("a room without guided suggests %s", v.Suggest)
	}
}
