package sonar

import "periscope/sonar/chart"

// Kind names what an event announces.
type Kind string

// The event kinds. "Public" events go to both crews and spectators; the
// others only to their own crew (Event.To).
const (
	KindStarted     Kind = "started"      // public: the match began
	KindDived       Kind = "dived"        // public: a crew chose its start, or dived after surfacing
	KindStartCell   Kind = "start_cell"   // own crew: where the sub starts (cell)
	KindTurn        Kind = "turn"         // public, turn-based: whose turn it is
	KindCourse      Kind = "course"       // public: HEAD NORTH (dir)
	KindSilence     Kind = "silence"      // public: ACTIVATING SILENCE
	KindSilentRun   Kind = "silent_run"   // own crew: the silence's dir and distance
	KindCharge      Kind = "charge"       // own crew: the First Mate marked a gauge (system)
	KindReady       Kind = "ready"        // own crew: a gauge is full (system)
	KindMark        Kind = "mark"         // own crew: the Engineer crossed out a symbol (dir, symbol)
	KindRepair      Kind = "repair"       // own crew: a circuit repaired itself (circuit)
	KindOverload    Kind = "overload"     // own crew: reactor or panel overload erased the sheet
	KindDamage      Kind = "damage"       // public: a crew took damage outside an impact (damage)
	KindBlackout    Kind = "blackout"     // own crew: no legal course left, must surface
	KindMineDropped Kind = "mine_dropped" // public: MINE DROPPED
	KindMineLaid    Kind = "mine_laid"    // own crew: where the mine is (cell)
	KindTrigger     Kind = "trigger"      // public: a mine went off (cell, hits)
	KindTorpedo     Kind = "torpedo"      // public: a torpedo hit the water (cell, hits)
	KindArcher      Kind = "archer"       // public: an Archer mine went off (cell, hits)
	KindMineLost    Kind = "mine_lost"    // own crew: the crew's own torpedo destroyed its mine (cell)
	KindDrone       Kind = "drone"        // public: drone question and truthful answer (sector, yes)
	KindSonar       Kind = "sonar"        // public: ACTIVATING SONAR
	KindSonarAnswer Kind = "sonar_answer" // public: the two facts (facts)
	KindSurface     Kind = "surface"      // public: surfacing in a sector (sector)
	KindSecured     Kind = "secured"      // public, real time: a section is secured (section, role)
	KindInspected   Kind = "inspected"    // public, real time: the enemy Engineer's verdict (yes)
	KindDestroyed   Kind = "destroyed"    // public: a submarine reached 4 damage
	KindOver        Kind = "over"         // public: the match is over (winner, or none for a draw)
)

// Result is what an impact did to one submarine.
type Result string

// The three impact results, as the hit Captain announces them.
const (
	Direct   Result = "direct"
	Indirect Result = "indirect"
	Clear    Result = "clear"
)

// Hit is one submarine's result of an impact. Both submarines are listed,
// the enemy of the crew that fired first.
type Hit struct {
	Crew   Crew   `json:"crew"`
	Result Result `json:"result"`
	Damage int    `json:"damage"`
}

// Event is something that happened, as the table would hear it. Crew is
// the crew it is about (the one whose Captain speaks, or whose sub is
// concerned; Blue for the start and for a draw). To is nil for an event
// both crews hear; otherwise only that crew may learn of it. The optional fields carry the announcement for
// machines, such as the Radio Operator's tracker; public events never carry
// a private fact.
type Event struct {
	Kind     Kind        `json:"kind"`
	Crew     Crew        `json:"crew"`
	To       *Crew       `json:"to,omitempty"`
	Text     string      `json:"text,omitempty"`
	Dir      *chart.Dir  `json:"dir,omitempty"`
	Distance *int        `json:"distance,omitempty"`
	Cell     *chart.Cell `json:"cell,omitempty"`
	Sector   int         `json:"sector,omitempty"`
	System   *System     `json:"system,omitempty"`
	Symbol   *int        `json:"symbol,omitempty"`
	Circuit  Circuit     `json:"circuit,omitempty"`
	Hits     []Hit       `json:"hits,omitempty"`
	Facts    []Fact      `json:"facts,omitempty"`
	Yes      *bool       `json:"yes,omitempty"`
	Damage   int         `json:"damage,omitempty"`
	Section  int         `json:"section,omitempty"`
	Role     *Role       `json:"role,omitempty"`
	Winner   *Crew       `json:"winner,omitempty"`
}

// Public reports whether both crews (and spectators) may see the event.
func (e Event) Public() bool { return e.To == nil }

// VisibleTo reports whether crew c may see the event.
func (e Event) VisibleTo(c Crew) bool { return e.To == nil || *e.To == c }

func ptr[T any](v T) *T { return &v }

// private addresses e to its own crew only.
func private(e Event) Event {
	e.To = ptr(e.Crew)
	return e
}
