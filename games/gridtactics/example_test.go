package gridtactics_test

import (
	"encoding/json"
	"fmt"
	"time"

	"periscope/games"
	"periscope/games/gridtactics"
)

// A match as the room drives it: the room's start, both setups, then
// commands from the player whose turn it is.
func Example() {
	game, err := gridtactics.Definition.New(json.RawMessage(`{"hidden_setup":true}`), 7)
	if err != nil {
		panic(err)
	}
	now := time.Date(2026, 3, 14, 20, 0, 0, 0, time.UTC)
	send := func(seat int, body string) {
		evs, err := game.Apply(games.Command{Seat: seat, Body: json.RawMessage(body), Time: now})
		if err != nil {
			fmt.Printf("refused (%s): %v\n", games.RuleOf(err), err)
			return
		}
		for _, e := range evs {
			fmt.Println(e.Text)
		}
	}
	send(games.System, `{"type":"start"}`)
	send(gridtactics.Red, `{"type":"setup","place":{"A1":"tank","B1":"soldier","C1":"artillery","D1":"soldier","E1":"artillery","F1":"soldier","G1":"tank"}}`)
	send(gridtactics.Blue, `{"type":"setup","place":{"B8":"tank","C8":"soldier","D8":"artillery","E8":"soldier","F8":"artillery","G8":"soldier","H8":"tank"}}`)
	send(gridtactics.Red, `{"type":"move","unit":"B1","to":"B4"}`)
	send(gridtactics.Blue, `{"type":"move","unit":"C8","to":"C5"}`)
	send(gridtactics.Red, `{"type":"end_turn"}`)
	send(gridtactics.Blue, `{"type":"move","unit":"C8","to":"C5"}`)
	send(gridtactics.Blue, `{"type":"end_turn"}`)
	send(gridtactics.Red, `{"type":"attack","unit":"B4","target":"C5"}`)
	// Output:
	// Place your units on your back row
	// Red has placed its units
	// Blue has placed its units
	// Red rolls 4, Blue rolls 2 for the first turn: Red goes first
	// Red soldier moves from B1 to B4
	// refused (not_your_turn): it is Red's turn
	// Red ends the turn: Blue to play
	// Blue soldier moves from C8 to C5
	// Blue ends the turn: Red to play
	// Red soldier at B4 attacks Blue soldier at C5: needs 3+, rolled 3: HIT
	// Blue soldier at C5 is destroyed
}
