package sonar

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"periscope/sonar/chart"
)

// stepErr checks the geometry of one course step from a cell: the rules a
// Captain checks on his own map.
func (m *Match) stepErr(c Crew, from chart.Cell, d chart.Dir) (chart.Cell, *RuleError) {
	to, ok := m.chart.Step(from, d)
	if !ok {
		return to, refuse(CodeOffMap, "heading %s from %s leaves the map: a submarine stays on the map", d, from)
	}
	return to, m.enterErr(c, to)
}

// enterErr checks whether crew c's submarine may enter cell to.
func (m *Match) enterErr(c Crew, to chart.Cell) *RuleError {
	switch m.enterRule(c, to) {
	case CodeIsland:
		return refuse(CodeIsland, "%s is an island: a submarine sails on water only", to)
	case CodeRoute:
		return refuse(CodeRoute, "%s is on your route: a submarine never crosses its own route", to)
	case CodeOwnMine:
		return refuse(CodeOwnMine, "%s holds one of your mines: a submarine never enters its own mine", to)
	}
	return nil
}

// enterRule is the rule that keeps crew c's submarine out of cell to (on
// the map), "" if none: enterErr's checks without a refusal made, for the
// views and the blackout, which ask about every heading after every
// command.
func (m *Match) enterRule(c Crew, to chart.Cell) Code {
	s := &m.crews[c]
	switch {
	case m.chart.Island(to):
		return CodeIsland
	case s.onRoute[m.chart.Index(to)]:
		return CodeRoute
	case s.hasMine(to):
		return CodeOwnMine
	}
	return ""
}

// canStep is stepErr's answer without its refusal: whether one course
// step from a cell heading d is open, and to which cell.
func (m *Match) canStep(c Crew, from chart.Cell, d chart.Dir) (chart.Cell, bool) {
	to, ok := m.chart.Step(from, d)
	return to, ok && m.enterRule(c, to) == ""
}

// steps counts the open course steps from the crew's position heading d,
// up to max: how far a silence may go that way.
func (m *Match) steps(c Crew, d chart.Dir, max int) int {
	at := m.crews[c].pos
	for n := range max {
		next, ok := m.canStep(c, at, d)
		if !ok {
			return n
		}
		at = next
	}
	return max
}

func (s *sub) hasMine(c chart.Cell) bool {
	for _, x := range s.mines {
		if x == c {
			return true
		}
	}
	return false
}

// blackout reports whether crew c's submarine, under way, has no legal course.
func (m *Match) blackout(c Crew) bool {
	s := &m.crews[c]
	if !s.placed || s.surfaced {
		return false
	}
	for _, d := range chart.Dirs {
		if _, ok := m.canStep(c, s.pos, d); ok {
			return false
		}
	}
	return true
}

// frozen refuses orders while a sonar question waits for its answer: in real
// time the table has stopped, in turn-based play the answer comes first.
func (m *Match) frozen() *RuleError {
	if m.sonarPending {
		return refuse(CodeSonarPending, "wait: the %s Captain must answer the sonar first", m.sonarBy.Other().loud())
	}
	return nil
}

// dutiesErr refuses a Captain's order until the First Mate and the Engineer
// have said OK to the last course.
func (m *Match) dutiesErr(c Crew) *RuleError {
	s := &m.crews[c]
	var who []string
	if s.fmDue {
		who = append(who, "First Mate")
	}
	if s.engDue {
		who = append(who, fmt.Sprintf("Engineer (mark a symbol in the %s panel)", s.engPanel))
	}
	if len(who) > 0 {
		// Why: "fm" for the First Mate, the panel for the Engineer.
		var params []any
		if s.fmDue {
			params = append(params, "fm")
		}
		if s.engDue {
			params = append(params, s.engPanel)
		}
		return refuse(CodeAwaitingOK, "wait for the OK of the %s", strings.Join(who, " and the ")).with(params...)
	}
	return nil
}

// underWayErr refuses orders a surfaced submarine cannot give.
func (m *Match) underWayErr(c Crew) *RuleError {
	if m.crews[c].surfaced {
		return refuse(CodeSurfaced, "your submarine is surfaced: nothing else until it dives")
	}
	return nil
}

// movementErr holds the checks common to a course, a silence and surfacing:
// the slot in which a Captain moves the submarine.
func (m *Match) movementErr(c Crew) *RuleError {
	if err := m.underWayErr(c); err != nil {
		return err
	}
	if err := m.frozen(); err != nil {
		return err
	}
	if m.opts.Mode == TurnBased {
		if m.turn != c {
			return refuse(CodeTurn, "it is %s's turn", m.turn.loud())
		}
		if m.turnMoved {
			return refuse(CodeOneCourse, "one course a turn: use a system or end the turn")
		}
	}
	return m.dutiesErr(c)
}

