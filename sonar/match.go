package sonar

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"periscope/sonar/chart"
)

// Match is one game of Captain Sonar. It is a pure state machine: New and
// the same ordered commands always give the same match. It is not safe for
// concurrent use; the room that owns it serialises commands.
type Match struct {
	opts  Options
	chart *chart.Map
	first Crew // turn-based: the crew drawn to move first

	started bool
	crews   [2]sub

	// Turn-based flow.
	turn       Crew
	turnMoved  bool // the crew in turn announced its course (or silence)
	turnSystem bool // ... and used its system
	bonus      int  // turns the crew in turn still has while the enemy is surfaced

	sonarPending bool
	sonarBy      Crew // the crew waiting for the answer

	archerSpent []chart.Cell // Echo's printed mines already triggered

	over    bool
	outcome Outcome

	log []Event // events of the command being applied
}

// sub is one crew's private state: Captain's chart, First Mate and
// Engineer sheets.
type sub struct {
	placed  bool
	pos     chart.Cell
	route   []chart.Cell // since the last surfacing, ending at pos
	onRoute []bool       // route by map index
	mines   []chart.Cell // in the order dropped

	gauges [numSystems]int
	sheet  sheet
	damage int

	fmDue, engDue bool      // the First Mate's and Engineer's step after a course
	engPanel      chart.Dir // the panel the Engineer must mark
	usedSystem    bool      // a system was used since the last course

	surfaced      bool
	surfaceSector int
	secured       [4]bool // real time: the sub's four sections
	securedBy     [4]Role
	traces        [4]Trace // what each section's tracer drew, for the enemy Engineer
	redo          [4]bool  // a rejected section, owed by its tracer securedBy[i]
	rejections    int      // sections the enemy Engineer rejected this surfacing
	inspectBy     time.Time
	inspected     bool // real time: the enemy Engineer passed the sheet
}

// Outcome is how a match ended.
type Outcome struct {
	// Winner is nil for a draw.
	Winner *Crew  `json:"winner"`
	Reason string `json:"reason"`
}

// MaxDamage destroys a submarine.
const MaxDamage = 4

// New starts a match. The seed draws the crew that moves first in
// turn-based play; nothing else in the rules is random.
func New(opts Options, seed uint64) (*Match, error) {
	opts = opts.Defaults()
	opts.IceHoles = slices.Clone(opts.IceHoles)
	m, err := opts.check()
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed, seed^0x5eed_50aa_c0de))
	match := &Match{opts: opts, chart: m, first: Crew(r.IntN(2))}
	if opts.Drill != "" {
		p, _ := opts.drillPosition() // check() passed
		match.setUp(p)
	}
	if opts.Position != nil {
		match.setUp(opts.Position)
	}
	return match, nil
}

// Options returns the match's options with defaults filled in, without
// the start position: pages show every seat the options, and a position
// holds both crews' routes (Position describes the match instead).
func (m *Match) Options() Options {
	o := m.opts
	o.IceHoles = slices.Clone(o.IceHoles)
	o.Position = nil
	return o
}

// Chart is the map the match is played on.
func (m *Match) Chart() *chart.Map { return m.chart }

// Over reports whether the match has ended.
func (m *Match) Over() bool { return m.over }

// Outcome is nil while the match is playing.
func (m *Match) Outcome() *Outcome {
	if !m.over {
		return nil
	}
	o := m.outcome
	return &o
}

// Apply runs one command. It returns the events the command caused, or a
// *RuleError that names the broken rule; a refused command changes nothing.
func (m *Match) Apply(cmd Command) ([]Event, error) {
	// The command runs on a copy, kept only if it is accepted. The copy is
	// made into a spent state's lists (spares), and the state it replaces
	// becomes a spare in turn: a command copies no list into new memory.
	next := spares.Get().(*Match)
	m.copyInto(next)
	var was [2]bool
	for _, c := range Crews {
		was[c] = m.blackout(c)
	}
	if err := next.apply(cmd); err != nil {
		spares.Put(next)
		return nil, err.worded()
	}
	for _, c := range Crews {
		if !next.over && !was[c] && next.blackout(c) {
			next.emit(private(Event{Kind: KindBlackout, Crew: c,
				Text: "BLACKOUT: NO COURSE IS OPEN, THE CAPTAIN MUST SURFACE"}))
		}
	}
	evs := next.log
	next.log = nil
	*m, *next = *next, *m
	spares.Put(next)
	return evs, nil
}

// spares are spent match states, whose lists Apply copies the next
// command's match into. Nothing outside a match holds its lists (its views
// and positions copy them), so a replaced state's lists are free.
var spares = sync.Pool{New: func() any { return new(Match) }}

// copyInto makes n the copy clone makes of m, in n's own lists.
func (m *Match) copyInto(n *Match) {
	crews, archer := n.crews, n.archerSpent
	*n = *m
	n.log = nil
	n.archerSpent = reuse(archer, m.archerSpent)
	for i := range n.crews {
		s, b := &n.crews[i], &crews[i]
		s.route = reuse(b.route, s.route)
		s.onRoute = reuse(b.onRoute, s.onRoute)
		s.mines = reuse(b.mines, s.mines)
	}
	if m.outcome.Winner != nil {
		n.outcome.Winner = ptr(*m.outcome.Winner)
	}
}

// reuse is slices.Clone(src) in buf's memory: nil for nil, as Clone.
func reuse[T any](buf, src []T) []T {
	if src == nil || buf == nil {
		return slices.Clone(src)
	}
	return append(buf[:0], src...)
}

