package sonar

import (
	"fmt"
	"strings"

	"periscope/sonar/chart"
)

// TorpedoRange is how many water spaces a torpedo flies at most.
const TorpedoRange = 4

// gaugeSize is the number of spaces of a system's gauge; 0 when the map has
// no such system.
func (m *Match) gaugeSize(s System) int {
	switch s {
	case Mine, Torpedo, Sonar:
		return 3
	case Drone:
		return 4
	case Silence:
		return 6
	case Scenario:
		return m.opts.ScenarioGauge
	}
	return 0
}

// mayActivate lists who may activate a system.
func mayActivate(s System, r Role) bool {
	if s == Drone || s == Sonar {
		return r == Captain || r == FirstMate
	}
	return r == Captain
}

var activation = [numSystems]string{
	Mine: "drop a mine", Torpedo: "launch a torpedo", Drone: "launch a drone",
	Sonar: "activate the sonar", Silence: "activate silence", Scenario: "trigger an Archer mine",
}

// systemErr is every check on activating a system except its target.
func (m *Match) systemErr(c Crew, r Role, sys System) *RuleError {
	if err := m.systemRoleErr(r, sys); err != nil {
		return err
	}
	if err := m.systemNowErr(c, sys == Silence); err != nil {
		return err
	}
	return m.gaugeErr(c, sys)
}

// systemRoleErr: the system exists and role r may activate it.
func (m *Match) systemRoleErr(r Role, sys System) *RuleError {
	if sys >= numSystems {
		return refuse(CodeMalformed, "unknown system")
	}
	if !mayActivate(sys, r) {
		if sys == Drone || sys == Sonar {
			return refuse(CodeRole, "only the Captain or the First Mate may %s", activation[sys])
		}
		return refuse(CodeRole, "only the Captain may %s", activation[sys])
	}
	if m.gaugeSize(sys) == 0 {
		return refuse(CodeNoScenario, "this map has no scenario system")
	}
	return nil
}

// systemNowErr: crew c may use a system now (a silence, isCourse, is the
// turn's course too); the same for every system, so the crew view asks
// once.
func (m *Match) systemNowErr(c Crew, isCourse bool) *RuleError {
	if err := m.underWayErr(c); err != nil {
		return err
	}
	return m.timingErr(c, isCourse)
}

// gaugeErr: the system's gauge is full and its colour works.
func (m *Match) gaugeErr(c Crew, sys System) *RuleError {
	s := &m.crews[c]
	if size := m.gaugeSize(sys); s.gauges[sys] < size {
		return refuse(CodeNotReady, "%s is not ready: its gauge is %d/%d", sys.loud(), s.gauges[sys], size)
	}
	if col := sys.Colour(); s.sheet.broken(col) {
		return refuse(CodeBreakdown, "%s is broken down: a %s symbol is crossed out on the Engineer's sheet", sys.loud(), col)
	}
	return nil
}

// turnSystemErr holds the turn-based timing of a system: after the turn's
// course, once a turn. A silence is the turn's course and its system.
func (m *Match) turnSystemErr(c Crew, isCourse bool) *RuleError {
	if m.opts.Mode != TurnBased {
		return nil
	}
	switch {
	case m.turn != c:
		return refuse(CodeTurn, "it is %s's turn", m.turn.loud())
	case isCourse && m.turnMoved:
		return refuse(CodeOneCourse, "one course a turn: silence replaces the course").with("silence")
	case !isCourse && !m.turnMoved:
		return refuse(CodeCourseFirst, "announce the turn's course first: systems come after it")
	case m.turnSystem:
		return refuse(CodeOneSystemTurn, "one system a turn: end the turn")
	}
	return nil
}

// useSystem empties the gauge (sys may be numSystems for a trigger counted as
// a system) and records the activation. The caller passes the turn with
// maybePass once the system's events are out.
func (m *Match) useSystem(c Crew, sys System) {
	s := &m.crews[c]
	if sys < numSystems {
		s.gauges[sys] = 0
	}
	s.usedSystem = true
	if m.opts.Mode == TurnBased {
		m.turnSystem = true
	}
}

