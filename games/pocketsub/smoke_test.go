package pocketsub

import (
	"testing"
	"time"
)

func TestSmokeBots(t *testing.T) {
	for _, o := range []Options{{Players: 2}, {Players: 3}, {Players: 4}, {Players: 2, Setup: SetupStandard, Captain: true}, {Players: 4, Setup: SetupStandard, Captain: true}} {
		for seed := range uint64(5) {
			g := started(t, o, seed)
			n := 0
			start := time.Now()
			for g.Outcome() == nil && n < 500 {
				body, ok := g.BotCommand(g.turn)
				if !ok {
					t.Fatalf("bot has nothing to do in phase %s", g.phase)
				}
				mustApply(t, g, g.turn, string(body))
				n++
			}
			t.Logf("%+v seed %d: %d commands, %v, %s", o, seed, n, time.Since(start)/time.Duration(n), g.Outcome().Reason)
		}
	}
}
