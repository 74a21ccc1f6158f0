package sonar

import (
	"strconv"
	"time"

	"periscope/games"
	"periscope/sonar/chart"
)

// The crew and public views written by hand: byte for byte what
// encoding/json writes for them (MarshalJSON for a crew view, json.Marshal
// for the public view), without reflection, boxing or a string per cell.
// They are most of every version's views, and every seat's view is
// rebuilt after every command. TestViewJSONIsMarshal checks them against
// encoding/json over whole matches, FuzzViewJSON over made-up views.

// jsonw appends JSON to b; the first error (a value MarshalText refuses)
// stops nothing but is returned at the end, as json.Marshal returns it.
type jsonw struct {
	b   []byte
	err error
}

func (w *jsonw) raw(s string) { w.b = append(w.b, s...) }

// key writes a field's name and colon, with the comma before it unless
// first (the name is written as it is: the names here need no escaping).
func (w *jsonw) key(s string) {
	w.b = append(w.b, ',', '"')
	w.b = append(w.b, s...)
	w.b = append(w.b, '"', ':')
}

func (w *jsonw) int(n int) { w.b = strconv.AppendInt(w.b, int64(n), 10) }

func (w *jsonw) bool(v bool) {
	if v {
		w.raw("true")
	} else {
		w.raw("false")
	}
}

func (w *jsonw) str(s string) { w.b = games.AppendString(w.b, s) }

// name writes an enum's name, which needs no escaping, quoted.
func (w *jsonw) name(s string) {
	w.b = append(w.b, '"')
	w.b = append(w.b, s...)
	w.b = append(w.b, '"')
}

// fail keeps the error MarshalText gives a value out of range: json.Marshal
// would return it (the bytes written are then dropped).
func (w *jsonw) fail(_ []byte, err error) {
	if w.err == nil {
		w.err = err
	}
	w.raw("null")
}

func (w *jsonw) crew(c Crew) {
	if !c.valid() {
		w.fail(c.MarshalText())
		return
	}
	w.name(crewNames[c])
}

func (w *jsonw) role(r Role) {
	if !r.valid() {
		w.fail(r.MarshalText())
		return
	}
	w.name(roleKeys[r])
}

func (w *jsonw) mode(m Mode) {
	if m > TurnBased {
		w.fail(m.MarshalText())
		return
	}
	w.name(m.String())
}

func (w *jsonw) dir(d chart.Dir) {
	if d > chart.West {
		w.fail(d.MarshalText())
		return
	}
	w.name(d.String())
}

func (w *jsonw) system(s System) {
	if s >= numSystems {
		w.fail(s.MarshalText())
		return
	}
	w.name(systemNames[s])
}

func (w *jsonw) colour(c Colour) {
	if int(c) >= len(colourNames) {
		w.fail(c.MarshalText())
		return
	}
	w.name(colourNames[c])
}

func (w *jsonw) circuit(c Circuit) {
	if int(c) >= len(circuitNames) {
		w.fail(c.MarshalText())
		return
	}
	w.name(circuitNames[c])
}

func (w *jsonw) cell(c chart.Cell) {
	w.b = append(w.b, '"')
	w.b, _ = c.AppendText(w.b)
	w.b = append(w.b, '"')
}

// cells writes a list of cells: null for nil, as json.Marshal does.
func (w *jsonw) cells(cs []chart.Cell) {
	if cs == nil {
		w.raw("null")
		return
	}
	w.b = append(w.b, '[')
	for i, c := range cs {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.cell(c)
	}
	w.b = append(w.b, ']')
}

func (w *jsonw) crewPtr(c *Crew) {
	if c == nil {
		w.raw("null")
		return
	}
	w.crew(*c)
}

func (w *jsonw) rolePtr(r *Role) {
	if r == nil {
		w.raw("null")
		return
	}
	w.role(*r)
}

func (w *jsonw) roles(rs *[SurfaceSections]*Role) {
	w.b = append(w.b, '[')
	for i, r := range rs {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.rolePtr(r)
	}
	w.b = append(w.b, ']')
}

// time writes t as its MarshalJSON does (RFC 3339 with nanoseconds, an
// error for a year it cannot write).
func (w *jsonw) time(t time.Time) {
	w.b = append(w.b, '"')
	b, err := t.AppendText(w.b)
	if err != nil {
		w.fail(nil, err)
		return
	}
	w.b = append(b, '"')
}

// fact writes a sonar fact as Fact.MarshalJSON does.
func (w *jsonw) fact(f Fact) {
	switch {
	case f.Type == FactColumn && (f.Value < 0 || f.Value >= 26),
		f.Type != FactRow && f.Type != FactColumn && f.Type != FactSector:
		w.fail(f.MarshalJSON())
		return
	}
	w.raw(`{"type":`)
	w.str(string(f.Type))
	w.raw(`,"value":`)
	switch f.Type {
	case FactRow:
		w.int(f.Value + 1)
	case FactColumn:
		w.b = append(w.b, '"', byte('A'+f.Value), '"')
	default:
		w.int(f.Value)
	}
	w.b = append(w.b, '}')
}

