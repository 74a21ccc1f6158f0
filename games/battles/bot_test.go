package battles

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"periscope/games"
	"periscope/games/gamestest"
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
		gamestest.BotSteps(b, g, 1, t0)
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

// The veteran fights sensibly: it charges a fight it wins and steps out
// of one it loses (a free redeployment rather than a paid move), shoots
// what it can hit, answers a charge with a shot when it has a gun facing
// it, does not pay 4 tokens for a small gain, and gives up a wounded troop
// rather than sit out a round without a token.
func TestBotDecisions(t *testing.T) {
	twoCavalry := func(t *testing.T) *Game {
		return scenario(t, SeatA, []stack{{"CON24 CON25", "center_front"}}, []stack{{"UNI21", "center_front"}})
	}
	militia := func(t *testing.T) *Game {
		return scenario(t, SeatA, []stack{{"CON10", "center_front"}}, []stack{{"UNI21", "center_front"}})
	}
	for _, c := range []struct {
		name string
		game func(t *testing.T) *Game
		seat int
		want string
	}{
		{"charges a fight it wins", twoCavalry, SeatA, `{"type":"charge","unit":"a1"}`},
		{"steps out of a fight it loses, for free", func(t *testing.T) *Game {
			return scenario(t, SeatA, []stack{{"CON10", "center_front"}}, []stack{{"UNI25 UNI16", "center_front"}})
		}, SeatA, `{"type":"redeploy","unit":"a1","to":"left_front"}`},
		{"shoots what it can hit", func(t *testing.T) *Game {
			return scenario(t, SeatA, []stack{{"CON09", "center_front"}}, []stack{{"UNI22", "center_front"}})
		}, SeatA, `{"type":"shoot","unit":"a1","target":"b1"}`},
		{"a cheap order with a small edge", militia, SeatA, `{"type":"charge","unit":"a1"}`},
		{"the same order at 4 tokens", func(t *testing.T) *Game {
			g := militia(t)
			g.unit("a1").orders, g.sides[SeatA].unused = 3, 7
			return g
		}, SeatA, `{"type":"redeploy","unit":"a1","to":"left_front"}`},
		{"shoots at a charge", func(t *testing.T) *Game {
			g := charge3(t)
			do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
			return g
		}, SeatB, `{"type":"fire_at_charge","unit":"b2"}`},
		{"sacrifices when every token is a Wound token", func(t *testing.T) *Game {
			g := scenarioWith(t, Options{Size: 50}, SeatB,
				[]stack{{"CON16", "left_front"}, {"CON22", "center_front"}, {"CON23", "center_front"}, {"CON24", "right_front"}, {"CON25", "right_rear"}},
				[]stack{{"UNI12", "center_front"}})
			for _, u := range g.own(SeatA) {
				u.troops[0].wounds = 1
			}
			g.sides[SeatA].unused = 0
			passRound(t, g)
			if g.phase != recovery || g.sides[SeatA].unused != 0 {
				t.Fatalf("phase %s, A has %d unused tokens", g.phase, g.sides[SeatA].unused)
			}
			return g
		}, SeatA, `{"type":"sacrifice","troop":"CON22"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := c.game(t)
			tokenBooks(t, g)
			body, ok := g.BotCommandAt(c.seat, games.BotVeteran)
			if !ok || string(body) != c.want {
				t.Fatalf("the bot sends %s; want %s", body, c.want)
			}
			mustApply(t, g, c.seat, string(body))
		})
	}
}

// selfLoss says why the command seat is about to send would lose a troop
// of its own when a choice that loses none exists, or "" when it would
// not: eliminating a troop while every remaining hit fits on Wound tokens,
// sacrificing a troop while a token is unused (a general with no token
// sits out the whole round, the one loss we let a careful player take),
// or shooting into an engagement of its own units.
func selfLoss(g *Game, seat int, c Command) string {
	s := g.sides[seat]
	switch c.Type {
	case TypeKill:
		w := g.awaiting()
		u := g.unit(w.a)
		tokens, room := s.unused+s.passed, 0
		for _, o := range g.own(seat) {
			tokens += o.orders
		}
		for _, t := range u.live() {
			room += max(t.tile.Wounds-t.wounds-1, 0)
		}
		if min(tokens, room) >= w.hits && len(g.assignOptions(u)) > 1 {
			return fmt.Sprintf("eliminated %s though %d hit(s) fit on Wound tokens", c.Troop, w.hits)
		}
	case TypeSacrifice:
		if s.unused > 0 {
			return fmt.Sprintf("sacrificed %s with %d token(s) unused", c.Troop, s.unused)
		}
	case TypeShoot:
		for _, x := range g.group(g.unit(c.Target)) {
			if x.owner == seat {
				return fmt.Sprintf("shot into an engagement of its own %s", x.id)
			}
		}
	}
	return ""
}

// No bot, at any strength, loses a troop of its own when a choice that
// loses none exists, over many battles of every size and both armies.
func TestBotsKeepTheirTroops(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 30
	}
	orders := 0
	for i := range n {
		levels := [2]string{games.BotLevels[i%3], games.BotLevels[(i/3)%3]}
		o := Options{Size: 50 + 10*(i%6)}
		if i%2 == 1 {
			o.ArmyA, o.ArmyB = "union", "confederacy"
		}
		g := New(o, uint64(i)+500)
		var bad string
		player := func(seat int) (json.RawMessage, bool) {
			body, ok := g.BotCommandAt(seat, levels[seat])
			if ok && g.phase >= fighting {
				c, _ := Decode(body)
				if why := selfLoss(g, seat, c); why != "" && bad == "" {
					bad = fmt.Sprintf("battle %d, %s bot of seat %d, round %d: %s", i, levels[seat], seat, g.round, why)
				}
				orders++
			}
			return body, ok
		}
		if _, err := gamestest.Play(g, []gamestest.Player{player, player}, t0, 20000); err != nil {
			t.Fatalf("battle %d: %v", i, err)
		}
		if bad != "" {
			t.Fatal(bad)
		}
	}
	t.Logf("%d battles, %d bot commands, no avoidable loss", n, orders)
}

// The veteran moves a gun that cannot reach any enemy into range with a
// paid Tactical Move (a Heavy gun has no free redeployment), and bot
// battles use the Tactical Move: it once came once in 14,634 actions.
func TestBotTacticalMove(t *testing.T) {
	g := scenario(t, SeatA, []stack{{"CON09", "left_front"}, {"CON07", "left_rear"}}, []stack{{"UNI22", "left_front"}})
	body, _ := g.BotCommandAt(SeatA, games.BotVeteran)
	if string(body) != `{"type":"move","unit":"a1","to":"center_front"}` {
		t.Fatalf("the veteran sends %s; want the Parrot Rifle moved into range", body)
	}
	n := 60
	if testing.Short() {
		n = 12
	}
	moves, actions := 0, 0
	for i := range n {
		g := New(Options{Size: 50 + 10*(i%6)}, uint64(i)+900)
		player := func(seat int) (json.RawMessage, bool) {
			body, ok := g.BotCommandAt(seat, games.BotVeteran)
			if ok && g.phase == fighting && g.awaiting() == nil {
				c, _ := Decode(body)
				if c.Type != TypeRedeploy {
					actions++
				}
				if c.Type == TypeMove {
					moves++
				}
			}
			return body, ok
		}
		if _, err := gamestest.Play(g, []gamestest.Player{player, player}, t0, 20000); err != nil {
			t.Fatal(err)
		}
	}
	if moves*100 < actions {
		t.Fatalf("veteran bots made %d Tactical Moves in %d actions; want at least 1%%", moves, actions)
	}
	t.Logf("%d Tactical Moves in %d actions", moves, actions)
}

// Each strength beats the one below it at least 70% of the time, over
// battles of every default size, each level on each seat and army.
func TestBotStrengths(t *testing.T) {
	n := 90
	if testing.Short() {
		n = 12
	}
	for _, pair := range [][2]string{{games.BotCrew, games.BotLearner}, {games.BotVeteran, games.BotCrew}} {
		won, total := 0, 0
		for _, size := range []int{50, 80, 100} {
			w, n := strengthSeries(t, size, n/3, pair)
			won += w
			total += n
		}
		lo, hi := wilson(won, total)
		t.Logf("%s beats %s in %d of %d battles (%.0f%%, 95%% interval %.0f-%.0f%%)", pair[0], pair[1], won, total, 100*float64(won)/float64(total), 100*lo, 100*hi)
		// The short run plays too few battles to hold 70%: it asks for
		// more than half.
		least := 70
		if testing.Short() {
			least = 51
		}
		if won*100 < total*least {
			t.Errorf("%s beats %s in only %d of %d battles; want at least %d%%", pair[0], pair[1], won, total, least)
		}
	}
}
