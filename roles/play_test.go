package roles

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"periscope/games"
	"periscope/sonar"
	"periscope/sonar/chart"
)

// player drives a Game with random orders that a table could give, through
// the same JSON the phones send. Refused orders are part of the test: they
// must change nothing.
type player struct {
	t   testing.TB
	g   *Game
	rng *rand.Rand
	now time.Time
	// log is every accepted command, for replays.
	log []games.Command
}

func newPlayer(t testing.TB, opts Options, seed uint64) *player {
	t.Helper()
	g, err := New(opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	p := &player{t: t, g: g, rng: rand.New(rand.NewPCG(seed, 7)), now: time.Unix(1_700_000_000, 0).UTC()}
	if _, err := p.apply(games.System, `{"type":"start"}`); err != nil {
		t.Fatal(err)
	}
	return p
}

func (p *player) apply(seat int, body string) ([]games.Event, error) {
	p.now = p.now.Add(time.Second)
	cmd := games.Command{Seat: seat, Body: json.RawMessage(body), Time: p.now}
	evs, err := p.g.Apply(cmd)
	if err == nil {
		p.log = append(p.log, cmd)
	}
	return evs, err
}

// candidates lists orders seat might give now, most of them legal.
func (p *player) candidates(seat int) []string {
	// The engine's crew view is enough to choose orders, and much cheaper
	// than a whole seat view with its log and radio picture.
	st := p.g.seats[seat]
	v := struct{ Roles []sonar.Role }{st.roles}
	ownView := p.g.match.Crew(st.crew)
	own := &ownView
	m := p.g.match.Chart()
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	has := func(r sonar.Role) bool {
		for _, x := range v.Roles {
			if x == r {
				return true
			}
		}
		return false
	}
	if has(sonar.Captain) {
		if !own.Placed {
			water := m.WaterCells()
			add(`{"type":"place","cell":"%s"}`, water[p.rng.IntN(len(water))])
		}
		for _, c := range own.Courses {
			if c.Legal {
				// Courses are the heart of the game: weigh them up.
				for range 4 {
					add(`{"type":"course","dir":"%s"}`, c.Dir)
				}
			}
		}
		for _, s := range own.Silences {
			if s.Reason == "" {
				add(`{"type":"silence","dir":"%s","distance":%d}`, s.Dir, s.Min+p.rng.IntN(s.Max-s.Min+1))
			}
		}
		add(`{"type":"surface"}`)
		add(`{"type":"end_turn"}`)
		add(`{"type":"dive"}`)
		for _, c := range own.MineCells {
			add(`{"type":"mine","cell":"%s"}`, c)
		}
		for _, c := range own.Triggers {
			add(`{"type":"trigger","cell":"%s"}`, c)
		}
		for _, c := range own.TorpedoTargets {
			add(`{"type":"torpedo","cell":"%s"}`, c)
		}
		for _, c := range own.ArcherTargets {
			add(`{"type":"archer","cell":"%s"}`, c)
		}
		for _, a := range own.SonarAnswers {
			b, _ := json.Marshal(map[string]any{"type": "sonar_answer", "facts": a})
			for range 4 {
				out = append(out, string(b))
			}
		}
	}
	if has(sonar.Captain) || has(sonar.FirstMate) {
		add(`{"type":"drone","sector":%d}`, 1+p.rng.IntN(m.Sectors()))
		add(`{"type":"sonar"}`)
	}
	if has(sonar.FirstMate) {
		for _, s := range []string{"mine", "torpedo", "drone", "sonar", "silence", "scenario"} {
			add(`{"type":"charge","system":"%s"}`, s)
		}
	}
	if has(sonar.Engineer) {
		if own.Duties.Panel != nil {
			for i := range 6 {
				add(`{"type":"mark","panel":"%s","symbol":%d}`, *own.Duties.Panel, i)
			}
		}
		add(`{"type":"inspect","ok":true}`)
		for i := 1; i <= 4; i++ {
			add(`{"type":"inspect","ok":false,"section":%d}`, i)
		}
	}
	for i := 1; i <= 4; i++ {
		add(`{"type":"secure","section":%d,"trace":[[40,90],[95,40],[260,40]]}`, i)
	}
	return out
}

// step gives one accepted order from some seat, trying random candidates;
// it reports false when no seat has anything accepted (the match is stuck
// or over).
func (p *player) step() bool {
	if p.tick() {
		return true
	}
	seats := p.rng.Perm(len(p.g.seats))
	for _, s := range seats {
		cands := p.candidates(s)
		p.rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		for i, c := range cands {
			// Comparing whole views is costly: check every 16th refusal.
			var before View
			if i%16 == 0 {
				before = p.g.view(s)
			}
			if _, err := p.apply(s, c); err == nil {
				return true
			} else if i%16 == 0 && !jsonEqual(before, p.g.view(s)) {
				p.t.Fatalf("refused %s from seat %d (%v) changed the view", c, s, err)
			}
		}
	}
	return false
}

// tick is the room's clock reaching the game's deadline (an enemy
// Engineer's time up, a bot crew's next order), now and then, as a table
// that waits lets it: the room then sends its tick, logged like any order.
func (p *player) tick() bool {
	at, ok := p.g.Deadline()
	if !ok || p.rng.IntN(4) != 0 {
		return false
	}
	if at.After(p.now) {
		p.now = at.Add(-time.Second) // apply adds the second
	}
	if _, err := p.apply(games.System, string(games.TickBody)); err != nil {
		p.t.Fatalf("the room's tick at the game's deadline %v: %v", at, err)
	}
	return true
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// play runs until the match is over or maxSteps orders, calling check after
// every accepted order.
func (p *player) play(maxSteps int, check func()) {
	for range maxSteps {
		if p.g.Outcome() != nil {
			return
		}
		if !p.step() {
			p.t.Fatalf("no seat can act and the match is not over:\n%s", p.dump())
		}
		check()
	}
}

func (p *player) dump() string {
	b, _ := json.MarshalIndent(p.g.view(games.Spectator).Public, "", " ")
	return string(b)
}

func trueCell(g *Game, c sonar.Crew) chart.Cell {
	return *g.match.Crew(c).Position
}
