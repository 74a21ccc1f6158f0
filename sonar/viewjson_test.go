package sonar

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"periscope/sonar/chart"
)

// randomViews makes a crew view and a public view with every field drawn
// at random from r: nil, empty and full lists, pointers set or not, enums
// now and then out of range (MarshalText refuses them), the words from
// words (reasons, damage, the outcome) so that escaping is exercised.
func randomViews(r *rand.Rand, words []string) (CrewView, PublicView) {
	word := func() string {
		if len(words) == 0 || r.IntN(3) == 0 {
			return []string{"", "island:C3", "not_ready:TORPEDO,2,3", "the reactor"}[r.IntN(4)]
		}
		return words[r.IntN(len(words))]
	}
	// small is mostly in range, sometimes one past it, rarely anything.
	small := func(n int) uint8 {
		switch r.IntN(40) {
		case 0:
			return uint8(n)
		case 1:
			return uint8(r.IntN(256))
		}
		return uint8(r.IntN(n))
	}
	num := func() int {
		if r.IntN(10) == 0 {
			return r.IntN(2000) - 1000
		}
		return r.IntN(10)
	}
	cell := func() chart.Cell {
		if r.IntN(30) == 0 {
			return chart.Cell{Col: r.IntN(60) - 30, Row: r.IntN(60) - 30}
		}
		return chart.Cell{Col: r.IntN(15), Row: r.IntN(15)}
	}
	cellPtr := func() *chart.Cell {
		if r.IntN(2) == 0 {
			return nil
		}
		c := cell()
		return &c
	}
	cells := func() []chart.Cell {
		switch r.IntN(4) {
		case 0:
			return nil
		case 1:
			return []chart.Cell{}
		}
		out := make([]chart.Cell, r.IntN(8)+1)
		for i := range out {
			out[i] = cell()
		}
		return out
	}
	rolePtr := func() *Role {
		if r.IntN(2) == 0 {
			return nil
		}
		x := Role(small(4))
		return &x
	}
	crewPtr := func() *Crew {
		if r.IntN(2) == 0 {
			return nil
		}
		x := Crew(small(2))
		return &x
	}
	when := func() time.Time {
		switch r.IntN(20) {
		case 0:
			return time.Time{}
		case 1:
			return time.Date(10000+r.IntN(5), 1, 1, 0, 0, 0, 0, time.UTC) // MarshalJSON refuses it
		case 2:
			return time.Date(2026, 11, 27, 8, 0, 0, r.IntN(1e9), time.FixedZone("x", 3600*r.IntN(5)))
		}
		return time.Unix(1_700_000_000+int64(r.IntN(1e6)), int64(r.IntN(3))*500_000_000).UTC()
	}
	fact := func() Fact {
		types := []FactType{FactRow, FactColumn, FactSector}
		f := Fact{Type: types[r.IntN(3)], Value: r.IntN(15)}
		switch r.IntN(40) {
		case 0:
			f.Type = FactType(word())
		case 1:
			f.Value = r.IntN(100) - 50
		}
		return f
	}
	v := CrewView{Crew: Crew(small(2)), Placed: r.IntN(2) == 0, Position: cellPtr(), Route: cells(), Mines: cells(),
		Damage: num(), Blackout: r.IntN(2) == 0, NeedsCourse: r.IntN(2) == 0,
		TorpedoTargets: cells(), MineCells: cells(), Triggers: cells(), ArcherTargets: cells(), SurfaceBlocked: word()}
	if r.IntN(5) > 0 {
		v.Gauges = make([]Gauge, r.IntN(7))
		for i := range v.Gauges {
			v.Gauges[i] = Gauge{System: System(small(int(numSystems))), Marks: num(), Size: num(), Ready: r.IntN(2) == 0, Blocked: word()}
		}
	}
	if r.IntN(5) > 0 {
		v.Sheet = make([]SheetSymbol, r.IntN(25))
		for i := range v.Sheet {
			v.Sheet[i] = SheetSymbol{Panel: chart.Dir(small(4)), Index: num(), Colour: Colour(small(4)),
				Circuit: Circuit(small(4)), Marked: r.IntN(2) == 0}
			if r.IntN(3) == 0 {
				v.Sheet[i].Damage = word()
			}
		}
	}
	if r.IntN(5) > 0 {
		v.Broken = make([]Colour, r.IntN(5))
		for i := range v.Broken {
			v.Broken[i] = Colour(small(4))
		}
	}
	v.Duties = Duties{FirstMate: r.IntN(2) == 0, Engineer: r.IntN(2) == 0}
	if r.IntN(2) == 0 {
		d := chart.Dir(small(4))
		v.Duties.Panel = &d
	}
	if r.IntN(2) == 0 {
		v.Turn = &TurnStep{Current: r.IntN(2) == 0, Moved: r.IntN(2) == 0, UsedSystem: r.IntN(2) == 0, Bonus: num()}
	}
	if r.IntN(2) == 0 {
		s := &Surfacing{Sector: num(), EngineerFirst: r.IntN(2) == 0, Holder: rolePtr(), RejectionsLeft: num(), Inspected: r.IntN(2) == 0}
		for i := range s.Sections {
			s.Sections[i], s.Redo[i] = rolePtr(), rolePtr()
		}
		if r.IntN(2) == 0 {
			t := when()
			s.InspectBy = &t
		}
		v.Surfacing = s
	}
	if r.IntN(5) > 0 {
		v.Courses = make([]CourseOption, r.IntN(5))
		for i := range v.Courses {
			v.Courses[i] = CourseOption{Dir: chart.Dir(small(4)), To: cellPtr(), Legal: r.IntN(2) == 0, Reason: word()}
		}
	}
	if r.IntN(5) > 0 {
		v.Silences = make([]SilenceOption, r.IntN(5))
		for i := range v.Silences {
			v.Silences[i] = SilenceOption{Dir: chart.Dir(small(4)), Min: num(), Max: num(), Reason: word()}
		}
	}
	if r.IntN(3) == 0 {
		v.SonarAnswers = make([][2]Fact, r.IntN(6))
		for i := range v.SonarAnswers {
			v.SonarAnswers[i] = [2]Fact{fact(), fact()}
		}
	}
	if r.IntN(3) == 0 {
		in := &Inspection{RejectionsLeft: num(), By: when()}
		for i := range in.Sections {
			in.Sections[i] = TracedSection{Section: num(), Role: Role(small(4))}
			if r.IntN(4) > 0 {
				in.Sections[i].Trace = make(Trace, r.IntN(5))
				for j := range in.Sections[i].Trace {
					in.Sections[i].Trace[j] = TracePoint{num(), num()}
				}
			}
		}
		v.Inspect = in
	}
	// Reasons alike make the packed why's "=" and its single entry.
	if r.IntN(3) == 0 {
		same := word()
		for i := range v.Gauges {
			v.Gauges[i].Blocked = same
		}
		for i := range v.Courses {
			v.Courses[i].Reason = same
		}
		for i := range v.Silences {
			v.Silences[i].Reason = same
		}
		if r.IntN(2) == 0 {
			v.SurfaceBlocked = same
		}
	}
	p := PublicView{Map: word(), Mode: Mode(small(2)), Size: num(), Sectors: num(), Started: r.IntN(2) == 0,
		Playing: r.IntN(2) == 0, Turn: crewPtr(), Bonus: num(), SonarPending: crewPtr(), ArcherMines: cells()}
	for i := range p.Crews {
		p.Crews[i] = PublicCrew{Crew: Crew(small(2)), Dived: r.IntN(2) == 0, Damage: num(), Surfaced: r.IntN(2) == 0,
			Sector: num(), Secured: num(), Inspected: r.IntN(2) == 0}
	}
	if r.IntN(2) == 0 {
		p.Outcome = &Outcome{Winner: crewPtr(), Reason: word()}
	}
	return v, p
}