func (m *Match) chargeErr(c Crew, r Role, sys System) *RuleError {
	if err := onlyRole(r, FirstMate, "charge a system"); err != nil {
		return err
	}
	s := &m.crews[c]
	switch {
	case !s.fmDue:
		return refuse(CodeNoChargeDue, "First Mate: mark one gauge after each course; wait for the next course")
	case sys >= numSystems:
		return refuse(CodeMalformed, "unknown system")
	case m.gaugeSize(sys) == 0:
		return refuse(CodeNoScenario, "this map has no scenario system")
	case s.gauges[sys] >= m.gaugeSize(sys):
		return refuse(CodeGaugeFull, "the %s gauge is full: charge another system", sys.loud())
	}
	return nil
}

func (m *Match) charge(c Crew, r Role, sys System) *RuleError {
	if err := m.chargeErr(c, r, sys); err != nil {
		return err
	}
	s := &m.crews[c]
	s.gauges[sys]++
	s.fmDue = false
	size := m.gaugeSize(sys)
	m.emit(private(Event{Kind: KindCharge, Crew: c, System: ptr(sys),
		Text: fmt.Sprintf("FIRST MATE: %s %d/%d, OK", sys.loud(), s.gauges[sys], size)}))
	if s.gauges[sys] == size {
		text := sys.loud() + " READY"
		if s.sheet.broken(sys.Colour()) {
			text = fmt.Sprintf("%s CHARGED, BUT BROKEN DOWN (%s)", sys.loud(), strings.ToUpper(sys.Colour().String()))
		}
		m.emit(private(Event{Kind: KindReady, Crew: c, System: ptr(sys), Text: text}))
	}
	m.maybePass(c)
	return nil
}

func (m *Match) markErr(c Crew, r Role, panel chart.Dir, i int) *RuleError {
	if err := onlyRole(r, Engineer, "cross out a symbol"); err != nil {
		return err
	}
	s := &m.crews[c]
	switch {
	case !s.engDue:
		return refuse(CodeNoMarkDue, "Engineer: cross out one symbol after each course; wait for the next course")
	case panel != s.engPanel:
		return refuse(CodeWrongPanel, "Engineer: the course was %s, so mark a symbol in the %s panel", s.engPanel, s.engPanel)
	case i < 0 || i >= SymbolsPerPanel:
		return refuse(CodeMalformed, "a panel has symbols 0 to 5, not %d", i)
	case s.sheet[panelIndex(panel)*SymbolsPerPanel+i]:
		return refuse(CodeMarked, "that %s symbol is already crossed out: pick one that is not", Layout(panel, i).Colour)
	}
	return nil
}

func (m *Match) mark(c Crew, r Role, panel chart.Dir, i int) *RuleError {
	if err := m.markErr(c, r, panel, i); err != nil {
		return err
	}
	s := &m.crews[c]
	s.engDue = false
	sym := Layout(panel, i)
	out := s.sheet.mark(panelIndex(panel), i, m.opts.DamageBeforeRepair)
	m.emit(private(Event{Kind: KindMark, Crew: c, Dir: ptr(panel), Symbol: ptr(i),
		Text: fmt.Sprintf("ENGINEER: %s %s SYMBOL CROSSED OUT, OK", panel, strings.ToUpper(sym.Colour.String()))}))
	if out.repaired != NoCircuit {
		m.emit(private(Event{Kind: KindRepair, Crew: c, Circuit: out.repaired,
			Text: strings.ToUpper(out.repaired.String()) + " CIRCUIT REPAIRED"}))
	}
	if out.damage != "" {
		m.emit(private(Event{Kind: KindOverload, Crew: c,
			Text: "ENGINEER: DAMAGE! " + strings.ToUpper(out.damage) + " OVERLOAD, ALL BREAKDOWNS ERASED"}))
		m.damage(c, 1)
		m.emit(Event{Kind: KindDamage, Crew: c, Damage: 1, Text: c.loud() + " TAKES 1 DAMAGE"})
		m.settle()
		if m.over {
			return nil
		}
	}
	m.maybePass(c)
	return nil
}

