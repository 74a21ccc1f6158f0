package roles

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"periscope/games"
	"periscope/sonar"
	"periscope/sonar/radio"
)

// Bot strengths: the room option bot_level.
const (
	BotLearner = "learner" // for a first match: plain play, easy to beat
	BotCrew    = "crew"    // a fair crew
	BotVeteran = "veteran" // hunts with the tracker, hides with silence
)

// level is how well a bot plays. Every bot of a room plays at the room's
// level; tests set a level per crew to measure one against another.
type level struct {
	name string
	// pace is, in real time, how long a bot crew waits between two of its
	// Captain's orders (and its surfacing steps): a human's rhythm.
	pace time.Duration
	// fireCells: weapons are used only when the enemy may be on this many
	// cells or fewer; minHit is the least expected damage worth a shot.
	fireCells int
	minHit    float64
	// heat: weigh the enemy's cells by the tracker's likelihood, not evenly.
	heat bool
	// route: headings by the room they leave, surfacing before cornered.
	// sheet: the Engineer closes circuits and spares the reactor. plan:
	// gauges by what the Captain needs, sonar answers that tell least, an
	// open start. Otherwise the plain choice.
	route, sheet, plan bool
	// hide: silence when the enemy may know our cell among this many or fewer.
	hide int
	// detect: launch a drone (sonar) when the enemy may be on more than
	// droneCells (sonarCells) cells.
	detect                 bool
	droneCells, sonarCells int
	// mines: drop and trigger mines.
	mines bool
	// hunt: steer toward the enemy when the torpedo is ready.
	hunt bool
	// charges is the First Mate's order of gauges.
	charges []sonar.System
}

var (
	weaponsFirst = []sonar.System{sonar.Torpedo, sonar.Mine, sonar.Drone, sonar.Sonar, sonar.Silence, sonar.Scenario}
	hideFirst    = []sonar.System{sonar.Torpedo, sonar.Silence, sonar.Drone, sonar.Mine, sonar.Sonar, sonar.Scenario}
	// strikeFirst keeps both weapons and the silence up, the drone after:
	// it won most often against the others (docs/benchmarks.md).
	strikeFirst = []sonar.System{sonar.Torpedo, sonar.Mine, sonar.Silence, sonar.Drone, sonar.Sonar, sonar.Scenario}
)

var levels = map[string]level{
	BotLearner: {name: BotLearner, pace: 8 * time.Second, fireCells: 2, minHit: 1.0, charges: weaponsFirst},
	BotCrew: {name: BotCrew, pace: 5 * time.Second, fireCells: 6, minHit: 0.8, route: true, sheet: true, plan: true,
		hide: 8, mines: true, charges: hideFirst},
	BotVeteran: {name: BotVeteran, pace: 3 * time.Second, fireCells: 16, minHit: 0.4, heat: true, route: true, sheet: true, plan: true,
		hide: 24, detect: true, droneCells: 12, sonarCells: 8, mines: true, hunt: true, charges: strikeFirst},
}

func botLevel(name string) (level, error) {
	if name == "" {
		name = BotCrew
	}
	l, ok := levels[name]
	if !ok {
		return level{}, fmt.Errorf("bot level is learner, crew or veteran, not %q", name)
	}
	return l, nil
}

// botDeclaration is the first order a bot seat gives: "a bot plays this
// seat". It is logged like any command, so a replay knows which crews run
// on the bots' clock (the real-time pace needs it) without asking the room.
var botDeclaration = json.RawMessage(`{"type":"bot"}`)

func isBotDeclaration(body json.RawMessage) bool {
	var b struct {
		Type string `json:"type"`
	}
	// The cheap look first: Apply asks on every command.
	return bytes.Contains(body, []byte(`"bot"`)) && games.DecodeStrict(body, &b) == nil && b.Type == "bot"
}

// bots is what the match keeps for its bots. Everything in it is rebuilt
// by replaying the log: the declared seats, what each crew heard, the
// times of the crews' paced orders.
type bots struct {
	seats []bool
	// levels are each crew's bots' strength.
	levels [2]level
	// heard[c] is every announcement crew c's Radio Operator heard about
	// its enemy, as tracker observations (public events and c's own
	// results only): a bot's tracker of the enemy is built from heard[c],
	// and its picture of what the enemy knows of it from heard[c.Other()],
	// which is public too.
	heard [2][]radio.Observation
	// events[c] counts the events crew c has seen: with the seed, it
	// draws the bots' random choices from what they may know.
	events [2]uint64
	intel  [2]*intel
	// now is the room clock of the last accepted command; last[c] is when
	// crew c gave its last paced order (real time).
	now  time.Time
	last [2]time.Time
	seed uint64
}

