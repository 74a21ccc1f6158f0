package sonar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"periscope/sonar/chart"
)

// CommandType names an order.
type CommandType string

// The orders. The comment gives who may send it and its fields besides
// type, crew and role.
const (
	TypeStart       CommandType = "start"        // the room, at match start; no crew or role
	TypeTick        CommandType = "tick"         // the room, when its clock reaches Deadline; no crew or role
	TypePlace       CommandType = "place"        // Captain: cell (secret start position)
	TypeCourse      CommandType = "course"       // Captain: dir
	TypeSilence     CommandType = "silence"      // Captain: dir, distance (0-4)
	TypeSurface     CommandType = "surface"      // Captain
	TypeCharge      CommandType = "charge"       // First Mate: system
	TypeMark        CommandType = "mark"         // Engineer: panel (a heading), symbol (0-5)
	TypeEndTurn     CommandType = "end_turn"     // Captain, turn-based only
	TypeMine        CommandType = "mine"         // Captain: cell (drop a mine)
	TypeTrigger     CommandType = "trigger"      // Captain: cell (one of the crew's mines)
	TypeTorpedo     CommandType = "torpedo"      // Captain: cell (impact)
	TypeDrone       CommandType = "drone"        // Captain or First Mate: sector
	TypeSonar       CommandType = "sonar"        // Captain or First Mate
	TypeSonarAnswer CommandType = "sonar_answer" // the questioned crew's Captain: facts (two)
	TypeArcher      CommandType = "archer"       // Captain: cell (Echo's scenario system)
	TypeSecure      CommandType = "secure"       // real time, surfaced crew, any role: section (1-4), trace
	TypeInspect     CommandType = "inspect"      // real time, the enemy Engineer: ok, and the section it rejects
	TypeDive        CommandType = "dive"         // real time, Captain, after the inspection passed
)

// Command is one order. Crew is the crew giving it (for sonar_answer and
// inspect that is the crew answering or inspecting), Role the role it is
// given as. Only the fields of its type matter; ParseCommand refuses others.
type Command struct {
	Type     CommandType `json:"type"`
	Crew     Crew        `json:"crew"`
	Role     Role        `json:"role"`
	Dir      chart.Dir   `json:"dir"`
	Distance int         `json:"distance"`
	Cell     chart.Cell  `json:"cell"`
	System   System      `json:"system"`
	Panel    chart.Dir   `json:"panel"`
	Symbol   int         `json:"symbol"`
	Sector   int         `json:"sector"`
	Section  int         `json:"section"`
	Facts    []Fact      `json:"facts"`
	OK       bool        `json:"ok"`
	Trace    Trace       `json:"trace"`
	// At is the room clock when the command was accepted (replays reuse
	// it); only the real-time inspection's deadline reads it.
	At time.Time `json:"-"`
}

// TracePoint is one point of a traced section, in the 300 x 180 box the
// pages draw a section in: [x, y].
type TracePoint [2]int

// UnmarshalJSON reads [x, y]: exactly two whole numbers.
func (p *TracePoint) UnmarshalJSON(b []byte) error {
	var xy []int
	if err := json.Unmarshal(b, &xy); err != nil || len(xy) != 2 {
		return fmt.Errorf("a trace point is [x, y], not %s", b)
	}
	*p = TracePoint{xy[0], xy[1]}
	return nil
}

// Trace is the line a crew member drew round a section, as sent to the
// enemy Engineer who judges it.
type Trace []TracePoint

// The box a section is traced in, and the most points a trace may hold.
const (
	TraceWidth     = 300
	TraceHeight    = 180
	MaxTracePoints = 300
)

// field names, as in JSON.
const (
	fDir      = "dir"
	fDistance = "distance"
	fCell     = "cell"
	fSystem   = "system"
	fPanel    = "panel"
	fSymbol   = "symbol"
	fSector   = "sector"
	fSection  = "section"
	fFacts    = "facts"
	fOK       = "ok"
	fTrace    = "trace"
)

