package sonar

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"periscope/sonar/chart"
)

// CrewView is everything a crew knows about its own submarine: the
// Captain's chart, the First Mate's and Engineer's sheets, what each role
// must do now and what the Captain may order. It never holds enemy secrets.
type CrewView struct {
	Crew     Crew         `json:"crew"`
	Placed   bool         `json:"placed"`
	Position *chart.Cell  `json:"position,omitempty"`
	Route    []chart.Cell `json:"route"` // since the last surfacing, ending at Position
	Mines    []chart.Cell `json:"mines"`
	Damage   int          `json:"damage"`

	Gauges    []Gauge       `json:"gauges"`
	Sheet     []SheetSymbol `json:"sheet"`  // 24 symbols, panel by panel (W, N, S, E)
	Broken    []Colour      `json:"broken"` // colours with a crossed-out symbol
	Duties    Duties        `json:"duties"`
	Turn      *TurnStep     `json:"turn,omitempty"` // turn-based only
	Surfacing *Surfacing    `json:"surfacing,omitempty"`

	// Blackout: no legal course; the Captain must surface.
	Blackout bool `json:"blackout"`
	// NeedsCourse: a system was used since the last course.
	NeedsCourse bool `json:"needs_course"`

	Courses        []CourseOption  `json:"courses"`
	Silences       []SilenceOption `json:"silences"`
	SurfaceBlocked string          `json:"-"` // why surfacing is refused now (RuleError.Why), "" if allowed
	TorpedoTargets []chart.Cell    `json:"torpedo_targets"`
	MineCells      []chart.Cell    `json:"mine_cells"`
	Triggers       []chart.Cell    `json:"triggers"` // own mines that may be triggered now
	ArcherTargets  []chart.Cell    `json:"archer_targets,omitempty"`
	// SonarAnswers lists the legal answers while the enemy's sonar question
	// waits for this crew's Captain.
	SonarAnswers [][2]Fact `json:"sonar_answers,omitempty"`
	// Inspect is the surfaced enemy's traced sheet while this crew's
	// Engineer must judge it (real-time surfacing).
	Inspect *Inspection `json:"inspect,omitempty"`
}

// crewWire is CrewView as it travels: the reasons of the Captain's closed
// orders (each gauge's Blocked, each course's and silence's Reason,
// SurfaceBlocked) go in one string, why, rather than one field each. They
// change together on most orders (the turn passes, a course is taken), and
// a patch pays about 50 B per field that changes, whatever its value.
type crewWire struct {
	crewFields
	Why string `json:"why,omitempty"`
}

type crewFields CrewView // CrewView's fields without its methods

// MarshalJSON writes the view with its reasons packed in why (PackWhy).
// It is encoding/json's own encoding of the view, the reference that
// AppendJSON, written by hand for the room, is checked against.
func (v CrewView) MarshalJSON() ([]byte, error) {
	return json.Marshal(crewWire{crewFields(v), v.PackWhy()})
}

// UnmarshalJSON reads a view written by MarshalJSON, reasons included.
func (v *CrewView) UnmarshalJSON(b []byte) error {
	var w crewWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*v = CrewView(w.crewFields)
	return v.unpackWhy(w.Why)
}

// PackWhy is the reasons of the Captain's orders in one string: the
// entries (RuleError.Why, "" for an open order) of the gauges in their
// order, the courses, the silences and surfacing, joined by ";", an entry
// equal to the one before it written "="; all of them written once when
// they are all the same (the other crew's turn, a surfaced submarine). The
// pages read it with static/js/sonar/reasons.js.
func (v *CrewView) PackWhy() string {
	parts := v.whys()
	same := true
	for _, p := range parts[1:] {
		same = same && p == parts[0]
	}
	if same {
		return parts[0]
	}
	for i := len(parts) - 1; i > 0; i-- {
		if parts[i] != "" && parts[i] == parts[i-1] {
			parts[i] = "="
		}
	}
	return strings.Join(parts, ";")
}