// intel is a bot crew's Radio Operator's sheet: the enemy's possible
// cells, and the cells where the enemy may believe we are. It never loses
// the enemy for good: feed starts a new sheet where the old one fails.
type intel struct {
	enemy, self *radio.Tracker
	fed         [2]int // observations of heard taken in
}

func (g *Game) botsReady() *bots {
	if g.bots == nil {
		g.bots = &bots{seats: make([]bool, len(g.seats))}
		l, _ := botLevel(g.opts.BotLevel)
		g.bots.levels = [2]level{l, l}
	}
	return g.bots
}

// declare marks seat as played by a bot and gives its crew a tracker.
func (g *Game) declare(seat int) {
	b := g.botsReady()
	b.seats[seat] = true
	c := g.seats[seat].crew
	if b.intel[c] == nil {
		enemy, err1 := g.newTracker()
		self, err2 := g.newTracker()
		if err1 == nil && err2 == nil {
			b.intel[c] = &intel{enemy: enemy, self: self}
			g.feed(c)
		}
	}
}

// WatchesSeats: the room tells this game when the host frees a bot's seat
// (games.SeatFreedBody).
func (g *Game) WatchesSeats() {}

// seatFreed reads a games.SeatFreedBody: the seat it frees.
func seatFreed(body json.RawMessage) (int, bool) {
	var b struct {
		Type string `json:"type"`
		Seat int    `json:"seat"`
	}
	if !bytes.Contains(body, []byte(`"seat_freed"`)) || games.DecodeStrict(body, &b) != nil || b.Type != "seat_freed" || b.Seat < 0 {
		return 0, false
	}
	return b.Seat, true
}

// undeclare gives seat back to a person.
func (g *Game) undeclare(seat int) {
	if g.bots != nil && seat < len(g.bots.seats) {
		g.bots.seats[seat] = false
	}
}

// feed brings crew c's trackers up to date with what was heard. Where an
// announcement fits no possible position (a mine laid before a described
// position's start, which nobody heard dropped), the Radio Operator starts
// a new sheet from the next announcement on, as a person would.
func (g *Game) feed(c sonar.Crew) {
	b := g.bots
	in := b.intel[c]
	if in == nil {
		return
	}
	// newTracker does not fail: declare made these with the same options.
	for ; in.fed[0] < len(b.heard[c]); in.fed[0]++ {
		if in.enemy.Observe(b.heard[c][in.fed[0]]) != nil {
			in.enemy, _ = g.newTracker()
		}
	}
	for ; in.fed[1] < len(b.heard[c.Other()]); in.fed[1]++ {
		if in.self.Observe(b.heard[c.Other()][in.fed[1]]) != nil {
			in.self, _ = g.newTracker()
		}
	}
}

// botsSaw records an accepted command for the bots: the time, what each
// crew heard, and the crew's last paced order.
func (g *Game) botsSaw(seat int, c sonar.Command, evs []sonar.Event, at time.Time) {
	b := g.botsReady()
	b.now = at
	for _, e := range evs {
		for _, crew := range sonar.Crews {
			if e.VisibleTo(crew) {
				b.events[crew]++
			}
			if o, ok := observation(crew, e); ok {
				b.heard[crew] = append(b.heard[crew], o)
			}
		}
	}
	if seat >= 0 && paced(c.Type) {
		b.last[c.Crew] = at
	}
	for _, crew := range sonar.Crews {
		g.feed(crew)
	}
}

// paced lists the orders a bot crew gives at its own rhythm in real time:
// the Captain's and the surfacing's. Duties, answers and inspections come
// at once, as a crew member answers a call.
func paced(t sonar.CommandType) bool {
	switch t {
	case sonar.TypeCharge, sonar.TypeMark, sonar.TypeSonarAnswer, sonar.TypeInspect, sonar.TypePlace:
		return false
	}
	return true
}

// wake is when crew c's bots may give their next paced order, and whether
// the room must tick for it: only crews with a bot, in real time, in play.
func (g *Game) wake(c sonar.Crew) (time.Time, bool) {
	b := g.bots
	if b == nil || g.match.Over() || g.opts.Rules.Mode != sonar.RealTime {
		return time.Time{}, false
	}
	p := g.public() // this version's, built once
	if !p.Playing {
		return time.Time{}, false
	}
	// Only a bot Captain, or bots tracing sections while surfaced, wait
	// for the pace: a bot First Mate or Engineer answers at once.
	surfaced := p.Crews[c].Surfaced
	has := false
	for i, s := range g.seats {
		has = has || b.seats[i] && s.crew == c && (surfaced || s.has(sonar.Captain))
	}
	if !has {
		return time.Time{}, false
	}
	return b.last[c].Add(b.levels[c].pace), true
}

