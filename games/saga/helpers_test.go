package saga

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"periscope/games"
)

// t0 is the room clock when test matches start.
var t0 = time.Date(2026, 3, 14, 20, 0, 0, 0, time.UTC)

func apply(g *Game, seat int, body string) ([]games.Event, error) {
	return g.Apply(games.Command{Seat: seat, Body: json.RawMessage(body), Time: t0})
}

func mustApply(t testing.TB, g *Game, seat int, body string) []games.Event {
	t.Helper()
	evs, err := apply(g, seat, body)
	if err != nil {
		t.Fatalf("%s by %d: %v", body, seat, err)
	}
	return evs
}

func started(t testing.TB, o Options, seed uint64) *Game {
	t.Helper()
	g := New(o, seed)
	mustApply(t, g, games.System, `{"type":"start"}`)
	return g
}

// player picks a seat's next command from the game; ok=false: nothing to do.
type player func(g *Game, seat int) (json.RawMessage, bool)

func botPlayer(g *Game, seat int) (json.RawMessage, bool) { return g.BotCommand(seat) }

// randomPlayer picks uniformly among the legal commands of its view.
func randomPlayer(r *rand.Rand) player {
	return func(g *Game, seat int) (json.RawMessage, bool) {
		v := g.view(seat)
		if v.Turn != seat || len(v.Legal) == 0 {
			return nil, false
		}
		return v.Legal[r.IntN(len(v.Legal))].Command.Encode(), true
	}
}

// played is a whole match: its log and the events of each command.
type played struct {
	game   *Game
	log    []games.Command
	events [][]games.Event
}

// play runs a match from the start until it ends or limit commands pass.
func play(o Options, seed uint64, players [2]player, limit int) (*played, error) {
	g := New(o, seed)
	p := &played{game: g}
	run := func(seat int, body json.RawMessage) error {
		cmd := games.Command{Seat: seat, Body: body, Time: t0.Add(time.Duration(len(p.log)) * time.Second)}
		evs, err := g.Apply(cmd)
		if err != nil {
			return fmt.Errorf("seat %d %s: %w", seat, body, err)
		}
		p.log = append(p.log, cmd)
		p.events = append(p.events, evs)
		return nil
	}
	if err := run(games.System, games.StartBody); err != nil {
		return p, err
	}
	for g.Outcome() == nil {
		if len(p.log) > limit {
			return p, fmt.Errorf("no result after %d commands", limit)
		}
		moved := false
		for seat := range 2 {
			if body, ok := players[seat](g, seat); ok {
				if err := run(seat, body); err != nil {
					return p, err
				}
				moved = true
				break
			}
		}
		if !moved {
			return p, fmt.Errorf("nobody can act in phase %s", g.phase)
		}
	}
	return p, nil
}
