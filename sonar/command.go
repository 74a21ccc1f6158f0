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
func (v *wireValues) present() [len(wireFields)]bool {
	return [...]bool{v.has(pfDir), v.has(pfDistance), v.has(pfCell), v.has(pfSystem), v.has(pfPanel),
		v.has(pfSymbol), v.has(pfSector), v.has(pfSection), v.has(pfFacts), v.has(pfOK), v.has(pfTrace)}
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
	var v wireValues
	if given, ok := v.readPlain(b); ok {
		v.given = given
	} else {
		w, err := decodeWire(b)
		if err != nil {
			return Order{}, err
		}
		v = wireValues{}
		v.from(&w)
	}
	want, ok := shapes[v.typ]
	if !ok {
		return Order{}, refuseNow(CodeMalformed, "unknown command type %q", v.typ)
	}
	crewGiven, roleGiven := v.has(pfCrew), v.has(pfRole)
	if roomOnly(v.typ) && (crewGiven || roleGiven) {
		return Order{}, refuseNow(CodeMalformed, "%s takes no crew or role", v.typ)
	}
	has := v.present()
	for _, f := range want {
		if !has[wireField(f)] {
			return Order{}, refuseNow(CodeMalformed, "%s needs a %s", v.typ, f)
		}
		has[wireField(f)] = false
	}
	for _, f := range optional[v.typ] {
		has[wireField(f)] = false
	}
	for i, p := range has {
		if p {
			return Order{}, refuseNow(CodeMalformed, "%s takes no %s", v.typ, wireFields[i])
		}
	}
	// A field not given is zero in v, as in a Command.
	cmd := Command{Type: v.typ, Crew: v.crew, Role: v.role, Dir: v.dir, Distance: v.distance, Cell: v.cell,
		System: v.system, Panel: v.panel, Symbol: v.symbol, Sector: v.sector, Section: v.section, OK: v.ok}
	if v.trace != nil {
		if err := v.trace.check(); err != nil {
			return Order{}, err
		}
		cmd.Trace = v.trace
	}
	if v.typ == TypeSonarAnswer {
		if len(v.facts) != 2 {
			return Order{}, refuseNow(CodeTwoFacts, "a sonar answer gives exactly two facts")
		}
		cmd.Facts = v.facts
	}
	return Order{Command: cmd, CrewGiven: crewGiven, RoleGiven: roleGiven}, nil
}

// decodeWire reads a command by reflection: what readPlain leaves, with
// encoding/json's own refusals.
func decodeWire(b []byte) (wire, *RuleError) {
	var w wire
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&w); err != nil {
		return wire{}, refuseNow(CodeMalformed, "malformed command: %v", err)
	}
	if d.More() {
		return wire{}, refuseNow(CodeMalformed, "malformed command: trailing data")
	}
	return w, nil
}

// wireValues is a command as read: each field's value, zero if not
// given, and given, a bit per field (by place in plainFields) given.
type wireValues struct {
	given                             uint16
	typ                               CommandType
	facts                             []Fact
	trace                             Trace
	crew                              Crew
	role                              Role
	dir, panel                        chart.Dir
	cell                              chart.Cell
	system                            System
	distance, symbol, sector, section int
	ok                                bool
}

