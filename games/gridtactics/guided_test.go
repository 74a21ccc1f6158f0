package gridtactics

import (
	"encoding/json"
	"testing"

	"periscope/games"
)

// A guided match: the learner's seat plays only the view's suggestion, the
// other seat the room's bot. Every suggestion is a command the engine
// accepts, there is one whenever the seat has something to do, none for
// a spectator or a seat that waits, and the match ends.
func TestGuidedSuggestionsAreAccepted(t *testing.T) {
	n := uint64(120)
	if testing.Short() {
		n = 24
	}
	for seed := range n {
		o := Options{Guided: true, SmallBoard: seed%3 == 1, HiddenSetup: seed%2 == 1}
		learner := int(seed % 2)
		g := started(t, o, seed)
		suggested := 0
		for step := 0; g.Outcome() == nil; step++ {
			if step > 5000 {
				t.Fatalf("seed %d: the guided match did not end in 5000 commands", seed)
			}
			if v := g.view(games.Spectator); v.Suggest != nil {
				t.Fatalf("seed %d: a spectator is suggested %s", seed, v.Suggest)
			}
			v := g.view(learner)
			if v.Setup != nil || (v.Phase == "play" && v.Turn == learner) {
				if v.Suggest == nil {
					t.Fatalf("seed %d: the learner has to act (phase %s) and no suggestion", seed, v.Phase)
				}
				if _, err := g.Apply(games.Command{Seat: learner, Body: v.Suggest, Time: t0}); err != nil {
					t.Fatalf("seed %d: the suggestion %s is refused: %v", seed, v.Suggest, err)
				}
				suggested++
				continue
			}
			if v.Suggest != nil {
				t.Fatalf("seed %d: a suggestion %s while the learner has nothing to do", seed, v.Suggest)
			}
			body, ok := g.BotCommand(1 - learner)
			if !ok {
				t.Fatalf("seed %d: nobody has anything to do in phase %s", seed, g.phase)
			}
			if _, err := g.Apply(games.Command{Seat: 1 - learner, Body: body, Time: t0, Bot: true}); err != nil {
				t.Fatalf("seed %d: the bot's %s is refused: %v", seed, body, err)
			}
		}
		if suggested < 3 {
			t.Errorf("seed %d: only %d suggestions over a whole match", seed, suggested)
		}
	}
}

// The guided room plays its bot as a learner unless it names a level, and
// a room that is not guided carries no suggestion.
func TestGuidedOptions(t *testing.T) {
	o, err := ParseOptions(json.RawMessage(`{"guided":true}`))
	if err != nil || !o.Guided {
		t.Fatalf("guided parses to %+v, %v", o, err)
	}
	g := started(t, o, 3)
	var cmd Command
	body, _ := g.BotCommand(Blue)
	if err := json.Unmarshal(body, &cmd); err != nil || cmd.Type != TypeSetup {
		t.Fatalf("the bot's first command is %s", body)
	}
	plain := started(t, Options{}, 3)
	if v := plain.view(Red); v.Suggest != nil {
		t.Errorf("a room without guided suggests %s", v.Suggest)
	}
	if v := g.view(Red); v.Suggest == nil {
		t.Errorf("a guided room's setup has no suggestion")
	}
}
