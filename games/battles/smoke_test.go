package battles

import "testing"

func TestSmoke(t *testing.T) {
	for seed := range uint64(20) {
		p, err := play(Options{}, seed, [2]player{botPlayer, botPlayer}, 5000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		t.Logf("seed %d: %d commands, round %d: %s", seed, len(p.log), p.game.round, p.game.outcome.Reason)
	}
}