func (v *CrewView) whys() []string {
	out := make([]string, 0, len(v.Gauges)+len(v.Courses)+len(v.Silences)+1)
	for _, g := range v.Gauges {
		out = append(out, g.Blocked)
	}
	for _, o := range v.Courses {
		out = append(out, o.Reason)
	}
	for _, o := range v.Silences {
		out = append(out, o.Reason)
	}
	return append(out, v.SurfaceBlocked)
}

func (v *CrewView) unpackWhy(why string) error {
	n := len(v.Gauges) + len(v.Courses) + len(v.Silences) + 1
	parts := strings.Split(why, ";")
	if len(parts) == 1 {
		parts = slices.Repeat(parts, n)
	}
	if len(parts) != n {
		return fmt.Errorf("sonar: the view's why has %d entries for %d orders", len(parts), n)
	}
	for i := 1; i < n; i++ {
		if parts[i] == "=" {
			parts[i] = parts[i-1]
		}
	}
	for i := range v.Gauges {
		v.Gauges[i].Blocked, parts = parts[0], parts[1:]
	}
	for i := range v.Courses {
		v.Courses[i].Reason, parts = parts[0], parts[1:]
	}
	for i := range v.Silences {
		v.Silences[i].Reason, parts = parts[0], parts[1:]
	}
	v.SurfaceBlocked = parts[0]
	return nil
}

// Inspection is what the enemy Engineer judges: each section as its tracer
// drew it, in the TraceWidth x TraceHeight box.
type Inspection struct {
	Sections [SurfaceSections]TracedSection `json:"sections"`
	// RejectionsLeft is how many sections may still be rejected.
	RejectionsLeft int `json:"rejections_left"`
	// By is when the sheet passes by itself.
	By time.Time `json:"by"`
}

// TracedSection is one section of a sheet under inspection.
type TracedSection struct {
	Section int   `json:"section"`
	Role    Role  `json:"role"`
	Trace   Trace `json:"trace"`
}

// Gauge is one First Mate gauge.
type Gauge struct {
	System System `json:"system"`
	Marks  int    `json:"marks"`
	Size   int    `json:"size"`
	// Ready: the system may be activated now. Otherwise Blocked says why
	// (not charged, broken down, not the moment), in brief: the refusal's
	// rule code and parameters (RuleError.Why, "not_ready:TORPEDO,2,3").
	Ready   bool   `json:"ready"`
	Blocked string `json:"-"` // on the wire in CrewView's why
}

// SheetSymbol is one symbol of the Engineer sheet and whether it is
// crossed out. Mark commands name it by Panel and Index.
type SheetSymbol struct {
	Panel   chart.Dir `json:"panel"`
	Index   int       `json:"index"`
	Colour  Colour    `json:"colour"`
	Circuit Circuit   `json:"circuit,omitempty"`
	Marked  bool      `json:"marked"`
	// Damage, on a symbol not yet crossed out, says what crossing it out
	// now would overload ("the reactor", "the NORTH panel") under this
	// match's rules, so the Engineer is warned before the damage.
	Damage string `json:"damage,omitempty"`
}

// Duties are the steps the First Mate and the Engineer owe after a course.
type Duties struct {
	FirstMate bool       `json:"first_mate"`
	Engineer  bool       `json:"engineer"`
	Panel     *chart.Dir `json:"panel,omitempty"` // the panel the Engineer must mark
}

// TurnStep is where a turn-based crew stands.
type TurnStep struct {
	Current    bool `json:"current"`     // it is this crew's turn
	Moved      bool `json:"moved"`       // the turn's course or surfacing is done
	UsedSystem bool `json:"used_system"` // the turn's system is used
	Bonus      int  `json:"bonus"`       // turns left in a row while the enemy is surfaced
}

