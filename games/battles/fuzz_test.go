package battles

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
		`{"type":"add_unit","tiles":["CON04","CON25"]}`, `{"type":"deploy","unit":"a1","to":"left_front"}`,
		`{"type":"charge","unit":"a1"}`, `{"type":"charge","unit":"a1","target":"b2"}`, `{"type":"wound","troop":"UNI12","from":"b3"}`,
		`{"type":"use_trait","unit":"b1","trait":"signal","target":"b2","to":"left_front"}`, `{"type":"pass"}`,
		`{"type":"add_unit","tiles":[]}`, `{"type":"add_unit","tiles":[1]}`, `{}`, `[]`, `null`, `{"type":7}`, `{"type":"pass"}{}`,
		`{"type":"pass","unit":"a1"}`, `{"type":"pass","bogus":1}`,
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
		if _, ok := shapes[c.Type]; !ok {
			t.Fatalf("accepted type %q", c.Type)
		}
		if _, err := Decode(c.Encode()); err != nil {
			t.Fatalf("%s re-encoded as %s is refused: %v", body, c.Encode(), err)
		}
	})
}

// Whatever a seat sends, at any point of a battle, Apply never panics and
// a refusal names a rule and changes nothing.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), 0, 10, []byte(`{"type":"add_unit","tiles":["CON10"]}`))
	f.Add(uint64(2), 1, 30, []byte(`{"type":"charge","unit":"b1"}`))
	f.Add(uint64(3), 0, 60, []byte(`{"type":"wound","troop":"CON22","from":"a2"}`))
	f.Add(uint64(4), -2, 5, []byte(`{"type":"start"}`))
	f.Add(uint64(5), 1, 45, []byte(`{"type":"use_trait","unit":"b3","trait":"bless","target":"b1"}`))
	f.Add(uint64(6), 0, 80, []byte(`{"type":"sacrifice","troop":"CON22"}`))
	f.Fuzz(func(t *testing.T, seed uint64, seat, steps int, body []byte) {
		g := New(Options{}, seed)
		mustApply(t, g, games.System, `{"type":"start"}`)
		gamestest.BotSteps(t, g, steps%300, t0)
		before := clone(g)
		_, err := g.Apply(games.Command{Seat: seat, Body: json.RawMessage(body), Time: t0})
		if err != nil {
			if games.RuleOf(err) == "" {
				t.Fatalf("refusal %v names no rule", err)
			}
			if !equalGames(before, g) {
				t.Fatalf("refused %s changed the battle", body)
			}
		}
		tokenBooks(t, g)
	})
}

func equalGames(a, b *Game) bool {
	x, _ := json.Marshal([]any{a.View(0), a.View(1), a.View(-1), len(a.ops), a.applied})
	y, _ := json.Marshal([]any{b.View(0), b.View(1), b.View(-1), len(b.ops), b.applied})
	return string(x) == string(y)
}
