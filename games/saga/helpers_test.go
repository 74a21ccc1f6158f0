package saga

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"periscope/games"
	"periscope/games/gamestest"
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
	m, err := gamestest.Play(g, []gamestest.Player{
		func(seat int) (json.RawMessage, bool) { return players[0](g, seat) },
		func(seat int) (json.RawMessage, bool) { return players[1](g, seat) },
	}, t0, limit)
	if errors.Is(err, gamestest.ErrStuck) {
		err = fmt.Errorf("%w in phase %s", err, g.phase)
	}
	return &played{game: g, log: m.Log, events: m.Events}, err
}

// fightEvent is the fight an event of kind ("roll", "combat") in evs
// carries, the last one if several do; the test fails when none does.
func fightEvent(t testing.TB, evs []games.Event, kind string) *FightView {
	t.Helper()
	var f *FightView
	for _, e := range evs {
		if e.Kind == kind {
			f = &FightView{}
			if err := json.Unmarshal(e.Data, f); err != nil {
				t.Fatalf("the %s event: %v", kind, err)
			}
		}
	}
	if f == nil {
		t.Fatalf("no %s event among %v", kind, kinds(evs))
	}
	return f
}

// arrange builds a match in play from a sketch: tiles as "q,r terrain"
// ("q,r base0" for Raven's base, "base1" for Wolf's) and units as "id q,r"
// (ids of the default factions: Raven's Æsir, Wolf's Jötnar). Every other
// unit waits in reserve. Raven plays first and it is Raven's turn.
func arrange(t testing.TB, o Options, tiles []string, units []string) *Game {
	t.Helper()
	return arrangeSeed(t, o, 1, tiles, units)
}

// arrangeSeed is arrange with the match seed that drives the dice.
func arrangeSeed(t testing.TB, o Options, seed uint64, tiles []string, units []string) *Game {
	t.Helper()
	return arrangeWith(t, HouseSet(), o, seed, tiles, units)
}

// arrangeWith is arrange with other content.
func arrangeWith(t testing.TB, set *Set, o Options, seed uint64, tiles []string, units []string) *Game {
	t.Helper()
	g, err := NewWithSet(o, seed, set)
	if err != nil {
		t.Fatal(err)
	}
	g.phase, g.first, g.turn, g.turns = playing, Raven, Raven, 1
	g.bag = g.set.tiles()
	g.drawn = len(g.bag)
	for _, spec := range tiles {
		var at, what string
		if _, err := fmt.Sscan(spec, &at, &what); err != nil {
			t.Fatalf("tile %q: %v", spec, err)
		}
		h := mustHex(t, at)
		switch what {
		case "base0", "base1":
			s := int(what[4] - '0')
			g.addTile(tile{at: h, base: s})
			g.bases[s] = h
		default:
			g.addTile(tile{at: h, terrain: what})
		}
	}
	for _, spec := range units {
		var id, at string
		if _, err := fmt.Sscan(spec, &id, &at); err != nil {
			t.Fatalf("unit %q: %v", spec, err)
		}
		u := unitByID(t, g, id)
		if w, ok := strings.CutPrefix(id, "w:"); ok {
			u = wolfUnit(t, g, w)
		}
		g.units[u].where, g.units[u].at = onMap, mustHex(t, at)
	}
	return g
}

func mustHex(t testing.TB, s string) Hex {
	t.Helper()
	h, err := parseHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// wolfUnit finds Wolf's unit by id (in a mirror match both sides share ids).
func wolfUnit(t testing.TB, g *Game, id string) int {
	t.Helper()
	for i, u := range g.units {
		if u.id == id && u.owner == Wolf {
			return i
		}
	}
	t.Fatalf("Wolf has no unit %s", id)
	return -1
}

func unitByID(t testing.TB, g *Game, id string) int {
	t.Helper()
	if w, ok := strings.CutPrefix(id, "w:"); ok {
		return wolfUnit(t, g, w)
	}
	for i, u := range g.units {
		if u.id == id {
			return i
		}
	}
	t.Fatalf("no unit %s", id)
	return -1
}

// clone deep-copies a match, so that a test can check a refusal changed nothing.
func clone(g *Game) *Game {
	c := *g
	c.tiles = slices.Clone(g.tiles)
	c.index = map[Hex]int{}
	for k, v := range g.index {
		c.index[k] = v
	}
	c.bag = slices.Clone(g.bag)
	c.units = slices.Clone(g.units)
	if g.fight != nil {
		f := *g.fight
		for s := range 2 {
			f.dice[s] = dice{Off: slices.Clone(f.dice[s].Off), Def: slices.Clone(f.dice[s].Def)}
		}
		c.fight = &f
	}
	if g.outcome != nil {
		o := *g.outcome
		c.outcome = &o
	}
	return &c
}

// refused checks that body is refused with the rule code and changes nothing.
func refused(t testing.TB, g *Game, seat int, body, code string) string {
	t.Helper()
	before := clone(g)
	_, err := apply(g, seat, body)
	if err == nil {
		t.Fatalf("%s by %d was accepted; want refusal %s", body, seat, code)
	}
	if got := games.RuleOf(err); got != code {
		t.Fatalf("%s by %d: refused as %q (%v); want %q", body, seat, got, err, code)
	}
	if !equalGames(before, g) {
		t.Fatalf("%s by %d was refused but changed the match", body, seat)
	}
	return err.Error()
}

func equalGames(a, b *Game) bool {
	ja, _ := json.Marshal(a.view(games.Spectator))
	jb, _ := json.Marshal(b.view(games.Spectator))
	return reflect.DeepEqual(a, b) && string(ja) == string(jb)
}

// kinds lists the event kinds, in order.
func kinds(evs []games.Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

// withSeed finds a seed for which check holds after f runs on a fresh
// arrangement (dice depend on the seed), for tests that need a given roll.
func withSeed(t testing.TB, build func(seed uint64) *Game, f func(g *Game) bool) *Game {
	t.Helper()
	for seed := range uint64(500) {
		g := build(seed)
		if f(g) {
			return g
		}
	}
	t.Fatal("no seed gives the wanted roll")
	return nil
}

// rushPlayer marches on the enemy base: it assaults the base whenever it
// can, else any enemy, else moves nearest the base; it keeps its dice. It
// builds the map at random.
func rushPlayer(r *rand.Rand) player {
	return func(g *Game, seat int) (json.RawMessage, bool) {
		v := g.view(seat)
		if v.Turn != seat || len(v.Legal) == 0 {
			return nil, false
		}
		if v.Fight != nil {
			return Command{Type: TypePass}.Encode(), true
		}
		b := read(v)
		best, bestScore := v.Legal[0].Command, -1e9
		for _, l := range v.Legal {
			c := l.Command
			s := r.Float64()
			switch {
			case l.Base:
				s += 1000
			case c.Type == TypeCloseAssault || c.Type == TypeRangedAssault:
				s += 50
			case c.Type == TypeMove && b.placed[1-seat]:
				s += 20 - float64(distance(hexOf(c.To), b.bases[1-seat]))
			}
			if s > bestScore {
				best, bestScore = c, s
			}
		}
		return best.Encode(), true
	}
}
