package saga

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"periscope/games"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// The same options, seed and command log rebuild the same match: every
// command is accepted again with the same events, the bot chooses the same
// commands, and state and views end up identical.
func TestReplay(t *testing.T) {
	for _, o := range []Options{{}, {Rerolls: RerollAuto}, {RavenFaction: "jotnar_horde", WolfFaction: "jotnar_horde", RerollSeconds: 10}} {
		b, _ := json.Marshal(o)
		t.Run(string(b), func(t *testing.T) {
			const seed = 42
			players := [2]player{botPlayer, randomPlayer(rand.New(rand.NewPCG(1, 2)))}
			p, err := play(o, seed, players, 20000)
			if err != nil {
				t.Fatal(err)
			}
			g := New(o, seed)
			for i, cmd := range p.log {
				if cmd.Seat == Raven {
					if body, ok := g.BotCommand(Raven); !ok || !bytes.Equal(body, cmd.Body) {
						t.Fatalf("command %d: the bot now chooses %s, it chose %s", i, body, cmd.Body)
					}
				}
				evs, err := g.Apply(cmd)
				if err != nil {
					t.Fatalf("command %d %s refused on replay: %v", i, cmd.Body, err)
				}
				if !reflect.DeepEqual(evs, p.events[i]) {
					t.Fatalf("command %d %s: events differ on replay", i, cmd.Body)
				}
			}
			if !reflect.DeepEqual(g, p.game) {
				t.Fatal("the replayed match differs from the original")
			}
			for _, seat := range []int{Raven, Wolf, games.Spectator} {
				a, _ := json.Marshal(g.View(seat))
				b, _ := json.Marshal(p.game.View(seat))
				if !bytes.Equal(a, b) {
					t.Fatalf("view of seat %d differs on replay", seat)
				}
			}
		})
	}
}

// Another seed shuffles another bag and rolls other dice.
func TestSeedMatters(t *testing.T) {
	a := started(t, Options{}, 1)
	b := started(t, Options{}, 2)
	if reflect.DeepEqual(a.bag, b.bag) {
		t.Fatal("two seeds shuffled the same bag")
	}
}

// Golden views of one position for each seat and a spectator: mid-match,
// an assault waiting for Wolf's re-roll. Run with -update to rewrite.
func TestGoldenViews(t *testing.T) {
	g := arrange(t, Options{}, field, []string{"berserker_1 0,-1", "spear_thegn_1 1,-2", "troll_1 0,-2", "draugr_1 -1,-2"})
	mustApply(t, g, Raven, `{"type":"close_assault","unit":"berserker_1","target":"0,-2","combat":"melee"}`)
	mustApply(t, g, Raven, `{"type":"reroll","dice":"off","index":0}`)
	for _, seat := range []struct {
		name string
		seat int
	}{{"raven", Raven}, {"wolf", Wolf}, {"spectator", games.Spectator}} {
		got, err := json.MarshalIndent(g.View(seat.seat), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "view-"+seat.name+".json")
		if *update {
			if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if !bytes.Equal(bytes.TrimSpace(want), bytes.TrimSpace(got)) {
			t.Fatalf("view of %s differs from %s (run go test -update after checking the change)", seat.name, path)
		}
	}
}