// courseErr is every check on a course, in the order a player needs them.
func (m *Match) courseErr(c Crew, d chart.Dir) (chart.Cell, *RuleError) {
	if err := m.movementErr(c); err != nil {
		return chart.Cell{}, err
	}
	if d > chart.West {
		return chart.Cell{}, refuse(CodeMalformed, "unknown heading")
	}
	to, err := m.stepErr(c, m.crews[c].pos, d)
	if err != nil && m.blackout(c) {
		// The heading's own rule, and what it means now.
		// (The view's Why leaves it out: the view says blackout itself.)
		err.addSentence(". BLACKOUT: no heading is open, you must surface")
	}
	return to, err
}

func (m *Match) place(c Crew, r Role, at chart.Cell) *RuleError {
	if err := onlyRole(r, Captain, "choose the start position"); err != nil {
		return err
	}
	s := &m.crews[c]
	if s.placed {
		return refuse(CodeAlreadyPlaced, "your submarine has already dived: the start is chosen once")
	}
	if !m.chart.Contains(at) {
		return refuse(CodeOffMap, "%s is off the map: the start is a cell of the map", at)
	}
	if m.chart.Island(at) {
		return refuse(CodeIsland, "%s is an island: a submarine starts on water", at)
	}
	s.placed = true
	s.onRoute = make([]bool, m.chart.Cells())
	s.pos = at
	s.route = []chart.Cell{at}
	s.onRoute[m.chart.Index(at)] = true
	m.emit(private(Event{Kind: KindStartCell, Crew: c, Cell: ptr(at), Text: "START AT " + at.String()}))
	m.emit(Event{Kind: KindDived, Crew: c, Text: c.loud() + ": DIVE"})
	if m.playing() && m.opts.Mode == TurnBased {
		m.turn = m.first
		m.emit(Event{Kind: KindTurn, Crew: m.turn, Text: m.turn.loud() + " MOVES FIRST"})
	}
	return nil
}

// advance moves the submarine along cells and sets the crew's duties for a
// course heading d.
func (m *Match) advance(c Crew, d chart.Dir, cells []chart.Cell) {
	s := &m.crews[c]
	for _, x := range cells {
		s.pos = x
		s.route = append(s.route, x)
		s.onRoute[m.chart.Index(x)] = true
	}
	s.usedSystem = false
	s.engDue, s.engPanel = true, d
	s.fmDue = false
	for _, sys := range Systems {
		if size := m.gaugeSize(sys); size > 0 && s.gauges[sys] < size {
			s.fmDue = true
		}
	}
	if !s.fmDue {
		m.emit(private(Event{Kind: KindCharge, Crew: c, Text: "FIRST MATE: EVERY GAUGE IS FULL, OK"}))
	}
	if m.opts.Mode == TurnBased {
		m.turnMoved = true
	}
}

func (m *Match) course(c Crew, r Role, d chart.Dir) *RuleError {
	if err := onlyRole(r, Captain, "announce a course"); err != nil {
		return err
	}
	to, err := m.courseErr(c, d)
	if err != nil {
		return err
	}
	m.advance(c, d, []chart.Cell{to})
	m.emit(Event{Kind: KindCourse, Crew: c, Dir: ptr(d), Text: "HEAD " + d.String()})
	return nil
}

// silenceErr checks a silence and returns the cells it passes through.
func (m *Match) silenceErr(c Crew, r Role, d chart.Dir, n int) ([]chart.Cell, *RuleError) {
	if err := m.systemErr(c, r, Silence); err != nil {
		return nil, err
	}
	if d > chart.West {
		return nil, refuse(CodeMalformed, "unknown heading")
	}
	if n < m.opts.SilenceMin || n > 4 {
		return nil, refuse(CodeSilenceDistance, "a silence moves %d to 4 spaces in a straight line, not %d", m.opts.SilenceMin, n)
	}
	if n == 0 && m.blackout(c) {
		return nil, refuse(CodeBlackout, "BLACKOUT: no heading is open, so not even a silence of 0 spaces: you must surface")
	}
	cells := make([]chart.Cell, 0, n)
	at := m.crews[c].pos
	for range n {
		next, err := m.stepErr(c, at, d)
		if err != nil {
			return nil, err
		}
		cells = append(cells, next)
		at = next
	}
	return cells, nil
}

