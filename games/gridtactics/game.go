package gridtactics

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"periscope/games"
)

// The two seats. Seat numbers are also team numbers.
const (
	Red  = 0
	Blue = 1
)

var names = [2]string{"Red", "Blue"}

// Definition puts Pocket Tactics in the lobby. One player may play alone:
// the host gives the other seat to the bot.
var Definition = games.Definition{
	Name:       "gridtactics",
	Title:      "Pocket Tactics",
	Summary:    "Two armies of soldiers, tanks and artillery on an 8x8 grid: destroy every enemy unit. Against a friend or the bot.",
	MinPlayers: 1,
	MaxPlayers: 2,
	Page:       "/tactics.html",
	Bots:       true,
	Options: []games.Option{
		{Key: "guided", Label: "Learn to play: a guided first match", Kind: games.OptionBool, Default: false, House: true,
			Help: "Your first match against the learner bot, in lessons: what to do now and why, a suggested move outlined on the board, the bot's answer explained, and a summing-up at the end."},
		{Key: "small_board", Label: "Small board (6×6, set up on two rows)", Kind: games.OptionBool, Default: false,
			Help: "A shorter match on 6×6. Seven units do not fit on a 6-square row, so each side sets up on its two back rows."},
		{Key: "hidden_setup", Label: "Hidden setup (units face down until they act)", Kind: games.OptionBool, Default: false,
			Help: "The other side sees only \"unit\" until a unit moves or attacks."},
		{Key: "time_limit", Label: "15-minute time limit (more units wins)", Kind: games.OptionBool, Default: false,
			Help: "The match ends 15 minutes after the start; the side with more units wins, equal numbers draw."},
		{Key: "tank_attack_in_place", Label: "Tanks may attack without moving (house rule)", Kind: games.OptionBool, Default: false, House: true, Advanced: true,
			Help: "Off, as the rulebook says: a tank's combat action moves 1 square orthogonally and then attacks. On, a tank may also attack from where it stands."},
		{Key: "tank_attacks_straight", Label: "Tanks attack only along rows and columns (house rule)", Kind: games.OptionBool, Default: false, House: true, Advanced: true,
			Help: "Off, as the rulebook says: a tank attacks \"a unit 1 space away\", diagonals included as for soldiers. On, only an enemy beside it along a row or column."},
		games.BotLevelOption("How well the bot plays the other seat. Every strength keeps its units out of reach when it gains nothing by it.",
			"often plays on a whim", "weighs each attack and square",
			"lets you come to it, keeps its soldiers paired, sits on a lead, presses when behind"),
	},
	House: []string{
		"On the 6x6 board each side sets up on its two back rows (seven units do not fit on one)",
		"A match ends after turn 60: the side with more units wins",
	},
	HouseRules: houseRules,
	New: func(options json.RawMessage, seed uint64) (games.Game, error) {
		o, err := ParseOptions(options)
		if err != nil {
			return nil, err
		}
		return NewChecked(o, seed)
	},
}

type phase uint8

const (
	waiting phase = iota // before the room's start command
	placing              // both players set up, unseen by each other
	playing
	over
)

func (p phase) String() string {
	return [...]string{"waiting", "setup", "play", "over"}[p]
}

type unit struct {
	id     string // "S1", "T2", "AR1": unique within its owner's army
	owner  int
	kind   Kind
	at     Square
	alive  bool // placed and not yet hit
	hidden bool // face down (hidden setup) until it moves or attacks
	spent  bool // has acted this turn
}

// shot is an artillery attack that missed and may be fired again.
type shot struct {
	attacker, target, needs int
}

// Roll is one attack roll: the data of a "roll" event, from which pages
// keep their dice log.
type Roll struct {
	Seat int    `json:"seat"`
	Text string `json:"text"`
	Roll int    `json:"roll"`
	// Needs is the target number (after Shield Formation); 0 (absent) when
	// the target was face down, whose formation nobody is told.
	Needs    int    `json:"needs,omitempty"`
	Hit      bool   `json:"hit,omitempty"`
	Attacker string `json:"attacker,omitempty"`
	Target   string `json:"target,omitempty"`
	Shield   bool   `json:"shield,omitempty"`
	Second   bool   `json:"second,omitempty"`
	// AttackerKind and TargetKind name the units for pages that tell the
	// roll in words; a face-down target is "unit", as the board shows it.
	AttackerKind string `json:"attacker_kind,omitempty"`
	TargetKind   string `json:"target_kind,omitempty"`
}

