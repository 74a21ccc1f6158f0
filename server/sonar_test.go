package server_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"periscope/client"
	"periscope/roles"
	"periscope/rooms"
	"periscope/server"
	"periscope/server/servertest"
	"periscope/sonar"
	"periscope/sonar/chart"
)

// crewTable is a Captain Sonar room played through real websockets: one
// client connection per seat, as phones would.
type crewTable struct {
	t     *testing.T
	conns []*client.Conn
	// seat[crew][role] is the seat that plays role in crew.
	seat [2]map[sonar.Role]int
	rng  *rand.Rand
	// messages counts what was checked for leaks.
	messages int
}

func startSonar(t *testing.T, options string) *crewTable {
	t.Helper()
	_, base := servertest.Serve(t, server.Config{Hub: servertest.Hub(t, roles.Definition)})
	api := client.API{Base: base}
	ctx := ctxT(t)
	var opts any
	if err := json.Unmarshal([]byte(options), &opts); err != nil {
		t.Fatal(err)
	}
	l, err := api.Create(ctx, "sonar", opts)
	if err != nil {
		t.Fatal(err)
	}
	tb := &crewTable{t: t, rng: rand.New(rand.NewPCG(1, 2))}
	tb.seat = [2]map[sonar.Role]int{{}, {}}
	for _, s := range l.Seats {
		token, err := api.Take(ctx, l.Code, s.Seat, fmt.Sprint("P", s.Seat))
		if err != nil {
			t.Fatal(err)
		}
		c, err := client.Dial(ctx, base, l.Code, token, -1)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		tb.conns = append(tb.conns, c)
		for _, r := range s.Roles {
			var role sonar.Role
			if err := role.UnmarshalText([]byte(r)); err != nil {
				t.Fatal(err)
			}
			tb.seat[s.Team][role] = s.Seat
		}
		tb.check(s.Seat, c.Welcome())
	}
	if err := tb.conns[0].Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	tb.sync(1)
	return tb
}

// secretKeys are a crew's private fields: outside the seat's own state
// ("own") and the end-of-match reveal they never appear in a message.
var secretKeys = []string{`"route"`, `"mines"`, `"position"`, `"gauges"`, `"sheet"`, `"broken"`,
	`"sonar_answers"`, `"torpedo_targets"`, `"mine_cells"`, `"triggers"`, `"distance"`}

// privateKinds are events only their own crew hears.
var privateKinds = []string{`"start_cell"`, `"mine_laid"`, `"silent_run"`, `"charge"`, `"mark"`, `"ready"`, `"repair"`, `"overload"`, `"blackout"`, `"mine_lost"`}

// check asserts that one message to seat carries nothing of the other
// crew's secrets: its own state is its crew's, every event is public or
// its crew's, and no private key stands anywhere else.
func (tb *crewTable) check(seat int, m rooms.Message) {
	tb.t.Helper()
	tb.messages++
	var crew sonar.Crew
	for c, roles := range tb.seat {
		for _, s := range roles {
			if s == seat {
				crew = sonar.Crew(c)
			}
		}
	}
	for _, e := range m.Events {
		var d struct {
			To *sonar.Crew `json:"to"`
		}
		if err := json.Unmarshal(e.Data, &d); err != nil {
			tb.t.Fatal(err)
		}
		if d.To != nil && *d.To != crew {
			tb.t.Fatalf("seat %d (%s) was sent %q, meant for %s", seat, crew, e.Text, *d.To)
		}
	}
	if m.View == nil {
		return
	}
	var v map[string]json.RawMessage
	if err := json.Unmarshal(m.View, &v); err != nil {
		tb.t.Fatal(err)
	}
	var own struct {
		Crew sonar.Crew `json:"crew"`
	}
	if err := json.Unmarshal(v["own"], &own); err != nil || own.Crew != crew {
		tb.t.Fatalf("seat %d (%s) was sent the state of %s", seat, crew, own.Crew)
	}
	over := strings.Contains(string(v["public"]), `"outcome"`)
	delete(v, "log")
	delete(v, "own")
	delete(v, "reveal")
	rest, _ := json.Marshal(v)
	for _, k := range secretKeys {
		if strings.Contains(string(rest), k) && !(over && k == `"position"`) {
			tb.t.Fatalf("seat %d (%s) was sent %s outside its own state: %s", seat, crew, k, rest)
		}
	}
	for _, e := range m.Events {
		raw, _ := json.Marshal(e)
		for _, k := range privateKinds {
			if strings.Contains(string(raw), `"kind":`+k) {
				var d struct {
					To *sonar.Crew `json:"to"`
				}
				json.Unmarshal(e.Data, &d)
				if d.To == nil || *d.To != crew {
					tb.t.Fatalf("seat %d hears %s", seat, raw)
				}
			}
		}
	}
}