func (m *Match) silence(c Crew, r Role, d chart.Dir, n int) *RuleError {
	cells, err := m.silenceErr(c, r, d, n)
	if err != nil {
		return err
	}
	// Empty the gauge first: the First Mate may charge it again at once.
	m.crews[c].gauges[Silence] = 0
	m.advance(c, d, cells)
	m.useSystem(c, Silence)
	m.emit(Event{Kind: KindSilence, Crew: c, Text: "ACTIVATING SILENCE"})
	m.emit(private(Event{Kind: KindSilentRun, Crew: c, Dir: ptr(d), Distance: ptr(n),
		Text: fmt.Sprintf("SILENCE %d %s", n, d)}))
	return nil
}

// surfaceErr checks whether crew c may surface now.
func (m *Match) surfaceErr(c Crew, r Role) *RuleError {
	if err := onlyRole(r, Captain, "surface"); err != nil {
		return err
	}
	return m.movementErr(c)
}

func (m *Match) surface(c Crew, r Role) *RuleError {
	if err := m.surfaceErr(c, r); err != nil {
		return err
	}
	s := &m.crews[c]
	if len(m.opts.IceHoles) > 0 && !m.iceHole(s.pos) {
		m.damage(c, 1)
		m.emit(Event{Kind: KindDamage, Crew: c, Damage: 1,
			Text: c.loud() + " BREAKS THROUGH THE ICE: 1 DAMAGE"})
		m.settle()
		if m.over {
			return nil
		}
	}
	s.surfaced = true
	s.surfaceSector = m.chart.Sector(s.pos)
	s.route = []chart.Cell{s.pos}
	clear(s.onRoute)
	s.onRoute[m.chart.Index(s.pos)] = true
	m.emit(Event{Kind: KindSurface, Crew: c, Sector: s.surfaceSector,
		Text: fmt.Sprintf("%s SURFACING IN SECTOR %d", c.loud(), s.surfaceSector)})
	if m.opts.Mode == RealTime {
		return nil
	}
	// Turn-based: the Engineer erases the sheet at once and the enemy takes
	// three turns. An enemy that was itself surfaced loses the rest of its
	// bonus turns and dives now.
	s.sheet = sheet{}
	e := c.Other()
	if m.crews[e].surfaced {
		m.submerge(e)
	}
	m.turn, m.turnMoved, m.turnSystem, m.bonus = e, false, false, 3
	m.emit(Event{Kind: KindTurn, Crew: e, Text: e.loud() + " TAKES 3 TURNS"})
	return nil
}

func (m *Match) iceHole(c chart.Cell) bool {
	for _, h := range m.opts.IceHoles {
		if h == c {
			return true
		}
	}
	return false
}

// submerge puts a surfaced submarine back under way.
func (m *Match) submerge(c Crew) {
	s := &m.crews[c]
	s.surfaced, s.surfaceSector, s.inspected = false, 0, false
	s.secured, s.securedBy, s.traces, s.redo = [4]bool{}, [4]Role{}, [4]Trace{}, [4]bool{}
	s.rejections, s.inspectBy = 0, time.Time{}
	m.emit(Event{Kind: KindDived, Crew: c, Text: c.loud() + ": DIVE"})
}

// SurfaceSections is the number of sections a real-time crew secures.
const SurfaceSections = 4

func (m *Match) secureErr(c Crew, r Role, section int) *RuleError {
	s := &m.crews[c]
	switch {
	case m.opts.Mode != RealTime:
		return refuse(CodeRealTimeOnly, "sections are secured only in real time; turn-based crews dive on their turn")
	case !s.surfaced:
		return refuse(CodeNotSurfaced, "your submarine is not surfaced")
	case s.inspected:
		return refuse(CodeInspectionPassed, "the inspection passed: the Captain may dive")
	case section < 1 || section > SurfaceSections:
		return refuse(CodeNoSection, "the submarine has sections 1 to 4, not %d", section)
	case s.secured[section-1]:
		return refuse(CodeSectionSecured, "section %d is already secured by the %s", section, s.securedBy[section-1].Title())
	}
	if s.redo[section-1] {
		if by := s.securedBy[section-1]; by != r {
			return refuse(CodeRedoByTracer, "section %d was rejected: the %s who traced it traces it again", section, by.Title())
		}
		return nil
	}
	for i := range s.secured {
		if (s.secured[i] || s.redo[i]) && s.securedBy[i] == r {
			if s.redo[i] {
				return refuse(CodeOneSectionEach, "the %s retraces section %d, which was rejected: each section needs a different role", r.Title(), i+1)
			}
			return refuse(CodeOneSectionEach, "the %s has already secured section %d: each section needs a different role", r.Title(), i+1)
		}
	}
	if m.opts.SurfaceOrder != SurfaceAny && r != Engineer && !s.started() {
		return refuse(CodeEngineerStarts, "the Engineer traces the first section, then passes the sheet on")
	}
	if h, ok := m.SheetHolder(c); ok && h != r {
		return refuse(CodeSheetElsewhere, "the sheet is with the %s: one role traces at a time, passing it from the Engineer to the First Mate, the Captain and the Radio Operator", h.Title())
	}
	return nil
}

