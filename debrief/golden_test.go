package debrief_test

import (
	"slices"
	"testing"

	"periscope/debrief"
	"periscope/debrief/debrieftest"
	"periscope/games"
	"periscope/games/battles"
	"periscope/games/gamestest"
	"periscope/games/gridtactics"
	"periscope/games/pocketsub"
	"periscope/games/saga"
	"periscope/roles"
)

// Captain Sonar's debrief of whole matches, read as a table would read it:
// sides, players and results, length, the damage, systems, turning points
// and the Radio Operators' pictures. A change to
// any of them shows in the golden file's diff (go test -update rewrites
// them; read the diff before committing it).
func TestSummaryGolden(t *testing.T) {
	names := []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"}
	for _, tc := range []struct {
		name string
		def  games.Definition
		play func() (debrieftest.Match, error)
	}{
		{"sonar-4v4", roles.Definition, func() (debrieftest.Match, error) {
			return debrieftest.PlaySonar("DKNAA", 4, 4, names, 3, start)
		}},
		{"sonar-1v2", roles.Definition, func() (debrieftest.Match, error) {
			return debrieftest.PlaySonar("DKNAC", 1, 2, names, 8, start)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := tc.play()
			if err != nil {
				t.Fatal(err)
			}
			s, err := debrief.Summarize(tc.def, m.Saved)
			if err != nil {
				t.Fatal(err)
			}
			gamestest.Golden(t, tc.name+".golden.json", s)
		})
	}
}

// Every pocket game's debrief of a bot match names its two sides and
// players, and gives each the result the match's outcome says. (Their
// matches are their bots' to change, so no golden file here.)
func TestEveryPocketGameSummary(t *testing.T) {
	for _, def := range []games.Definition{gridtactics.Definition, pocketsub.Definition, saga.Definition, battles.Definition} {
		t.Run(def.Name, func(t *testing.T) {
			m, err := debrieftest.PlayBots(def, "DKNAX", nil, []string{"Ann", "Bob"}, 4, start)
			if err != nil {
				t.Fatal(err)
			}
			s, err := debrief.Summarize(def, m.Saved)
			if err != nil {
				t.Fatal(err)
			}
			if s.Game != def.Name || s.Versions != int64(len(m.Saved.Commands)) || s.Minutes <= 0 || s.Detail != nil {
				t.Errorf("summary %s, %d versions, %.1f minutes, detail %v", s.Game, s.Versions, s.Minutes, s.Detail)
			}
			if len(s.Sides) != 2 || len(s.Players) != 2 || s.Players[0].Name != "Ann" || s.Players[1].Name != "Bob" {
				t.Fatalf("sides %+v players %+v", s.Sides, s.Players)
			}
			for _, p := range s.Players {
				want := debrief.Lost
				switch {
				case len(m.Saved.Room.Outcome.Winners) == 0:
					want = debrief.Draw
				case slices.Contains(m.Saved.Room.Outcome.Winners, p.Team):
					want = debrief.Won
				}
				if p.Result != want || p.Side == "" {
					t.Errorf("%s: side %q result %q, want %q (outcome %+v)", p.Name, p.Side, p.Result, want, m.Saved.Room.Outcome)
				}
			}
		})
	}
}
