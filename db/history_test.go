package db_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"periscope/db"
	"periscope/debrief"
	"periscope/games"
	"periscope/rooms"
)

// seat takes seat n of code for name.
func seat(t *testing.T, d *db.DB, code string, n int, name string, bot bool) {
	t.Helper()
	s := rooms.SeatRecord{Room: code, Seat: n, Name: name, Bot: bot}
	if !bot {
		s.TokenHash = []byte{byte(n + 1)}
	}
	if err := d.PutSeat(s); err != nil {
		t.Fatal(err)
	}
}

// duel is a finished two-seat match of blue (team 0) against red.
func duel(t *testing.T, d *db.DB, code string, minutes float64, blue, red string, winner int) {
	t.Helper()
	winners := []int{winner}
	if winner < 0 {
		winners = nil
	}
	if err := d.CreateRoom(rooms.RoomRecord{Code: code, Game: "sonar"}); err != nil {
		t.Fatal(err)
	}
	seat(t, d, code, 0, blue, blue == "Bot")
	seat(t, d, code, 1, red, red == "Bot")
	if err := d.Finish(code, outcome(winners), start.Add(time_(minutes))); err != nil {
		t.Fatal(err)
	}
	res := func(team int) string {
		switch {
		case winner < 0:
			return debrief.Draw
		case winner == team:
			return debrief.Won
		}
		return debrief.Lost
	}
	err := d.PutSummary(db.MatchSummary{Room: code, Versions: 40, Minutes: minutes, Summary: []byte(`{"k":1}`), Players: []debrief.Player{
		{Seat: 0, Name: blue, Bot: blue == "Bot", Team: 0, Side: "Blue", Label: "Blue crew", Roles: []string{"captain", "radio"}, Result: res(0), Extras: map[string]int{"hits": 2, "torpedoes": 3}},
		{Seat: 1, Name: red, Bot: red == "Bot", Team: 1, Side: "Red", Label: "Red crew", Roles: []string{"captain"}, Result: res(1), Extras: map[string]int{"hits": 1}},
	}})
	if err != nil {
		t.Fatal(err)
	}
}

func TestHistoryFiltersAndPages(t *testing.T) {
	d := open(t)
	duel(t, d, "M1", 10, "Ann", "Bob", 0)
	duel(t, d, "M2", 20, "bob", "Cy", 1)
	duel(t, d, "M3", 30, "Cy", "Bot", -1)
	// A finished match with no summary yet lists its seats' names.
	if err := d.CreateRoom(rooms.RoomRecord{Code: "M4", Game: "gridtactics"}); err != nil {
		t.Fatal(err)
	}
	seat(t, d, "M4", 0, "Ann", false)
	if err := d.Finish("M4", outcome([]int{0}), start.Add(time_(40))); err != nil {
		t.Fatal(err)
	}
	if err := d.CreateRoom(rooms.RoomRecord{Code: "OPEN", Game: "sonar"}); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		q     db.HistoryQuery
		total int
		codes []string
	}{
		{db.HistoryQuery{}, 4, []string{"M4", "M3", "M2", "M1"}},
		{db.HistoryQuery{Limit: 2}, 4, []string{"M4", "M3"}},
		{db.HistoryQuery{Limit: 2, Offset: 2}, 4, []string{"M2", "M1"}},
		{db.HistoryQuery{Offset: 9}, 4, nil},
		{db.HistoryQuery{Game: "sonar"}, 3, []string{"M3", "M2", "M1"}},
		{db.HistoryQuery{Player: "BOB"}, 2, []string{"M2", "M1"}},
		{db.HistoryQuery{Player: " ann ", Game: "gridtactics"}, 1, []string{"M4"}},
		{db.HistoryQuery{Player: "Bot"}, 0, nil}, // bots are not players
		{db.HistoryQuery{Game: "chess"}, 0, nil},
	}
	for _, tt := range tests {
		page, err := d.History(tt.q)
		if err != nil {
			t.Fatalf("%+v: %v", tt.q, err)
		}
		var codes []string
		for _, m := range page.Matches {
			codes = append(codes, m.Code)
		}
		if page.Total != tt.total || !reflect.DeepEqual(codes, tt.codes) {
			t.Errorf("%+v: total %d codes %v, want %d %v", tt.q, page.Total, codes, tt.total, tt.codes)
		}
	}
	page, _ := d.History(db.HistoryQuery{})
	if m := page.Matches[0]; len(m.Players) != 1 || m.Players[0].Name != "Ann" || m.Players[0].Team != -1 || m.Versions != 0 {
		t.Errorf("unsummarised M4: %+v", m)
	}
	if m := page.Matches[2]; m.Minutes != 20 || m.Versions != 40 || m.Players[1].Side != "Red" || m.Players[1].Result != debrief.Won || m.Outcome == nil {
		t.Errorf("M2: %+v", m)
	}
	if _, err := d.History(db.HistoryQuery{Offset: -1}); !errors.Is(err, db.ErrInvalid) {
		t.Errorf("negative offset: %v", err)
	}

	codes, err := d.Unsummarized(0)
	if err != nil || !reflect.DeepEqual(codes, []string{"M4"}) {
		t.Errorf("Unsummarized = %v, %v", codes, err)
	}
}