// SheetHolder is the role of crew c that holds the surfacing sheet when
// the table passes it one holder at a time: the tracer of a rejected
// section, or else the first role in SheetOrder without a section. None
// holds it in other orders, or while the enemy Engineer has it.
func (m *Match) SheetHolder(c Crew) (Role, bool) {
	s := &m.crews[c]
	if m.opts.Mode != RealTime || m.opts.SurfaceOrder != SurfaceSheet || !s.surfaced || s.inspected {
		return 0, false
	}
	for i, again := range s.redo {
		if again {
			return s.securedBy[i], true
		}
	}
	for _, r := range SheetOrder {
		if !s.traced(r) {
			return r, true
		}
	}
	return 0, false
}

// traced reports whether role r has secured a section (securedBy alone
// cannot say: its zero value is the Captain).
func (s *sub) traced(r Role) bool {
	for i := range s.secured {
		if s.secured[i] && s.securedBy[i] == r {
			return true
		}
	}
	return false
}

// started reports whether the Engineer has begun the surfacing task: some
// section is secured, or owed again after a rejection.
func (s *sub) started() bool {
	for i := range s.secured {
		if s.secured[i] || s.redo[i] {
			return true
		}
	}
	return false
}

func (m *Match) secure(c Crew, r Role, section int, trace Trace, at time.Time) *RuleError {
	if err := m.secureErr(c, r, section); err != nil {
		return err
	}
	s := &m.crews[c]
	i := section - 1
	s.secured[i], s.securedBy[i], s.redo[i], s.traces[i] = true, r, false, slices.Clone(trace)
	text := fmt.Sprintf("%s %s SECURED SECTION %d", c.loud(), strings.ToUpper(r.Title()), section)
	if s.allSecured() {
		s.inspectBy = at.Add(time.Duration(m.opts.InspectionSeconds) * time.Second)
		text += fmt.Sprintf(": %s ENGINEER, INSPECT THE SHEET (%d SECONDS)", c.Other().loud(), m.opts.InspectionSeconds)
	}
	m.emit(Event{Kind: KindSecured, Crew: c, Section: section, Role: ptr(r), Text: text})
	return nil
}

func (s *sub) allSecured() bool { return s.secured == [4]bool{true, true, true, true} }

// awaitsInspection reports whether crew c's sheet waits for the enemy
// Engineer.
func (m *Match) awaitsInspection(c Crew) bool {
	s := &m.crews[c]
	return m.opts.Mode == RealTime && s.surfaced && !s.inspected && s.allSecured()
}

func (m *Match) inspectErr(c Crew, r Role) *RuleError {
	if err := onlyRole(r, Engineer, "inspect the enemy's sheet"); err != nil {
		return err
	}
	if m.opts.Mode != RealTime {
		return refuse(CodeRealTimeOnly, "sheets are inspected only in real time")
	}
	if !m.awaitsInspection(c.Other()) {
		return refuse(CodeNoInspection, "there is no enemy sheet to inspect: all four sections must be secured first")
	}
	return nil
}

