package battles

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"periscope/games"
	"periscope/games/gamestest"
)

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
			gamestest.Replay(t, New(o, seed), &gamestest.Match{Game: p.game, Log: p.log, Events: p.events},
				func(cmd games.Command) bool { return cmd.Seat == SeatA })
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

// golden checks the views of seat A, seat B and a spectator against
// testdata/view-name-{a,b,spectator}.json.
func golden(t *testing.T, name string, g *Game) {
	t.Helper()
	gamestest.Golden(t, "view-"+name+"-a.json", g.View(SeatA))
	gamestest.Golden(t, "view-"+name+"-b.json", g.View(SeatB))
	gamestest.Golden(t, "view-"+name+"-spectator.json", g.View(games.Spectator))
}
