package saga

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"periscope/games"
	"periscope/games/gamestest"
)

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
			gamestest.Replay(t, New(o, seed), &gamestest.Match{Game: p.game, Log: p.log, Events: p.events},
				func(cmd games.Command) bool { return cmd.Seat == Raven })
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
	gamestest.Golden(t, "view-raven.json", g.View(Raven))
	gamestest.Golden(t, "view-wolf.json", g.View(Wolf))
	gamestest.Golden(t, "view-spectator.json", g.View(games.Spectator))
}