// rejectErr checks a rejection of section of the enemy's sheet.
func (m *Match) rejectErr(c Crew, section int) *RuleError {
	s := &m.crews[c.Other()]
	switch {
	case section < 1 || section > SurfaceSections:
		return refuse(CodeRejectSection, "name the section whose line strayed outside the white outline (1 to 4)")
	case s.rejections >= m.opts.InspectionRejections:
		return refuse(CodeRejectionLimit, "the table allows %d rejected section%s a surfacing: this sheet passes", m.opts.InspectionRejections, plural(m.opts.InspectionRejections))
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (m *Match) inspect(c Crew, r Role, ok bool, section int) *RuleError {
	if err := m.inspectErr(c, r); err != nil {
		return err
	}
	e := c.Other()
	s := &m.crews[e]
	if ok {
		if section != 0 {
			return refuse(CodePassWhole, "a pass covers the whole sheet: name a section only to reject it")
		}
		m.pass(e, c.loud()+" ENGINEER: NO STRAY LINES.")
		return nil
	}
	if err := m.rejectErr(c, section); err != nil {
		return err
	}
	i := section - 1
	by := s.securedBy[i]
	s.secured[i], s.redo[i], s.traces[i] = false, true, nil
	s.rejections++
	s.inspectBy = time.Time{}
	m.emit(Event{Kind: KindInspected, Crew: e, Yes: ptr(false), Section: section, Role: ptr(by),
		Text: fmt.Sprintf("%s ENGINEER: STRAY LINE IN SECTION %d. %s %s TRACES IT AGAIN", c.loud(), section, e.loud(), strings.ToUpper(by.Title()))})
	return nil
}

// pass ends crew c's inspection: the Engineer erases the sheet and the
// crew is ready to dive.
func (m *Match) pass(c Crew, why string) {
	s := &m.crews[c]
	s.inspected = true
	s.inspectBy = time.Time{}
	s.sheet = sheet{}
	m.emit(Event{Kind: KindInspected, Crew: c, Yes: ptr(true), Text: why + " " + c.loud() + ": READY TO DIVE"})
}

// Deadline is when the room must send a tick: the earliest end of an
// inspection that waits for the enemy Engineer.
func (m *Match) Deadline() (time.Time, bool) {
	var at time.Time
	for _, c := range Crews {
		if by := m.crews[c].inspectBy; !m.over && m.awaitsInspection(c) && (at.IsZero() || by.Before(at)) {
			at = by
		}
	}
	return at, !at.IsZero()
}

// tick passes every inspection whose time is up at now.
func (m *Match) tick(now time.Time) *RuleError {
	due := false
	for _, c := range Crews {
		if m.awaitsInspection(c) && !now.Before(m.crews[c].inspectBy) {
			m.pass(c, "TIME IS UP FOR THE "+c.Other().loud()+" ENGINEER: THE SHEET PASSES.")
			due = true
		}
	}
	if !due {
		return refuse(CodeNotDue, "no inspection's time is up yet")
	}
	return nil
}

func (m *Match) diveErr(c Crew, r Role) *RuleError {
	if err := onlyRole(r, Captain, "order the dive"); err != nil {
		return err
	}
	s := &m.crews[c]
	switch {
	case m.opts.Mode != RealTime:
		return refuse(CodeRealTimeOnly, "in turn-based play the submarine dives by itself after the enemy's three turns")
	case !s.surfaced:
		return refuse(CodeNotSurfaced, "your submarine is not surfaced")
	case !s.inspected:
		return refuse(CodeNotInspected, "secure all four sections and pass the enemy Engineer's inspection first")
	}
	return nil
}

func (m *Match) dive(c Crew, r Role) *RuleError {
	if err := m.diveErr(c, r); err != nil {
		return err
	}
	m.submerge(c)
	return nil
}

func (m *Match) endTurnErr(c Crew, r Role) *RuleError {
	if err := onlyRole(r, Captain, "end the turn"); err != nil {
		return err
	}
	switch {
	case m.opts.Mode != TurnBased:
		return refuse(CodeTurnBasedOnly, "there are no turns in real time")
	case m.turn != c:
		return refuse(CodeTurn, "it is %s's turn", m.turn.loud())
	case !m.turnMoved:
		return refuse(CodeEndTurnEarly, "announce a course (or surface) before ending the turn")
	}
	if err := m.frozen(); err != nil {
		return err
	}
	return m.dutiesErr(c)
}

func (m *Match) endTurn(c Crew, r Role) *RuleError {
	if err := m.endTurnErr(c, r); err != nil {
		return err
	}
	m.passTurn()
	return nil
}

// passTurn ends the turn of the crew in turn. While the enemy is surfaced it
// plays its bonus turns; after the last one the enemy dives and plays.
func (m *Match) passTurn() {
	c, e := m.turn, m.turn.Other()
	m.turnMoved, m.turnSystem = false, false
	if m.crews[e].surfaced {
		m.bonus--
		if m.bonus > 0 {
			m.emit(Event{Kind: KindTurn, Crew: c, Text: fmt.Sprintf("%s: TURN %d OF 3", c.loud(), 4-m.bonus)})
			return
		}
		m.submerge(e)
	}
	m.bonus = 0
	m.turn = e
	m.emit(Event{Kind: KindTurn, Crew: e, Text: e.loud() + "'S TURN"})
}

// maybePass ends a turn-based turn once the crew in turn has used its
// system and its First Mate and Engineer are done (a silence leaves them
// work to do).
func (m *Match) maybePass(c Crew) {
	s := &m.crews[c]
	if !m.over && m.opts.Mode == TurnBased && m.turn == c && m.turnSystem && !s.fmDue && !s.engDue {
		m.passTurn()
	}
}
