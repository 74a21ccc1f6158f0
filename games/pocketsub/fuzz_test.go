package pocketsub

import (
	"encoding/json"
	"testing"

	"periscope/games"
)

// Any input to the decoder returns a command or a "malformed" refusal,
// never a panic; what it accepts encodes back to an equivalent command.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"move","sub":"red1","path":["A4","C1","C0"],"mine":"A4"}`,
		`{"type":"move","sub":"red2","path":["A5","B2","B0","B4"],"mine":"B2","tokens":["current","intel"]}`,
		`{"type":"place_cc","at":"B0"}`, `{"type":"place_sub","at":"b4"}`,
		`{"type":"place_whirlpool","at":"C0","spin":"ccw"}`, `{"type":"start"}`,
		`{"type":"move","sub":"red1","tokens":["map","map"]}`, `{"type":"move","path":null}`,
		`{"type":"fly"}`, `{}`, `null`, `[]`, `"move"`, `{"type":"move","sub":1}`, ``, `{"type":"move","sub":"x"}{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		c, err := Decode(body)
		if err != nil {
			if games.RuleOf(err) != "malformed" {
				t.Fatalf("%q refused as %q: %v", body, games.RuleOf(err), err)
			}
			return
		}
		again, err := Decode(c.Encode())
		if err != nil {
			t.Fatalf("%q decoded to %+v, whose encoding %s is refused: %v", body, c, c.Encode(), err)
		}
		a, _ := json.Marshal(again)
		b, _ := json.Marshal(c)
		if string(a) != string(b) {
			t.Fatalf("%q: %s then %s", body, b, a)
		}
	})
}

// Any command from any seat, at any point of a match, is applied or
// refused with a rule code; a refusal changes nothing and nothing panics.
func FuzzApply(f *testing.F) {
	f.Add(uint8(0), 0, []byte(`{"type":"move","sub":"red1","path":["A4","C1","C2"],"mine":"C1"}`))
	f.Add(uint8(3), 1, []byte(`{"type":"move","sub":"blue1","path":["E0","A0"],"tokens":["map"]}`))
	f.Add(uint8(5), 2, []byte(`{"type":"place_cc","at":"C0"}`))
	f.Add(uint8(9), -2, []byte(`{"type":"start"}`))
	f.Add(uint8(12), 0, []byte(`{"type":"place_whirlpool","at":"B0","spin":"cw"}`))
	f.Fuzz(func(t *testing.T, steps uint8, seat int, body []byte) {
		o := optionSets[int(steps)%len(optionSets)]
		g := started(t, o, uint64(steps))
		for range int(steps) / 4 {
			if g.Outcome() != nil {
				break
			}
			b, _ := g.BotCommand(g.turn)
			mustApply(t, g, g.turn, string(b))
		}
		before := snapshot(g)
		if _, err := g.Apply(games.Command{Seat: seat, Body: body}); err != nil {
			if games.RuleOf(err) == "" {
				t.Fatalf("%q refused without a rule code: %v", body, err)
			}
			if snapshot(g) != before {
				t.Fatalf("refused %q changed the match", body)
			}
			return
		}
		invariants(t, g)
	})
}

// Any options JSON is read or refused, never a panic; what is accepted
// starts a match with valid seats.
func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{``, `null`, `{}`, `{"players":4,"setup":"standard","captain":true}`,
		`{"players":3,"mine_supply":"unlimited","running_deep":"adjacent","first_player":"random"}`,
		`{"players":-1}`, `{"setup":7}`, `[]`, `{"players":2}{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := ParseOptions(json.RawMessage(data))
		if err != nil {
			return
		}
		g := New(o, 1)
		if n := len(g.Seats()); n < MinPlayers || n > MaxPlayers || n != o.Players {
			t.Fatalf("%q: %d seats", data, n)
		}
	})
}
