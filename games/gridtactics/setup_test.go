package gridtactics

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"periscope/games"
)

const (
	redLine  = `{"type":"setup","place":{"A1":"tank","B1":"soldier","C1":"artillery","D1":"soldier","E1":"artillery","F1":"soldier","G1":"tank"}}`
	blueLine = `{"type":"setup","place":{"B8":"tank","C8":"soldier","D8":"artillery","E8":"soldier","F8":"artillery","G8":"soldier","H8":"tank"}}`
)

func TestSetup(t *testing.T) {
	cases := []struct {
		name string
		opts Options
		seat int
		body string
		err  string
	}{
		{"back row", Options{}, Red, redLine, ""},
		{"blue's back row", Options{}, Blue, blueLine, ""},
		{"lower case and spaces", Options{}, Red, `{"type":"setup","place":{"a1":" Tank ","b1":"soldier","c1":"ARTILLERY","d1":"soldier","e1":"artillery","f1":"soldier","h1":"tank"}}`, ""},
		{"small board uses two rows", Options{SmallBoard: true}, Red, `{"type":"setup","place":{"A1":"tank","B1":"artillery","C1":"artillery","D1":"tank","B2":"soldier","C2":"soldier","D2":"soldier"}}`, ""},
		{"small board third row", Options{SmallBoard: true}, Red, `{"type":"setup","place":{"A1":"tank","B1":"artillery","C1":"artillery","D1":"tank","B2":"soldier","C2":"soldier","D3":"soldier"}}`, "D3 is not on your two back rows"},
		{"not the back row", Options{}, Red, strings.Replace(redLine, "G1", "G2", 1), "G2 is not on your back row"},
		{"the other side's back row", Options{}, Blue, redLine, "A1 is not on your back row"},
		{"a square twice", Options{}, Red, strings.Replace(redLine, `"A1"`, `"b1"`, 1), "B1 is named twice"},
		{"too many soldiers", Options{}, Red, strings.Replace(redLine, `"A1":"tank"`, `"A1":"soldier"`, 1), "place 3 soldiers, 2 tanks and 2 artillery on your back row (you placed 4 soldiers, 1 tank, 2 artillery)"},
		{"a unit missing", Options{}, Red, strings.Replace(redLine, `"A1":"tank",`, ``, 1), "(you placed 3 soldiers, 1 tank, 2 artillery)"},
		{"no such unit", Options{}, Red, strings.Replace(redLine, `"A1":"tank"`, `"A1":"wizard"`, 1), `"wizard" is not a unit: use soldier, tank or artillery`},
		{"off the board", Options{}, Red, strings.Replace(redLine, `"A1"`, `"J1"`, 1), "J1 is off the 8x8 board"},
		{"spectator", Options{}, games.Spectator, redLine, "spectators watch"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := started(t, tc.opts, 1)
			before := clone(g)
			evs, err := apply(g, tc.seat, tc.body)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v; want %q", err, tc.err)
				}
				if !reflect.DeepEqual(g, before) {
					t.Fatal("refused setup changed the match")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if evs[0].Text != names[tc.seat]+" has placed its units" || evs[0].Seats != nil {
				t.Fatalf("event %+v; want a public announcement", evs[0])
			}
			if n := len(g.view(tc.seat).Board); n != armySize {
				t.Fatalf("own view shows %d units; want %d", n, armySize)
			}
		})
	}
}

