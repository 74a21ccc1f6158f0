package gridtactics

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"periscope/games"
)

// invariants checks what must hold after every command, accepted or not.
func invariants(t testing.TB, g *Game) {
	t.Helper()
	seen := map[Square]int{}
	for i, u := range g.units {
		if !u.alive {
			continue
		}
		if !u.at.on(g.size) {
			t.Fatalf("%s is off the board", g.label(i))
		}
		if j, ok := seen[u.at]; ok {
			t.Fatalf("%s and %s share a square", g.label(j), g.label(i))
		}
		seen[u.at] = i
		if g.at(u.at) != i {
			t.Fatalf("the board does not know %s", g.label(i))
		}
	}
	onGrid := 0
	for _, v := range g.grid {
		if v >= 0 {
			onGrid++
		}
	}
	if onGrid != len(seen) {
		t.Fatalf("the board holds %d units, the army lists %d alive", onGrid, len(seen))
	}
	if (g.phase == over) != (g.outcome != nil) {
		t.Fatalf("phase %s with outcome %v", g.phase, g.outcome)
	}
	if g.pending != nil && (g.phase != playing || g.open != g.pending.attacker) {
		t.Fatalf("a second attack is pending outside its artillery's activation")
	}
	for _, seat := range []int{Red, Blue, games.Spectator} {
		v := g.view(seat)
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("view of %d: %v", seat, err)
		}
		var tree any
		if err := json.Unmarshal(b, &tree); err != nil {
			t.Fatal(err)
		}
		if n := longestList(tree); n > g.size*g.size {
			t.Fatalf("view of %d holds a list of %d entries, more than the board has squares", seat, n)
		}
		hiddenFrom(t, g, seat, v)
	}
}

// hiddenFrom checks that v shows a face-down unit of another side only as
// "unit", with no id, and everything else as it is.
func hiddenFrom(t testing.TB, g *Game, seat int, v View) {
	t.Helper()
	for _, p := range v.Board {
		sq, _, _ := parseSquare(p.At, g.size)
		u := g.units[g.at(sq)]
		secret := u.hidden && u.owner != seat
		if p.FaceDown != u.hidden || p.Owner != u.owner {
			t.Fatalf("seat %d sees %+v for %s", seat, p, u.at)
		}
		if secret && (p.Kind != "unit" || p.ID != "") {
			t.Fatalf("seat %d sees the face-down unit on %s as %q %q", seat, p.At, p.Kind, p.ID)
		}
		if !secret && (p.Kind != u.kind.String() || p.ID != u.id) {
			t.Fatalf("seat %d sees %s on %s as %q", seat, u.kind, p.At, p.Kind)
		}
	}
}

// alive counts live units.
func alive(g *Game) int {
	n := 0
	for _, u := range g.units {
		if u.alive {
			n++
		}
	}
	return n
}

// fuzzCommand turns bytes into one command: mostly legal play, often
// nonsense, sometimes the room's own commands, from any seat.
func fuzzCommand(g *Game, next func() byte) games.Command {
	at := t0.Add(time.Duration(next()) * 10 * time.Second)
	seat := []int{Red, Blue, g.turn, g.turn, games.Spectator, games.System, 7}[next()%7]
	sq := func() string {
		return fmt.Sprintf("%c%d", 'A'+next()%10, next()%11)
	}
	var c Command
	switch k := next() % 10; {
	case k < 4: // a legal move, if there is one
		if g.phase == placing && !g.placed[seat&1] {
			body, _ := g.BotCommand(seat & 1)
			return games.Command{Seat: seat & 1, Body: body, Time: at}
		}
		if cs := g.legal(g.turn); len(cs) > 0 {
			return games.Command{Seat: g.turn, Body: cs[int(next())%len(cs)].Encode(), Time: at}
		}
		c.Type = TypeEndTurn
	case k < 6: // a well-formed command aimed anywhere
		types := []string{TypeMove, TypeAttack, TypeTank, TypeArtillery, TypeSecondAttack, TypeDeclineSecond, TypeEndTurn, TypeSetup}
		c = Command{Type: types[next()%8], Unit: sq(), To: sq(), Target: sq()}
		if next()%2 == 0 {
			c.Unit = []string{"S1", "T2", "AR1", "s3", "AR3", "X"}[next()%6]
		}
		if c.Type == TypeSetup {
			c.Place = map[string]string{}
			for range next() % 9 {
				c.Place[sq()] = []string{"soldier", "tank", "artillery", "wizard"}[next()%4]
			}
		}
	case k < 7: // the room
		c.Type = []string{TypeStart, TypeTick}[next()%2]
		at = t0.Add(time.Duration(next()) * 10 * time.Second)
	case k < 8: // the bot
		if body, ok := g.BotCommand(seat); ok {
			return games.Command{Seat: seat, Body: body, Time: at}
		}
		c.Type = TypeEndTurn
	default: // raw bytes
		n := int(next() % 24)
		raw := make([]byte, n)
		for i := range raw {
			raw[i] = next()
		}
		return games.Command{Seat: seat, Body: raw, Time: at}
	}
	b, _ := json.Marshal(c)
	return games.Command{Seat: seat, Body: b, Time: at}
}

func FuzzGame(f *testing.F) {
	f.Add([]byte{0, 1})
	f.Add([]byte{1, 2, 6, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2, 1, 0, 0, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("\x07\x09hidden small timed: a longer run of bytes to play with, and more, and more"))
	long := make([]byte, 2000)
	for i := range long {
		long[i] = byte(i*37 + i/7)
	}
	f.Add(long)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		o := Options{SmallBoard: data[0]&1 != 0, HiddenSetup: data[0]&2 != 0, TimeLimit: data[0]&4 != 0}
		g := New(o, uint64(data[1]))
		pos := 2
		// After the input runs out, keep reading zeros: legal play by Red or
		// the side to move, so every input also plays a while.
		next := func() byte {
			if pos >= len(data) {
				pos++
				return 0
			}
			pos++
			return data[pos-1]
		}
		if data[0]&8 == 0 {
			mustApply(t, g, games.System, `{"type":"start"}`)
		}
		for step := 0; step < 300 && pos < len(data)+200 && g.outcome == nil; step++ {
			cmd := fuzzCommand(g, next)
			before := clone(g)
			living := alive(g)
			evs, err := g.Apply(cmd)
			if err != nil {
				if !reflect.DeepEqual(g, before) {
					t.Fatalf("refused %s by %d (%v) changed the match", cmd.Body, cmd.Seat, err)
				}
				if err.Error() == "" {
					t.Fatal("an empty error message")
				}
				if rule := games.RuleOf(err); !snake.MatchString(rule) {
					t.Fatalf("refused %s (%v) names no rule: %q", cmd.Body, err, rule)
				}
				invariants(t, g)
				continue
			}
			hits := 0
			for _, r := range rolls(t, evs) {
				if r.Hit {
					hits++
				}
			}
			if living-alive(g) != hits && before.phase != placing {
				t.Fatalf("%s: %d units gone with %d hits", cmd.Body, living-alive(g), hits)
			}
			if alive(g) < living-hits || (before.phase == playing && alive(g) > living) {
				t.Fatalf("%s: units %d -> %d with %d hits", cmd.Body, living, alive(g), hits)
			}
			invariants(t, g)
		}
	})
}