// paceDeadline is the earliest wake still ahead of the last command.
func (g *Game) paceDeadline() (time.Time, bool) {
	var at time.Time
	for _, c := range sonar.Crews {
		w, ok := g.wake(c)
		if ok && w.After(g.bots.now) && (at.IsZero() || w.Before(at)) {
			at = w
		}
	}
	return at, !at.IsZero()
}

// BotCommand is a bot seat's next order (games.Botter). It decides from
// the seat's own view and its crew's tracker, fed only with what the crew
// heard: never from the enemy's state.
func (g *Game) BotCommand(seat int) (json.RawMessage, bool) {
	if seat < 0 || seat >= len(g.seats) || g.match.Over() {
		return nil, false
	}
	if !g.botsReady().seats[seat] {
		return botDeclaration, true
	}
	return g.seatOrder(seat)
}

// seatOrder is the order a bot would give from seat now, declared or not
// (tests play people's seats with it).
func (g *Game) seatOrder(seat int) (json.RawMessage, bool) {
	b := g.botsReady()
	c := g.seats[seat].crew
	v := g.viewOf(seat, false) // the decision reads it and drops it
	if v.Own == nil {
		return nil, false
	}
	d := &decider{
		v: v, m: g.match.Chart(), rules: g.match.Options(), lvl: b.levels[c], in: b.intel[c],
		rng: rand.New(rand.NewPCG(b.seed^uint64(seat)<<56, b.events[c])),
	}
	if w, ok := g.wake(c); !ok || !b.now.Before(w) {
		d.awake = true
	}
	cmd, ok := d.decide()
	if !ok {
		return nil, false
	}
	cmd.Crew = c
	body, err := json.Marshal(cmd)
	if err != nil {
		return nil, false
	}
	return body, true
}

// applyBotDeclaration takes a seat's "a bot plays here": no events.
func (g *Game) applyBotDeclaration(seat int) ([]games.Event, error) {
	g.declare(seat)
	return []games.Event{}, nil
}

// botTick takes the room's tick at a bot crew's wake: it only moves the
// match's clock, so the bots may act. A tick an inspection is due for goes
// to the engine.
func (g *Game) botTick(at time.Time) bool {
	if d, ok := g.match.Deadline(); ok && !at.Before(d) {
		return false
	}
	p, ok := g.paceDeadline()
	if !ok || at.Before(p) {
		return false
	}
	g.bots.now = at
	return true
}

// radioReport is what crew c's bot Radio Operator tells the rest of the
// crew (the Captain's "where are they?"), or "" when no bot plays the
// Radio Operator or the match is not under way. It is read from the crew's
// tracker, which knows only what the crew heard.
func (g *Game) radioReport(c sonar.Crew, seat int) string {
	b := g.bots
	if b == nil || b.intel[c] == nil || !g.public().Playing {
		return ""
	}
	radioBot := false
	for i, s := range g.seats {
		if s.crew == c && s.has(sonar.RadioOperator) && b.seats[i] {
			radioBot = i != seat
		}
	}
	if !radioBot {
		return ""
	}
	in := b.intel[c]
	cells := in.enemy.Cells()
	switch {
	case len(cells) == 1:
		return fmt.Sprintf("Radio Operator (bot): the enemy is at %s.", cells[0])
	case len(cells) <= 4:
		names := make([]string, len(cells))
		for i, x := range cells {
			names[i] = x.String()
		}
		return fmt.Sprintf("Radio Operator (bot): the enemy is at %s or %s.", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
	}
	sectors := in.enemy.Sectors()
	if len(sectors) >= g.match.Chart().Sectors() {
		return fmt.Sprintf("Radio Operator (bot): the enemy could be anywhere yet (%d cells).", len(cells))
	}
	if len(sectors) == 1 {
		return fmt.Sprintf("Radio Operator (bot): the enemy is in sector %d, on one of %d cells.", sectors[0], len(cells))
	}
	words := make([]string, len(sectors))
	for i, s := range sectors {
		words[i] = strconv.Itoa(s)
	}
	return fmt.Sprintf("Radio Operator (bot): the enemy may be on %d cells, in sectors %s.", len(cells), strings.Join(words, ", "))
}
