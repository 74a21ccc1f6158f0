package debrief_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"periscope/debrief"
	"periscope/debrief/debrieftest"
	"periscope/games"
	"periscope/games/gridtactics"
	"periscope/roles"
	"periscope/rooms"
)

var start = time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC)

func TestSonarDebrief(t *testing.T) {
	m, err := debrieftest.PlaySonar("DUCKY", 4, 4, []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"}, 3, start)
	if err != nil {
		t.Fatal(err)
	}
	s, err := debrief.Summarize(roles.Definition, m.Saved)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Outcome.Winners) != 1 {
		t.Fatalf("outcome %+v", s.Outcome)
	}
	win, lose := s.Outcome.Winners[0], 1-s.Outcome.Winners[0]
	if s.Sides[win].Result != debrief.Won || s.Sides[lose].Result != debrief.Lost ||
		s.Sides[0].Name != "Blue" || s.Sides[1].Name != "Red" {
		t.Fatalf("sides %+v", s.Sides)
	}
	if s.Versions != int64(len(m.Saved.Commands)) || s.Minutes <= 0 {
		t.Errorf("length %d versions %.1f minutes", s.Versions, s.Minutes)
	}
	// Damage adds up: the sunk crew took four, and every point of damage
	// it took from the enemy's weapons is the winner's damage dealt.
	son, ok := s.Detail.(*roles.Debrief)
	if !ok {
		t.Fatalf("detail %T, want Captain Sonar's *roles.Debrief", s.Detail)
	}
	sunk, winner := son.Crews[lose], son.Crews[win]
	if sunk.DamageTaken < 4 {
		t.Errorf("the sunk crew took %d damage", sunk.DamageTaken)
	}
	if winner.DamageDealt != sunk.TakenBy["torpedo"]+sunk.TakenBy["mine"] {
		t.Errorf("dealt %d, taken by weapons %v", winner.DamageDealt, sunk.TakenBy)
	}
	// Every system the Captains used in the log is counted for its crew
	// (seats 0-3 are Blue's, 4-7 Red's), and the match used each of them.
	for _, sys := range []string{"torpedo", "mine", "trigger", "drone", "sonar"} {
		used := [2]int{}
		for _, c := range m.Saved.Commands {
			if c.Seat >= 0 && bytes.HasPrefix(c.Body, []byte(`{"type":"`+sys+`"`)) {
				used[c.Seat/4]++
			}
		}
		for i, cr := range son.Crews {
			if cr.Systems[sys] != used[i] {
				t.Errorf("%s used %s %d times, the debrief says %d", cr.Crew, sys, used[i], cr.Systems[sys])
			}
		}
		if sys != "trigger" && used[0]+used[1] == 0 {
			t.Errorf("nobody used %s: the test match should show every system", sys)
		}
	}
	for _, cr := range son.Crews {
		if cr.Moves == 0 || cr.Marks == 0 || len(cr.Charges) == 0 {
			t.Errorf("%s: moves %d marks %d charges %v", cr.Crew, cr.Moves, cr.Marks, cr.Charges)
		}
		if len(cr.Radio) == 0 {
			t.Errorf("%s: no radio picture recorded", cr.Crew)
		}
		for _, p := range cr.Radio {
			if p.Cells < 1 || p.V < 1 || p.V > s.Versions {
				t.Errorf("%s radio point %+v", cr.Crew, p)
			}
		}
	}
	kinds := map[string]int{}
	for _, mo := range son.Moments {
		kinds[mo.Kind]++
	}
	if kinds["first_hit"] != 1 || kinds["winning_shot"] != 1 || kinds["destroyed"] != 1 {
		t.Errorf("moments %+v", son.Moments)
	}
	// Each player is credited with their own role's work.
	for _, p := range s.Players {
		want := debrief.Lost
		if p.Team == win {
			want = debrief.Won
		}
		if p.Result != want || p.Name == "" {
			t.Errorf("player %+v, want %s", p, want)
		}
		cr := son.Crews[p.Team]
		switch p.Roles[0] {
		case "captain":
			if p.Extras["captain.torpedo"] != cr.Systems["torpedo"] {
				t.Errorf("captain %s extras %v", p.Name, p.Extras)
			}
		case "engineer":
			if p.Extras["engineer.marks"] != cr.Marks || p.Extras["captain.torpedo"] != 0 {
				t.Errorf("engineer %s extras %v", p.Name, p.Extras)
			}
		case "radio_operator":
			if p.Extras["radio_operator.announcements"] != len(cr.Radio) {
				t.Errorf("radio %s extras %v", p.Name, p.Extras)
			}
		}
	}
	// The summary is stored as JSON and read back whole.
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back debrief.Summary
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	var sonBack roles.Debrief
	if raw, ok := back.Detail.(json.RawMessage); !ok || json.Unmarshal(raw, &sonBack) != nil || !reflect.DeepEqual(&sonBack, son) {
		t.Errorf("JSON round trip: detail %T", back.Detail)
	}
	if !bytes.Contains(b, []byte(`"sonar":{"crews":`)) {
		t.Errorf("the detail is not under the game's name: %.200s", b)
	}
}

