package sonar

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"periscope/sonar/chart"
)

// Position describes a match in play, as a FEN describes a chess game: both
// submarines under way (none surfaced, no duty owed, no sonar question
// waiting), and for turn-based play the crew whose turn begins. A match
// built from it plays on from there with the same rules. docs/positions.md
// documents the JSON.
//
// A position travels either alone (Parse: it then carries its Options) or
// as the "position" option of a match (Options.Position: the enclosing
// options are the match's, and the position carries none).
type Position struct {
	// Options are the match's options, in a position that travels alone.
	Options *Options `json:"options,omitempty"`
	// Turn is the crew about to play, turn-based only.
	Turn *Crew        `json:"turn,omitempty"`
	Blue CrewPosition `json:"blue"`
	Red  CrewPosition `json:"red"`
	// ArcherSpent lists Echo's printed Archer mines already set off.
	ArcherSpent []chart.Cell `json:"archer_spent,omitempty"`
}

// CrewPosition is one crew's sheets.
type CrewPosition struct {
	// Route is the Captain's line since the start or the last surfacing:
	// first the cell it dived from, last the cell the submarine is on, one
	// orthogonal step apart (a silence's cells included).
	Route []chart.Cell `json:"route"`
	// Damage is 0 to 3 (4 sinks the submarine: that match is over).
	Damage int `json:"damage,omitempty"`
	// Gauges are the First Mate's marks per system; absent means empty.
	Gauges map[System]int `json:"gauges,omitempty"`
	// Breakdowns are the Engineer's crossed-out symbols per panel (its
	// heading), each an index 0-5 as printed: 0-2 the central circuits,
	// 3-5 the reactor.
	Breakdowns map[chart.Dir][]int `json:"breakdowns,omitempty"`
	// Mines are the crew's mines in the water, in the order dropped.
	Mines []chart.Cell `json:"mines,omitempty"`
}

// PositionError is a position that cannot be: Code names what is impossible
// (snake_case, listed in docs/positions.md), Message says it in words.
type PositionError struct {
	Code    string
	Message string
}

func (e *PositionError) Error() string { return e.Message }

// RuleCode is the refusal's code, for a room that reports the options.
func (e *PositionError) RuleCode() string { return e.Code }

func impossible(code, format string, args ...any) *PositionError {
	return &PositionError{Code: code, Message: "position: " + fmt.Sprintf(format, args...)}
}

// maxPosition bounds a position document: a full one is about 2 KB.
const maxPosition = 16 << 10

// ParsePosition reads a position that travels alone: strict JSON (unknown
// fields refused), with its options, checked by Validate.
func ParsePosition(b []byte) (*Position, error) {
	p, err := decodePosition(b)
	if err != nil {
		return nil, err
	}
	if p.Options == nil {
		return nil, impossible("position_options_missing", "a position on its own gives its options (map and mode at least)")
	}
	o := p.Options.Defaults()
	if o.Position != nil {
		return nil, impossible("position_nested", "a position's options hold no other position")
	}
	p.Options = &o
	if err := p.Validate(o); err != nil {
		return nil, err
	}
	return p, nil
}

func decodePosition(b []byte) (*Position, error) {
	if len(b) > maxPosition {
		return nil, impossible("position_malformed", "%d bytes is too long for a position (at most %d)", len(b), maxPosition)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	var p Position
	if err := d.Decode(&p); err != nil {
		return nil, impossible("position_malformed", "not a position: %v", err)
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, impossible("position_malformed", "not a position: data after the JSON object")
	}
	return &p, nil
}

// UnmarshalJSON reads a position given as an option: an object, or a
// string holding one (a lobby form sends text).
func (p *Position) UnmarshalJSON(b []byte) error {
	t := bytes.TrimSpace(b)
	if len(t) > 0 && t[0] == '"' {
		var s string
		if err := json.Unmarshal(t, &s); err != nil {
			return err
		}
		t = []byte(s)
	}
	type plain Position // no UnmarshalJSON: no recursion
	d := json.NewDecoder(bytes.NewReader(t))
	d.DisallowUnknownFields()
	var q plain
	if err := d.Decode(&q); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("data after the position's JSON object")
	}
	*p = Position(q)
	return nil
}