// sync reads every seat's messages up to version v, checking each. A seat
// that learns nothing of a version gets no frame, so each phone pings: the
// room answers in order, so its pong comes after every frame of v. (The
// pong's own v is the public version, which tells nothing of v.)
func (tb *crewTable) sync(v int64) {
	tb.t.Helper()
	ctx := ctxT(tb.t)
	for seat, c := range tb.conns {
		id := fmt.Sprintf("sync-%d", v)
		if err := c.Raw([]byte(`{"t":"ping","id":"` + id + `"}`)); err != nil {
			tb.t.Fatalf("seat %d: %v", seat, err)
		}
		for {
			m, err := c.Next(ctx)
			if err != nil {
				tb.t.Fatalf("seat %d waiting for v%d: %v", seat, v, err)
			}
			if m.T == rooms.TypePong && m.ID == id {
				break
			}
			tb.check(seat, m)
		}
	}
}

func (tb *crewTable) view(crew sonar.Crew, role sonar.Role) roles.View {
	tb.t.Helper()
	var v roles.View
	if err := tb.conns[tb.seat[crew][role]].ViewAs(&v); err != nil {
		tb.t.Fatal(err)
	}
	return v
}

// order sends cmd from the seat playing role in crew; it fails the test if
// the order is refused.
func (tb *crewTable) order(crew sonar.Crew, role sonar.Role, cmd string) {
	tb.t.Helper()
	if err := tb.try(crew, role, cmd); err != nil {
		tb.t.Fatalf("%s %s %s: %v", crew, role, cmd, err)
	}
}

func (tb *crewTable) try(crew sonar.Crew, role sonar.Role, cmd string) error {
	tb.t.Helper()
	v, err := tb.conns[tb.seat[crew][role]].Do(ctxT(tb.t), json.RawMessage(cmd))
	if err != nil {
		return err
	}
	tb.sync(v)
	return nil
}

func (tb *crewTable) outcome() *sonar.Outcome {
	return tb.view(sonar.Blue, sonar.Captain).Public.Outcome
}

// duties does the First Mate's and Engineer's step after a course: charge
// the torpedo first, and cross out a symbol that breaks neither the weapons
// nor the reactor when another is open.
func (tb *crewTable) duties(crew sonar.Crew) {
	tb.t.Helper()
	own := tb.view(crew, sonar.Captain).Own
	if own.Duties.FirstMate {
		for _, sys := range []string{"torpedo", "mine", "silence", "drone", "sonar"} {
			if tb.try(crew, sonar.FirstMate, `{"type":"charge","system":"`+sys+`"}`) == nil {
				break
			}
		}
	}
	own = tb.view(crew, sonar.Captain).Own
	if own.Duties.Engineer {
		best := -1
		radiation := 0
		for _, s := range own.Sheet {
			if s.Colour == sonar.RadiationSymbol && s.Marked {
				radiation++
			}
		}
		for _, s := range own.Sheet {
			if s.Panel != *own.Duties.Panel || s.Marked {
				continue
			}
			if best < 0 {
				best = s.Index
			}
			if s.Colour == sonar.GreenSymbol || s.Colour == sonar.YellowSymbol ||
				s.Colour == sonar.RadiationSymbol && radiation < 5 {
				best = s.Index
				break
			}
		}
		tb.order(crew, sonar.Engineer, fmt.Sprintf(`{"type":"mark","panel":"%s","symbol":%d}`, *own.Duties.Panel, best))
	}
}

