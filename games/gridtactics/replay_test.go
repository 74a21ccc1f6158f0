package gridtactics

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"periscope/games"
	"periscope/games/gamestest"
)

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
			gamestest.Replay(t, g, &gamestest.Match{Game: p.game, Log: p.log, Events: p.events},
				func(cmd games.Command) bool { return cmd.Seat == Red && g.phase != waiting })
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
	gamestest.Golden(t, "view-red.json", p.game.View(Red))
	gamestest.Golden(t, "view-blue.json", p.game.View(Blue))
	gamestest.Golden(t, "view-spectator.json", p.game.View(games.Spectator))

	g := started(t, Options{SmallBoard: true}, 5)
	gamestest.Golden(t, "view-setup.json", g.View(Blue))
}
