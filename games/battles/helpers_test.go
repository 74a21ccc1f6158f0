package battles

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"periscope/games"
	"periscope/games/gamestest"
)

// t0 is the room clock when test battles start.
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

// refused applies a command that must be refused with rule and checks
// that the battle did not change.
func refused(t testing.TB, g *Game, seat int, body, rule string) {
	t.Helper()
	before := clone(g)
	_, err := apply(g, seat, body)
	if err == nil {
		t.Fatalf("%s by %d was accepted; want %s", body, seat, rule)
	}
	if got := games.RuleOf(err); got != rule {
		t.Fatalf("%s by %d refused with %s (%v); want %s", body, seat, got, err, rule)
	}
	if !reflect.DeepEqual(before, g) {
		t.Fatalf("refused %s changed the battle", body)
	}
}

func started(t testing.TB, o Options, seed uint64) *Game {
	t.Helper()
	g := New(o, seed)
	mustApply(t, g, games.System, `{"type":"start"}`)
	return g
}

// clone is a deep copy of the battle.
func clone(g *Game) *Game {
	c := *g
	for i, s := range g.sides {
		sc := *s
		sc.draft = nil
		for _, u := range s.draft {
			sc.draft = append(sc.draft, slices.Clone(u))
		}
		sc.lost = slices.Clone(s.lost)
		c.sides[i] = &sc
	}
	c.units = nil
	for _, u := range g.units {
		uc := *u
		uc.troops = slices.Clone(u.troops)
		c.units = append(c.units, &uc)
	}
	c.contacts = slices.Clone(g.contacts)
	c.ops = slices.Clone(g.ops)
	if g.last != nil {
		l := *g.last
		l.Dice, l.Faces = slices.Clone(l.Dice), slices.Clone(l.Faces)
		c.last = &l
	}
	if g.outcome != nil {
		o := g.Outcome()
		c.outcome = o
	}
	return &c
}

// player picks a seat's next command; ok=false: nothing to do.
type player func(g *Game, seat int) (json.RawMessage, bool)

func botPlayer(g *Game, seat int) (json.RawMessage, bool) { return g.BotCommand(seat) }

// randomPlayer picks uniformly among the legal commands of its view, and
// builds its army like the bot (a random army is not what we test).
func randomPlayer(r *rand.Rand) player {
	return func(g *Game, seat int) (json.RawMessage, bool) {
		v := g.view(seat)
		if v.Phase == "army_building" {
			return g.BotCommand(seat)
		}
		if len(v.Legal) == 0 {
			return nil, false
		}
		return v.Legal[r.IntN(len(v.Legal))].Command.Encode(), true
	}
}

// played is a whole battle: its log and the events of each command.
type played struct {
	game   *Game
	log    []games.Command
	events [][]games.Event
}

// play runs a battle from the start until it ends or limit commands pass.
func play(o Options, seed uint64, players [2]player, limit int) (*played, error) {
	g := New(o, seed)
	m, err := gamestest.Play(g, []gamestest.Player{
		func(seat int) (json.RawMessage, bool) { return players[0](g, seat) },
		func(seat int) (json.RawMessage, bool) { return players[1](g, seat) },
	}, t0, limit)
	switch {
	case errors.Is(err, gamestest.ErrUnfinished):
		err = fmt.Errorf("%w (round %d)", err, g.round)
	case errors.Is(err, gamestest.ErrStuck):
		err = fmt.Errorf("%w in phase %s", err, g.phase)
	}
	return &played{game: g, log: m.Log, events: m.Events}, err
}