// Surfacing is a surfaced crew's progress back under water.
type Surfacing struct {
	Sector int `json:"sector"`
	// Sections holds who secured each of the four sections (real time).
	Sections [SurfaceSections]*Role `json:"sections"`
	// Redo holds, for a section the enemy Engineer rejected, the role that
	// traced it and must trace it again.
	Redo [SurfaceSections]*Role `json:"redo"`
	// EngineerFirst: the Engineer must trace the first section now.
	EngineerFirst bool `json:"engineer_first,omitempty"`
	// Holder is the role that holds the sheet, when the table passes it
	// one holder at a time (Options.SurfaceOrder "sheet"): only it traces.
	Holder *Role `json:"holder,omitempty"`
	// RejectionsLeft is how many sections the enemy may still reject.
	RejectionsLeft int `json:"rejections_left"`
	// InspectBy is set while the enemy Engineer inspects: when the sheet
	// passes by itself.
	InspectBy *time.Time `json:"inspect_by,omitempty"`
	// Inspected: the enemy Engineer passed the sheet; the Captain may dive.
	Inspected bool `json:"inspected"`
}

// CourseOption is one heading and whether the Captain may take it now.
type CourseOption struct {
	Dir    chart.Dir   `json:"dir"`
	To     *chart.Cell `json:"to,omitempty"`
	Legal  bool        `json:"legal"`
	Reason string      `json:"-"` // RuleError.Why: "island:C3"; on the wire in CrewView's why
}

// SilenceOption is one heading for a silence: the legal distances are
// Min..Max. Reason is set when no silence that way is legal now, in brief
// (RuleError.Why).
type SilenceOption struct {
	Dir    chart.Dir `json:"dir"`
	Min    int       `json:"min"`
	Max    int       `json:"max"`
	Reason string    `json:"-"` // on the wire in CrewView's why
}

// PublicView is what everyone at the table knows, spectators included.
type PublicView struct {
	Map     string `json:"map"`
	Mode    Mode   `json:"mode"`
	Size    int    `json:"size"`
	Sectors int    `json:"sectors"`

	Started bool `json:"started"`
	// Playing: both submarines have dived and the match is not over.
	Playing bool          `json:"playing"`
	Crews   [2]PublicCrew `json:"crews"`
	// Turn is the crew in turn (turn-based, once both have dived).
	Turn  *Crew `json:"turn,omitempty"`
	Bonus int   `json:"bonus,omitempty"` // turns left in a row while the enemy is surfaced
	// SonarPending is the crew whose Captain must answer a sonar question.
	SonarPending *Crew `json:"sonar_pending,omitempty"`
	// ArcherMines are Echo's printed mines still live.
	ArcherMines []chart.Cell `json:"archer_mines,omitempty"`

	Outcome *Outcome `json:"outcome,omitempty"`
}

// PublicCrew is what both crews know of one submarine.
type PublicCrew struct {
	Crew     Crew `json:"crew"`
	Dived    bool `json:"dived"` // its start position is chosen
	Damage   int  `json:"damage"`
	Surfaced bool `json:"surfaced"`
	// Sector is the sector announced when it surfaced (0 while under way).
	Sector int `json:"sector,omitempty"`
	// Secured counts the sections secured while surfaced (real time).
	Secured   int  `json:"secured,omitempty"`
	Inspected bool `json:"inspected,omitempty"`
}

// Public is the view everyone shares.
func (m *Match) Public() PublicView {
	v := PublicView{
		Map: m.opts.Map, Mode: m.opts.Mode, Size: m.chart.Size, Sectors: m.chart.Sectors(),
		Started: m.started, Playing: m.started && m.playing() && !m.over,
		Outcome: m.Outcome(),
	}
	for _, c := range Crews {
		s := &m.crews[c]
		pc := PublicCrew{Crew: c, Dived: s.placed, Damage: s.damage, Surfaced: s.surfaced,
			Sector: s.surfaceSector, Inspected: s.inspected}
		for _, done := range s.secured {
			if done {
				pc.Secured++
			}
		}
		v.Crews[c] = pc
	}
	if m.opts.Mode == TurnBased && v.Playing {
		v.Turn = ptr(m.turn)
		v.Bonus = m.bonus
	}
	if m.sonarPending {
		v.SonarPending = ptr(m.sonarBy.Other())
	}
	for _, a := range m.chart.ArcherMines() {
		if !slices.Contains(m.archerSpent, a) {
			v.ArcherMines = append(v.ArcherMines, a)
		}
	}
	return v
}

