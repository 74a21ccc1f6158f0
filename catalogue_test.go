package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"periscope/games"
)

// views is every seat's view of g and the spectator's, as JSON: what a
// refused command must leave as it was.
func views(t *testing.T, g games.Game) [][]byte {
	t.Helper()
	out := [][]byte{}
	for seat := games.Spectator; seat < len(g.Seats()); seat++ {
		b, err := json.Marshal(g.View(seat))
		if err != nil {
			t.Fatalf("view of seat %d: %v", seat, err)
		}
		out = append(out, b)
	}
	return out
}

// firstBotCommand is the command of the first seat whose bot has one.
func firstBotCommand(g games.Game) (int, json.RawMessage, bool) {
	b, ok := g.(games.Botter)
	if !ok {
		return 0, nil, false
	}
	for seat := range g.Seats() {
		if body, ok := b.BotCommand(seat); ok {
			return seat, body, true
		}
	}
	return 0, nil, false
}

// A command that gives a key twice is refused, whatever the game, though
// the same command with the key once is one the seat may give: encoding/json
// would take the last value, so {"type":"pass","type":"concede"} conceded a
// Pocket Battles match. The refusal is "malformed", names the key and
// changes nothing any seat can see.
func TestEveryGameRefusesAKeyGivenTwice(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	for _, def := range catalogue() {
		t.Run(def.Name, func(t *testing.T) {
			g, err := def.New(nil, 1)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Apply(games.Command{Seat: games.System, Body: games.StartBody, Time: t0}); err != nil {
				t.Fatalf("start: %v", err)
			}
			seat, body, ok := firstBotCommand(g)
			if !ok {
				t.Fatal("no seat's bot has a command after the start")
			}
			cases := []struct {
				name string
				seat int
				body string
				key  string
			}{
				{"the type twice", seat, `{"type":"decoy",` + string(body[1:]), `"type"`},
				{"the type twice, in other letters", seat, `{"TYPE":"decoy",` + string(body[1:]), `"TYPE" and "type"`},
				{"the room's start twice", games.System, `{"type":"tick","type":"start"}`, `"type"`},
			}
			if def.Name == "battles" {
				cases = append(cases, struct {
					name string
					seat int
					body string
					key  string
				}{"a pass that concedes", 0, `{"type":"pass","type":"concede"}`, `"type"`})
			}
			before := views(t, g)
			for _, tc := range cases {
				_, err := g.Apply(games.Command{Seat: tc.seat, Body: json.RawMessage(tc.body), Time: t0.Add(time.Second), Bot: true})
				if err == nil {
					t.Fatalf("%s: %s by seat %d was accepted", tc.name, tc.body, tc.seat)
				}
				if games.RuleOf(err) != "malformed" || !strings.Contains(err.Error(), tc.key) {
					t.Fatalf("%s: %s refused with %q (rule %q); want malformed naming %s", tc.name, tc.body, err, games.RuleOf(err), tc.key)
				}
				if g.Outcome() != nil {
					t.Fatalf("%s: the match ended: %+v", tc.name, g.Outcome())
				}
				if after := views(t, g); !equalViews(before, after) {
					t.Fatalf("%s: a seat's view changed", tc.name)
				}
			}
			// The same command with its key once is taken: the refusal was
			// the repeated key's, not the move's.
			if _, err := g.Apply(games.Command{Seat: seat, Body: body, Time: t0.Add(time.Second), Bot: true}); err != nil {
				t.Fatalf("%s by seat %d, the key once: %v", body, seat, err)
			}
		})
	}
}

func equalViews(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

var _ = fmt.Sprint
var _ = os.ReadFile
