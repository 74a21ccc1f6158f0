package roles

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"periscope/games"
	"periscope/sonar"
	"periscope/sonar/chart"
)

// secretKeys are the JSON keys of a crew's private state. Outside "own"
// (and "reveal" once the match is over) no view may carry them.
var secretKeys = []string{`"route"`, `"mines"`, `"position"`, `"gauges"`, `"sheet"`, `"broken"`,
	`"sonar_answers"`, `"torpedo_targets"`, `"mine_cells"`, `"triggers"`, `"distance"`}

// checkNoLeak asserts that seat's view holds nothing of the other crew's
// secrets: its own state is its own crew's, and nothing outside "own"
// carries a private key (the log travels as events: checkRoomEvents).
func checkNoLeak(t *testing.T, g *Game, seat int) {
	t.Helper()
	v := g.view(seat)
	var crew *sonar.Crew
	if seat >= 0 {
		crew = &g.seats[seat].crew
		if v.Own == nil || v.Own.Crew != *crew {
			t.Fatalf("seat %d sees the state of crew %v", seat, v.Own)
		}
	} else if v.Own != nil {
		t.Fatal("a spectator sees a crew's state")
	}
	if v.Radio != nil && (crew == nil || !slices.Contains(v.Roles, sonar.RadioOperator)) {
		t.Fatalf("seat %d gets a radio picture", seat)
	}
	if g.match.Over() {
		return
	}
	v.Own = nil
	b, _ := json.Marshal(v)
	for _, k := range secretKeys {
		if strings.Contains(string(b), k) {
			t.Fatalf("seat %d: %s outside its own state: %s", seat, k, b)
		}
	}
}

// checkRoomEvents asserts that the events a room would send seat are public
// or addressed to seat's crew.
func checkRoomEvents(t *testing.T, g *Game, evs []games.Event) {
	t.Helper()
	for seat := range g.seats {
		for _, e := range evs {
			if !e.VisibleTo(seat) {
				continue
			}
			var se struct {
				To   *sonar.Crew `json:"to"`
				Text string      `json:"text"`
			}
			if err := json.Unmarshal(e.Data, &se); err != nil {
				t.Fatal(err)
			}
			if se.To != nil && *se.To != g.seats[seat].crew {
				t.Fatalf("seat %d is sent %q meant for %v", seat, se.Text, *se.To)
			}
		}
	}
}

func TestRandomMatchesLeakNothingAndTrackTheEnemy(t *testing.T) {
	configs := []struct {
		name string
		opts Options
	}{
		{"alpha realtime 4v4", Options{Rules: sonar.Options{Map: "alpha"}, Crews: [2]int{4, 4}, Radio: RadioHeat}},
		{"bravo turnbased 3v2", Options{Rules: sonar.Options{Map: "bravo", Mode: sonar.TurnBased}, Crews: [2]int{3, 2}, Radio: RadioCells}},
		{"charlie realtime 4v3 silence 1", Options{Rules: sonar.Options{Map: "charlie", SilenceMin: 1}, Crews: [2]int{4, 3}, Radio: RadioHeat}},
		{"delta turnbased 1v1", Options{Rules: sonar.Options{Map: "delta", Mode: sonar.TurnBased}, Crews: [2]int{1, 1}, Radio: RadioHeat}},
		{"echo realtime 4v4 orthogonal mines", Options{Rules: sonar.Options{Map: "echo", MineAdjacency: 4}, Crews: [2]int{4, 4}, Radio: RadioHeat, Teaching: true}},
		{"echo turnbased 2v2", Options{Rules: sonar.Options{Map: "echo", Mode: sonar.TurnBased}, Crews: [2]int{2, 2}, Radio: RadioHeat}},
	}
	for _, cfg := range configs {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s seed %d", cfg.name, seed), func(t *testing.T) {
				p := newPlayer(t, cfg.opts, seed)
				p.play(3000, func() {
					// Views grow with the log: check them every 7th order,
					// and the trackers after every order.
					if len(p.log)%7 == 0 {
						for seat := -1; seat < len(p.g.seats); seat++ {
							checkNoLeak(t, p.g, seat)
						}
					}
					for _, c := range sonar.Crews {
						enemy := c.Other()
						if p.g.lost[c] {
							t.Fatalf("%s's tracker lost the enemy after %d orders", c, len(p.log))
						}
						if !p.g.match.Crew(enemy).Placed {
							continue
						}
						cells := p.g.trackers[c].Cells()
						if !slices.Contains(cells, trueCell(p.g, enemy)) {
							t.Fatalf("%s's tracker excludes the enemy's true cell %s", c, trueCell(p.g, enemy))
						}
					}
				})
				if p.g.Outcome() == nil {
					t.Fatalf("no winner after %d orders", len(p.log))
				}
			})
		}
	}
}

func TestRoomEventsReachOnlyTheirCrew(t *testing.T) {
	p := newPlayer(t, Options{Crews: [2]int{4, 4}, Radio: RadioOff}, 9)
	for range 400 {
		if p.g.Outcome() != nil {
			break
		}
		seat := p.rng.IntN(len(p.g.seats))
		for _, c := range p.candidates(seat) {
			if evs, err := p.apply(seat, c); err == nil {
				checkRoomEvents(t, p.g, evs)
				break
			}
		}
	}
}