// Crew is crew c's own view. It panics if c is not Blue or Red.
//
// The room builds it after every command, for both crews, so the checks
// that many of the Captain's orders share (the match's state, the turn,
// the crew's duties, a system's timing) are made once, and such a
// refusal's brief (Why) is written once for every order it closes; an
// order's own refusal is made only when it is refused.
// TestCrewIsItsOrdersChecks holds it to every order's own checks.
func (m *Match) Crew(c Crew) CrewView {
	var v CrewView
	m.CrewInto(c, &v)
	return v
}

// CrewInto builds crew c's view into v, as Crew does, in the memory of
// the lists v holds (the room builds both crews' views after every
// command, into the same two views). Whoever still held v's lists sees
// them overwritten. It panics if c is not Blue or Red.
func (m *Match) CrewInto(c Crew, v *CrewView) {
	if !c.valid() {
		panic("sonar: invalid crew")
	}
	s := &m.crews[c]
	old := *v
	*v = CrewView{
		Crew: c, Placed: s.placed, Damage: s.damage,
		Route: append(into(old.Route), s.route...), Mines: append(into(old.Mines), s.mines...),
		Blackout: m.blackout(c), NeedsCourse: s.usedSystem,
		Duties: Duties{FirstMate: s.fmDue, Engineer: s.engDue},
	}
	if s.placed {
		v.Position = ptr(s.pos)
	}
	if s.engDue {
		v.Duties.Panel = ptr(s.engPanel)
	}
	k := m.captainChecks(c)
	v.Gauges = old.Gauges[:0]
	if v.Gauges == nil {
		v.Gauges = make([]Gauge, 0, len(Systems))
	}
	for _, sys := range Systems {
		size := m.gaugeSize(sys)
		if size == 0 {
			continue
		}
		v.Gauges = append(v.Gauges, Gauge{System: sys, Marks: s.gauges[sys], Size: size,
			Ready: k.ready[sys], Blocked: k.system[sys]})
	}
	if len(v.Gauges) == 0 {
		v.Gauges = nil // as it always was: the wire says null
	}
	v.Sheet = old.Sheet[:0]
	if v.Sheet == nil {
		v.Sheet = make([]SheetSymbol, 0, len(Panels)*SymbolsPerPanel)
	}
	for p, d := range Panels {
		for i := range SymbolsPerPanel {
			sym := layout[p][i]
			ss := SheetSymbol{Panel: d, Index: i, Colour: sym.Colour,
				Circuit: sym.Circuit, Marked: s.sheet[p*SymbolsPerPanel+i]}
			if !ss.Marked {
				trial := s.sheet
				if o := trial.mark(p, i, m.opts.DamageBeforeRepair); o.damage != "" {
					ss.Damage = damageWarning(o.damage)
				}
			}
			v.Sheet = append(v.Sheet, ss)
		}
	}
	v.Broken = into(old.Broken)
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
		v.Surfacing.Sections, v.Surfacing.Redo = m.Sections(c)
		if m.awaitsInspection(c) {
			v.Surfacing.InspectBy = ptr(s.inspectBy)
		}
	}
	v.Courses = m.courses(c, &k, old.Courses)
	v.Silences = m.silenceOptions(c, &k, old.Silences)
	v.SurfaceBlocked = k.move // surfaceErr is the Captain's movement checks
	v.TorpedoTargets = m.torpedoTargets(c, k.ready[Torpedo], old.TorpedoTargets)
	v.MineCells = m.mineCells(c, k.ready[Mine], old.MineCells)
	v.Triggers = m.triggers(c, k.act, old.Triggers)
	v.ArcherTargets = m.archerTargets(c, k.act, k.ready[Scenario], old.ArcherTargets)
	v.SonarAnswers = m.SonarAnswers(c)
	// inspectErr(c, Engineer) is nil exactly when the enemy's sheet waits
	// (awaitsInspection holds only in real time).
	if k.act == nil && m.awaitsInspection(c.Other()) {
		e := &m.crews[c.Other()]
		in := &Inspection{RejectionsLeft: m.opts.InspectionRejections - e.rejections, By: e.inspectBy}
		for i := range in.Sections {
			in.Sections[i] = TracedSection{Section: i + 1, Role: e.securedBy[i], Trace: e.traces[i]}
		}
		v.Inspect = in
	}
}