func TestSetupStaysSecretUntilBothHavePlaced(t *testing.T) {
	g := started(t, Options{}, 1)
	if err := sequence(t, g, Red, `{"type":"end_turn"}`); err == nil || err.Error() != "place your units first" {
		t.Fatalf("playing before setup: %v", err)
	}
	mustApply(t, g, Red, redLine)
	if err := sequence(t, g, Red, redLine); err == nil || err.Error() != "you have already placed your units" {
		t.Fatalf("second setup: %v", err)
	}
	if err := sequence(t, g, Red, `{"type":"end_turn"}`); err == nil || err.Error() != "Blue is still placing its units" {
		t.Fatalf("playing while Blue places: %v", err)
	}
	for _, seat := range []int{Blue, games.Spectator} {
		v := g.view(seat)
		if len(v.Board) != 0 {
			t.Fatalf("seat %d sees %d of Red's units before setup is over", seat, len(v.Board))
		}
		if !v.Players[Red].Placed || v.Players[Blue].Placed {
			t.Fatalf("players %+v; want Red placed and Blue not", v.Players)
		}
	}
	if v := g.view(Blue); v.Setup == nil || strings.Join(v.Setup.Squares, " ") != "A8 B8 C8 D8 E8 F8 G8 H8" || v.Setup.Units["tank"] != 2 {
		t.Fatalf("Blue's setup task %+v", v.Setup)
	}
	if v := g.view(Red); v.Setup != nil || v.Prompt != "Waiting for Blue to place its units" {
		t.Fatalf("Red after placing: setup %+v, prompt %q", v.Setup, v.Prompt)
	}

	evs := mustApply(t, g, Blue, blueLine)
	if g.phase != playing || g.turns != 1 {
		t.Fatalf("phase %s turn %d after both set up", g.phase, g.turns)
	}
	// The first-turn roll: both roll, highest starts, ties roll again.
	last := evs[len(evs)-1]
	var r map[string]int
	if err := json.Unmarshal(last.Data, &r); err != nil {
		t.Fatal(err)
	}
	if r["red"] == r["blue"] || (r["red"] > r["blue"]) != (g.turn == Red) {
		t.Fatalf("rolls %v but %s starts", r, names[g.turn])
	}
	if !strings.HasSuffix(last.Text, names[g.turn]+" goes first") {
		t.Fatalf("event %q", last.Text)
	}
	if v := g.view(games.Spectator); len(v.Board) != 2*armySize {
		t.Fatalf("spectator sees %d units after setup; want 14", len(v.Board))
	}
}

// The seed decides who starts, and only the seed.
func TestFirstPlayerComesFromTheSeed(t *testing.T) {
	first := map[int]int{}
	for seed := range uint64(40) {
		var turn [2]int
		for i := range turn {
			g := started(t, Options{}, seed)
			mustApply(t, g, Red, redLine)
			mustApply(t, g, Blue, blueLine)
			turn[i] = g.turn
		}
		if turn[0] != turn[1] {
			t.Fatalf("seed %d: first player differs between runs", seed)
		}
		first[turn[0]]++
	}
	if first[Red] == 0 || first[Blue] == 0 {
		t.Fatalf("over 40 seeds the first player was always the same: %v", first)
	}
}

