package saga

import (
	"testing"
	"time"

	"periscope/games/gamestest"
)

// midMatch is a bot-vs-bot match some turns into play, still going.
func midMatch(b testing.TB) *Game {
	for seed := uint64(11); ; seed++ {
		g := started(b, Options{}, seed)
		for g.phase != over && (g.phase != playing || g.turns < 12) {
			gamestest.BotSteps(b, g, 1, t0)
		}
		if g.phase == playing {
			return g
		}
	}
}

// The issue asks for a bot decision in under 200 ms.
func BenchmarkBotCommand(b *testing.B) {
	g := midMatch(b)
	for b.Loop() {
		g.BotCommand(g.turn)
	}
}

func TestBotIsQuick(t *testing.T) {
	g := midMatch(t)
	start := time.Now()
	for range 10 {
		g.BotCommand(g.turn)
	}
	if per := time.Since(start) / 10; per > 200*time.Millisecond {
		t.Fatalf("a bot decision takes %v", per)
	}
}