// steer takes the legal course that brings crew closest to the enemy; it
// surfaces when no course is open.
func (tb *crewTable) steer(crew sonar.Crew) {
	tb.t.Helper()
	own := tb.view(crew, sonar.Captain).Own
	enemy := tb.view(crew.Other(), sonar.Captain).Own.Position
	best, bestD := -1, 1<<30
	for i, c := range own.Courses {
		if !c.Legal {
			continue
		}
		d := chart.Manhattan(*c.To, *enemy)
		if d == 0 {
			d = 5 // sharing the enemy's cell hurts both
		}
		if d += tb.rng.IntN(2); d < bestD {
			best, bestD = i, d
		}
	}
	if best < 0 {
		tb.order(crew, sonar.Captain, `{"type":"surface"}`)
		return
	}
	tb.order(crew, sonar.Captain, fmt.Sprintf(`{"type":"course","dir":"%s"}`, own.Courses[best].Dir))
	tb.duties(crew)
}

// fire launches a torpedo at the enemy if it is in reach and the crew would
// not hit itself; it reports whether it did.
func (tb *crewTable) fire(crew sonar.Crew) bool {
	tb.t.Helper()
	own := tb.view(crew, sonar.Captain).Own
	enemy := *tb.view(crew.Other(), sonar.Captain).Own.Position
	if !slices.Contains(own.TorpedoTargets, enemy) || chart.Chebyshev(*own.Position, enemy) <= 1 {
		return false
	}
	tb.order(crew, sonar.Captain, fmt.Sprintf(`{"type":"torpedo","cell":"%s"}`, enemy))
	return true
}

func TestCaptainSonarTurnBasedMatchOverWebsockets(t *testing.T) {
	tb := startSonar(t, `{"mode":"turnbased","map":"alpha","radio":"heat"}`)
	tb.order(sonar.Blue, sonar.Captain, `{"type":"place","cell":"B5"}`)
	tb.order(sonar.Red, sonar.Captain, `{"type":"place","cell":"I6"}`)
	for turns := 0; tb.outcome() == nil; turns++ {
		if turns > 200 {
			t.Fatal("no winner after 200 turns")
		}
		crew := *tb.view(sonar.Blue, sonar.Captain).Public.Turn
		own := tb.view(crew, sonar.Captain).Own
		if own.Surfacing != nil {
			t.Fatalf("%s is surfaced on its own turn", crew)
		}
		tb.steer(crew)
		if tb.outcome() != nil {
			break
		}
		if !tb.fire(crew) && tb.view(crew, sonar.Captain).Own.Turn.Current {
			tb.order(crew, sonar.Captain, `{"type":"end_turn"}`)
		}
	}
	o := tb.outcome()
	if o.Winner == nil || !strings.Contains(o.Reason, "destroyed") {
		t.Fatalf("outcome %+v", o)
	}
	// Every phone shows the same end, and the voyages are revealed.
	for seat, c := range tb.conns {
		var v roles.View
		c.ViewAs(&v)
		if v.Public.Outcome == nil || *v.Public.Outcome.Winner != *o.Winner || v.Reveal == nil {
			t.Fatalf("seat %d does not see the end: %+v", seat, v.Public.Outcome)
		}
	}
	// The lobby frame is paced: it follows the last update soon after.
	ctx := ctxT(t)
	for tb.conns[0].Lobby().State != rooms.StateFinished {
		if _, err := tb.conns[0].Next(ctx); err != nil {
			t.Fatalf("room state %s: %v", tb.conns[0].Lobby().State, err)
		}
	}
	t.Logf("%d messages checked for leaks", tb.messages)
}

func TestCaptainSonarRealTimeMatchWithSurfacingOverWebsockets(t *testing.T) {
	tb := startSonar(t, `{"mode":"realtime","map":"bravo"}`)
	tb.order(sonar.Blue, sonar.Captain, `{"type":"place","cell":"E6"}`)
	tb.order(sonar.Red, sonar.Captain, `{"type":"place","cell":"K7"}`)
	// Blue surfaces at once: every role secures a section on its own
	// phone, Red's Engineer inspects, Blue dives. Red keeps sailing.
	tb.order(sonar.Blue, sonar.Captain, `{"type":"surface"}`)
	tb.steer(sonar.Red)
	// The Engineer traces first and passes the sheet on (the rulebook).
	for i, r := range []sonar.Role{sonar.Engineer, sonar.Captain, sonar.FirstMate, sonar.RadioOperator} {
		tb.order(sonar.Blue, r, fmt.Sprintf(`{"type":"secure","section":%d,"trace":[[40,90],[95,40]]}`, i+1))
	}
	if err := tb.try(sonar.Blue, sonar.Captain, `{"type":"dive"}`); err == nil {
		t.Fatal("Blue dived before the enemy Engineer's inspection")
	}
	tb.order(sonar.Red, sonar.Engineer, `{"type":"inspect","ok":true}`)
	tb.order(sonar.Blue, sonar.Captain, `{"type":"dive"}`)
	if tb.view(sonar.Blue, sonar.Captain).Own.Surfacing != nil {
		t.Fatal("Blue is still surfaced")
	}
	for round := 0; tb.outcome() == nil; round++ {
		if round > 300 {
			t.Fatal("no winner after 300 rounds")
		}
		for _, crew := range sonar.Crews {
			if tb.outcome() != nil {
				break
			}
			if !tb.fire(crew) {
				tb.steer(crew)
			}
		}
	}
	if tb.outcome().Winner == nil {
		t.Fatalf("outcome %+v", tb.outcome())
	}
	t.Logf("%d messages checked for leaks", tb.messages)
}