// readPlain reads b into v, without a decoder, and gives the fields it
// held (a bit per place in plainFields, for wire):
// every phone's order is read, and a decoder costs a buffer, a value per
// field and reflection. It reads only what encoding/json surely reads, to
// the same wire, without a refusal: one object, then whitespace, of
// distinct keys, each one of the fields as they are spelt (not facts or
// a trace), each value a string of printable ASCII without escapes (read
// by its type's own UnmarshalText, which must accept it), a whole number
// of at most 18 digits, true or false. Anything else, a refusal included,
// is decodeWire's (false).
// TestParseOrderIsTheDecoder and FuzzParseOrder hold ParseOrder to the
// decoder alone.
func (v *wireValues) readPlain(b []byte) (given uint16, ok bool) {
	i := 0
	space := func() {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
			i++
		}
	}
	// str reads a plain string's bytes, between its quotes.
	str := func() ([]byte, bool) {
		if i == len(b) || b[i] != '"' {
			return nil, false
		}
		i++
		start := i
		for ; i < len(b); i++ {
			switch c := b[i]; {
			case c == '"':
				i++
				return b[start : i-1], true
			case c < 0x20 || c >= 0x7f || c == '\\':
				return nil, false
			}
		}
		return nil, false
	}
	// num reads a whole number as JSON writes it.
	num := func(n *int) bool {
		start := i
		if i < len(b) && b[i] == '-' {
			i++
		}
		digits := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == digits || i-digits > 18 || b[digits] == '0' && i-digits > 1 {
			return false
		}
		if i < len(b) && (b[i] == '.' || b[i] == 'e' || b[i] == 'E') {
			return false
		}
		x, err := strconv.ParseInt(string(b[start:i]), 10, 64)
		*n = int(x)
		return err == nil
	}
	space()
	if i == len(b) || b[i] != '{' {
		return 0, false
	}
	i++
	for first := true; ; first = false {
		space()
		if first && i < len(b) && b[i] == '}' {
			i++
			break
		}
		key, ok := str()
		if !ok {
			return 0, false
		}
		space()
		if i == len(b) || b[i] != ':' {
			return 0, false
		}
		i++
		space()
		f := plainField(key)
		if f < 0 || given&(1<<f) != 0 {
			return 0, false
		}
		given |= 1 << f
		switch f {
		case pfType:
			s, ok := str()
			if !ok {
				return 0, false
			}
			v.typ = commandType(s)
		case pfCrew, pfRole, pfDir, pfPanel, pfCell, pfSystem:
			s, ok := str()
			if !ok || !v.text(f, s) {
				return 0, false
			}
		case pfDistance, pfSymbol, pfSector, pfSection:
			n := [...]*int{pfDistance: &v.distance, pfSymbol: &v.symbol, pfSector: &v.sector, pfSection: &v.section}[f]
			if !num(n) {
				return 0, false
			}
		case pfOK:
			switch {
			case len(b)-i >= 4 && string(b[i:i+4]) == "true":
				v.ok, i = true, i+4
			case len(b)-i >= 5 && string(b[i:i+5]) == "false":
				v.ok, i = false, i+5
			default:
				return 0, false
			}
		}
		space()
		if i == len(b) {
			return 0, false
		}
		if b[i] == '}' {
			i++
			break
		}
		if b[i] != ',' {
			return 0, false
		}
		i++
	}
	space()
	return given, i == len(b)
}

func (v *wireValues) has(f int) bool { return v.given&(1<<f) != 0 }

// from reads what decodeWire read into v, which is zero.
func (v *wireValues) from(w *wire) {
	v.typ, v.facts, v.trace = w.Type, w.Facts, w.Trace
	set := func(f int, given bool) {
		if given {
			v.given |= 1 << f
		}
	}
	set(pfFacts, w.Facts != nil)
	set(pfTrace, w.Trace != nil)
	if set(pfCrew, w.Crew != nil); w.Crew != nil {
		v.crew = *w.Crew
	}
	if set(pfRole, w.Role != nil); w.Role != nil {
		v.role = *w.Role
	}
	if set(pfDir, w.Dir != nil); w.Dir != nil {
		v.dir = *w.Dir
	}
	if set(pfDistance, w.Distance != nil); w.Distance != nil {
		v.distance = *w.Distance
	}
	if set(pfCell, w.Cell != nil); w.Cell != nil {
		v.cell = *w.Cell
	}
	if set(pfSystem, w.System != nil); w.System != nil {
		v.system = *w.System
	}
	if set(pfPanel, w.Panel != nil); w.Panel != nil {
		v.panel = *w.Panel
	}
	if set(pfSymbol, w.Symbol != nil); w.Symbol != nil {
		v.symbol = *w.Symbol
	}
	if set(pfSector, w.Sector != nil); w.Sector != nil {
		v.sector = *w.Sector
	}
	if set(pfSection, w.Section != nil); w.Section != nil {
		v.section = *w.Section
	}
	if set(pfOK, w.OK != nil); w.OK != nil {
		v.ok = *w.OK
	}
}

