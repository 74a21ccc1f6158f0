package pocketsub

import (
	"encoding/json"
	"testing"

	"periscope/games"
)

// A guided match: seat 0 plays only the view's suggestion, the others the
// room's bot. Every suggestion is a command the engine accepts, there is
// one whenever the seat is to act, none for a spectator or a seat that
// waits, and the match ends. Both setups, with and without the Captain's
// expansion, 2 to 4 players.
func TestGuidedSuggestionsAreAccepted(t *testing.T) {
	n := uint64(60)
	if testing.Short() {
		n = 12
	}
	for seed := range n {
		o := Options{Guided: true, Players: 2 + int(seed%3), Captain: seed%2 == 1}
		if seed%4 >= 2 {
			o.Setup = SetupStandard
		}
		g := started(t, o, seed)
		suggested := 0
		for step := 0; g.Outcome() == nil; step++ {
			if step > 3000 {
				t.Fatalf("seed %d: the guided match did not end in 3000 commands", seed)
			}
			if v := g.view(games.Spectator); v.Suggest != nil {
				t.Fatalf("seed %d: a spectator is suggested %s", seed, v.Suggest)
			}
			v := g.view(0)
			if v.Turn != 0 {
				if v.Suggest != nil {
					t.Fatalf("seed %d: a suggestion %s while seat %d is to act", seed, v.Suggest, v.Turn)
				}
				body, ok := g.BotCommand(v.Turn)
				if !ok {
					t.Fatalf("seed %d: seat %d has nothing to do in phase %s", seed, v.Turn, v.Phase)
				}
				if _, err := g.Apply(games.Command{Seat: v.Turn, Body: body, Time: clock, Bot: true}); err != nil {
					t.Fatalf("seed %d: the bot's %s is refused: %v", seed, body, err)
				}
				continue
			}
			if v.Suggest == nil {
				t.Fatalf("seed %d: seat 0 is to act (phase %s) and has no suggestion", seed, v.Phase)
			}
			if _, err := g.Apply(games.Command{Seat: 0, Body: v.Suggest, Time: clock}); err != nil {
				t.Fatalf("seed %d: the suggestion %s is refused: %v", seed, v.Suggest, err)
			}
			suggested++
		}
		if suggested < 1 {
			t.Errorf("seed %d: no suggestion over a whole match", seed)
		}
	}
}

// Only a guided room carries suggestions.
func TestGuidedOption(t *testing.T) {
	o, err := ParseOptions(json.RawMessage(`{"guided":true}`))
	if err != nil || !o.Guided {
		t.Fatalf("guided parses to %+v, %v", o, err)
	}
	if v := started(t, o, 1).view(0); v.Suggest == nil {
		t.Error("Red's first turn in a guided room has no suggestion")
	}
	if o.BotLevel != games.BotLearner {
		t.Errorf("a guided room's bots play at %q, want learner", o.BotLevel)
	}
	if v := started(t, Options{}, 1).view(0); v.Suggest != nil {
		t.Errorf("a room without guided suggests %s", v.Suggest)
	}
}
