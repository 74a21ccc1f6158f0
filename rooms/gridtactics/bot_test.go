package gridtactics

import (
	"math/rand/v2"
	"testing"
)

// optionsFor varies the options over seeds so every variant gets played.
func optionsFor(seed uint64) Options {
	return Options{SmallBoard: seed%3 == 1, HiddenSetup: seed%2 == 1}
}

func TestBotVersusBot(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	turns := 0
	for seed := range uint64(games) {
		p, err := play(optionsFor(seed), seed, [2]player{botPlayer, botPlayer}, 20000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if p.game.Outcome() == nil {
			t.Fatalf("seed %d: no result after %d commands (turn %d)", seed, len(p.log), p.game.turns)
		}
		turns += p.game.turns
	}
	t.Logf("%d games, %.1f turns on average", games, float64(turns)/float64(games))
}

func TestBotBeatsRandom(t *testing.T) {
	const games = 200
	wins := 0
	for seed := range uint64(games) {
		botSeat := int(seed % 2)
		var players [2]player
		players[botSeat] = botPlayer
		players[1-botSeat] = randomPlayer(rand.New(rand.NewPCG(seed, 7)))
		p, err := play(optionsFor(seed), seed, players, 20000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if o := p.game.Outcome(); o != nil && len(o.Winners) == 1 && o.Winners[0] == botSeat {
			wins++
		}
	}
	t.Logf("bot won %d of %d", wins, games)
	if wins < games*80/100 {
		t.Errorf("bot won %d of %d games against a random player; want at least 80%%", wins, games)
	}
}