// The fields readPlain reads, by place.
const (
	pfType = iota
	pfCrew
	pfRole
	pfDir
	pfDistance
	pfCell
	pfSystem
	pfPanel
	pfSymbol
	pfSector
	pfSection
	pfOK
	pfFacts // read by decodeWire alone
	pfTrace // read by decodeWire alone
)

var plainFields = [...]string{pfType: "type", pfCrew: "crew", pfRole: "role", pfDir: fDir, pfDistance: fDistance,
	pfCell: fCell, pfSystem: fSystem, pfPanel: fPanel, pfSymbol: fSymbol, pfSector: fSector, pfSection: fSection, pfOK: fOK}

// plainField is key's place in plainFields, or -1: the key is not one
// readPlain reads (facts, trace, a field spelt otherwise, an unknown one).
func plainField(key []byte) int {
	for i, f := range plainFields {
		if string(key) == f {
			return i
		}
	}
	return -1
}

// commandType is s as a type: a known type's own string, not a copy.
func commandType(s []byte) CommandType {
	for _, t := range commandTypes {
		if string(s) == string(t) {
			return t
		}
	}
	return CommandType(s)
}

// commandTypes lists the types of shapes (a list: a map's walk is slower).
var commandTypes = func() []CommandType {
	var ts []CommandType
	for t := range shapes {
		ts = append(ts, t)
	}
	return ts
}()

// text reads field f's string s as encoding/json does, by the type's
// UnmarshalText, into v; the usual spellings
// first, without the copies UnmarshalText makes. false if UnmarshalText
// refuses s (decodeWire words it).
func (v *wireValues) text(f int, s []byte) bool {
	switch f {
	case pfCrew:
		if v.crew.UnmarshalText(s) != nil {
			return false
		}
	case pfRole:
		if !roleKey(s, &v.role) && v.role.UnmarshalText(s) != nil {
			return false
		}
	case pfDir, pfPanel:
		d := &v.dir
		if f == pfPanel {
			d = &v.panel
		}
		if !plainDir(s, d) && d.UnmarshalText(s) != nil {
			return false
		}
	case pfCell:
		if !plainCell(s, &v.cell) && v.cell.UnmarshalText(s) != nil {
			return false
		}
	case pfSystem:
		if v.system.UnmarshalText(s) != nil {
			return false
		}
	}
	return true
}

// roleKey reads a role's key as written ("first_mate"), as UnmarshalText
// would.
func roleKey(s []byte, r *Role) bool {
	for i, k := range roleKeys {
		if string(s) == k {
			*r = Role(i)
			return true
		}
	}
	return false
}

// plainDir reads a heading of letters alone ("NORTH", "n") as
// chart.ParseDir would.
func plainDir(s []byte, d *chart.Dir) bool {
	var up [5]byte
	if len(s) == 0 || len(s) > len(up) {
		return false
	}
	for i, c := range s {
		switch {
		case c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		case c < 'A' || c > 'Z':
			return false
		}
		up[i] = c
	}
	switch string(up[:len(s)]) {
	case "N", "NORTH":
		*d = chart.North
	case "E", "EAST":
		*d = chart.East
	case "S", "SOUTH":
		*d = chart.South
	case "W", "WEST":
		*d = chart.West
	default:
		return false
	}
	return true
}

// plainCell reads a cell's name of a letter and a row of one or two digits,
// not starting with 0 ("C6", "o15"), as chart.ParseCell would.
func plainCell(s []byte, c *chart.Cell) bool {
	if len(s) < 2 || len(s) > 3 || s[1] < '1' || s[1] > '9' || len(s) == 3 && (s[2] < '0' || s[2] > '9') {
		return false
	}
	col := s[0]
	switch {
	case col >= 'a' && col <= 'z':
		col -= 'a' - 'A'
	case col < 'A' || col > 'Z':
		return false
	}
	row := int(s[1] - '0')
	if len(s) == 3 {
		row = row*10 + int(s[2]-'0')
	}
	*c = chart.Cell{Col: int(col - 'A'), Row: row - 1}
	return true
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
