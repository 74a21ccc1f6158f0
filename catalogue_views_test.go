package main

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"periscope/games"
	"periscope/games/gamestest"
)

// legalElsewhere are the games whose views do not list what the viewer may
// send, each with why.
var legalElsewhere = map[string]string{
	"sonar": "a Captain Sonar role's panel offers its orders from the chart and the systems it shows",
}

// TestViewsSpellLegalCommandsOneWay: every game whose view lists what its
// viewer may send now names that list "legal", so the pages, the bots and
// the guides read one word: in a bot match's first 40 commands, the view of
// a seat about to act has its "legal" commands (a game may offer some
// commands otherwise: Pocket Sub's moves, Pocket Tactics' setup and end of
// turn), and no view says "actions", Pocket Tactics' old word.
func TestViewsSpellLegalCommandsOneWay(t *testing.T) {
	for _, def := range catalogue() {
		if _, ok := legalElsewhere[def.Name]; ok || !def.Bots {
			continue
		}
		t.Run(def.Name, func(t *testing.T) {
			g, err := def.New(nil, 1)
			if err != nil {
				t.Fatal(err)
			}
			bot := g.(games.Botter)
			listed := 0
			player := func(seat int) (json.RawMessage, bool) {
				body, ok := bot.BotCommand(seat)
				b, err := json.Marshal(g.View(seat))
				if err != nil {
					t.Fatal(err)
				}
				var keys map[string]json.RawMessage
				if err := json.Unmarshal(b, &keys); err != nil {
					t.Fatalf("seat %d's view is no JSON object: %v", seat, err)
				}
				if _, old := keys["actions"]; old {
					t.Errorf("seat %d's view says \"actions\", not \"legal\"", seat)
				}
				if _, has := keys["legal"]; ok && has {
					listed++
				}
				return body, ok
			}
			players := make([]gamestest.Player, len(g.Seats()))
			for i := range players {
				players[i] = player
			}
			_, err = gamestest.Play(g, players, time.Unix(0, 0).UTC(), 40)
			if err != nil && !errors.Is(err, gamestest.ErrUnfinished) {
				t.Fatal(err)
			}
			if listed == 0 {
				t.Error("no seat's view listed what it may send as \"legal\" when it acted")
			}
		})
	}
}