func TestTimeLimit(t *testing.T) {
	timed := Options{TimeLimit: true}
	deadline := t0.Add(15 * time.Minute)
	tickBy := func(g *Game, seat int, at time.Time) ([]games.Event, error) {
		return g.Apply(games.Command{Seat: seat, Body: json.RawMessage(`{"type":"tick"}`), Time: at})
	}
	tick := func(g *Game, at time.Time) ([]games.Event, error) { return tickBy(g, games.System, at) }
	t.Run("deadline", func(t *testing.T) {
		g := New(timed, 1)
		if _, ok := g.Deadline(); ok {
			t.Fatal("deadline before the start")
		}
		mustApply(t, g, games.System, `{"type":"start"}`)
		if d, ok := g.Deadline(); !ok || !d.Equal(deadline) {
			t.Fatalf("deadline %v %v; want %v", d, ok, deadline)
		}
		if v := g.view(games.Spectator); v.Deadline == nil || !v.Deadline.Equal(deadline) {
			t.Fatalf("view deadline %v", v.Deadline)
		}
		if _, ok := New(Options{}, 1).Deadline(); ok {
			t.Fatal("an untimed match has a deadline")
		}
	})
	cases := []struct {
		name   string
		opts   Options
		layout []string
		seat   int
		at     time.Time
		err    string
		want   *games.Outcome
	}{
		{name: "more units wins", opts: timed, layout: []string{"rS A1", "rS B1", "rT C1", "bA H8", "bS G8"}, seat: games.System, at: deadline,
			want: &games.Outcome{Winners: []int{Red}, Reason: "Time is up: Red has 3 units, Blue 2", Scores: map[int]int{Red: 2, Blue: 0}, Kind: "time_limit"}},
		{name: "blue ahead", opts: timed, layout: []string{"rS A1", "bA H8", "bS G8"}, seat: games.System, at: deadline.Add(time.Minute),
			want: &games.Outcome{Winners: []int{Blue}, Reason: "Time is up: Blue has 2 units, Red 1", Scores: map[int]int{Red: 0, Blue: 2}, Kind: "time_limit"}},
		{name: "equal is a draw", opts: timed, layout: []string{"rS A1", "rT B1", "bA H8", "bS G8"}, seat: games.System, at: deadline,
			want: &games.Outcome{Winners: []int{}, Reason: "Time is up with 2 units each: a draw", Scores: map[int]int{Red: 1, Blue: 1}, Kind: "time_limit"}},
		{name: "too early", opts: timed, layout: []string{"rS A1", "bS G8"}, seat: games.System, at: deadline.Add(-time.Second),
			err: "the clock has not run out: time is up at 20:15:00"},
		{name: "no time limit", opts: Options{}, layout: []string{"rS A1", "bS G8"}, seat: games.System, at: deadline,
			err: "this match has no time limit"},
		{name: "a player cannot end the clock", opts: timed, layout: []string{"rS A1", "bS G8"}, seat: Red, at: deadline,
			err: "only the room's clock ends a match on time"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := layout(t, tc.opts, 1, Red, tc.layout...)
			before := clone(g)
			evs, err := tickBy(g, tc.seat, tc.at)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v; want %q", err, tc.err)
				}
				if !reflect.DeepEqual(g, before) {
					t.Fatal("refused tick changed the match")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Outcome(); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("outcome %+v; want %+v", got, tc.want)
			}
			if len(evs) != 1 || evs[0].Text != tc.want.Reason {
				t.Fatalf("events %+v", evs)
			}
			if _, err := tick(g, tc.at); err == nil {
				t.Fatal("a second tick was accepted")
			}
		})
	}
	t.Run("during setup both still have 7", func(t *testing.T) {
		g := started(t, timed, 1)
		mustApply(t, g, Red, redLine)
		if _, err := tick(g, deadline); err != nil {
			t.Fatal(err)
		}
		if o := g.Outcome(); len(o.Winners) != 0 || o.Scores[Red] != 1 {
			t.Fatalf("outcome %+v; want a draw", o)
		}
	})
	t.Run("before the start", func(t *testing.T) {
		if _, err := tick(New(timed, 1), deadline); err == nil || err.Error() != "the match has not started yet" {
			t.Fatalf("tick before start: %v", err)
		}
	})
}

// The turn limit (house rule turn_limit) ends a match nobody finishes, on
// units, like the clock: no match goes on forever.
func TestTurnLimit(t *testing.T) {
	cases := []struct {
		name   string
		layout []string
		want   *games.Outcome
	}{
		{"more units wins", []string{"rS A1", "rS B1", "bS H8"},
			&games.Outcome{Winners: []int{Red}, Reason: "The last turn (60) is over: Red has 2 units, Blue 1", Scores: map[int]int{Red: 2, Blue: 0}, Kind: "turn_limit"}},
		{"equal is a draw", []string{"rS A1", "bS H8"},
			&games.Outcome{Winners: []int{}, Reason: "The last turn (60) is over with 1 unit each: a draw", Scores: map[int]int{Red: 1, Blue: 1}, Kind: "turn_limit"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := layout(t, Options{}, 1, Red, tc.layout...)
			g.turns = TurnLimit - 1
			mustApply(t, g, Red, `{"type":"end_turn"}`)
			if g.Outcome() != nil || g.turns != TurnLimit {
				t.Fatalf("the match ended before turn %d was played", TurnLimit)
			}
			evs := mustApply(t, g, Blue, `{"type":"end_turn"}`)
			if got := g.Outcome(); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("outcome %+v; want %+v", got, tc.want)
			}
			if len(evs) != 1 || evs[0].Kind != "over" {
				t.Fatalf("events %+v; want only the end of the match", evs)
			}
		})
	}
}