// randomOrder is an order the seat playing role in crew might give now,
// drawn from what its page offers, so most are legal.
func (tb *crewTable) randomOrder(crew sonar.Crew, role sonar.Role) string {
	v := tb.view(crew, role)
	own := v.Own
	var c []string
	add := func(format string, args ...any) { c = append(c, fmt.Sprintf(format, args...)) }
	switch role {
	case sonar.Captain:
		if !own.Placed {
			add(`{"type":"place","cell":"%s"}`, chart.Cell{Col: tb.rng.IntN(v.Chart.Size), Row: tb.rng.IntN(v.Chart.Size)})
		}
		for _, o := range own.Courses {
			if o.Legal {
				add(`{"type":"course","dir":"%s"}`, o.Dir)
				add(`{"type":"course","dir":"%s"}`, o.Dir)
			}
		}
		for _, o := range own.Silences {
			if o.Reason == "" {
				add(`{"type":"silence","dir":"%s","distance":%d}`, o.Dir, o.Min+tb.rng.IntN(o.Max-o.Min+1))
			}
		}
		for _, x := range own.MineCells {
			add(`{"type":"mine","cell":"%s"}`, x)
		}
		for _, x := range own.Triggers {
			add(`{"type":"trigger","cell":"%s"}`, x)
		}
		for _, x := range own.TorpedoTargets {
			add(`{"type":"torpedo","cell":"%s"}`, x)
		}
		for _, a := range own.SonarAnswers {
			b, _ := json.Marshal(map[string]any{"type": "sonar_answer", "facts": a})
			c = append(c, string(b), string(b), string(b))
		}
		add(`{"type":"surface"}`)
		add(`{"type":"dive"}`)
		add(`{"type":"drone","sector":%d}`, 1+tb.rng.IntN(v.Chart.Sectors))
		add(`{"type":"sonar"}`)
	case sonar.FirstMate:
		for _, s := range []string{"mine", "torpedo", "drone", "sonar", "silence"} {
			add(`{"type":"charge","system":"%s"}`, s)
		}
	case sonar.Engineer:
		if own.Duties.Panel != nil {
			add(`{"type":"mark","panel":"%s","symbol":%d}`, *own.Duties.Panel, tb.rng.IntN(6))
		}
		add(`{"type":"inspect","ok":true}`)
	}
	add(`{"type":"secure","section":%d,"trace":[[40,90],[95,40]]}`, 1+tb.rng.IntN(4))
	return c[tb.rng.IntN(len(c))]
}

func TestLongRandomMatchLeaksNothing(t *testing.T) {
	tb := startSonar(t, `{"mode":"realtime","map":"alpha","radio":"heat","teaching":true}`)
	accepted, refused := 0, 0
	orders := 600
	if testing.Short() {
		orders = 200 // a third of the match: every role's orders, still checked for leaks
	}
	for accepted < orders && tb.outcome() == nil {
		crew := sonar.Crews[tb.rng.IntN(2)]
		role := sonar.Roles[tb.rng.IntN(4)]
		if err := tb.try(crew, role, tb.randomOrder(crew, role)); err != nil {
			refused++
			continue
		}
		accepted++
	}
	if accepted < 100 {
		t.Fatalf("only %d orders accepted (%d refused)", accepted, refused)
	}
	t.Logf("%d orders accepted, %d refused, %d messages checked for leaks", accepted, refused, tb.messages)
}
