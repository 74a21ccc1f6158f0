package db_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"periscope/db"
	"periscope/games"
	"periscope/rooms"
)

// finished stores a match of the given game whose seats sent moves commands
// and the room ticks more, ending after the given minutes with winners.
func finished(t *testing.T, d *db.DB, code, game string, moves, ticks int, minutes float64, winners []int) {
	t.Helper()
	if err := d.CreateRoom(rooms.RoomRecord{Code: code, Game: game, Created: start.Add(-time.Minute)}); err != nil {
		t.Fatal(err)
	}
	v := int64(0)
	log := func(seat int, body string) {
		v++
		c := rooms.CommandRecord{Room: code, Version: v, Seat: seat, Body: json.RawMessage(body), Time: start.Add(time.Duration(v) * time.Second)}
		if v == 1 {
			c.Time = start
		}
		if err := d.AppendCommand(c); err != nil {
			t.Fatal(err)
		}
	}
	if moves+ticks > 0 {
		log(games.System, `{"type":"start"}`)
	}
	for i := range moves {
		log(i%2, `{"type":"move"}`)
		if i < ticks {
			log(games.System, `{"type":"tick"}`)
		}
	}
	end := start.Add(time.Duration(minutes * float64(time.Minute)))
	if err := d.Finish(code, games.Outcome{Winners: winners, Reason: "over"}, end); err != nil {
		t.Fatal(err)
	}
}

func TestStats(t *testing.T) {
	d := open(t)
	got, err := d.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if want := (db.Stats{Games: []db.GameStats{}, Players: []db.PlayerStats{}}); !reflect.DeepEqual(got, want) {
		t.Fatalf("empty store: %+v", got)
	}

	finished(t, d, "S1", "sonar", 4, 0, 10, []int{0})
	finished(t, d, "S2", "sonar", 6, 2, 20, []int{1})
	finished(t, d, "S3", "sonar", 2, 0, 30, []int{0})
	finished(t, d, "D1", "duel", 1, 0, 5, nil) // a draw
	// No command logged: the match is timed from the room's creation.
	finished(t, d, "C1", "coop", 0, 0, 2, []int{0, 1})
	store(t, d, match("OPEN", "sonar", 1, 3))
	if err := d.CreateRoom(rooms.RoomRecord{Code: "WAIT", Game: "duel"}); err != nil {
		t.Fatal(err)
	}

	none := []db.Record{}
	want := db.Stats{Open: 2, Matches: 5, Games: []db.GameStats{
		{Game: "coop", Matches: 1, Wins: map[int]int{0: 1, 1: 1}, AvgCommands: 0, AvgMinutes: 3, Sides: none, Roles: none},
		{Game: "duel", Matches: 1, Draws: 1, Wins: map[int]int{}, AvgCommands: 1, AvgMinutes: 5, Sides: none, Roles: none},
		{Game: "sonar", Matches: 3, Wins: map[int]int{0: 2, 1: 1}, AvgCommands: 4, AvgMinutes: 20, Sides: none, Roles: none},
	}, Players: []db.PlayerStats{}}
	got, err = d.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Stats:\n got %+v\nwant %+v", got, want)
	}

	// The lobby reads this JSON.
	b, err := json.Marshal(got.Games[2])
	if err != nil {
		t.Fatal(err)
	}
	const wantJSON = `{"game":"sonar","matches":3,"draws":0,"wins":{"0":2,"1":1},"avg_commands":4,"avg_minutes":20,"sides":[],"roles":[]}`
	if string(b) != wantJSON {
		t.Errorf("JSON %s\nwant %s", b, wantJSON)
	}
}

func ExampleDB_Stats() {
	d, err := db.Open(":memory:")
	if err != nil {
		panic(err)
	}
	defer d.Close()
	at := time.Date(2025, 6, 1, 20, 0, 0, 0, time.UTC)
	d.CreateRoom(rooms.RoomRecord{Code: "ABCD", Game: "sonar", Seed: 42, Created: at})
	d.AppendCommand(rooms.CommandRecord{Room: "ABCD", Version: 1, Seat: games.System, Body: []byte(`{"type":"start"}`), Time: at})
	d.AppendCommand(rooms.CommandRecord{Room: "ABCD", Version: 2, Seat: 0, Body: []byte(`{"type":"move","dir":"NORTH"}`), Time: at.Add(time.Minute)})
	d.Finish("ABCD", games.Outcome{Winners: []int{1}, Reason: "Blue submarine destroyed"}, at.Add(45*time.Minute))

	st, err := d.Stats()
	if err != nil {
		panic(err)
	}
	g := st.Games[0]
	fmt.Printf("%s: %d match, team 1 won %d, %.0f commands, %.0f minutes\n", g.Game, g.Matches, g.Wins[1], g.AvgCommands, g.AvgMinutes)
	// Output: sonar: 1 match, team 1 won 1, 1 commands, 45 minutes
}
