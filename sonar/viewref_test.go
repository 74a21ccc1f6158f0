package sonar

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"periscope/sonar/chart"
)

// The crew view as it was built before issue 26's work (every order's own
// checks, one by one, a refusal made and written for each): the reference
// the quicker Match.Crew is held to.

func (m *Match) refBlackout(c Crew) bool {
	s := &m.crews[c]
	if !s.placed || s.surfaced {
		return false
	}
	for _, d := range chart.Dirs {
		if _, err := m.stepErr(c, s.pos, d); err == nil {
			return false
		}
	}
	return true
}

func (m *Match) refInReach(pos, at chart.Cell) bool {
	if m.opts.TorpedoRange == RangeOrthogonal {
		d := chart.Manhattan(pos, at)
		return d >= 1 && d <= TorpedoRange
	}
	d, ok := m.chart.Reach(pos, TorpedoRange)[at]
	return ok && d >= 1
}

// Crew is crew c's own view. It panics if c is not Blue or Red.
func (m *Match) refCrew(c Crew) CrewView {
	if !c.valid() {
		panic("sonar: invalid crew")
	}
	s := &m.crews[c]
	v := CrewView{
		Crew: c, Placed: s.placed, Damage: s.damage,
		Route: slices.Clone(s.route), Mines: slices.Clone(s.mines),
		Blackout: m.refBlackout(c), NeedsCourse: s.usedSystem,
		Duties: Duties{FirstMate: s.fmDue, Engineer: s.engDue},
	}
	if v.Route == nil {
		v.Route = []chart.Cell{}
	}
	if v.Mines == nil {
		v.Mines = []chart.Cell{}
	}
	if s.placed {
		v.Position = ptr(s.pos)
	}
	if s.engDue {
		v.Duties.Panel = ptr(s.engPanel)
	}
	v.Gauges = make([]Gauge, 0, len(Systems))
	v.Sheet = make([]SheetSymbol, 0, len(Panels)*SymbolsPerPanel)
	for _, sys := range Systems {
		size := m.gaugeSize(sys)
		if size == 0 {
			continue
		}
		g := Gauge{System: sys, Marks: s.gauges[sys], Size: size}
		if err := m.actErr(c); err != nil {
			g.Blocked = err.Why()
		} else if err := m.systemErr(c, Captain, sys); err != nil {
			g.Blocked = err.Why()
		} else {
			g.Ready = true
		}
		v.Gauges = append(v.Gauges, g)
	}
	if len(v.Gauges) == 0 {
		v.Gauges = nil // as it always was: the wire says null
	}
	for p, d := range Panels {
		for i := range SymbolsPerPanel {
			sym := layout[p][i]
			ss := SheetSymbol{Panel: d, Index: i, Colour: sym.Colour,
				Circuit: sym.Circuit, Marked: s.sheet[p*SymbolsPerPanel+i]}
			if !ss.Marked {
				trial := s.sheet
				if o := trial.mark(p, i, m.opts.DamageBeforeRepair); o.damage != "" {
					ss.Damage = "the " + o.damage
				}
			}
			v.Sheet = append(v.Sheet, ss)
		}
	}
	v.Broken = []Colour{}
	for _, col := range []Colour{RedSymbol, GreenSymbol, YellowSymbol, RadiationSymbol} {
		if s.sheet.broken(col) {
			v.Broken = append(v.Broken, col)
		}
	}
	if m.opts.Mode == TurnBased && m.playing() {
		v.Turn = &TurnStep{Current: m.turn == c}
		if m.turn == c {
			v.Turn.Moved, v.Turn.UsedSystem, v.Turn.Bonus = m.turnMoved, m.turnSystem, m.bonus
		}
	}
	if s.surfaced {
		v.Surfacing = &Surfacing{Sector: s.surfaceSector, Inspected: s.inspected,
			RejectionsLeft: m.opts.InspectionRejections - s.rejections,
			EngineerFirst:  m.opts.Mode == RealTime && m.opts.SurfaceOrder != SurfaceAny && !s.started()}
		if h, ok := m.SheetHolder(c); ok {
			v.Surfacing.Holder = &h
		}
		for i, done := range s.secured {
			if done {
				v.Surfacing.Sections[i] = ptr(s.securedBy[i])
			}
			if s.redo[i] {
				v.Surfacing.Redo[i] = ptr(s.securedBy[i])
			}
		}
		if m.awaitsInspection(c) {
			v.Surfacing.InspectBy = ptr(s.inspectBy)
		}
	}
	v.Courses = m.refCourses(c)
	v.Silences = m.refSilenceOptions(c)
	if err := m.actErr(c); err != nil {
		v.SurfaceBlocked = err.Why()
	} else if err := m.surfaceErr(c, Captain); err != nil {
		v.SurfaceBlocked = err.Why()
	}
	v.TorpedoTargets = m.refTorpedoTargets(c)
	v.MineCells = m.refMineCells(c)
	v.Triggers = m.refTriggers(c)
	v.ArcherTargets = m.refArcherTargets(c)
	v.SonarAnswers = m.SonarAnswers(c)
	if m.actErr(c) == nil && m.inspectErr(c, Engineer) == nil {
		e := &m.crews[c.Other()]
		in := &Inspection{RejectionsLeft: m.opts.InspectionRejections - e.rejections, By: e.inspectBy}
		for i := range in.Sections {
			in.Sections[i] = TracedSection{Section: i + 1, Role: e.securedBy[i], Trace: e.traces[i]}
		}
		v.Inspect = in
	}
	return v
}