// Clone is a copy of the view with lists of its own: a view built by
// CrewInto is overwritten by the next one, its copy is not.
func (v *CrewView) Clone() CrewView {
	w := *v
	w.Route, w.Mines = slices.Clone(v.Route), slices.Clone(v.Mines)
	w.Gauges, w.Sheet, w.Broken = slices.Clone(v.Gauges), slices.Clone(v.Sheet), slices.Clone(v.Broken)
	w.Courses, w.Silences = slices.Clone(v.Courses), slices.Clone(v.Silences)
	w.TorpedoTargets, w.MineCells = slices.Clone(v.TorpedoTargets), slices.Clone(v.MineCells)
	w.Triggers, w.ArcherTargets = slices.Clone(v.Triggers), slices.Clone(v.ArcherTargets)
	return w
}

// into is buf emptied, to append a view's list into its memory; a new
// empty list when there is none (the view's lists are [] rather than null
// on the wire).
func into[T any](buf []T) []T {
	if buf == nil {
		return []T{}
	}
	return buf[:0]
}

// damageWarnings are the sheet's warnings, written once: "the reactor",
// "the NORTH panel".
var damageWarnings = func() map[string]string {
	w := map[string]string{"reactor": "the reactor"}
	for _, d := range Panels {
		w[strings.ToUpper(d.String())+" panel"] = "the " + strings.ToUpper(d.String()) + " panel"
	}
	return w
}()

func damageWarning(damage string) string {
	if w, ok := damageWarnings[damage]; ok {
		return w
	}
	return "the " + damage
}

// captainChecks are the checks the Captain's orders share, made once for
// a crew view: the match's (act), the movement's (a course, a silence's
// slot, surfacing) and each system's, with their refusals' briefs.
type captainChecks struct {
	act *RuleError
	// move is the brief of movementErr's refusal (act's first), "" when the
	// Captain may move the submarine now.
	move string
	// system is each system's brief (RuleError.Why), "" when ready.
	system [numSystems]string
	ready  [numSystems]bool
}

func (m *Match) captainChecks(c Crew) captainChecks {
	var k captainChecks
	k.act = m.actErr(c)
	if k.act != nil {
		why := k.act.Why()
		k.move = why
		for sys := range k.system {
			k.system[sys] = why
		}
		return k
	}
	k.move = m.movementErr(c).Why()
	// systemNowErr is the same for every system but silence (the turn's
	// course too): two refusals at most, each written once.
	var now [2]string
	for i, isCourse := range []bool{false, true} {
		now[i] = m.systemNowErr(c, isCourse).Why()
	}
	for _, sys := range Systems {
		if m.gaugeSize(sys) == 0 {
			// systemRoleErr's refusal; only the lists of targets read it.
			continue
		}
		switch err := m.systemRoleErr(Captain, sys); {
		case err != nil:
			k.system[sys] = err.Why()
		case sys == Silence && now[1] != "":
			k.system[sys] = now[1]
		case sys != Silence && now[0] != "":
			k.system[sys] = now[0]
		default:
			k.system[sys] = m.gaugeErr(c, sys).Why()
			k.ready[sys] = k.system[sys] == ""
		}
	}
	return k
}

