package gridtactics

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
// command is accepted again with the same events, the bot would choose
// the same commands, and state and views end up identical.
func TestReplay(t *testing.T) {
	for _, o := range []Options{{}, {HiddenSetup: true, TimeLimit: true}, {SmallBoard: true, HiddenSetup: true}} {
		const seed = 42
		b, _ := json.Marshal(o)
		t.Run(string(b), func(t *testing.T) {
			players := [2]player{botPlayer, randomPlayer(rand.New(rand.NewPCG(1, 2)))}
			p, err := play(o, seed, players, 20000)
			if err != nil {
				t.Fatal(err)
			}
			g := New(o, seed)
			for i, cmd := range p.log {
				if cmd.Seat == Red && g.phase != waiting {
					if body, ok := g.BotCommand(Red); !ok || !bytes.Equal(body, cmd.Body) {
						t.Fatalf("command %d: the bot now chooses %s, it chose %s", i, body, cmd.Body)
					}
				}
				evs, err := g.Apply(cmd)
				if err != nil {
					t.Fatalf("command %d %s refused on replay: %v", i, cmd.Body, err)
				}
				if !reflect.DeepEqual(evs, p.events[i]) {
					t.Fatalf("command %d %s: events differ on replay:\n%+v\n%+v", i, cmd.Body, evs, p.events[i])
				}
			}
			if !reflect.DeepEqual(g, p.game) {
				t.Fatal("the replayed match differs from the original")
			}
			for _, seat := range []int{Red, Blue, games.Spectator} {
				a, _ := json.Marshal(g.View(seat))
				b, _ := json.Marshal(p.game.View(seat))
				if !bytes.Equal(a, b) {
					t.Fatalf("view of seat %d differs on replay", seat)
				}
			}
		})
	}
}

// A different seed rolls different dice for the same commands.
func TestSeedDrivesTheDice(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(30) {
		g := started(t, Options{}, seed)
		mustApply(t, g, Red, redLine)
		evs := mustApply(t, g, Blue, blueLine)
		seen[string(evs[1].Data)] = true
	}
	if len(seen) < 4 {
		t.Fatalf("30 seeds gave only the first rolls %v", seen)
	}
}

// golden compares v's JSON with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; run go test -update and review the diff.\ngot:\n%s", path, got)
	}
}

// The views a page draws from, for each kind of viewer, in a hidden-setup
// timed match part way through, and for a player still placing.
func TestViewGolden(t *testing.T) {
	o := Options{HiddenSetup: true, TimeLimit: true}
	p, err := play(o, 10, [2]player{botPlayer, botPlayer}, 38)
	if err != nil {
		t.Fatal(err)
	}
	if p.game.phase != playing {
		t.Fatalf("match in phase %s after 38 commands; pick another point", p.game.phase)
	}
	golden(t, "view-red.json", p.game.View(Red))
	golden(t, "view-blue.json", p.game.View(Blue))
	golden(t, "view-spectator.json", p.game.View(games.Spectator))

	g := started(t, Options{SmallBoard: true}, 5)
	golden(t, "view-setup.json", g.View(Blue))
}