// Courses lists the four headings for crew c's Captain, each with the
// reason it is refused now, if it is.
func (m *Match) refCourses(c Crew) []CourseOption {
	out := make([]CourseOption, 0, len(chart.Dirs))
	for _, d := range chart.Dirs {
		o := CourseOption{Dir: d}
		err := m.actErr(c)
		var to chart.Cell
		if err == nil {
			to, err = m.courseErr(c, d)
		}
		if err != nil {
			o.Reason = err.Why()
		} else {
			o.Legal, o.To = true, ptr(to)
		}
		out = append(out, o)
	}
	return out
}

// SilenceOptions lists, for each heading, how far a silence may take crew
// c's submarine now.
func (m *Match) refSilenceOptions(c Crew) []SilenceOption {
	out := make([]SilenceOption, 0, len(chart.Dirs))
	for _, d := range chart.Dirs {
		o := SilenceOption{Dir: d, Min: m.opts.SilenceMin}
		if err := m.actErr(c); err != nil {
			o.Reason = err.Why()
		} else if _, err := m.silenceErr(c, Captain, d, o.Min); err != nil {
			o.Reason = err.Why()
		} else {
			for n := 4; n >= o.Min; n-- {
				if _, err := m.silenceErr(c, Captain, d, n); err == nil {
					o.Max = n
					break
				}
			}
		}
		out = append(out, o)
	}
	return out
}

// TorpedoTargets lists the cells crew c's torpedo may hit now (none when
// the torpedo is not ready).
func (m *Match) refTorpedoTargets(c Crew) []chart.Cell {
	out := []chart.Cell{}
	if m.actErr(c) != nil || m.systemErr(c, Captain, Torpedo) != nil {
		return out
	}
	pos := m.crews[c].pos
	for _, t := range m.chart.WaterCells() {
		if chart.Manhattan(pos, t) <= TorpedoRange && m.refInReach(pos, t) {
			out = append(out, t)
		}
	}
	chart.SortCells(out)
	return out
}

// MineCells lists the cells where crew c may drop a mine now.
func (m *Match) refMineCells(c Crew) []chart.Cell {
	out := []chart.Cell{}
	if m.actErr(c) != nil || m.systemErr(c, Captain, Mine) != nil {
		return out
	}
	for _, t := range m.chart.Neighbours(m.crews[c].pos, true) {
		if m.dropMineErr(c, Captain, t) == nil {
			out = append(out, t)
		}
	}
	return out
}

// Triggers lists crew c's mines that its Captain may trigger now.
func (m *Match) refTriggers(c Crew) []chart.Cell {
	out := []chart.Cell{}
	if m.actErr(c) != nil {
		return out
	}
	for _, t := range m.crews[c].mines {
		if m.triggerErr(c, Captain, t) == nil {
			out = append(out, t)
		}
	}
	return out
}