// shapes lists the fields each type carries besides type, crew and role.
var shapes = map[CommandType][]string{
	TypeStart:       nil,
	TypeTick:        nil,
	TypePlace:       {fCell},
	TypeCourse:      {fDir},
	TypeSilence:     {fDir, fDistance},
	TypeSurface:     nil,
	TypeCharge:      {fSystem},
	TypeMark:        {fPanel, fSymbol},
	TypeEndTurn:     nil,
	TypeMine:        {fCell},
	TypeTrigger:     {fCell},
	TypeTorpedo:     {fCell},
	TypeDrone:       {fSector},
	TypeSonar:       nil,
	TypeSonarAnswer: {fFacts},
	TypeArcher:      {fCell},
	TypeSecure:      {fSection, fTrace},
	TypeInspect:     {fOK},
	TypeDive:        nil,
}

// optional lists fields a type may carry besides its shape: the section
// an inspection rejects.
var optional = map[CommandType][]string{
	TypeInspect: {fSection},
}

// roomOnly are the commands only the room gives: no crew, no role.
func roomOnly(t CommandType) bool { return t == TypeStart || t == TypeTick }

// wire is Command as it travels: pointers tell a missing field from a zero.
type wire struct {
	Type     CommandType `json:"type"`
	Crew     *Crew       `json:"crew,omitempty"`
	Role     *Role       `json:"role,omitempty"`
	Dir      *chart.Dir  `json:"dir,omitempty"`
	Distance *int        `json:"distance,omitempty"`
	Cell     *chart.Cell `json:"cell,omitempty"`
	System   *System     `json:"system,omitempty"`
	Panel    *chart.Dir  `json:"panel,omitempty"`
	Symbol   *int        `json:"symbol,omitempty"`
	Sector   *int        `json:"sector,omitempty"`
	Section  *int        `json:"section,omitempty"`
	Facts    []Fact      `json:"facts,omitempty"`
	OK       *bool       `json:"ok,omitempty"`
	Trace    Trace       `json:"trace,omitempty"`
}

// wireFields are the fields present reports on, in its order.
var wireFields = [...]string{fDir, fDistance, fCell, fSystem, fPanel, fSymbol, fSector, fSection, fFacts, fOK, fTrace}

// present reports which of wireFields the command gave (an array, not a
// map: every phone's command is read so).
func (w *wire) present() [len(wireFields)]bool {
	return [...]bool{w.Dir != nil, w.Distance != nil, w.Cell != nil,
		w.System != nil, w.Panel != nil, w.Symbol != nil,
		w.Sector != nil, w.Section != nil, w.Facts != nil,
		w.OK != nil, w.Trace != nil}
}

// wireField is field f's place in wireFields.
func wireField(f string) int {
	for i, x := range wireFields {
		if x == f {
			return i
		}
	}
	panic("sonar: unknown command field " + f)
}

// MaxCommand bounds a command's size: a secure with its longest trace
// fits; other real ones are under 200 bytes.
const MaxCommand = 8192

// ParseCommand decodes and shape-checks a command from a phone. It checks
// that the type is known and that exactly the type's fields are present with
// values of the right kind; whether the order is legal is Apply's business.
func ParseCommand(b []byte) (Command, error) {
	o, err := ParseOrder(b)
	if err != nil {
		return Command{}, err
	}
	if !roomOnly(o.Type) && (!o.CrewGiven || !o.RoleGiven) {
		return Command{}, refuseNow(CodeMalformed, "%s needs a crew and a role", o.Type)
	}
	return o.Command, nil
}

// Order is a command as a phone sends it: the crew and the role may be
// left out for the room to fill in (the phone's crew, the role of the
// phone that gives such orders).
type Order struct {
	Command
	CrewGiven, RoleGiven bool
}

