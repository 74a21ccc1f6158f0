package pocketsub

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"periscope/games"
)

var clock = time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)

// started is a match after the room's start command.
func started(t testing.TB, o Options, seed uint64) *Game {
	t.Helper()
	o, err := o.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	g := New(o, seed)
	mustApply(t, g, games.System, string(games.StartBody))
	return g
}

func mustApply(t testing.TB, g *Game, seat int, body string) []games.Event {
	t.Helper()
	evs, err := g.Apply(games.Command{Seat: seat, Body: json.RawMessage(body), Time: clock})
	if err != nil {
		t.Fatalf("seat %d %s: %v", seat, body, err)
	}
	return evs
}

// refused checks that the command is refused with the rule code and that
// nothing changed: state and every view.
func refused(t testing.TB, g *Game, seat int, body, code string) string {
	t.Helper()
	before := snapshot(g)
	evs, err := g.Apply(games.Command{Seat: seat, Body: json.RawMessage(body), Time: clock})
	if err == nil {
		t.Fatalf("seat %d %s was accepted (%v); want refusal %s", seat, body, texts(evs), code)
	}
	if got := games.RuleOf(err); got != code {
		t.Fatalf("seat %d %s: refused with %q (%v); want %q", seat, body, got, err, code)
	}
	if after := snapshot(g); after != before {
		t.Fatalf("seat %d %s: the refusal changed the match", seat, body)
	}
	return err.Error()
}

// snapshot is the state and every view, for before/after comparisons.
func snapshot(g *Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%+v %+v %+v %v %v %v %v %v\n", g.subs, g.ccs, g.mineAt, g.mines, g.tokens, g.whirls, g.phase, g.turn)
	for _, tl := range g.board.tiles {
		fmt.Fprintf(&b, "%s%d ", tl.name, tl.rot)
	}
	for s := -1; s < g.opts.Players; s++ {
		v, _ := json.Marshal(g.View(s))
		b.Write(v)
	}
	return b.String()
}

func texts(evs []games.Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Text)
	}
	return out
}

// region names a region of g's board or fails.
func region(t testing.TB, g *Game, name string) Region {
	t.Helper()
	r, ok := g.board.parse(name)
	if !ok {
		t.Fatalf("%s is not a region", name)
	}
	return r
}

// at lists what stands on a region, for assertions: "R1", "mine:B", "cc:R".
func at(g *Game, name string) string {
	r, ok := g.board.parse(name)
	if !ok {
		return "?"
	}
	var out []string
	if c := g.ccAt(r); c >= 0 {
		out = append(out, "cc:"+letters[g.colours[c]])
	}
	if m := g.mineAt[r]; m >= 0 {
		out = append(out, "mine:"+letters[g.colours[m]])
	}
	for _, u := range g.subs {
		if u.alive && u.at == r {
			out = append(out, u.id)
		}
	}
	return strings.Join(out, " ")
}

// scen is a board built for one test: tiles at axial positions with their
// terrain as the board shows it ("D ssrsss": a deep centre, then edges 1-6
// clockwise from the top; S for a shallow centre), and the pieces on it
// ("R1 A4", "mine:B C3", "cc:R A0"). Subs not listed are out of play.
type scen struct {
	players int
	tiles   []string
	pieces  []string
	turn    int
	captain bool
	deep    string // running deep option
	shelter string // the Command Centre's shelter option
	current string // the Strong Current option
	mines   []int  // Mines left per seat, when not the supply less those on the board
}

func build(t testing.TB, s scen) *Game {
	t.Helper()
	if s.players == 0 {
		s.players = 2
	}
	if s.tiles == nil {
		s.tiles = row
	}
	o, err := Options{Players: s.players, Captain: s.captain, RunningDeep: s.deep, Shelter: s.shelter, StrongCurrent: s.current}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	g := New(o, 1)
	var tiles []placed
	for i, spec := range s.tiles {
		var q, r int
		var centre, edges string
		if _, err := fmt.Sscanf(spec, "%d,%d %s %s", &q, &r, &centre, &edges); err != nil {
			t.Fatalf("tile %q: %v", spec, err)
		}
		f := &TileFace{ID: fmt.Sprintf("X%d", i+1), Centre: Shallow}
		if centre == "D" {
			f.Centre = Deep
		}
		for k, c := range edges {
			if c == 'r' {
				f.Edges[k] = Rocky
			}
		}
		tiles = append(tiles, placed{at: Hex{q, r}, face: f})
	}
	g.board = newBoard(tiles)
	g.mineAt = make([]int8, g.board.regions())
	for i := range g.mineAt {
		g.mineAt[i] = -1
	}
	for i := range g.ccs {
		g.ccs[i] = NoRegion
	}
	for i := range g.subs {
		g.subs[i].alive, g.subs[i].placed, g.subs[i].at = false, true, NoRegion
	}
	seatOf := func(letter string) int {
		for s, c := range g.colours {
			if letters[c] == letter {
				return s
			}
		}
		t.Fatalf("no colour %q in a %d-player match", letter, s.players)
		return -1
	}
	for _, p := range s.pieces {
		what, where, _ := strings.Cut(p, " ")
		r := region(t, g, where)
		switch {
		case strings.HasPrefix(what, "mine:"):
			g.mineAt[r] = int8(seatOf(what[5:]))
			g.mines[seatOf(what[5:])]--
		case strings.HasPrefix(what, "cc:"):
			g.ccs[seatOf(what[3:])] = r
		default:
			i := g.subByID(what)
			if i < 0 {
				t.Fatalf("no Sub %s", what)
			}
			g.subs[i].at, g.subs[i].alive = r, true
		}
	}
	if s.mines != nil {
		copy(g.mines, s.mines)
	}
	g.phase, g.turn, g.round = playing, s.turn, 1
	return g
}

// moveOf finds a listed legal move of the seat to act by its path.
func moveOf(g *Game, sub string, path ...string) (MoveView, bool) {
	for _, m := range g.view(g.turn).Moves {
		if m.Sub == sub && strings.Join(m.Path, " ") == strings.Join(path, " ") {
			return m, true
		}
	}
	return MoveView{}, false
}
