package phone

import "testing"

// The scan knows a game's own rule codes (read from its source) and the
// runtime's (read from docs/protocol.md), so a code of either in a page's
// text fails the game's test.
func TestScanKnowsRuleCodes(t *testing.T) {
	for game, code := range map[string]string{
		"games/pocketsub":   "not_adjacent",
		"games/gridtactics": "not_setup_square",
		"games/saga":        "tile_occupied",
		"games/battles":     "no_wound_points",
	} {
		s := NewScan(t, game)
		for _, c := range []string{code, "not_started", "match_over", "host_only", "spectators_per_address"} {
			if !s.codes[c] {
				t.Errorf("%s: the scan does not know rule code %s (%d codes)", game, c, s.Codes())
			}
		}
	}
}
