package saga

import (
	"encoding/json"
	"testing"

	"periscope/games"
	"periscope/games/gamestest"
)

// Decode never panics, and what it accepts has a known type and encodes
// back to a command it accepts again.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"place_tile","at":"0,-1"}`, `{"type":"move","unit":"troll_1","to":"1,-2"}`,
		`{"type":"close_assault","unit":"a","target":"0,-1","combat":"melee"}`,
		`{"type":"reroll","dice":"off","index":0}`, `{"type":"pass"}`, `{"type":"reroll","dice":"off","index":1e99}`,
		`{"type":"move","unit":"x","to":"99999999999999999999,1"}`, `{}`, `[]`, `null`, `{"type":7}`, `{"type":"move"}{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		c, err := Decode(body)
		if err != nil {
			if games.RuleOf(err) != "malformed" {
				t.Fatalf("decode refusal %v has code %q; want malformed", err, games.RuleOf(err))
			}
			return
		}
		if _, ok := fields[c.Type]; !ok {
			t.Fatalf("accepted type %q", c.Type)
		}
		if _, err := Decode(c.Encode()); err != nil {
			t.Fatalf("%s re-encoded as %s is refused: %v", body, c.Encode(), err)
		}
	})
}

// Whatever a seat sends, at any point of a match, Apply never panics and a
// refusal names a rule and changes nothing.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), 0, 10, []byte(`{"type":"place_tile","at":"0,-1"}`))
	f.Add(uint64(2), 1, 60, []byte(`{"type":"move","unit":"troll_1","to":"0,-3"}`))
	f.Add(uint64(3), 0, 80, []byte(`{"type":"reroll","dice":"def","index":2}`))
	f.Add(uint64(4), -2, 5, []byte(`{"type":"tick"}`))
	f.Add(uint64(5), 1, 45, []byte(`{"type":"ranged_assault","unit":"ice_slinger_1","target":"0,-9","combat":"ballistics"}`))
	f.Fuzz(func(t *testing.T, seed uint64, seat, steps int, body []byte) {
		g := New(Options{RerollSeconds: 10}, seed)
		mustApply(t, g, games.System, `{"type":"start"}`)
		gamestest.BotSteps(t, g, steps%200, t0)
		before := clone(g)
		_, err := g.Apply(games.Command{Seat: seat, Body: json.RawMessage(body), Time: t0})
		if err != nil {
			if games.RuleOf(err) == "" {
				t.Fatalf("refusal %v names no rule", err)
			}
			if !equalGames(before, g) {
				t.Fatalf("refused %s changed the match", body)
			}
		}
	})
}