// AppendJSON appends what MarshalJSON gives to dst, written by hand
// (viewjson.go): the room writes a crew's view into a buffer it keeps
// from version to version, after every command.
func (v *CrewView) AppendJSON(dst []byte) ([]byte, error) {
	w := jsonw{b: dst}
	w.raw(`{"crew":`)
	w.crew(v.Crew)
	w.key("placed")
	w.bool(v.Placed)
	if v.Position != nil {
		w.key("position")
		w.cell(*v.Position)
	}
	w.key("route")
	w.cells(v.Route)
	w.key("mines")
	w.cells(v.Mines)
	w.key("damage")
	w.int(v.Damage)
	w.key("gauges")
	if v.Gauges == nil {
		w.raw("null")
	} else {
		w.b = append(w.b, '[')
		for i, g := range v.Gauges {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.raw(`{"system":`)
			w.system(g.System)
			w.key("marks")
			w.int(g.Marks)
			w.key("size")
			w.int(g.Size)
			w.key("ready")
			w.bool(g.Ready)
			w.b = append(w.b, '}')
		}
		w.b = append(w.b, ']')
	}
	w.key("sheet")
	if v.Sheet == nil {
		w.raw("null")
	} else {
		w.b = append(w.b, '[')
		for i, s := range v.Sheet {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.raw(`{"panel":`)
			w.dir(s.Panel)
			w.key("index")
			w.int(s.Index)
			w.key("colour")
			w.colour(s.Colour)
			if s.Circuit != NoCircuit {
				w.key("circuit")
				w.circuit(s.Circuit)
			}
			w.key("marked")
			w.bool(s.Marked)
			if s.Damage != "" {
				w.key("damage")
				w.str(s.Damage)
			}
			w.b = append(w.b, '}')
		}
		w.b = append(w.b, ']')
	}
	w.key("broken")
	if v.Broken == nil {
		w.raw("null")
	} else {
		w.b = append(w.b, '[')
		for i, c := range v.Broken {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.colour(c)
		}
		w.b = append(w.b, ']')
	}
	w.key("duties")
	w.raw(`{"first_mate":`)
	w.bool(v.Duties.FirstMate)
	w.key("engineer")
	w.bool(v.Duties.Engineer)
	if v.Duties.Panel != nil {
		w.key("panel")
		w.dir(*v.Duties.Panel)
	}
	w.b = append(w.b, '}')
	if t := v.Turn; t != nil {
		w.key("turn")
		w.raw(`{"current":`)
		w.bool(t.Current)
		w.key("moved")
		w.bool(t.Moved)
		w.key("used_system")
		w.bool(t.UsedSystem)
		w.key("bonus")
		w.int(t.Bonus)
		w.b = append(w.b, '}')
	}
	if s := v.Surfacing; s != nil {
		w.key("surfacing")
		w.raw(`{"sector":`)
		w.int(s.Sector)
		w.key("sections")
		w.roles(&s.Sections)
		w.key("redo")
		w.roles(&s.Redo)
		if s.EngineerFirst {
			w.key("engineer_first")
			w.bool(true)
		}
		if s.Holder != nil {
			w.key("holder")
			w.role(*s.Holder)
		}
		w.key("rejections_left")
		w.int(s.RejectionsLeft)
		if s.InspectBy != nil {
			w.key("inspect_by")
			w.time(*s.InspectBy)
		}
		w.key("inspected")
		w.bool(s.Inspected)
		w.b = append(w.b, '}')
	}
	w.key("blackout")
	w.bool(v.Blackout)
	w.key("needs_course")
	w.bool(v.NeedsCourse)
	w.key("courses")
	if v.Courses == nil {
		w.raw("null")
	} else {
		w.b = append(w.b, '[')
		for i, o := range v.Courses {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.raw(`{"dir":`)
			w.dir(o.Dir)
			if o.To != nil {
				w.key("to")
				w.cell(*o.To)
			}
			w.key("legal")
			w.bool(o.Legal)
			w.b = append(w.b, '}')
		}
		w.b = append(w.b, ']')
	}
	w.key("silences")
	if v.Silences == nil {
		w.raw("null")
	} else {
		w.b = append(w.b, '[')
		for i, o := range v.Silences {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.raw(`{"dir":`)
			w.dir(o.Dir)
			w.key("min")
			w.int(o.Min)
			w.key("max")
			w.int(o.Max)
			w.b = append(w.b, '}')
		}
		w.b = append(w.b, ']')
	}
	w.key("torpedo_targets")
	w.cells(v.TorpedoTargets)
	w.key("mine_cells")
	w.cells(v.MineCells)
	w.key("triggers")
	w.cells(v.Triggers)
	if len(v.ArcherTargets) > 0 {
		w.key("archer_targets")
		w.cells(v.ArcherTargets)
	}
	if len(v.SonarAnswers) > 0 {
		w.key("sonar_answers")
		w.b = append(w.b, '[')
		for i, a := range v.SonarAnswers {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.b = append(w.b, '[')
			w.fact(a[0])
			w.b = append(w.b, ',')
			w.fact(a[1])
			w.b = append(w.b, ']')
		}
		w.b = append(w.b, ']')
	}
	if in := v.Inspect; in != nil {
		w.key("inspect")
		w.raw(`{"sections":[`)
		for i, s := range in.Sections {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.raw(`{"section":`)
			w.int(s.Section)
			w.key("role")
			w.role(s.Role)
			w.key("trace")
			if s.Trace == nil {
				w.raw("null")
			} else {
				w.b = append(w.b, '[')
				for j, p := range s.Trace {
					if j > 0 {
						w.b = append(w.b, ',')
					}
					w.b = append(w.b, '[')
					w.int(p[0])
					w.b = append(w.b, ',')
					w.int(p[1])
					w.b = append(w.b, ']')
				}
				w.b = append(w.b, ']')
			}
			w.b = append(w.b, '}')
		}
		w.b = append(w.b, ']')
		w.key("rejections_left")
		w.int(in.RejectionsLeft)
		w.key("by")
		w.time(in.By)
		w.b = append(w.b, '}')
	}
	w.b = v.appendWhy(w.b)
	w.b = append(w.b, '}')
	if w.err != nil {
		return dst, w.err
	}
	return w.b, nil
}

