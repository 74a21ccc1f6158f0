package sonar

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"periscope/sonar/chart"
)

// started is a match after the room's start command.
func started(t *testing.T, opts Options, seed uint64) *Match {
	t.Helper()
	m, err := New(opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	do(t, m, `{"type":"start"}`)
	return m
}

// placed is a started match with both submarines dived at the given cells.
func placed(t *testing.T, opts Options, blue, red string) *Match {
	t.Helper()
	m := started(t, opts, 1)
	do(t, m, `{"type":"place","crew":"blue","role":"captain","cell":%q}`, blue)
	do(t, m, `{"type":"place","crew":"red","role":"captain","cell":%q}`, red)
	return m
}

// do applies a command written as JSON (formatted with args) and fails the
// test if it is refused.
func do(t *testing.T, m *Match, format string, args ...any) []Event {
	t.Helper()
	cmd, err := ParseCommand(fmt.Appendf(nil, format, args...))
	if err != nil {
		t.Fatalf("parse %s: %v", fmt.Sprintf(format, args...), err)
	}
	evs, err := m.Apply(cmd)
	if err != nil {
		t.Fatalf("%s refused: %v", fmt.Sprintf(format, args...), err)
	}
	return evs
}

// refused applies a command that must be refused with the given code and a
// message containing want, and checks that the match did not change.
func refused(t *testing.T, m *Match, code Code, want string, format string, args ...any) {
	t.Helper()
	cmd, err := ParseCommand(fmt.Appendf(nil, format, args...))
	if err != nil {
		t.Fatalf("parse %s: %v", fmt.Sprintf(format, args...), err)
	}
	refusedCmd(t, m, code, want, cmd)
}

func refusedCmd(t *testing.T, m *Match, code Code, want string, cmd Command) {
	t.Helper()
	before := m.clone()
	evs, err := m.Apply(cmd)
	if err == nil {
		t.Fatalf("%+v accepted (events %v), want refusal %q", cmd, texts(evs), want)
	}
	re, ok := err.(*RuleError)
	if !ok {
		t.Fatalf("error %T %v is not a *RuleError", err, err)
	}
	if re.Code != code || !strings.Contains(re.Message, want) {
		t.Errorf("%+v: refused with %s %q, want %s containing %q", cmd, re.Code, re.Message, code, want)
	}
	if evs != nil {
		t.Errorf("refused command returned events %v", texts(evs))
	}
	if !reflect.DeepEqual(before, m) {
		t.Errorf("refused command %+v changed the match", cmd)
	}
}

// step announces a course for crew and lets the First Mate charge sys and
// the Engineer cross out symbol i of the course's panel.
func step(t *testing.T, m *Match, crew Crew, dir string, sys System, i int) []Event {
	t.Helper()
	evs := do(t, m, `{"type":"course","crew":%q,"role":"captain","dir":%q}`, crew, dir)
	evs = append(evs, duties(t, m, crew, sys, i)...)
	return evs
}

// duties performs the First Mate's and Engineer's step after a course.
func duties(t *testing.T, m *Match, crew Crew, sys System, i int) []Event {
	t.Helper()
	var evs []Event
	v := m.Crew(crew)
	if v.Duties.FirstMate {
		evs = append(evs, do(t, m, `{"type":"charge","crew":%q,"role":"first_mate","system":%q}`, crew, sys)...)
	}
	if v.Duties.Engineer {
		evs = append(evs, do(t, m, `{"type":"mark","crew":%q,"role":"engineer","panel":%q,"symbol":%d}`, crew, *v.Duties.Panel, i)...)
	}
	return evs
}

func texts(evs []Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.Text
		if e.To != nil {
			out[i] = "(" + e.To.String() + ") " + e.Text
		}
	}
	return out
}

// find returns the first event of a kind, failing if there is none.
func find(t *testing.T, evs []Event, k Kind) Event {
	t.Helper()
	for _, e := range evs {
		if e.Kind == k {
			return e
		}
	}
	t.Fatalf("no %s event in %q", k, texts(evs))
	return Event{}
}

func has(evs []Event, k Kind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}

func cell(t *testing.T, s string) chart.Cell {
	t.Helper()
	c, err := chart.ParseCell(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// setGauge charges a gauge directly, for tests about using a system.
func setGauge(m *Match, c Crew, s System, n int) { m.crews[c].gauges[s] = n }

// charged fills every gauge of crew c.
func charged(m *Match, c Crew) {
	for _, s := range Systems {
		m.crews[c].gauges[s] = m.gaugeSize(s)
	}
}

// walk announces courses (headings separated by spaces, "N E S W") for a
// crew; after each the First Mate charges the first gauge with room and the
// Engineer crosses out the first free symbol, reactor first.
func walk(t *testing.T, m *Match, crew Crew, dirs string) []Event {
	t.Helper()
	var evs []Event
	for _, d := range strings.Fields(dirs) {
		evs = append(evs, do(t, m, `{"type":"course","crew":%q,"role":"captain","dir":%q}`, crew, d)...)
		evs = append(evs, chores(t, m, crew)...)
	}
	return evs
}

// chores does whatever First Mate and Engineer step is due, choosing as
// walk does.
func chores(t *testing.T, m *Match, crew Crew) []Event {
	t.Helper()
	var evs []Event
	s := &m.crews[crew]
	if s.fmDue {
		for _, sys := range []System{Torpedo, Mine, Drone, Sonar, Silence, Scenario} {
			if size := m.gaugeSize(sys); size > 0 && s.gauges[sys] < size {
				evs = append(evs, do(t, m, `{"type":"charge","crew":%q,"role":"first_mate","system":%q}`, crew, sys)...)
				break
			}
		}
	}
	if s.engDue {
		p := panelIndex(s.engPanel)
		for _, i := range []int{3, 4, 5, 0, 1, 2} {
			if !s.sheet[p*SymbolsPerPanel+i] {
				evs = append(evs, do(t, m, `{"type":"mark","crew":%q,"role":"engineer","panel":%q,"symbol":%d}`, crew, s.engPanel, i)...)
				break
			}
		}
	}
	return evs
}