// mineAdjacent reports whether a mine may be dropped at cell t from pos.
func (m *Match) mineAdjacent(pos, t chart.Cell) bool {
	if m.opts.MineAdjacency == 4 {
		return chart.Manhattan(pos, t) == 1
	}
	return chart.Chebyshev(pos, t) == 1
}

func (m *Match) dropMineErr(c Crew, r Role, at chart.Cell) *RuleError {
	if err := m.systemErr(c, r, Mine); err != nil {
		return err
	}
	switch m.mineRule(c, at) {
	case CodeOffMap:
		return refuse(CodeOffMap, "%s is off the map: a mine goes on a cell of the map", at)
	case CodeMineAdjacent:
		if m.opts.MineAdjacency == 4 {
			return refuse(CodeMineAdjacent, "a mine goes on a space next to your submarine (not diagonally): %s is not", at)
		}
		return refuse(CodeMineAdjacent, "a mine goes on a space next to your submarine: %s is not", at)
	case CodeIsland:
		return refuse(CodeIsland, "%s is an island: a mine goes on water only", at)
	case CodeMineOnRoute:
		return refuse(CodeMineOnRoute, "%s is on your route: mines go off your route", at)
	case CodeMineTaken:
		return refuse(CodeMineTaken, "%s already holds one of your mines: one mine a cell", at)
	}
	return nil
}

// mineRule is the rule that keeps crew c's mine off cell at, "" if none:
// dropMineErr's checks on the target without a refusal made, for the
// crew view's list of mine cells.
func (m *Match) mineRule(c Crew, at chart.Cell) Code {
	s := &m.crews[c]
	switch {
	case !m.chart.Contains(at):
		return CodeOffMap
	case !m.mineAdjacent(s.pos, at):
		return CodeMineAdjacent
	case m.chart.Island(at):
		return CodeIsland
	case s.onRoute[m.chart.Index(at)]:
		return CodeMineOnRoute
	case s.hasMine(at):
		return CodeMineTaken
	}
	return ""
}

func (m *Match) dropMine(c Crew, r Role, at chart.Cell) *RuleError {
	if err := m.dropMineErr(c, r, at); err != nil {
		return err
	}
	s := &m.crews[c]
	s.mines = append(s.mines, at)
	m.emit(Event{Kind: KindMineDropped, Crew: c, Text: "MINE DROPPED"})
	m.emit(private(Event{Kind: KindMineLaid, Crew: c, Cell: ptr(at), Text: "MINE AT " + at.String()}))
	m.useSystem(c, Mine)
	m.maybePass(c)
	return nil
}

func (m *Match) triggerErr(c Crew, r Role, at chart.Cell) *RuleError {
	if err := onlyRole(r, Captain, "trigger a mine"); err != nil {
		return err
	}
	if m.crews[c].surfaced {
		return refuse(CodeSurfaced, "a surfaced submarine cannot trigger mines")
	}
	if m.opts.TriggerIsSystem {
		if err := m.systemTimingErr(c, RedSymbol, "trigger a mine"); err != nil {
			return err
		}
	} else {
		if err := m.frozen(); err != nil {
			return err
		}
		if m.opts.Mode == TurnBased && m.opts.TriggerOwnTurn && m.turn != c {
			return refuse(CodeTriggerTurn, "this table triggers mines on your own turn only: it is %s's turn", m.turn.loud())
		}
		if err := m.dutiesErr(c); err != nil {
			return err
		}
	}
	if !m.crews[c].hasMine(at) {
		return refuse(CodeNoMine, "you have no mine at %s: a trigger sets off one of your own mines", at)
	}
	return nil
}