// sameAsMarshal checks that the hand-written encoders give json.Marshal's
// bytes after what dst held, or fail where it fails.
func sameAsMarshal(t *testing.T, v CrewView, p PublicView) {
	t.Helper()
	for _, c := range []struct {
		name string
		x    any
		app  func([]byte) ([]byte, error)
	}{{"crew view", v, v.AppendJSON}, {"public view", p, p.AppendJSON}} {
		want, werr := json.Marshal(c.x)
		got, err := c.app([]byte("x"))
		switch {
		case (err == nil) != (werr == nil):
			t.Fatalf("%s: AppendJSON's error %v, json.Marshal's %v", c.name, err, werr)
		case err == nil && (got[0] != 'x' || !bytes.Equal(got[1:], want)):
			t.Fatalf("%s: AppendJSON differs from json.Marshal\n got %s\nwant %s", c.name, got[1:], want)
		case err != nil && string(got) != "x":
			t.Fatalf("%s: AppendJSON failed but kept %q", c.name, got)
		}
	}
}

// TestViewJSONIsMarshal: views made at random, every field and every odd
// value (escapes, nil and empty lists, enums out of range, times
// MarshalJSON refuses), are written by hand as encoding/json writes them.
func TestViewJSONIsMarshal(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 3000
	}
	words := []string{"<b>&</b>", "quote \" \\", "tab\t\x00", "\u2028", "bad \xff", "é 🚢", "=", ";"}
	for i := range n {
		v, p := randomViews(rand.New(rand.NewPCG(uint64(i), 26)), words)
		sameAsMarshal(t, v, p)
	}
}

// TestMatchViewsAreMarshal: every version of random matches (every map,
// both modes, the table options optionsFrom draws), both crews' views
// and the public one.
func TestMatchViewsAreMarshal(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 8
	}
	for i := range n {
		game(uint64(i), optionsFrom(uint8(i*37)), 800, func(_, m *Match, _ Command, _ []Event, _ error) {
			for _, c := range Crews {
				sameAsMarshal(t, m.Crew(c), m.Public())
			}
		})
	}
}

func FuzzViewJSON(f *testing.F) {
	f.Add(uint64(1), "<b>&</b>", "island:C3")
	f.Add(uint64(2), "\xff\u2028", "")
	f.Fuzz(func(t *testing.T, seed uint64, a, b string) {
		v, p := randomViews(rand.New(rand.NewPCG(seed, 26)), []string{a, b})
		sameAsMarshal(t, v, p)
	})
}
