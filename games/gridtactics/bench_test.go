package gridtactics

import (
	"encoding/json"
	"testing"

	"periscope/games"
)

// BenchmarkBotMatch plays whole bot-versus-bot matches: every command
// chosen by BotCommand and run through Apply.
func BenchmarkBotMatch(b *testing.B) {
	commands := 0
	for i := 0; b.Loop(); i++ {
		p, err := play(Options{HiddenSetup: true}, uint64(i), [2]player{botPlayer, botPlayer}, 20000)
		if err != nil || p.game.Outcome() == nil {
			b.Fatalf("match %d: %v", i, err)
		}
		commands += len(p.log)
	}
	b.ReportMetric(float64(commands)/float64(b.N), "commands/match")
}

// midGame is a position part way through a match, for the per-command
// benchmarks.
func midGame(b *testing.B) *Game {
	p, err := play(Options{HiddenSetup: true}, 10, [2]player{botPlayer, botPlayer}, 38)
	if err != nil {
		b.Fatal(err)
	}
	return p.game
}

func BenchmarkBotCommand(b *testing.B) {
	g := midGame(b)
	for b.Loop() {
		if _, ok := g.BotCommand(g.turn); !ok {
			b.Fatal("the bot has nothing to do")
		}
	}
}

// BenchmarkApply is one accepted move and its undo, both through Apply.
func BenchmarkApply(b *testing.B) {
	g := layout(b, Options{}, 1, Red, "rS C3", "bS H8")
	there := games.Command{Seat: Red, Body: json.RawMessage(`{"type":"move","unit":"C3","to":"D4"}`)}
	end := games.Command{Seat: Red, Body: json.RawMessage(`{"type":"end_turn"}`)}
	blueEnd := games.Command{Seat: Blue, Body: json.RawMessage(`{"type":"end_turn"}`)}
	back := games.Command{Seat: Red, Body: json.RawMessage(`{"type":"move","unit":"D4","to":"C3"}`)}
	for b.Loop() {
		for _, c := range []games.Command{there, end, blueEnd, back, end, blueEnd} {
			if _, err := g.Apply(c); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkView is what the room pays per seat after every command.
func BenchmarkView(b *testing.B) {
	g := midGame(b)
	for b.Loop() {
		if _, err := json.Marshal(g.View(g.turn)); err != nil {
			b.Fatal(err)
		}
	}
}