func TestSummaryStoredOnce(t *testing.T) {
	d := open(t)
	duel(t, d, "M1", 12, "Ann", "Bob", 1)
	s, err := d.Summary("M1")
	if err != nil {
		t.Fatal(err)
	}
	if s.Versions != 40 || string(s.Summary) != `{"k":1}` || len(s.Players) != 2 || s.Players[0].Extras["torpedoes"] != 3 ||
		!reflect.DeepEqual(s.Players[0].Roles, []string{"captain", "radio"}) {
		t.Fatalf("summary %+v", s)
	}
	// Replacing keeps one row per seat.
	s.Error, s.Players = "the log no longer replays", nil
	if err := d.PutSummary(s); err != nil {
		t.Fatal(err)
	}
	if s, err = d.Summary("M1"); err != nil || len(s.Players) != 0 || s.Error == "" {
		t.Fatalf("replaced summary %+v, %v", s, err)
	}
	if _, err := d.Summary("NONE"); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("missing summary: %v", err)
	}
	if err := d.CreateRoom(rooms.RoomRecord{Code: "OPEN", Game: "sonar"}); err != nil {
		t.Fatal(err)
	}
	// A match still playing has no summary: its secrets are in play.
	if err := d.PutSummary(db.MatchSummary{Room: "OPEN"}); !errors.Is(err, db.ErrConflict) {
		t.Errorf("summary of a playing match: %v", err)
	}
	if err := d.PutSummary(db.MatchSummary{Room: "M1", Summary: []byte("{")}); !errors.Is(err, db.ErrInvalid) {
		t.Errorf("bad JSON: %v", err)
	}
}

func TestPlayerStats(t *testing.T) {
	d := open(t)
	duel(t, d, "M1", 10, "Ann", "Bob", 0)
	duel(t, d, "M2", 20, "bob", "Ann", 0)
	duel(t, d, "M3", 30, "Ann", "Bot", -1)
	st, err := d.Stats()
	if err != nil {
		t.Fatal(err)
	}
	want := []db.PlayerStats{
		{Name: "Ann", Matches: 3, Wins: 1, Draws: 1, WinRate: 0.333, AvgMinutes: 20,
			Games:  []db.Record{{Name: "sonar", Matches: 3, Wins: 1, WinRate: 0.333}},
			Sides:  []db.Record{{Game: "sonar", Name: "Blue", Matches: 2, Wins: 1, WinRate: 0.5}, {Game: "sonar", Name: "Red", Matches: 1, Wins: 0}},
			Roles:  []db.Record{{Game: "sonar", Name: "captain", Matches: 3, Wins: 1, WinRate: 0.333}, {Game: "sonar", Name: "radio", Matches: 2, Wins: 1, WinRate: 0.5}},
			Extras: map[string]int{"hits": 5, "torpedoes": 6}},
		{Name: "Bob", Matches: 2, Wins: 1, WinRate: 0.5, AvgMinutes: 15,
			Games:  []db.Record{{Name: "sonar", Matches: 2, Wins: 1, WinRate: 0.5}},
			Sides:  []db.Record{{Game: "sonar", Name: "Red", Matches: 1, Wins: 0}, {Game: "sonar", Name: "Blue", Matches: 1, Wins: 1, WinRate: 1}},
			Roles:  []db.Record{{Game: "sonar", Name: "captain", Matches: 2, Wins: 1, WinRate: 0.5}, {Game: "sonar", Name: "radio", Matches: 1, Wins: 1, WinRate: 1}},
			Extras: map[string]int{"hits": 3, "torpedoes": 3}},
	}
	if !reflect.DeepEqual(st.Players, want) {
		t.Errorf("players\n got %+v\nwant %+v", st.Players, want)
	}
	g := st.Games[0]
	wantSides := []db.Record{{Game: "sonar", Name: "Blue", Matches: 3, Wins: 2, WinRate: 0.667}, {Game: "sonar", Name: "Red", Matches: 3, Wins: 0}}
	if !reflect.DeepEqual(g.Sides, wantSides) || g.Extras["hits"] != 9 || g.Extras["torpedoes"] != 9 {
		t.Errorf("game sides %+v extras %v", g.Sides, g.Extras)
	}
	// A crew of four is one side in one match, and its shared counts are
	// counted once.
	duel(t, d, "M4", 10, "Cy", "Dee", 0)
	if err := d.PutSummary(db.MatchSummary{Room: "M4", Versions: 9, Minutes: 10, Players: []debrief.Player{
		{Seat: 0, Name: "Cy", Team: 0, Side: "Blue", Roles: []string{"captain"}, Result: debrief.Won, Extras: map[string]int{"hits": 4, "captain.torpedo": 2}},
		{Seat: 1, Name: "Di", Team: 0, Side: "Blue", Roles: []string{"engineer"}, Result: debrief.Won, Extras: map[string]int{"hits": 4, "engineer.marks": 5}},
		{Seat: 2, Name: "Dee", Team: 1, Side: "Red", Roles: []string{"captain"}, Result: debrief.Lost},
	}}); err != nil {
		t.Fatal(err)
	}
	st, _ = d.Stats()
	g = st.Games[0]
	wantSides = []db.Record{{Game: "sonar", Name: "Blue", Matches: 4, Wins: 3, WinRate: 0.75}, {Game: "sonar", Name: "Red", Matches: 4, Wins: 0}}
	if !reflect.DeepEqual(g.Sides, wantSides) || g.Extras["hits"] != 13 || g.Extras["captain.torpedo"] != 2 || g.Extras["engineer.marks"] != 5 {
		t.Errorf("game sides %+v extras %v", g.Sides, g.Extras)
	}
}

func time_(minutes float64) time.Duration { return time.Duration(minutes * float64(time.Minute)) }

func outcome(winners []int) games.Outcome { return games.Outcome{Winners: winners, Reason: "over"} }
