package sonar

import (
	"fmt"
	"strings"

	"periscope/sonar/chart"
)

// stepErr checks the geometry of one course step from a cell: the rules a
// Captain checks on his own map.
func (m *Match) stepErr(c Crew, from chart.Cell, d chart.Dir) (chart.Cell, *RuleError) {
	to, ok := m.chart.Step(from, d)
	if !ok {
		return to, refuse(CodeOffMap, "heading %s from %s leaves the map", d, from)
	}
	return to, m.enterErr(c, to)
}

// enterErr checks whether crew c's submarine may enter cell to.
func (m *Match) enterErr(c Crew, to chart.Cell) *RuleError {
	s := &m.crews[c]
	switch {
	case m.chart.Island(to):
		return refuse(CodeIsland, "%s is an island", to)
	case s.onRoute[m.chart.Index(to)]:
		return refuse(CodeRoute, "%s is on your route: a submarine never crosses its own route", to)
	case s.hasMine(to):
		return refuse(CodeOwnMine, "%s holds one of your mines", to)
	}
	return nil
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
		if _, err := m.stepErr(c, s.pos, d); err == nil {
			return false
		}
	}
	return true
}

// frozen refuses orders while a sonar question waits for its answer: in real
// time the table has stopped, in turn-based play the answer comes first.
func (m *Match) frozen() *RuleError {
	if m.sonarPending {
		return refuse(CodeWait, "wait: the %s Captain must answer the sonar first", m.sonarBy.Other().loud())
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
		return refuse(CodeWait, "wait for the OK of the %s", strings.Join(who, " and the "))
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
			return refuse(CodeTurn, "one course a turn: use a system or end the turn")
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
	if m.blackout(c) {
		return chart.Cell{}, refuse(CodeBlackout, "BLACKOUT: no course is open, you must surface")
	}
	return m.stepErr(c, m.crews[c].pos, d)
}

func (m *Match) place(c Crew, r Role, at chart.Cell) *RuleError {
	if err := onlyRole(r, Captain, "choose the start position"); err != nil {
		return err
	}
	s := &m.crews[c]
	if s.placed {
		return refuse(CodeInvalid, "your submarine has already dived")
	}
	if !m.chart.Contains(at) {
		return refuse(CodeOffMap, "%s is off the map", at)
	}
	if m.chart.Island(at) {
		return refuse(CodeIsland, "%s is an island", at)
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
	if m.blackout(c) {
		return nil, refuse(CodeBlackout, "BLACKOUT: no course is open, you must surface")
	}
	if n < m.opts.SilenceMin || n > 4 {
		return nil, refuse(CodeRange, "a silence moves %d to 4 spaces in a straight line", m.opts.SilenceMin)
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
	s.secured, s.securedBy = [4]bool{}, [4]Role{}
	m.emit(Event{Kind: KindDived, Crew: c, Text: c.loud() + ": DIVE"})
}

// SurfaceSections is the number of sections a real-time crew secures.
const SurfaceSections = 4

func (m *Match) secureErr(c Crew, r Role, section int) *RuleError {
	s := &m.crews[c]
	switch {
	case m.opts.Mode != RealTime:
		return refuse(CodeInvalid, "sections are secured only in real time; turn-based crews dive on their turn")
	case !s.surfaced:
		return refuse(CodeSurfaced, "your submarine is not surfaced")
	case s.inspected:
		return refuse(CodeInvalid, "the inspection passed: the Captain may dive")
	case section < 1 || section > SurfaceSections:
		return refuse(CodeRange, "the submarine has sections 1 to 4")
	case s.secured[section-1]:
		return refuse(CodeInvalid, "section %d is already secured by the %s", section, s.securedBy[section-1].Title())
	}
	for i, done := range s.secured {
		if done && s.securedBy[i] == r {
			return refuse(CodeRole, "the %s has already secured section %d: each section needs a different role", r.Title(), i+1)
		}
	}
	return nil
}

func (m *Match) secure(c Crew, r Role, section int) *RuleError {
	if err := m.secureErr(c, r, section); err != nil {
		return err
	}
	s := &m.crews[c]
	s.secured[section-1], s.securedBy[section-1] = true, r
	text := fmt.Sprintf("%s %s SECURED SECTION %d", c.loud(), strings.ToUpper(r.Title()), section)
	if s.allSecured() {
		text += ": " + c.Other().loud() + " ENGINEER, INSPECT THE SHEET"
	}
	m.emit(Event{Kind: KindSecured, Crew: c, Section: section, Role: ptr(r), Text: text})
	return nil
}

func (s *sub) allSecured() bool { return s.secured == [4]bool{true, true, true, true} }

func (m *Match) inspectErr(c Crew, r Role) *RuleError {
	if err := onlyRole(r, Engineer, "inspect the enemy's sheet"); err != nil {
		return err
	}
	e := &m.crews[c.Other()]
	if m.opts.Mode != RealTime || !e.surfaced || e.inspected || !e.allSecured() {
		return refuse(CodeInvalid, "there is no enemy sheet to inspect")
	}
	return nil
}

func (m *Match) inspect(c Crew, r Role, ok bool) *RuleError {
	if err := m.inspectErr(c, r); err != nil {
		return err
	}
	e := c.Other()
	s := &m.crews[e]
	if ok {
		s.inspected = true
		s.sheet = sheet{}
		m.emit(Event{Kind: KindInspected, Crew: e, Yes: ptr(true),
			Text: c.loud() + " ENGINEER: NO STRAY LINES. " + e.loud() + ": READY TO DIVE"})
		return nil
	}
	s.secured, s.securedBy = [4]bool{}, [4]Role{}
	m.emit(Event{Kind: KindInspected, Crew: e, Yes: ptr(false),
		Text: c.loud() + " ENGINEER: STRAY LINES. " + e.loud() + " STARTS OVER"})
	return nil
}

func (m *Match) diveErr(c Crew, r Role) *RuleError {
	if err := onlyRole(r, Captain, "order the dive"); err != nil {
		return err
	}
	s := &m.crews[c]
	switch {
	case m.opts.Mode != RealTime:
		return refuse(CodeInvalid, "in turn-based play the submarine dives by itself after the enemy's three turns")
	case !s.surfaced:
		return refuse(CodeSurfaced, "your submarine is not surfaced")
	case !s.inspected:
		return refuse(CodeWait, "secure all four sections and pass the enemy Engineer's inspection first")
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
		return refuse(CodeInvalid, "there are no turns in real time")
	case m.turn != c:
		return refuse(CodeTurn, "it is %s's turn", m.turn.loud())
	case !m.turnMoved:
		return refuse(CodeTurn, "announce a course (or surface) before ending the turn")
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