// Validate checks that the position can arise under the given options
// (with defaults filled in); the error is a *PositionError.
func (p *Position) Validate(o Options) error {
	o = o.Defaults()
	m, err := o.check()
	if err != nil {
		return impossible("position_options", "%v", err)
	}
	if err := p.validate(o, m); err != nil {
		return err
	}
	return nil
}

func (p *Position) validate(o Options, m *chart.Map) *PositionError {
	switch {
	case o.Mode == TurnBased && p.Turn == nil:
		return impossible("turn_missing", "a turn-based position says whose turn it is (turn: blue or red)")
	case o.Mode == TurnBased && !p.Turn.valid():
		return impossible("turn_missing", "turn is blue or red")
	case o.Mode == RealTime && p.Turn != nil:
		return impossible("turn_in_real_time", "in real time both crews sail at once: a position has no turn")
	}
	for _, c := range Crews {
		if err := p.crew(c).validate(c, o, m); err != nil {
			return err
		}
	}
	for i, x := range p.ArcherSpent {
		switch {
		case !m.Archer(x):
			return impossible("archer_not_printed", "%s holds no Archer mine on %s", x, o.Map)
		case slices.Contains(p.ArcherSpent[:i], x):
			return impossible("archer_twice", "the Archer mine at %s is listed twice: each goes off once", x)
		}
	}
	return nil
}

func (p *Position) crew(c Crew) *CrewPosition {
	if c == Red {
		return &p.Red
	}
	return &p.Blue
}

func (cp *CrewPosition) validate(c Crew, o Options, m *chart.Map) *PositionError {
	if len(cp.Route) == 0 {
		return impossible("route_missing", "%s's route is empty: it holds at least the cell the submarine is on", c)
	}
	seen := make([]bool, m.Cells())
	for i, x := range cp.Route {
		switch {
		case !m.Contains(x):
			return impossible("route_off_map", "%s's route leaves the map at %s", c, x)
		case m.Island(x):
			return impossible("route_island", "%s's route runs through the island %s: a submarine sails on water only", c, x)
		case seen[m.Index(x)]:
			return impossible("route_crossed", "%s's route crosses itself at %s: a submarine never crosses its own route", c, x)
		case i > 0 && chart.Manhattan(cp.Route[i-1], x) != 1:
			return impossible("route_gap", "%s's route jumps from %s to %s: each cell is one step north, east, south or west of the last", c, cp.Route[i-1], x)
		}
		seen[m.Index(x)] = true
	}
	if cp.Damage < 0 || cp.Damage >= MaxDamage {
		return impossible("damage_range", "%s has %d damage: a submarine under way has 0 to %d (%d sinks it)", c, cp.Damage, MaxDamage-1, MaxDamage)
	}
	for _, s := range Systems {
		n, ok := cp.Gauges[s]
		if !ok {
			continue
		}
		size := gaugeSizeFor(s, o)
		switch {
		case size == 0:
			return impossible("gauge_unknown", "%s has no %s gauge on %s", c, s, o.Map)
		case n < 0 || n > size:
			return impossible("gauge_over", "%s's %s gauge shows %d marks: it has %d spaces", c, s, n, size)
		}
	}
	var sh sheet
	for _, d := range chart.Dirs {
		for _, k := range cp.Breakdowns[d] {
			if k < 0 || k >= SymbolsPerPanel {
				return impossible("breakdown_symbol", "%s's %s panel has symbols 0 to %d, not %d", c, d, SymbolsPerPanel-1, k)
			}
			i := panelIndex(d)*SymbolsPerPanel + k
			if sh[i] {
				return impossible("breakdown_twice", "%s's %s panel crosses out symbol %d twice", c, d, k)
			}
			sh[i] = true
		}
	}
	for p := range Panels {
		if sh.panelFull(p) {
			return impossible("breakdown_overload", "%s's %s panel is fully crossed out: that overload took a damage and erased the sheet", c, Panels[p])
		}
	}
	if sh.radiationFull() {
		return impossible("breakdown_overload", "%s's reactor symbols are all crossed out: that overload took a damage and erased the sheet", c)
	}
	for _, ci := range []Circuit{YellowCircuit, OrangeCircuit, GreyCircuit} {
		if sh.circuitDone(ci) {
			return impossible("breakdown_circuit", "%s's %s circuit is complete: it repaired itself and was erased", c, ci)
		}
	}
	for i, x := range cp.Mines {
		switch {
		case !m.Contains(x):
			return impossible("mine_off_map", "%s's mine at %s is off the map", c, x)
		case m.Island(x):
			return impossible("mine_island", "%s's mine at %s is on an island: mines lie on water", c, x)
		case seen[m.Index(x)]:
			return impossible("mine_on_route", "%s's mine at %s is on its route: a mine never goes on the route and a submarine never enters its mine", c, x)
		case slices.Contains(cp.Mines[:i], x):
			return impossible("mine_twice", "%s has two mines at %s: one mine per cell", c, x)
		}
	}
	return nil
}