// inReach reports whether a torpedo fired from pos may land at water cell
// at, under the table's count of the range.
func (m *Match) inReach(pos, at chart.Cell) bool {
	if m.opts.TorpedoRange == RangeOrthogonal {
		d := chart.Manhattan(pos, at)
		return d >= 1 && d <= TorpedoRange
	}
	r := m.torpedoReach(pos)
	return r.dist(at) >= 1
}

// reach is how far a torpedo fired from a cell flies to each cell of the
// box of TorpedoRange around it: its water distance, as chart.Map.Reach
// counts it (-1 out of reach), without a map made for each question.
type reach struct {
	from chart.Cell
	d    [2*TorpedoRange + 1][2*TorpedoRange + 1]int8
}

func (r *reach) dist(c chart.Cell) int {
	i, j := c.Row-r.from.Row+TorpedoRange, c.Col-r.from.Col+TorpedoRange
	if i < 0 || j < 0 || i >= len(r.d) || j >= len(r.d) {
		return -1
	}
	return int(r.d[i][j])
}

// torpedoReach is the reach from a cell: a breadth-first walk over water,
// up to TorpedoRange steps.
func (m *Match) torpedoReach(from chart.Cell) reach {
	const k = TorpedoRange
	r := reach{from: from}
	for i := range r.d {
		for j := range r.d[i] {
			r.d[i][j] = -1
		}
	}
	r.d[k][k] = 0
	if !m.chart.Water(from) {
		return r
	}
	var queue [(2*k + 1) * (2*k + 1)]chart.Cell
	queue[0] = from
	for head, tail := 0, 1; head < tail; head++ {
		c := queue[head]
		d := r.dist(c)
		if d == k {
			continue
		}
		for _, dir := range chart.Dirs {
			n := c.Add(dir)
			if r.dist(n) != -1 || !m.chart.Water(n) {
				continue
			}
			r.d[n.Row-from.Row+k][n.Col-from.Col+k] = int8(d + 1)
			queue[tail] = n
			tail++
		}
	}
	return r
}

// timingErr holds the checks on when any system may be used: not while a
// sonar answer is awaited, the turn-based timing, the crew's OKs given, and
// a course since the last system.
func (m *Match) timingErr(c Crew, isCourse bool) *RuleError {
	if err := m.frozen(); err != nil {
		return err
	}
	if err := m.turnSystemErr(c, isCourse); err != nil {
		return err
	}
	if err := m.dutiesErr(c); err != nil {
		return err
	}
	if m.crews[c].usedSystem {
		return refuse(CodeOneSystem, "announce a course before using another system")
	}
	return nil
}

// systemTimingErr holds the checks of a system without a gauge (a trigger
// counted as a system): timing, one system per course, working colour.
func (m *Match) systemTimingErr(c Crew, col Colour, doing string) *RuleError {
	if err := m.timingErr(c, false); err != nil {
		return err
	}
	if m.crews[c].sheet.broken(col) {
		return refuse(CodeBreakdown, "cannot %s: a %s symbol is crossed out on the Engineer's sheet", doing, col)
	}
	return nil
}

func (m *Match) trigger(c Crew, r Role, at chart.Cell) *RuleError {
	if err := m.triggerErr(c, r, at); err != nil {
		return err
	}
	s := &m.crews[c]
	for i, x := range s.mines {
		if x == at {
			s.mines = append(s.mines[:i], s.mines[i+1:]...)
			break
		}
	}
	m.explode(c, KindTrigger, at, "TRIGGERING MINE AT "+at.String())
	if m.opts.TriggerIsSystem {
		m.useSystem(c, numSystems)
		m.maybePass(c)
	}
	return nil
}

