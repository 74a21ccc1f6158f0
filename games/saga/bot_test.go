package saga

import (
	"math/rand/v2"
	"testing"
)

// Bot-vs-bot matches always end, whatever the seed and factions.
func TestBotMatchesEnd(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	wins := [3]int{}
	turns := 0
	for seed := range uint64(n) {
		o := Options{}
		if seed%3 == 1 {
			o = Options{RavenFaction: "jotnar_horde", WolfFaction: "aesir_host"}
		}
		if seed%3 == 2 {
			o.Rerolls = RerollAuto
		}
		p, err := play(o, seed, [2]player{botPlayer, botPlayer}, 5000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		out := p.game.Outcome()
		if len(out.Winners) == 1 {
			wins[out.Winners[0]]++
		} else {
			wins[2]++
		}
		turns += p.game.turns
	}
	t.Logf("Raven %d, Wolf %d, draws %d; %.1f turns a match", wins[0], wins[1], wins[2], float64(turns)/float64(n))
}

// The bot beats a player that picks uniformly among legal commands.
func TestBotBeatsRandom(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 12
	}
	won := 0
	for seed := range uint64(n) {
		botSeat := int(seed % 2)
		var players [2]player
		players[botSeat] = botPlayer
		players[1-botSeat] = randomPlayer(rand.New(rand.NewPCG(seed, 7)))
		p, err := play(Options{}, seed, players, 20000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if w := p.game.Outcome().Winners; len(w) == 1 && w[0] == botSeat {
			won++
		}
	}
	if won*10 < n*8 {
		t.Fatalf("the bot won %d of %d matches against random play; want at least 80%%", won, n)
	}
	t.Logf("the bot won %d of %d", won, n)
}
