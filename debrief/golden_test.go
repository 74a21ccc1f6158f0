package debrief_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"periscope/debrief"
	"periscope/debrief/debrieftest"
	"periscope/games"
	"periscope/games/battles"
	"periscope/games/gridtactics"
	"periscope/games/pocketsub"
	"periscope/games/saga"
	"periscope/roles"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/ from what the debrief says now")

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
			got, err := json.MarshalIndent(s, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", tc.name+".golden.json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./debrief -run Golden -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the debrief of %s differs from %s (go test ./debrief -run Golden -update rewrites it):\n%s", tc.name, path, firstDiff(string(want), string(got)))
			}
		})
	}
}

// firstDiff shows the first line where want and got part.
func firstDiff(want, got string) string {
	w, g := bytes.Split([]byte(want), []byte("\n")), bytes.Split([]byte(got), []byte("\n"))
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b []byte
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if !bytes.Equal(a, b) {
			return "line " + strconv.Itoa(i+1) + ":\n  want " + string(a) + "\n  got  " + string(b)
		}
	}
	return ""
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
			if s.Game != def.Name || s.Versions != int64(len(m.Saved.Commands)) || s.Minutes <= 0 || s.Sonar != nil {
				t.Errorf("summary %s, %d versions, %.1f minutes, sonar %v", s.Game, s.Versions, s.Minutes, s.Sonar)
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