// AppendJSON appends json.Marshal(v) to dst, written by hand
// (viewjson.go).
func (v *PublicView) AppendJSON(dst []byte) ([]byte, error) {
	w := jsonw{b: dst}
	w.raw(`{"map":`)
	w.str(v.Map)
	w.key("mode")
	w.mode(v.Mode)
	w.key("size")
	w.int(v.Size)
	w.key("sectors")
	w.int(v.Sectors)
	w.key("started")
	w.bool(v.Started)
	w.key("playing")
	w.bool(v.Playing)
	w.key("crews")
	w.b = append(w.b, '[')
	for i, c := range v.Crews {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.raw(`{"crew":`)
		w.crew(c.Crew)
		w.key("dived")
		w.bool(c.Dived)
		w.key("damage")
		w.int(c.Damage)
		w.key("surfaced")
		w.bool(c.Surfaced)
		if c.Sector != 0 {
			w.key("sector")
			w.int(c.Sector)
		}
		if c.Secured != 0 {
			w.key("secured")
			w.int(c.Secured)
		}
		if c.Inspected {
			w.key("inspected")
			w.bool(true)
		}
		w.b = append(w.b, '}')
	}
	w.b = append(w.b, ']')
	if v.Turn != nil {
		w.key("turn")
		w.crew(*v.Turn)
	}
	if v.Bonus != 0 {
		w.key("bonus")
		w.int(v.Bonus)
	}
	if v.SonarPending != nil {
		w.key("sonar_pending")
		w.crew(*v.SonarPending)
	}
	if len(v.ArcherMines) > 0 {
		w.key("archer_mines")
		w.cells(v.ArcherMines)
	}
	if o := v.Outcome; o != nil {
		w.key("outcome")
		w.raw(`{"winner":`)
		w.crewPtr(o.Winner)
		w.key("reason")
		w.str(o.Reason)
		w.b = append(w.b, '}')
	}
	w.b = append(w.b, '}')
	if w.err != nil {
		return dst, w.err
	}
	return w.b, nil
}

// appendWhy appends the why field (PackWhy's string, omitted when empty)
// without building the string: its entries are escaped one by one, with
// the separators, which escaping leaves as they are, between them.
func (v *CrewView) appendWhy(b []byte) []byte {
	n := len(v.Gauges) + len(v.Courses) + len(v.Silences) + 1
	first := v.why(0)
	same := true
	for i := 1; i < n && same; i++ {
		same = v.why(i) == first
	}
	if same {
		if first == "" {
			return b
		}
		b = append(b, `,"why":`...)
		return games.AppendString(b, first)
	}
	b = append(b, `,"why":"`...)
	prev := ""
	for i := range n {
		p := v.why(i)
		if i > 0 {
			b = append(b, ';')
			if p != "" && p == prev {
				b = append(b, '=')
				continue
			}
		}
		b = games.AppendStringContent(b, p)
		prev = p
	}
	return append(b, '"')
}

// why is entry i of whys.
func (v *CrewView) why(i int) string {
	if i < len(v.Gauges) {
		return v.Gauges[i].Blocked
	}
	i -= len(v.Gauges)
	if i < len(v.Courses) {
		return v.Courses[i].Reason
	}
	i -= len(v.Courses)
	if i < len(v.Silences) {
		return v.Silences[i].Reason
	}
	return v.SurfaceBlocked
}