// ArcherTargets lists the Archer mines crew c may trigger now (Echo).
func (m *Match) refArcherTargets(c Crew) []chart.Cell {
	var out []chart.Cell
	if m.actErr(c) != nil {
		return out
	}
	for _, t := range m.chart.ArcherMines() {
		if m.archerErr(c, Captain, t) == nil {
			out = append(out, t)
		}
	}
	return out
}

// TestCrewIsItsOrdersChecks: at every version of random matches (every
// map, both modes, the table options optionsFrom draws), each crew's view
// is the one built from every order's own checks: the same open orders,
// targets and refusals' briefs.
func TestCrewIsItsOrdersChecks(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 10
	}
	for i := range n {
		// Built into the last version's views too, as the room builds them.
		var kept [2]CrewView
		game(uint64(i), optionsFrom(uint8(i*37)), 800, func(_, m *Match, _ Command, _ []Event, _ error) {
			for _, c := range Crews {
				want := m.refCrew(c)
				if got := m.Crew(c); !reflect.DeepEqual(got, want) {
					t.Fatalf("game %d: crew %s's view\n got %+v\nwant %+v", i, c, got, want)
				}
				if m.CrewInto(c, &kept[c]); !reflect.DeepEqual(kept[c], want) {
					t.Fatalf("game %d: crew %s's view built into the last one's\n got %+v\nwant %+v", i, c, kept[c], want)
				}
				if m.blackout(c) != m.refBlackout(c) {
					t.Fatalf("game %d: blackout of %s differs", i, c)
				}
			}
		})
	}
}

// TestWhyWritesParamsAsFmt: a refusal's brief writes its parameters as
// fmt's %v did before Why wrote them itself.
func TestWhyWritesParamsAsFmt(t *testing.T) {
	params := []any{"fm", 0, -3, 14, chart.Cell{Col: 2, Row: 5}, chart.Cell{Col: 30, Row: -1}, chart.North,
		chart.Dir(9), Torpedo, System(9), Blue, Crew(7), Captain, YellowSymbol, Fact{FactColumn, 3},
		FactSector, TypeCourse, uint8(5), 2.5, true, []int{1}}
	for _, p := range params {
		e := &RuleError{Code: CodeNotReady, params: []any{p, "x"}}
		if got, want := e.Why(), string(fmt.Appendf(nil, "not_ready:%v,x", p)); got != want {
			t.Errorf("Why with %T %v = %q, want %q", p, p, got, want)
		}
	}
}

// TestApplyKeepsEachMatchItsOwn: Apply copies a match into a spent state's
// lists; two matches played command by command in turn never write into
// each other's lists, nor into a clone's.
func TestApplyKeepsEachMatchItsOwn(t *testing.T) {
	for i := range 6 {
		ms := [2]*Match{}
		ps := [2]*player{}
		for j := range ms {
			m, err := New(optionsFrom(uint8(i*37+j*11)), uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			ms[j], ps[j] = m, &player{r: rand.New(rand.NewPCG(uint64(i), uint64(j)))}
		}
		for step := range 600 {
			j := step % 2
			other, still := ms[1-j], ms[1-j].Clone()
			before := ms[j].Clone()
			_, err := ms[j].Apply(ps[j].next(ms[j]))
			if !reflect.DeepEqual(other, still) {
				t.Fatalf("game %d step %d: a command in one match changed the other", i, step)
			}
			if err != nil && !reflect.DeepEqual(ms[j], before) {
				t.Fatalf("game %d step %d: a refused command changed the match", i, step)
			}
		}
	}
}

// TestEveryCommandFieldIsKnown: each field a command type needs or may
// take has its place among the fields ParseOrder checks.
func TestEveryCommandFieldIsKnown(t *testing.T) {
	for _, m := range []map[CommandType][]string{shapes, optional} {
		for typ, fields := range m {
			for _, f := range fields {
				if !slices.Contains(wireFields[:], f) {
					t.Errorf("%s's field %s is not among wireFields", typ, f)
				}
			}
		}
	}
}