// Game is one match. It is a pure state machine: New with the same options
// and seed, fed the same commands, always reaches the same state.
type Game struct {
	opts    Options
	size    int
	seed    uint64
	pcg     rand.PCG // every die roll of the match
	phase   phase
	started time.Time
	placed  [2]bool
	units   []unit // Red's seven, then Blue's seven
	grid    []int8 // the live unit on each square (see cell), or -1

	turn      int // seat to play
	turns     int // turns begun so far; the first turn is 1
	first     int // seat that took the first turn
	lastFight int // value of turns when a die was last rolled for an attack

	// open is the artillery whose activation is under way (it may still
	// move or fire), or -1. Acting with another unit closes it.
	open                 int
	openMoved, openFired bool
	pending              *shot // a missed artillery attack awaiting a choice

	outcome *games.Outcome
	applied int // accepted commands; seeds the bot's own choices

	dice []int // a position's fixed die rolls, used before the seeded ones
}

// New starts a match with the given options and seed. Options from
// ParseOptions hold a valid position, if any; NewChecked also checks one
// built by hand.
func New(o Options, seed uint64) *Game {
	g, err := NewChecked(o, seed)
	if err != nil {
		panic(err) // ParseOptions validated the position
	}
	return g
}

// NewChecked is New for options whose position may be invalid.
func NewChecked(o Options, seed uint64) (*Game, error) {
	g := &Game{
		opts: o,
		size: o.size(),
		seed: seed,
		pcg:  *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15),
		open: -1,
		grid: make([]int8, o.size()*o.size()),
	}
	for i := range g.grid {
		g.grid[i] = -1
	}
	for owner := range 2 {
		for _, a := range army {
			for n := 1; n <= a.count; n++ {
				g.units = append(g.units, unit{id: fmt.Sprintf("%s%d", a.tag, n), owner: owner, kind: a.kind})
			}
		}
	}
	if o.Position != nil {
		if err := g.setUp(o.Position); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Seats are Red (team 0) and Blue (team 1).
func (g *Game) Seats() []games.SeatSpec {
	return []games.SeatSpec{
		{Team: Red, Label: "Red", Roles: []string{"player"}},
		{Team: Blue, Label: "Blue", Roles: []string{"player"}},
	}
}

// Outcome is nil while the match is on.
func (g *Game) Outcome() *games.Outcome {
	if g.outcome == nil {
		return nil
	}
	o := *g.outcome
	o.Winners = append([]int{}, o.Winners...)
	o.Scores = map[int]int{Red: o.Scores[Red], Blue: o.Scores[Blue]}
	return &o
}

// Deadline is when a timed match ends: TimeLimit after the room started it.
func (g *Game) Deadline() (time.Time, bool) {
	if !g.opts.TimeLimit || g.phase == waiting || g.phase == over {
		return time.Time{}, false
	}
	return g.started.Add(TimeLimit), true
}

// Apply runs one command; see Command for the JSON. A refused command
// returns an error naming the rule and changes nothing: every check comes
// before the first change and before any die is rolled.
func (g *Game) Apply(cmd games.Command) ([]games.Event, error) {
	c, err := Decode(cmd.Body)
	if err != nil {
		return nil, err
	}
	evs, err := g.run(cmd.Seat, c, cmd.Time)
	if err != nil {
		return nil, err
	}
	g.applied++
	return evs, nil
}

func (g *Game) run(seat int, c Command, now time.Time) ([]games.Event, error) {
	switch c.Type {
	case TypeStart:
		return g.begin(seat, now)
	case TypeTick:
		return g.tick(seat, now)
	}
	switch {
	case seat == games.System:
		return nil, games.Refuse("not_a_player", "the room does not send %s commands", c.Type)
	case seat == games.Spectator:
		return nil, games.Refuse("not_a_player", "spectators watch; they cannot play")
	case seat != Red && seat != Blue:
		return nil, games.Refuse("not_a_player", "seat %d is not a seat of this match", seat)
	}
	switch g.phase {
	case waiting:
		return nil, games.Refuse("not_started", "the match has not started yet")
	case over:
		return nil, games.Refuse("match_over", "the match is over")
	}
	if c.Type == TypeSetup {
		return g.setup(seat, c.Place)
	}
	if g.phase == placing {
		if g.placed[seat] {
			return nil, games.Refuse("opponent_placing", "%s is still placing its units", names[1-seat])
		}
		return nil, games.Refuse("place_first", "place your units first")
	}
	if seat != g.turn {
		return nil, games.Refuse("not_your_turn", "it is %s's turn", names[g.turn])
	}
	if p := g.pending; p != nil && c.Type != TypeSecondAttack && c.Type != TypeDeclineSecond {
		return nil, games.Refuse("second_attack_pending", "your artillery on %s missed: fire again or decline first",
			g.units[p.attacker].at)
	}
	switch c.Type {
	case TypeSecondAttack:
		return g.secondAttack()
	case TypeDeclineSecond:
		return g.declineSecond()
	case TypeEndTurn:
		return g.endTurn(), nil
	}
	u, err := g.ownUnit(seat, c.Unit)
	if err != nil {
		return nil, err
	}
	switch c.Type {
	case TypeMove:
		return g.move(u, c.To)
	case TypeAttack:
		return g.attack(u, "", c.Target)
	case TypeTank:
		if g.units[u].kind != Tank {
			return nil, games.Refuse("wrong_unit", "%s is a %s, not a tank", g.units[u].at, g.units[u].kind)
		}
		return g.attack(u, c.To, c.Target)
	default: // TypeArtillery; Decode admits no other type
		if g.units[u].kind != Artillery {
			return nil, games.Refuse("wrong_unit", "%s is a %s, not artillery", g.units[u].at, g.units[u].kind)
		}
		if c.Target == "" {
			return g.move(u, c.To)
		}
		return g.attack(u, c.To, c.Target)
	}
}

// begin is the room's start command: both players now set up.
func (g *Game) begin(seat int, now time.Time) ([]games.Event, error) {
	if seat != games.System {
		return nil, games.Refuse("room_only", "only the room starts the match")
	}
	if g.phase != waiting {
		return nil, games.Refuse("already_started", "the match has already started")
	}
	g.started = now
	if g.opts.Position != nil {
		g.phase, g.turns, g.first = playing, 1, g.turn
		return []games.Event{{Text: fmt.Sprintf("The match resumes from a position: %s to play", names[g.turn]), Kind: "start"}}, nil
	}
	g.phase = placing
	text := "Place your units on your back row"
	if g.opts.SmallBoard {
		text = "Place your units on your two back rows"
	}
	if g.opts.TimeLimit {
		text += fmt.Sprintf("; the match ends at %s", now.Add(TimeLimit).Format("15:04"))
	}
	return []games.Event{{Text: text, Kind: "start"}}, nil
}

// tick is the room's clock running out in a timed match.
func (g *Game) tick(seat int, now time.Time) ([]games.Event, error) {
	switch {
	case seat != games.System:
		return nil, games.Refuse("room_only", "only the room's clock ends a match on time")
	case !g.opts.TimeLimit:
		return nil, games.Refuse("no_time_limit", "this match has no time limit")
	case g.phase == waiting:
		return nil, games.Refuse("not_started", "the match has not started yet")
	case g.phase == over:
		return nil, games.Refuse("match_over", "the match is over")
	}
	end := g.started.Add(TimeLimit)
	if now.Before(end) {
		return nil, games.Refuse("time_not_up", "the clock has not run out: time is up at %s", end.Format("15:04:05"))
	}
	return []games.Event{g.finishOnUnits("time_limit", "Time is up")}, nil
}

// finishOnUnits ends a match that nobody finished, on the time limit or
// the turn limit: more units wins (2 points), equal numbers draw (1 each).
func (g *Game) finishOnUnits(kind, why string) games.Event {
	red, blue := g.count(Red), g.count(Blue)
	o := games.Outcome{Scores: map[int]int{}, Kind: kind}
	switch {
	case red == blue:
		o.Reason = fmt.Sprintf("%s with %s each: a draw", why, unitsText(red))
		o.Winners = []int{}
		o.Scores[Red], o.Scores[Blue] = 1, 1
	default:
		w := Red
		if blue > red {
			w = Blue
		}
		o.Reason = fmt.Sprintf("%s: %s has %s, %s %d", why, names[w], unitsText(g.count(w)), names[1-w], g.count(1-w))
		o.Winners = []int{w}
		o.Scores[w], o.Scores[1-w] = 2, 0
	}
	return g.finish(o)
}

func unitsText(n int) string {
	if n == 1 {
		return "1 unit"
	}
	return fmt.Sprintf("%d units", n)
}

// FirstTeam is the side that took the first turn of play (games.Starter).
func (g *Game) FirstTeam() (int, bool) {
	if g.turns == 0 {
		return 0, false
	}
	return g.first, true
}

// count is the number of units a player has left. A player still placing
// has its whole army.
func (g *Game) count(owner int) int {
	if !g.placed[owner] {
		return armySize
	}
	n := 0
	for _, u := range g.units[owner*armySize : (owner+1)*armySize] {
		if u.alive {
			n++
		}
	}
	return n
}

// finish ends the match; every face-down unit is turned up.
func (g *Game) finish(o games.Outcome) games.Event {
	g.outcome = &o
	g.phase = over
	g.pending = nil
	g.open = -1
	for i := range g.units {
		g.units[i].hidden = false
	}
	data, _ := json.Marshal(o)
	return games.Event{Text: o.Reason, Kind: "over", Data: data}
}

// setupSquares are the squares seat may place units on, from its left.
func (g *Game) setupSquares(seat int) []Square {
	var out []Square
	for row := range g.opts.setupRows() {
		rank := row
		if seat == Blue {
			rank = g.size - 1 - row
		}
		for file := range g.size {
			out = append(out, Square{file, rank})
		}
	}
	return out
}

func (g *Game) canSetUpOn(seat int, sq Square) bool {
	for _, s := range g.setupSquares(seat) {
		if s == sq {
			return true
		}
	}
	return false
}

// at is the live unit on sq, or -1 (also off the board).
func (g *Game) at(sq Square) int {
	if !sq.on(g.size) {
		return -1
	}
	return int(g.grid[g.cell(sq)])
}

// cell is sq's index in grid.
func (g *Game) cell(sq Square) int { return sq.Rank*g.size + sq.File }

func (g *Game) empty(sq Square) bool { return sq.on(g.size) && g.at(sq) < 0 }

// square reads a square name given by a player.
func (g *Game) square(text string) (Square, error) {
	sq, ok, on := parseSquare(text, g.size)
	switch {
	case !ok:
		return Square{}, games.Refuse("not_a_square", "%s is not a square: name one like C4", quote(text))
	case !on:
		return Square{}, games.Refuse("off_board", "%s is off the %dx%d board", sq, g.size, g.size)
	}
	return sq, nil
}

// ownUnit finds seat's live unit by id ("T1") or by its square ("C3").
func (g *Game) ownUnit(seat int, ref string) (int, error) {
	// Ids never name a square of the board: their letters come after H.
	for i, u := range g.units {
		if u.owner == seat && equalFold(u.id, ref) {
			if !u.alive {
				return -1, games.Refuse("unit_destroyed", "your %s %s has been destroyed", u.kind, u.id)
			}
			return i, nil
		}
	}
	sq, ok, on := parseSquare(ref, g.size)
	if !ok {
		return -1, games.Refuse("no_such_unit", "%s is neither a square nor one of your units", quote(ref))
	}
	if !on {
		return -1, games.Refuse("off_board", "%s is off the %dx%d board", sq, g.size, g.size)
	}
	i := g.at(sq)
	switch {
	case i < 0:
		return -1, games.Refuse("no_unit_there", "there is no unit on %s", sq)
	case g.units[i].owner != seat:
		return -1, games.Refuse("not_your_unit", "the unit on %s is %s's", sq, names[g.units[i].owner])
	}
	return i, nil
}

func equalFold(id, ref string) bool {
	if len(id) != len(ref) {
		return false
	}
	for i := range len(id) {
		a, b := id[i], ref[i]
		if 'a' <= b && b <= 'z' {
			b -= 'a' - 'A'
		}
		if a != b {
			return false
		}
	}
	return true
}

// label names a unit for the table: "Red artillery at C3".
func (g *Game) label(u int) string {
	un := g.units[u]
	if un.hidden {
		return fmt.Sprintf("%s face-down unit at %s", names[un.owner], un.at)
	}
	return fmt.Sprintf("%s %s at %s", names[un.owner], un.kind, un.at)
}

func (g *Game) d6() int {
	if len(g.dice) > 0 {
		d := g.dice[0]
		g.dice = g.dice[1:]
		return d
	}
	return rand.New(&g.pcg).IntN(6) + 1
}
