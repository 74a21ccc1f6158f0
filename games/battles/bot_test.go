package battles

import (
	"math/rand/v2"
	"testing"
	"time"
)

// Bot-vs-bot battles always end, whatever the seed, size and armies, and
// the token books always balance.
func TestBotBattlesEnd(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	wins := [2]int{}
	rounds := 0
	for seed := range uint64(n) {
		o := Options{Size: 50 + 10*int(seed%6)}
		switch seed % 4 {
		case 1:
			o.ArmyA, o.ArmyB = "union", "confederacy"
		case 2:
			o.ArmyB = "confederacy"
		}
		p, err := play(o, seed, [2]player{botPlayer, botPlayer}, 5000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		tokenBooks(t, p.game)
		wins[p.game.Outcome().Winners[0]]++
		rounds += p.game.round
	}
	t.Logf("A %d, B %d; %.1f rounds a battle", wins[0], wins[1], float64(rounds)/float64(n))
}

// The bot beats a general who picks uniformly among legal commands.
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
		p, err := play(Options{RoundLimit: 20}, seed, players, 20000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if w := p.game.Outcome().Winners; len(w) == 1 && w[0] == botSeat {
			won++
		}
	}
	if won*10 < n*8 {
		t.Fatalf("the bot won %d of %d battles against random play; want at least 80%%", won, n)
	}
	t.Logf("the bot won %d of %d", won, n)
}

// midBattle is a bot-vs-bot battle of 100 points a dozen turns in.
func midBattle(b testing.TB) *Game {
	g := started(b, Options{Size: 100}, 11)
	for g.phase != fighting || g.turns < 12 {
		for s := range 2 {
			if body, ok := g.BotCommand(s); ok {
				mustApply(b, g, s, string(body))
				break
			}
		}
	}
	return g
}

// The issue asks for a bot decision in under 200 ms.
func BenchmarkBotCommand(b *testing.B) {
	g := midBattle(b)
	for b.Loop() {
		g.BotCommand(g.actor())
	}
}

func TestBotIsQuick(t *testing.T) {
	g := midBattle(t)
	start := time.Now()
	for range 20 {
		if _, ok := g.BotCommand(g.actor()); !ok {
			t.Fatal("the bot has nothing to do on its turn")
		}
	}
	if per := time.Since(start) / 20; per > 200*time.Millisecond {
		t.Fatalf("a bot decision takes %v", per)
	}
}