// Clone is an independent copy of the match: what-if questions (bots,
// tests) apply commands to it without touching the match.
func (m *Match) Clone() *Match { return m.clone() }

// clone copies the match deeply enough that applying a command to the copy
// leaves the original untouched.
func (m *Match) clone() *Match {
	n := *m
	n.archerSpent = slices.Clone(m.archerSpent)
	// Traces are never changed in place, only replaced: sharing them is safe.
	n.log = nil
	for i := range n.crews {
		s := &n.crews[i]
		s.route = slices.Clone(s.route)
		s.onRoute = slices.Clone(s.onRoute)
		s.mines = slices.Clone(s.mines)
	}
	if m.outcome.Winner != nil {
		n.outcome.Winner = ptr(*m.outcome.Winner)
	}
	return &n
}

func (m *Match) emit(e Event) { m.log = append(m.log, e) }

func (m *Match) apply(cmd Command) *RuleError {
	if cmd.Type == TypeStart {
		if m.started {
			return refuse(CodeAlreadyStarted, "the match has already started")
		}
		m.started = true
		if m.playing() { // from a position: play resumes at once
			m.emit(Event{Kind: KindStarted, Crew: Blue, Text: "THE MATCH RESUMES FROM A POSITION"})
			if m.opts.Mode == TurnBased {
				m.turn = m.first
				m.emit(Event{Kind: KindTurn, Crew: m.turn, Text: m.turn.loud() + " TO PLAY"})
			}
			return nil
		}
		text := "CAPTAINS, MARK YOUR START POSITIONS"
		m.emit(Event{Kind: KindStarted, Crew: Blue, Text: text})
		return nil
	}
	if !m.started {
		return refuse(CodeNotStarted, "the match has not started yet")
	}
	if m.over {
		return refuse(CodeOver, "the match is over: %s", m.outcome.Reason).with() // Why: the outcome is public
	}
	if cmd.Type == TypeTick {
		return m.tick(cmd.At)
	}
	if !cmd.Crew.valid() || !cmd.Role.valid() {
		return refuse(CodeMalformed, "unknown crew or role")
	}
	if cmd.Type != TypePlace && !m.playing() {
		if _, known := shapes[cmd.Type]; known {
			return refuse(CodeAwaitingStarts, "wait until both Captains have chosen their start positions")
		}
	}
	c := cmd.Crew
	switch cmd.Type {
	case TypePlace:
		return m.place(c, cmd.Role, cmd.Cell)
	case TypeCourse:
		return m.course(c, cmd.Role, cmd.Dir)
	case TypeSilence:
		return m.silence(c, cmd.Role, cmd.Dir, cmd.Distance)
	case TypeSurface:
		return m.surface(c, cmd.Role)
	case TypeCharge:
		return m.charge(c, cmd.Role, cmd.System)
	case TypeMark:
		return m.mark(c, cmd.Role, cmd.Panel, cmd.Symbol)
	case TypeEndTurn:
		return m.endTurn(c, cmd.Role)
	case TypeMine:
		return m.dropMine(c, cmd.Role, cmd.Cell)
	case TypeTrigger:
		return m.trigger(c, cmd.Role, cmd.Cell)
	case TypeTorpedo:
		return m.torpedo(c, cmd.Role, cmd.Cell)
	case TypeDrone:
		return m.drone(c, cmd.Role, cmd.Sector)
	case TypeSonar:
		return m.sonar(c, cmd.Role)
	case TypeSonarAnswer:
		return m.sonarAnswer(c, cmd.Role, cmd.Facts)
	case TypeArcher:
		return m.archer(c, cmd.Role, cmd.Cell)
	case TypeSecure:
		return m.secure(c, cmd.Role, cmd.Section, cmd.Trace, cmd.At)
	case TypeInspect:
		return m.inspect(c, cmd.Role, cmd.OK, cmd.Section)
	case TypeDive:
		return m.dive(c, cmd.Role)
	}
	return refuse(CodeMalformed, "unknown command type %q", cmd.Type)
}

// playing reports whether both submarines are in the water.
func (m *Match) playing() bool { return m.crews[Blue].placed && m.crews[Red].placed }

func onlyRole(r, want Role, doing string) *RuleError {
	if r != want {
		return refuse(CodeRole, "only the %s may %s", want.Title(), doing)
	}
	return nil
}

// damage marks n damage on crew c's track, which holds MaxDamage at most.
func (m *Match) damage(c Crew, n int) {
	s := &m.crews[c]
	s.damage = min(MaxDamage, s.damage+n)
}

// settle ends the match if a submarine is destroyed. Both destroyed at once
// is a draw.
func (m *Match) settle() {
	if m.over {
		return
	}
	blue, red := m.crews[Blue].damage >= MaxDamage, m.crews[Red].damage >= MaxDamage
	if !blue && !red {
		return
	}
	for _, c := range Crews {
		if m.crews[c].damage >= MaxDamage {
			m.emit(Event{Kind: KindDestroyed, Crew: c, Text: c.loud() + " SUBMARINE DESTROYED"})
		}
	}
	m.over = true
	m.sonarPending = false
	switch {
	case blue && red:
		m.outcome = Outcome{Reason: "both submarines destroyed at once: a draw"}
		m.emit(Event{Kind: KindOver, Crew: Blue, Text: "BOTH SUBMARINES DESTROYED: DRAW"})
	default:
		w := Blue
		if blue {
			w = Red
		}
		m.outcome = Outcome{Winner: ptr(w), Reason: fmt.Sprintf("%s submarine destroyed", w.Other())}
		m.emit(Event{Kind: KindOver, Crew: w, Winner: ptr(w), Text: w.loud() + " WINS"})
	}
}