// gaugeSizeFor is Match.gaugeSize before there is a match.
func gaugeSizeFor(s System, o Options) int {
	m := Match{opts: o}
	return m.gaugeSize(s)
}

// setUp puts the crews where p says, before the room's start.
func (m *Match) setUp(p *Position) {
	for _, c := range Crews {
		cp := p.crew(c)
		s := &m.crews[c]
		s.placed = true
		s.route = slices.Clone(cp.Route)
		s.pos = s.route[len(s.route)-1]
		s.onRoute = make([]bool, m.chart.Cells())
		for _, x := range s.route {
			s.onRoute[m.chart.Index(x)] = true
		}
		s.damage = cp.Damage
		for sys, n := range cp.Gauges {
			s.gauges[sys] = n
		}
		for d, ks := range cp.Breakdowns {
			for _, k := range ks {
				s.sheet[panelIndex(d)*SymbolsPerPanel+k] = true
			}
		}
		s.mines = slices.Clone(cp.Mines)
	}
	m.archerSpent = slices.Clone(p.ArcherSpent)
	if p.Turn != nil {
		m.first = *p.Turn
	}
}

// FromPosition starts a match from a position that travels alone (its own
// options); the room's start command then opens play.
func FromPosition(p *Position, seed uint64) (*Match, error) {
	if p.Options == nil {
		return nil, impossible("position_options_missing", "a position on its own gives its options (map and mode at least)")
	}
	o := *p.Options
	q := *p
	q.Options = nil
	o.Position = &q
	return New(o, seed)
}

// Position describes the match now, when it can be described: both
// submarines under way with no duty owed, no sonar question waiting and,
// turn-based, at the start of a turn. The result carries the options.
func (m *Match) Position() (*Position, error) {
	switch {
	case !m.playing():
		return nil, impossible("not_under_way", "both submarines must have dived")
	case m.over:
		return nil, impossible("not_under_way", "the match is over")
	case m.sonarPending:
		return nil, impossible("not_under_way", "a sonar question waits for its answer")
	case m.opts.Mode == TurnBased && (m.turnMoved || m.turnSystem || m.bonus > 0):
		return nil, impossible("not_under_way", "a turn is under way: a position starts a turn")
	}
	o := m.Options()
	p := &Position{Options: &o, ArcherSpent: slices.Clone(m.archerSpent)}
	if o.Mode == TurnBased {
		p.Turn = ptr(m.turn)
	}
	for _, c := range Crews {
		s := &m.crews[c]
		if s.surfaced || s.fmDue || s.engDue || (s.usedSystem && o.Mode == RealTime) {
			return nil, impossible("not_under_way", "%s is surfaced, owes its First Mate's or Engineer's step, or used a system since its last course", c)
		}
		cp := p.crew(c)
		cp.Route = slices.Clone(s.route)
		cp.Damage = s.damage
		cp.Mines = slices.Clone(s.mines)
		for _, sys := range Systems {
			if s.gauges[sys] > 0 {
				if cp.Gauges == nil {
					cp.Gauges = map[System]int{}
				}
				cp.Gauges[sys] = s.gauges[sys]
			}
		}
		for k, on := range s.sheet {
			if on {
				if cp.Breakdowns == nil {
					cp.Breakdowns = map[chart.Dir][]int{}
				}
				d := Panels[k/SymbolsPerPanel]
				cp.Breakdowns[d] = append(cp.Breakdowns[d], k%SymbolsPerPanel)
			}
		}
	}
	return p, nil
}