// ParseOrder decodes and shape-checks an order like ParseCommand, once,
// but lets the crew and the role be absent.
func ParseOrder(b []byte) (Order, error) {
	if len(b) > MaxCommand {
		return Order{}, refuseNow(CodeMalformed, "command too long")
	}
	var w wire
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&w); err != nil {
		return Order{}, refuseNow(CodeMalformed, "malformed command: %v", err)
	}
	if d.More() {
		return Order{}, refuseNow(CodeMalformed, "malformed command: trailing data")
	}
	want, ok := shapes[w.Type]
	if !ok {
		return Order{}, refuseNow(CodeMalformed, "unknown command type %q", w.Type)
	}
	cmd := Command{Type: w.Type}
	if roomOnly(w.Type) && (w.Crew != nil || w.Role != nil) {
		return Order{}, refuseNow(CodeMalformed, "%s takes no crew or role", w.Type)
	}
	if w.Crew != nil {
		cmd.Crew = *w.Crew
	}
	if w.Role != nil {
		cmd.Role = *w.Role
	}
	has := w.present()
	for _, f := range want {
		if !has[wireField(f)] {
			return Order{}, refuseNow(CodeMalformed, "%s needs a %s", w.Type, f)
		}
		has[wireField(f)] = false
	}
	for _, f := range optional[w.Type] {
		has[wireField(f)] = false
	}
	for i, p := range has {
		if p {
			return Order{}, refuseNow(CodeMalformed, "%s takes no %s", w.Type, wireFields[i])
		}
	}
	if w.Dir != nil {
		cmd.Dir = *w.Dir
	}
	if w.Distance != nil {
		cmd.Distance = *w.Distance
	}
	if w.Cell != nil {
		cmd.Cell = *w.Cell
	}
	if w.System != nil {
		cmd.System = *w.System
	}
	if w.Panel != nil {
		cmd.Panel = *w.Panel
	}
	if w.Symbol != nil {
		cmd.Symbol = *w.Symbol
	}
	if w.Sector != nil {
		cmd.Sector = *w.Sector
	}
	if w.Section != nil {
		cmd.Section = *w.Section
	}
	if w.OK != nil {
		cmd.OK = *w.OK
	}
	if w.Trace != nil {
		if err := w.Trace.check(); err != nil {
			return Order{}, err
		}
		cmd.Trace = w.Trace
	}
	if w.Type == TypeSonarAnswer {
		if len(w.Facts) != 2 {
			return Order{}, refuseNow(CodeTwoFacts, "a sonar answer gives exactly two facts")
		}
		cmd.Facts = w.Facts
	}
	return Order{Command: cmd, CrewGiven: w.Crew != nil, RoleGiven: w.Role != nil}, nil
}

// MarshalJSON writes the command in the shape ParseCommand reads: only the
// fields of its type.
func (c Command) MarshalJSON() ([]byte, error) {
	w := wire{Type: c.Type}
	if !roomOnly(c.Type) {
		w.Crew, w.Role = &c.Crew, &c.Role
	}
	if c.Type == TypeInspect && !c.OK && c.Section != 0 {
		w.Section = &c.Section
	}
	for _, f := range shapes[c.Type] {
		switch f {
		case fDir:
			w.Dir = &c.Dir
		case fDistance:
			w.Distance = &c.Distance
		case fCell:
			w.Cell = &c.Cell
		case fSystem:
			w.System = &c.System
		case fPanel:
			w.Panel = &c.Panel
		case fSymbol:
			w.Symbol = &c.Symbol
		case fSector:
			w.Sector = &c.Sector
		case fSection:
			w.Section = &c.Section
		case fFacts:
			w.Facts = c.Facts
			if w.Facts == nil {
				w.Facts = []Fact{}
			}
		case fOK:
			w.OK = &c.OK
		case fTrace:
			w.Trace = c.Trace
			if w.Trace == nil {
				w.Trace = Trace{}
			}
		}
	}
	return json.Marshal(w)
}

// check refuses a trace the pages could not have drawn.
func (t Trace) check() *RuleError {
	if len(t) < 2 || len(t) > MaxTracePoints {
		return refuseNow(CodeMalformed, "a trace has 2 to %d points, not %d", MaxTracePoints, len(t))
	}
	for _, p := range t {
		if p[0] < 0 || p[0] > TraceWidth || p[1] < 0 || p[1] > TraceHeight {
			return refuseNow(CodeMalformed, "trace point %v is outside the %dx%d box", p, TraceWidth, TraceHeight)
		}
	}
	return nil
}

