package roles

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"periscope/games"
	"periscope/sonar"
)

// A phone cannot declare its own seat a bot: only the room's bots do. A
// crew playing without radio assist would otherwise get the bot Radio
// Operator's reports of the enemy's cells by sending {"type":"bot"}.
func TestOnlyBotsDeclareThemselves(t *testing.T) {
	o := botOptions(t, `{"mode":"turnbased","map":"bravo","radio":"off"}`)
	r := newBotRoom(t, o, 1, make([]bool, 8)) // eight people
	views := func() []byte {
		var b bytes.Buffer
		for seat := range r.g.seats {
			v, _ := json.Marshal(r.g.View(seat))
			b.Write(v)
		}
		return b.Bytes()
	}
	before := views()
	_, err := r.g.Apply(games.Command{Seat: 3, Body: botDeclaration, Time: r.now})
	var re *sonar.RuleError
	if !errors.As(err, &re) || re.Code != sonar.CodeBotsOnly {
		t.Fatalf("a phone's bot declaration: %v, want the bots_only rule", err)
	}
	if !bytes.Equal(before, views()) {
		t.Fatal("the refused declaration changed a view")
	}
	if _, err := r.g.Apply(games.Command{Seat: 3, Body: botDeclaration, Time: r.now, Bot: true}); err != nil {
		t.Fatalf("the room's bot declaring its seat: %v", err)
	}
	if !r.g.bots.seats[3] {
		t.Fatal("the bot's declaration did not take")
	}
	// A person's order from a seat a bot played gives it back to people
	// (off the bots' real-time clock).
	r.g.bots.seats[0] = true
	body, ok := r.g.BotCommand(0)
	if !ok {
		t.Fatal("the Captain has no order at the start")
	}
	r.apply(0, body)
	if r.g.bots.seats[0] {
		t.Fatal("seat 0 is still a bot's after its player gave an order")
	}
}

// The room's seat_freed notice (games.SeatFreedBody) takes a bot's seat
// back for people, in a replay of the log too; a notice the game cannot
// read strictly is refused, never half-read.
func TestSeatFreedTakesTheSeatOffTheBots(t *testing.T) {
	o := botOptions(t, `{"mode":"turnbased","map":"bravo","radio":"off"}`)
	r := newBotRoom(t, o, 1, make([]bool, 8))
	r.bot[3] = true
	r.apply(3, botDeclaration)
	if !r.g.bots.seats[3] {
		t.Fatal("the bot's declaration did not take")
	}
	for _, bad := range []string{`{"type":"seat_freed","seat":-1}`, `{"type":"seat_freed","seat":3,"crew":"blue"}`, `{"type":"seat_freed","seat":"3"}`} {
		if _, err := r.g.Apply(games.Command{Seat: games.System, Body: json.RawMessage(bad), Time: r.now}); err == nil {
			t.Errorf("the room's %s was accepted", bad)
		}
	}
	if !r.g.bots.seats[3] {
		t.Fatal("a refused notice freed the seat")
	}
	r.bot[3] = false
	r.apply(games.System, games.SeatFreedBody(3))
	if r.g.bots.seats[3] {
		t.Fatal("seat 3 is still a bot's after the room freed it")
	}
	g, err := New(o, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range r.log {
		if _, err := g.Apply(c); err != nil {
			t.Fatalf("replay of command %d (%s): %v", i, c.Body, err)
		}
		if i == len(r.log)-2 && !g.bots.seats[3] {
			t.Fatal("the replay has no bot on seat 3 before the notice")
		}
	}
	if g.bots.seats[3] {
		t.Fatal("the replay keeps seat 3 a bot's")
	}
}