// Sections is crew c's real-time surfacing sheet, cheaply: who secured each
// section, and who owes each rejected one.
func (m *Match) Sections(c Crew) (secured, redo [SurfaceSections]*Role) {
	s := &m.crews[c]
	for i := range s.secured {
		if s.secured[i] {
			secured[i] = ptr(s.securedBy[i])
		}
		if s.redo[i] {
			redo[i] = ptr(s.securedBy[i])
		}
	}
	return secured, redo
}

// actErr holds the match-level checks Apply makes before any order.
func (m *Match) actErr(c Crew) *RuleError {
	switch {
	case !m.started:
		return refuse(CodeNotStarted, "the match has not started yet")
	case m.over:
		// Why is "match_over": the outcome's sentence is in the public view.
		return refuse(CodeOver, "the match is over: %s", m.outcome.Reason).with()
	case !m.playing():
		return refuse(CodeAwaitingStarts, "wait until both Captains have chosen their start positions")
	}
	return nil
}

// Courses lists the four headings for crew c's Captain, each with the
// reason it is refused now, if it is.
func (m *Match) Courses(c Crew) []CourseOption {
	k := m.captainChecks(c)
	return m.courses(c, &k, nil)
}

// courses is Courses with the shared checks made: a heading's own refusal
// (courseErr's step) is made only for a heading that is closed.
func (m *Match) courses(c Crew, k *captainChecks, buf []CourseOption) []CourseOption {
	out := into(buf)
	pos := m.crews[c].pos
	for _, d := range chart.Dirs {
		o := CourseOption{Dir: d, Reason: k.move}
		if o.Reason == "" {
			if to, ok := m.canStep(c, pos, d); ok {
				o.Legal, o.To = true, ptr(to)
			} else {
				_, err := m.courseErr(c, d)
				o.Reason = err.Why()
			}
		}
		out = append(out, o)
	}
	return out
}

// SilenceOptions lists, for each heading, how far a silence may take crew
// c's submarine now.
func (m *Match) SilenceOptions(c Crew) []SilenceOption {
	k := m.captainChecks(c)
	return m.silenceOptions(c, &k, nil)
}

// silenceOptions is SilenceOptions with the shared checks made: the
// silence's system checks once, then each heading's open steps counted; a
// heading's refusal (silenceErr's) is made only when it is closed.
func (m *Match) silenceOptions(c Crew, k *captainChecks, buf []SilenceOption) []SilenceOption {
	out := into(buf)
	least := m.opts.SilenceMin
	for _, d := range chart.Dirs {
		o := SilenceOption{Dir: d, Min: least, Reason: k.system[Silence]}
		if o.Reason == "" {
			// silenceErr(n) holds for n in min..4 exactly when the first n
			// steps are open (and a silence of 0 is no way out of a
			// blackout): the longest is Max.
			if n := m.steps(c, d, 4); least <= n && least <= 4 && !(least == 0 && m.blackout(c)) {
				o.Max = n
			} else if _, err := m.silenceErr(c, Captain, d, least); err != nil {
				o.Reason = err.Why()
			}
		}
		out = append(out, o)
	}
	return out
}

// TorpedoTargets lists the cells crew c's torpedo may hit now (none when
// the torpedo is not ready).
func (m *Match) TorpedoTargets(c Crew) []chart.Cell {
	k := m.captainChecks(c)
	return m.torpedoTargets(c, k.ready[Torpedo], nil)
}

// torpedoTargets lists, row by row, the water cells in the torpedo's
// reach (torpedoErr's target checks), the reach walked once.
func (m *Match) torpedoTargets(c Crew, ready bool, buf []chart.Cell) []chart.Cell {
	out := into(buf)
	if !ready {
		return out
	}
	const k = TorpedoRange
	pos := m.crews[c].pos
	orthogonal := m.opts.TorpedoRange == RangeOrthogonal
	var r reach
	if !orthogonal {
		r = m.torpedoReach(pos)
	}
	for row := pos.Row - k; row <= pos.Row+k; row++ {
		for col := pos.Col - k; col <= pos.Col+k; col++ {
			t := chart.Cell{Col: col, Row: row}
			d := chart.Manhattan(pos, t)
			if d > k || !m.chart.Water(t) {
				continue
			}
			if orthogonal && d >= 1 || !orthogonal && r.dist(t) >= 1 {
				out = append(out, t)
			}
		}
	}
	return out
}