// UnmarshalJSON reads a command with ParseCommand's checks.
func (c *Command) UnmarshalJSON(b []byte) error {
	p, err := ParseCommand(b)
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// FactType is what a sonar fact is about.
type FactType string

// The three kinds of sonar fact.
const (
	FactRow    FactType = "row"
	FactColumn FactType = "column"
	FactSector FactType = "sector"
)

// Fact is one half of a sonar answer: "COLUMN L", "ROW 14", "SECTOR 6".
// Value is the 0-based row or column index (as in chart.Cell) or the
// 1-based sector number. In JSON a row is its number as printed (14), a
// column its letter ("L"), a sector its number (6).
type Fact struct {
	Type  FactType
	Value int
}

// Holds reports whether the fact is true of a submarine at c.
func (f Fact) Holds(m *chart.Map, c chart.Cell) bool {
	switch f.Type {
	case FactRow:
		return c.Row == f.Value
	case FactColumn:
		return c.Col == f.Value
	case FactSector:
		return m.Sector(c) == f.Value
	}
	return false
}

// String is the fact as the Captain says it: "COLUMN L".
func (f Fact) String() string {
	switch f.Type {
	case FactRow:
		return "ROW " + strconv.Itoa(f.Value+1)
	case FactColumn:
		if f.Value >= 0 && f.Value < 26 {
			return "COLUMN " + chart.ColumnName(f.Value)
		}
	case FactSector:
		return "SECTOR " + strconv.Itoa(f.Value)
	}
	return fmt.Sprintf("%s %d", strings.ToUpper(string(f.Type)), f.Value)
}

type wireFact struct {
	Type  FactType        `json:"type"`
	Value json.RawMessage `json:"value"`
}

// MarshalJSON writes {"type":"column","value":"L"} or {"type":"row","value":14}.
func (f Fact) MarshalJSON() ([]byte, error) {
	var v any
	switch f.Type {
	case FactRow:
		v = f.Value + 1
	case FactColumn:
		if f.Value < 0 || f.Value >= 26 {
			return nil, fmt.Errorf("invalid column %d", f.Value)
		}
		v = chart.ColumnName(f.Value)
	case FactSector:
		v = f.Value
	default:
		return nil, fmt.Errorf("invalid fact type %q", f.Type)
	}
	raw, _ := json.Marshal(v)
	return json.Marshal(wireFact{Type: f.Type, Value: raw})
}

// UnmarshalJSON reads a fact. Rows and sectors may be numbers or digit
// strings; columns are letters. Ranges are checked against the map by Apply.
func (f *Fact) UnmarshalJSON(b []byte) error {
	var w wireFact
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	if len(w.Value) == 0 {
		return fmt.Errorf("a sonar fact needs a value")
	}
	var s string
	if err := json.Unmarshal(w.Value, &s); err != nil {
		var n int
		if err := json.Unmarshal(w.Value, &n); err != nil {
			return fmt.Errorf("a sonar fact's value is a number or a letter")
		}
		s = strconv.Itoa(n)
	}
	s = strings.TrimSpace(s)
	switch w.Type {
	case FactRow, FactSector:
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 99 {
			return fmt.Errorf("%q is not a %s number", s, w.Type)
		}
		if w.Type == FactRow {
			n--
		}
		*f = Fact{Type: w.Type, Value: n}
	case FactColumn:
		if len(s) != 1 || !(s[0] >= 'A' && s[0] <= 'Z' || s[0] >= 'a' && s[0] <= 'z') {
			return fmt.Errorf("%q is not a column letter", s)
		}
		*f = Fact{Type: FactColumn, Value: int(strings.ToUpper(s)[0] - 'A')}
	default:
		return fmt.Errorf("%q is not a kind of sonar fact (row, column, sector)", w.Type)
	}
	return nil
}