func (m *Match) torpedoErr(c Crew, r Role, at chart.Cell) *RuleError {
	if err := m.systemErr(c, r, Torpedo); err != nil {
		return err
	}
	switch {
	case !m.chart.Contains(at):
		return refuse(CodeOffMap, "%s is off the map: a torpedo lands on a cell of the map", at)
	case m.chart.Island(at):
		return refuse(CodeIsland, "%s is an island: a torpedo lands on water only", at)
	}
	pos := m.crews[c].pos
	if at == pos {
		return refuse(CodeTorpedoOwn, "a torpedo flies 1 to %d spaces: it cannot hit your own position", TorpedoRange)
	}
	if !m.inReach(pos, at) {
		if m.opts.TorpedoRange == RangeOrthogonal {
			return refuse(CodeTorpedoRange, "%s is out of range: a torpedo lands up to %d spaces away, counted along rows and columns", at, TorpedoRange)
		}
		return refuse(CodeTorpedoRange, "%s is out of range: a torpedo flies up to %d spaces of water, not diagonally, around islands", at, TorpedoRange)
	}
	return nil
}

func (m *Match) torpedo(c Crew, r Role, at chart.Cell) *RuleError {
	if err := m.torpedoErr(c, r, at); err != nil {
		return err
	}
	m.useSystem(c, Torpedo)
	m.loseMine(c, at)
	m.explode(c, KindTorpedo, at, "TORPEDO AT "+at.String())
	m.maybePass(c)
	return nil
}

// loseMine removes crew c's own mine at an impact cell.
func (m *Match) loseMine(c Crew, at chart.Cell) {
	s := &m.crews[c]
	for i, x := range s.mines {
		if x == at {
			s.mines = append(s.mines[:i], s.mines[i+1:]...)
			m.emit(private(Event{Kind: KindMineLost, Crew: c, Cell: ptr(at),
				Text: "YOUR MINE AT " + at.String() + " IS DESTROYED"}))
			return
		}
	}
}

// explode resolves an impact at a cell, fired by crew c: 2 damage on the
// cell, 1 on the eight around it, for both submarines.
func (m *Match) explode(c Crew, kind Kind, at chart.Cell, what string) {
	hits := []Hit{m.hit(c.Other(), at), m.hit(c, at)}
	text := what + ": " + hits[0].loud()
	if hits[1].Result != Clear {
		text += fmt.Sprintf(" (%s: %s)", c.loud(), hits[1].loud())
	}
	m.emit(Event{Kind: kind, Crew: c, Cell: ptr(at), Hits: hits, Text: text})
	m.settle()
}

func (m *Match) hit(c Crew, at chart.Cell) Hit {
	h := Hit{Crew: c, Result: Clear}
	switch chart.Chebyshev(m.crews[c].pos, at) {
	case 0:
		h.Result, h.Damage = Direct, 2
	case 1:
		h.Result, h.Damage = Indirect, 1
	}
	m.damage(c, h.Damage)
	return h
}

func (h Hit) loud() string {
	switch h.Result {
	case Direct:
		return "DIRECT HIT"
	case Indirect:
		return "INDIRECT HIT"
	}
	return "ALL CLEAR"
}

func (m *Match) droneErr(c Crew, r Role, sector int) *RuleError {
	if err := m.systemErr(c, r, Drone); err != nil {
		return err
	}
	if sector < 1 || sector > m.chart.Sectors() {
		return refuse(CodeNoSector, "there is no sector %d: sectors are 1 to %d", sector, m.chart.Sectors())
	}
	return nil
}

func (m *Match) drone(c Crew, r Role, sector int) *RuleError {
	if err := m.droneErr(c, r, sector); err != nil {
		return err
	}
	m.useSystem(c, Drone)
	yes := m.chart.Sector(m.crews[c.Other()].pos) == sector
	answer := "NO"
	if yes {
		answer = "YES"
	}
	m.emit(Event{Kind: KindDrone, Crew: c, Sector: sector, Yes: ptr(yes),
		Text: fmt.Sprintf("DRONE: %s, ARE YOU IN SECTOR %d? %s", c.Other().loud(), sector, answer)})
	m.maybePass(c)
	return nil
}

