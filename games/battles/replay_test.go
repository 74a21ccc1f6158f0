package battles

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

// The same options, seed and command log rebuild the same battle: every
// command is accepted again with the same events, the bot chooses the same
// commands, and state and views end up identical.
func TestReplay(t *testing.T) {
	for _, o := range []Options{{}, {Size: 80}, {Size: 100, ArmyA: "union", ArmyB: "union", RoundLimit: 6}} {
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
				if cmd.Seat == SeatA {
					if body, ok := g.BotCommand(SeatA); !ok || !bytes.Equal(body, cmd.Body) {
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
				t.Fatal("the replayed battle differs from the original")
			}
			for _, seat := range []int{SeatA, SeatB, games.Spectator} {
				a, _ := json.Marshal(g.View(seat))
				b, _ := json.Marshal(p.game.View(seat))
				if !bytes.Equal(a, b) {
					t.Fatalf("view of seat %d differs on replay", seat)
				}
			}
		})
	}
}

// Another seed rolls other dice.
func TestSeedMatters(t *testing.T) {
	a, _ := play(Options{}, 1, [2]player{botPlayer, botPlayer}, 5000)
	b, _ := play(Options{}, 2, [2]player{botPlayer, botPlayer}, 5000)
	if reflect.DeepEqual(a.events, b.events) {
		t.Fatal("two seeds fought the same battle")
	}
}

// Golden views of one moment for each seat and a spectator: seat A has
// deployed two stacks, B one; then the same battle mid-fight, B to assign
// wounds. Run with -update to rewrite.
func TestGoldenViews(t *testing.T) {
	g := started(t, Options{}, 7)
	mustApply(t, g, SeatA, `{"type":"use_preset","preset":"rulebook_50"}`)
	mustApply(t, g, SeatA, `{"type":"confirm_army"}`)
	mustApply(t, g, SeatB, `{"type":"use_preset","preset":"rulebook_50"}`)
	mustApply(t, g, SeatB, `{"type":"confirm_army"}`)
	for range 3 {
		body, _ := g.BotCommand(g.deployer)
		mustApply(t, g, g.deployer, string(body))
	}
	golden(t, "deploy", g)
	f := charge3(t)
	do(t, f, SeatA, `{"type":"charge","unit":"a1"}`)
	do(t, f, SeatB, `{"type":"hold"}`)
	f.rigged = []int{2, 6}
	do(t, f, SeatA, `{"type":"charge_target","target":"b1"}`)
	golden(t, "wounds", f)
}

func golden(t *testing.T, name string, g *Game) {
	t.Helper()
	for _, seat := range []struct {
		name string
		seat int
	}{{"a", SeatA}, {"b", SeatB}, {"spectator", games.Spectator}} {
		got, err := json.MarshalIndent(g.View(seat.seat), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "view-"+name+"-"+seat.name+".json")
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