func TestEveryGameGetsSidesAndPlayers(t *testing.T) {
	saved := rooms.SavedRoom{
		Room: rooms.RoomRecord{Code: "GRID", Game: "gridtactics", Seed: 1, State: rooms.StateFinished,
			Outcome: &games.Outcome{Winners: []int{1}, Reason: "Blue holds the field"}},
		Seats: []rooms.SeatRecord{{Seat: 0, Name: "Ann", TokenHash: []byte{1}}, {Seat: 1, Name: "Bot", Bot: true}},
	}
	s, err := debrief.Summarize(gridtactics.Definition, saved)
	if err != nil {
		t.Fatal(err)
	}
	if s.Detail != nil || len(s.Players) != 2 {
		t.Fatalf("summary %+v", s)
	}
	for _, p := range s.Players {
		wantSide := "Red"
		if p.Team == 1 {
			wantSide = "Blue"
		}
		if p.Side != wantSide {
			t.Errorf("seat %d side %q, want %q", p.Seat, p.Side, wantSide)
		}
	}
	if p := s.Players[0]; p.Name != "Ann" || p.Result != debrief.Lost {
		t.Errorf("Ann: %+v", p)
	}
	if p := s.Players[1]; !p.Bot || p.Result != debrief.Won {
		t.Errorf("bot: %+v", p)
	}
	// A match still playing is not summed up: its secrets are in play.
	saved.Room.State, saved.Room.Outcome = rooms.StatePlaying, nil
	if _, err := debrief.Summarize(gridtactics.Definition, saved); err == nil {
		t.Error("a playing match was summed up")
	}
}

func TestLogShowsWhatTheSeatSaw(t *testing.T) {
	m, err := debrieftest.PlaySonar("QGXDA", 2, 2, nil, 5, start)
	if err != nil {
		t.Fatal(err)
	}
	public, err := debrief.Log(roles.Definition, m.Saved, games.Spectator)
	if err != nil {
		t.Fatal(err)
	}
	blue, err := debrief.Log(roles.Definition, m.Saved, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(blue) <= len(public) {
		t.Errorf("the blue crew saw %d events, the public %d: its own secrets are missing", len(blue), len(public))
	}
	for _, e := range public {
		if e.Kind == "start_cell" || e.Kind == "mark" || e.Kind == "charge" {
			t.Fatalf("a crew's secret in the public log: %+v", e)
		}
	}
	if last := public[len(public)-1]; last.V != int64(len(m.Saved.Commands)) || last.Kind != "over" {
		t.Errorf("the log ends with %+v", last)
	}
	if _, err := debrief.Log(roles.Definition, m.Saved, 9); err == nil {
		t.Error("seat 9 has a log")
	}
}