// TestReplayRebuildsTheSameMatch: the seed and the command log, room's
// start and clock ticks included, rebuild the same match for every seat.
// In real time the log holds rejected sections and inspections passed by
// the clock, whose deadline is read from each command's time.
func TestReplayRebuildsTheSameMatch(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts Options
		seed uint64
		must []string // what the log must hold for the test to mean something
	}{
		{"turn-based", Options{Rules: sonar.Options{Map: "alpha", Mode: sonar.TurnBased}, Crews: [2]int{4, 4}, Radio: RadioHeat}, 42,
			[]string{`"surface"`}},
		{"real time", Options{Rules: sonar.Options{Map: "bravo", InspectionSeconds: 15}, Crews: [2]int{3, 4}, Radio: RadioCells}, 42,
			[]string{`"secure"`, `"ok":false`, `"tick"`, `"dive"`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := newPlayer(t, tt.opts, tt.seed)
			p.play(2000, func() {})
			var log strings.Builder
			for _, cmd := range p.log {
				log.Write(cmd.Body)
			}
			for _, m := range tt.must {
				if !strings.Contains(log.String(), m) {
					t.Fatalf("the random match's %d orders hold no %s: the replay proves less than it should", len(p.log), m)
				}
			}
			again, err := New(tt.opts, tt.seed)
			if err != nil {
				t.Fatal(err)
			}
			for i, cmd := range p.log {
				if _, err := again.Apply(cmd); err != nil {
					t.Fatalf("replaying command %d: %v", i, err)
				}
			}
			for seat := -1; seat < len(p.g.seats); seat++ {
				if !jsonEqual(p.g.view(seat), again.view(seat)) {
					t.Fatalf("seat %d sees a different match after the replay", seat)
				}
			}
			if !jsonEqual(p.g.Outcome(), again.Outcome()) {
				t.Fatal("different outcome after the replay")
			}
		})
	}
}

func TestEndOfMatchRevealsBothVoyages(t *testing.T) {
	p := newPlayer(t, Options{Crews: [2]int{4, 4}, Radio: RadioOff}, 4)
	p.play(3000, func() {})
	v := p.g.view(games.Spectator)
	if v.Reveal == nil {
		t.Fatal("no reveal at the end")
	}
	for _, c := range sonar.Crews {
		rc := v.Reveal.Crews[c]
		if len(rc.Track) == 0 || rc.Position == nil || rc.Track[len(rc.Track)-1] != *rc.Position {
			t.Fatalf("%s voyage %v ends away from its position %v", c, rc.Track, rc.Position)
		}
		for i := 1; i < len(rc.Track); i++ {
			if chart.Manhattan(rc.Track[i-1], rc.Track[i]) != 1 {
				t.Fatalf("%s voyage jumps from %s to %s", c, rc.Track[i-1], rc.Track[i])
			}
		}
	}
}

func TestTeachingHintsFollowTheDuty(t *testing.T) {
	p := newPlayer(t, Options{Rules: sonar.Options{Mode: sonar.TurnBased}, Crews: [2]int{4, 4}, Radio: RadioHeat, Teaching: true}, 2)
	if h := p.g.view(0).Hints; len(h) == 0 || !strings.Contains(h[0], "secret start") {
		t.Fatalf("captain before the start: %q", h)
	}
	must := func(seat int, body string) {
		t.Helper()
		if _, err := p.apply(seat, body); err != nil {
			t.Fatal(err)
		}
	}
	must(0, `{"type":"place","cell":"E5"}`)
	must(4, `{"type":"place","cell":"B2"}`)
	turn := *p.g.match.Public().Turn
	base := 4 * int(turn)
	must(base, `{"type":"course","dir":"NORTH"}`)
	if h := p.g.view(base + 2).Hints; len(h) == 0 || !strings.Contains(h[0], "NORTH panel") {
		t.Fatalf("engineer after HEAD NORTH: %q", h)
	}
	if h := p.g.view(base + 1).Hints; len(h) == 0 || !strings.Contains(h[0], "charge one gauge") {
		t.Fatalf("first mate after a course: %q", h)
	}
	if h := p.g.view(base).Hints; len(h) == 0 || !strings.Contains(h[0], "wait") {
		t.Fatalf("captain waiting for duties: %q", h)
	}
	if p.g.view(games.Spectator).Hints != nil {
		t.Fatal("spectators get no hints")
	}
	// Surfacing turn by turn: the enemy takes three turns; nothing to
	// secure, no dive to order.
	must(base+1, `{"type":"charge","system":"torpedo"}`)
	must(base+2, `{"type":"mark","panel":"NORTH","symbol":0}`)
	must(base, `{"type":"end_turn"}`)
	other := 4 - base
	must(other, `{"type":"surface"}`)
	h := strings.Join(p.g.view(other).Hints, " ")
	if !strings.Contains(h, "three turns") || strings.Contains(h, "ecure") || strings.Contains(h, "DIVE") {
		t.Fatalf("turn-based surfacing hint: %q", h)
	}
}