func (m *Match) sonar(c Crew, r Role) *RuleError {
	if err := m.systemErr(c, r, Sonar); err != nil {
		return err
	}
	m.useSystem(c, Sonar)
	m.sonarPending, m.sonarBy = true, c
	m.emit(Event{Kind: KindSonar, Crew: c, Text: "ACTIVATING SONAR: " + c.Other().loud() + " CAPTAIN, ANSWER"})
	m.maybePass(c)
	return nil
}

// factErr checks that a fact names a real row, column or sector.
func (m *Match) factErr(f Fact) *RuleError {
	switch f.Type {
	case FactRow:
		if f.Value < 0 || f.Value >= m.chart.Size {
			return refuse(CodeFactOffMap, "there is no row %d: rows are 1 to %d", f.Value+1, m.chart.Size)
		}
	case FactColumn:
		if f.Value < 0 || f.Value >= m.chart.Size {
			return refuse(CodeFactOffMap, "there is no such column: columns are A to %s", chart.ColumnName(m.chart.Size-1))
		}
	case FactSector:
		if f.Value < 1 || f.Value > m.chart.Sectors() {
			return refuse(CodeFactOffMap, "there is no sector %d: sectors are 1 to %d", f.Value, m.chart.Sectors())
		}
	default:
		return refuse(CodeMalformed, "a sonar fact is a row, a column or a sector")
	}
	return nil
}

func (m *Match) sonarAnswerErr(c Crew, r Role, facts []Fact) *RuleError {
	if !m.sonarPending || m.sonarBy != c.Other() {
		return refuse(CodeNoQuestion, "no sonar question is waiting for your answer")
	}
	if err := onlyRole(r, Captain, "answer the sonar"); err != nil {
		return err
	}
	if len(facts) != 2 {
		return refuse(CodeTwoFacts, "a sonar answer gives exactly two facts")
	}
	for _, f := range facts {
		if err := m.factErr(f); err != nil {
			return err
		}
	}
	if facts[0].Type == facts[1].Type {
		return refuse(CodeFactKinds, "sonar: give two different kinds of fact (row, column, sector)")
	}
	pos := m.crews[c].pos
	a, b := facts[0].Holds(m.chart, pos), facts[1].Holds(m.chart, pos)
	switch {
	case a && b:
		return refuse(CodeOneFactTrue, "sonar: exactly one fact must be false, and both %s and %s are true", facts[0], facts[1])
	case !a && !b:
		return refuse(CodeOneFactTrue, "sonar: exactly one fact must be true, and both %s and %s are false", facts[0], facts[1])
	}
	return nil
}

func (m *Match) sonarAnswer(c Crew, r Role, facts []Fact) *RuleError {
	if err := m.sonarAnswerErr(c, r, facts); err != nil {
		return err
	}
	m.sonarPending = false
	fs := []Fact{facts[0], facts[1]}
	m.emit(Event{Kind: KindSonarAnswer, Crew: c, Facts: fs,
		Text: fmt.Sprintf("SONAR: %s, %s", fs[0], fs[1])})
	return nil
}

func (m *Match) archerErr(c Crew, r Role, at chart.Cell) *RuleError {
	if len(m.chart.ArcherMines()) == 0 {
		return refuse(CodeNoScenario, "this map has no Archer mines")
	}
	if err := m.systemErr(c, r, Scenario); err != nil {
		return err
	}
	if !m.chart.Archer(at) {
		return refuse(CodeNoArcher, "there is no Archer mine at %s: only the printed ones go off", at)
	}
	for _, x := range m.archerSpent {
		if x == at {
			return refuse(CodeArcherSpent, "the Archer mine at %s has already gone off: each goes off once", at)
		}
	}
	return nil
}

func (m *Match) archer(c Crew, r Role, at chart.Cell) *RuleError {
	if err := m.archerErr(c, r, at); err != nil {
		return err
	}
	m.useSystem(c, Scenario)
	m.archerSpent = append(m.archerSpent, at)
	m.loseMine(c, at)
	m.explode(c, KindArcher, at, "TRIGGERING ARCHER MINE AT "+at.String())
	m.maybePass(c)
	return nil
}