// MineCells lists the cells where crew c may drop a mine now.
func (m *Match) MineCells(c Crew) []chart.Cell {
	k := m.captainChecks(c)
	return m.mineCells(c, k.ready[Mine], nil)
}

// mineCells lists the cells around the submarine (as chart.Neighbours
// orders them) that dropMineErr's target checks leave open.
func (m *Match) mineCells(c Crew, ready bool, buf []chart.Cell) []chart.Cell {
	out := into(buf)
	if !ready {
		return out
	}
	pos := m.crews[c].pos
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			t := chart.Cell{Col: pos.Col + dc, Row: pos.Row + dr}
			if t != pos && m.mineRule(c, t) == "" {
				out = append(out, t)
			}
		}
	}
	return out
}

// Triggers lists crew c's mines that its Captain may trigger now.
func (m *Match) Triggers(c Crew) []chart.Cell {
	return m.triggers(c, m.actErr(c), nil)
}

// triggers: triggerErr's checks are the same for each of the crew's own
// mines (its last check, that the crew has a mine there, holds), so they
// are made once.
func (m *Match) triggers(c Crew, act *RuleError, buf []chart.Cell) []chart.Cell {
	out := into(buf)
	mines := m.crews[c].mines
	if act != nil || len(mines) == 0 || m.triggerErr(c, Captain, mines[0]) != nil {
		return out
	}
	return append(out, mines...)
}

// ArcherTargets lists the Archer mines crew c may trigger now (Echo).
func (m *Match) ArcherTargets(c Crew) []chart.Cell {
	k := m.captainChecks(c)
	return m.archerTargets(c, k.act, k.ready[Scenario], nil)
}

// archerTargets: archerErr's checks but the spent mine are the scenario
// system's, the same for every printed mine.
func (m *Match) archerTargets(c Crew, act *RuleError, ready bool, buf []chart.Cell) []chart.Cell {
	if act != nil || !ready {
		return nil
	}
	out := buf[:0]
	for _, t := range m.chart.ArcherMines() {
		if m.archerErr(c, Captain, t) == nil {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return nil // none: as it always was, nil (the wire leaves it out)
	}
	return out
}

// SonarAnswers lists every legal answer crew c's Captain may give to the
// waiting sonar question: two facts of different types, exactly one true,
// in the order row, column, sector. It is empty when no question waits.
func (m *Match) SonarAnswers(c Crew) [][2]Fact {
	if !c.valid() || !m.sonarPending || m.sonarBy != c.Other() || m.over {
		return nil
	}
	pos := m.crews[c].pos
	truth := map[FactType]Fact{
		FactRow:    {FactRow, pos.Row},
		FactColumn: {FactColumn, pos.Col},
		FactSector: {FactSector, m.chart.Sector(pos)},
	}
	lies := func(t FactType) []Fact {
		var out []Fact
		n, first := m.chart.Size, 0
		if t == FactSector {
			n, first = m.chart.Sectors()+1, 1
		}
		for v := first; v < n; v++ {
			if f := (Fact{t, v}); v != truth[t].Value {
				out = append(out, f)
			}
		}
		return out
	}
	types := []FactType{FactRow, FactColumn, FactSector}
	var out [][2]Fact
	for i, a := range types {
		for _, b := range types[i+1:] {
			for _, lie := range lies(b) {
				out = append(out, [2]Fact{truth[a], lie})
			}
			for _, lie := range lies(a) {
				out = append(out, [2]Fact{lie, truth[b]})
			}
		}
	}
	return out
}
