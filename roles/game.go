package roles

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"periscope/games"
	"periscope/sonar"
	"periscope/sonar/chart"
	"periscope/sonar/radio"
)

// Definition is Captain Sonar for the lobby: its catalogue entry, with every
// table option and its default (the lobby's form is built from Options).
var Definition = games.Definition{
	Name:       "sonar",
	Title:      "Captain Sonar",
	Summary:    "Two submarine crews hunt each other, one phone per role: Captain, First Mate, Engineer, Radio Operator.",
	MinPlayers: 1, // one player, bots on every other seat
	MaxPlayers: 8,
	Page:       "/sonar.html",
	// The table screen of a Captain Sonar room: both crews' public
	// picture, the join code, the rematch.
	TablePage: "/table.html",
	Bots:      true,
	Options:   catalogue(),
	House: []string{
		"real-time surfacing traced with a finger on the phone, judged by the enemy Engineer",
		"the Radio Operator's tracker (radio assist)",
	},
	New: func(options json.RawMessage, seed uint64) (games.Game, error) {
		o, err := ParseOptions(options)
		if err != nil {
			return nil, err
		}
		return New(o, seed)
	},
}

// Radio assist levels: what the tracker shows a crew's Radio Operator.
const (
	RadioAuto  = "auto"  // heat in teaching rooms, off otherwise
	RadioOff   = "off"   // nothing: the Radio Operator works by hand
	RadioCells = "cells" // the enemy's possible cells and sectors
	RadioHeat  = "heat"  // the same, with a probability per cell
)

// Options are a Captain Sonar room's options: the rules (package sonar)
// plus how the table is seated. In JSON they are one flat object:
// {"map":"bravo","mode":"turnbased","blue_crew":3,"red_crew":4,"radio":"heat"}.
type Options struct {
	Rules sonar.Options
	// Crews is the number of players in Blue and Red (1 to 4 each;
	// default 4 and 4). JSON: blue_crew and red_crew, or crews: [3, 4].
	Crews [2]int
	// Radio is the radio assist: off, cells or heat. Default (auto): heat
	// in teaching rooms, off otherwise.
	Radio string
	// Teaching adds short hints to every page about what to do now.
	Teaching bool
	// BotLevel is how well the room's bots play: learner, crew (default)
	// or veteran.
	BotLevel string
	// FirstDive is the guided training dive: turn-based on Alpha, teaching
	// on, learner bots, and a coach for every seat (coach.go).
	FirstDive bool
}

// flat is the options object as it travels: the engine's fields and the
// seating side by side, decoded in one pass.
type flat struct {
	sonar.Options
	Crews    *[2]int `json:"crews,omitempty"`
	BlueCrew *int    `json:"blue_crew,omitempty"`
	RedCrew  *int    `json:"red_crew,omitempty"`
	Radio    string  `json:"radio,omitempty"`
	Teaching bool    `json:"teaching,omitempty"`
	BotLevel string  `json:"bot_level,omitempty"`
	// FirstDive sets the mode, map, teaching and bot level itself.
	FirstDive bool `json:"first_dive,omitempty"`
}

// ParseOptions reads a room's options, once, into their types. Empty input
// means the defaults. Unknown fields are refused so that a typo does not
// pass silently.
func ParseOptions(b []byte) (Options, error) {
	var f flat
	if t := bytes.TrimSpace(b); len(t) > 0 && !bytes.Equal(t, []byte("null")) {
		d := json.NewDecoder(bytes.NewReader(t))
		d.DisallowUnknownFields()
		if err := d.Decode(&f); err != nil {
			return Options{}, fmt.Errorf("captain sonar options: %v", err)
		}
		if d.More() {
			return Options{}, fmt.Errorf("captain sonar options: trailing data")
		}
	}
	if f.FirstDive {
		// The simplest table: whatever the form sent for these.
		f.Options.Map, f.Options.Mode = "alpha", sonar.TurnBased
		f.Teaching, f.BotLevel = true, BotLearner
	}
	o := Options{Rules: f.Options.Defaults(), Crews: [2]int{4, 4}, Radio: f.Radio, Teaching: f.Teaching, BotLevel: f.BotLevel, FirstDive: f.FirstDive}
	if o.BotLevel == "" {
		o.BotLevel = BotCrew
	}
	if f.Crews != nil {
		if f.BlueCrew != nil || f.RedCrew != nil {
			return Options{}, fmt.Errorf("captain sonar options: give crews or blue_crew and red_crew, not both")
		}
		o.Crews = *f.Crews
	}
	if f.BlueCrew != nil {
		o.Crews[0] = *f.BlueCrew
	}
	if f.RedCrew != nil {
		o.Crews[1] = *f.RedCrew
	}
	if o.Radio == "" || o.Radio == RadioAuto {
		o.Radio = RadioOff
		if o.Teaching {
			o.Radio = RadioHeat
		}
	}
	if err := o.Rules.Validate(); err != nil {
		return Options{}, err
	}
	return o, o.check()
}

func (o Options) check() error {
	for _, n := range o.Crews {
		if n < 1 || n > 4 {
			return fmt.Errorf("a crew has 1 to 4 players, not %d", n)
		}
	}
	if o.Crews[0]+o.Crews[1] <= 3 && o.Rules.Mode != sonar.TurnBased {
		return fmt.Errorf("with %d players in all, Captain Sonar is played turn-based (the rulebook's rule for 2-3 players)", o.Crews[0]+o.Crews[1])
	}
	switch o.Radio {
	case RadioOff, RadioCells, RadioHeat:
	default:
		return fmt.Errorf("radio assist is auto, off, cells or heat, not %q", o.Radio)
	}
	_, err := botLevel(o.BotLevel)
	return err
}

// MarshalJSON writes the flat form ParseOptions reads.
func (o Options) MarshalJSON() ([]byte, error) {
	return json.Marshal(flat{Options: o.Rules, BlueCrew: &o.Crews[0], RedCrew: &o.Crews[1], Radio: o.Radio, Teaching: o.Teaching, BotLevel: o.BotLevel, FirstDive: o.FirstDive})
}

// Game is a Captain Sonar match seated at a table. It implements games.Game
// and games.Clocked (the real-time inspection's time limit).
type Game struct {
	opts  Options
	match *sonar.Match
	seats []seat
	chart Chart // the map as pages draw it, built once
	// tracks[c] is crew c's whole voyage, for the end's reveal.
	tracks [2][]chart.Cell
	// trackers[c] follows crew c's enemy for crew c's Radio Operator; nil
	// when radio assist is off.
	trackers [2]*radio.Tracker
	// lost[c] is set if the tracker could not follow an announcement, which
	// would mean it disagrees with the engine; the page then says so.
	lost [2]bool
	// news[c] is the latest announcement crew c's Radio Operator learns
	// from, for the teaching hint that explains it.
	news [2]*sonar.Event
	// views caches what every seat of a crew shares, until the next command.
	views viewCache
	// crewViews are the memory the crews' views are built into, version
	// after version (views.crew points at them once built).
	crewViews [2]sonar.CrewView
	// bytes is the JSON of views' shared parts, until the next command;
	// static that of the parts that never change (viewjson.go).
	bytes  viewBytes
	static staticBytes
	// bots holds what the bot seats need (bot.go); nil until a command.
	bots *bots
	// coaching is the first dive's lessons done (coach.go).
	coaching coaching
	// eventBuf and eventEnds are where a command's events are written
	// before they get their own memory (roomEvents), command after command.
	eventBuf  []byte
	eventEnds [][2]int
	// seatLists[c] is crew c's seats, once seatsListed[c] (seatsOf).
	seatLists   [2][]int
	seatsListed [2]bool
	// heard, set by tests, is given every accepted command's events and
	// what the room gets of them.
	heard func(evs []sonar.Event, out []games.Event)
}

// New seats a new match.
func New(o Options, seed uint64) (*Game, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	m, err := sonar.New(o.Rules, seed)
	if err != nil {
		return nil, err
	}
	seats, err := layout(o.Crews)
	if err != nil {
		return nil, err
	}
	g := &Game{opts: o, match: m, seats: seats, chart: chartOf(m)}
	g.botsReady().seed = seed
	if o.Radio != RadioOff {
		for _, c := range sonar.Crews {
			t, err := g.newTracker()
			if err != nil {
				return nil, err
			}
			g.trackers[c] = t
		}
	}
	return g, nil
}

// newTracker is a blank Radio Operator's sheet for the match's map and
// rules: the radio assist's and the bots'.
func (g *Game) newTracker() (*radio.Tracker, error) {
	mo := g.match.Options()
	return radio.New(g.match.Chart(), radio.Options{SilenceMin: mo.SilenceMin, MineOrthogonal: mo.MineAdjacency == 4,
		TorpedoOrthogonal: mo.TorpedoRange == sonar.RangeOrthogonal})
}

// Match is the underlying rules engine state, for tests and replays.
func (g *Game) Match() *sonar.Match { return g.match }

// Seats lists Blue's seats, then Red's.
func (g *Game) Seats() []games.SeatSpec {
	out := make([]games.SeatSpec, len(g.seats))
	for i, s := range g.seats {
		roles := make([]string, len(s.roles))
		for j, r := range s.roles {
			roles[j] = r.String()
		}
		out[i] = games.SeatSpec{Team: int(s.crew), Label: s.label(), Roles: roles}
	}
	return out
}

// Deadline is when the room must tick: the end of an enemy Engineer's
// inspection time.
// In real time it is also when a bot crew gives its next order (bot.go).
func (g *Game) Deadline() (time.Time, bool) {
	at, ok := g.match.Deadline()
	if p, due := g.paceDeadline(); due && (!ok || p.Before(at)) {
		return p, true
	}
	return at, ok
}

// crewSeats lists the seat numbers of crew c.
func (g *Game) crewSeats(c sonar.Crew) []int {
	var out []int
	for i, s := range g.seats {
		if s.crew == c {
			out = append(out, i)
		}
	}
	return out
}

func refusal(code sonar.Code, format string, args ...any) error {
	return &sonar.RuleError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Apply runs one command from a seat, or the room's start and ticks.
func (g *Game) Apply(cmd games.Command) ([]games.Event, error) {
	var c sonar.Command
	// A key given twice would be read by its last value; sonar's own
	// decoder cannot see it. Bounded first, as ParseOrder bounds it.
	if len(cmd.Body) <= sonar.MaxCommand {
		if err := games.CheckKeys(cmd.Body, nil); err != nil {
			return nil, refusal(sonar.CodeMalformed, "malformed command: %v", err)
		}
	}
	switch {
	case cmd.Seat == games.System:
		if seat, ok := seatFreed(cmd.Body); ok {
			g.undeclare(seat)
			return []games.Event{}, nil
		}
		p, err := sonar.ParseCommand(cmd.Body)
		if err != nil {
			return nil, err
		}
		if p.Type != sonar.TypeStart && p.Type != sonar.TypeTick {
			return nil, refusal(sonar.CodeMalformed, "the room only starts the match and keeps its time")
		}
		if p.Type == sonar.TypeTick && g.botTick(cmd.Time) {
			return []games.Event{}, nil
		}
		c = p
	case cmd.Seat < 0 || cmd.Seat >= len(g.seats):
		return nil, refusal(sonar.CodeSpectator, "spectators watch: they give no orders")
	case isBotDeclaration(cmd.Body):
		if !cmd.Bot {
			// A phone declaring its own seat a bot would get its crew
			// the bot Radio Operator's reports, radio assist off or not.
			return nil, refusal(sonar.CodeBotsOnly, "a bot declares itself: a player gives orders")
		}
		g.botsReady().now = cmd.Time
		return g.applyBotDeclaration(cmd.Seat)
	default:
		p, err := g.decode(g.seats[cmd.Seat], cmd.Body)
		if err != nil {
			return nil, err
		}
		c = p
	}
	c.At = cmd.Time
	evs, err := g.match.Apply(c)
	if err != nil {
		return nil, err
	}
	// A Radio Operator's picture changes only when its tracker hears
	// something (track): it is kept, built and written, until then.
	g.views = viewCache{radio: g.views.radio}
	g.bytes.reset()
	if !cmd.Bot && cmd.Seat >= 0 {
		// A person gives this seat's orders now (the host took the seat
		// back from a bot): it is no longer on the bots' clock.
		g.undeclare(cmd.Seat)
	}
	g.follow(evs)
	for c, heard := range g.track(evs) {
		if heard {
			g.views.radio[c] = nil
			g.bytes.resetRadio(c)
		}
	}
	g.coachSaw(evs)
	g.botsSaw(cmd.Seat, c, evs, cmd.Time)
	out := g.roomEvents(evs)
	if g.heard != nil {
		g.heard(evs, out)
	}
	return out, nil
}

// roomEvents are the match's events as the room sends them. The sentence
// travels once, as the event's text; data holds the facts the pages draw
// from, json.Marshal's bytes of the event without its text, written by
// hand (Event.AppendJSON) into one allocation for the command's events
// (each event's data capped at its own end). An event encoding/json
// would refuse has no data, as before (TestRoomEventsAreMarshal).
func (g *Game) roomEvents(evs []sonar.Event) []games.Event {
	out := make([]games.Event, len(evs))
	buf := g.eventBuf[:0]
	ends := g.eventEnds[:0]
	for i := range evs {
		e := &evs[i]
		// Written without its sentence: taken out for the write, put back.
		text := e.Text
		e.Text = ""
		start := len(buf)
		var err error
		buf, err = e.AppendJSON(buf)
		e.Text = text
		if err != nil {
			start = -1 // no data: Marshal would have failed
		}
		ends = append(ends, [2]int{start, len(buf)})
	}
	g.eventBuf, g.eventEnds = buf, ends
	data := make([]byte, len(buf))
	copy(data, buf)
	for i := range evs {
		e := &evs[i]
		re := games.Event{Text: e.Text, Kind: string(e.Kind)}
		if at := ends[i]; at[0] >= 0 {
			re.Data = data[at[0]:at[1]:at[1]]
		}
		if e.To != nil {
			re.Seats = g.seatsOf(*e.To)
		}
		out[i] = re
	}
	return out
}

// seatsOf is crewSeats(c), listed once a match: every private event names
// its crew's seats. Capped at its length, so that an append copies it.
func (g *Game) seatsOf(c sonar.Crew) []int {
	if c > sonar.Red {
		return g.crewSeats(c)
	}
	if !g.seatsListed[c] {
		s := g.crewSeats(c)
		g.seatLists[c], g.seatsListed[c] = s[:len(s):len(s)], true
	}
	return g.seatLists[c]
}

// follow extends each crew's voyage with the cells its events sailed.
func (g *Game) follow(evs []sonar.Event) {
	for _, e := range evs {
		t := &g.tracks[e.Crew]
		switch {
		case e.Kind == sonar.KindStartCell && e.Cell != nil:
			*t = append(*t, *e.Cell)
		case e.Kind == sonar.KindCourse && len(*t) > 0 && e.Dir != nil:
			*t = append(*t, (*t)[len(*t)-1].Add(*e.Dir))
		case e.Kind == sonar.KindSilentRun && len(*t) > 0 && e.Dir != nil && e.Distance != nil:
			for range *e.Distance {
				*t = append(*t, (*t)[len(*t)-1].Add(*e.Dir))
			}
		}
	}
}

// decode reads a phone's order, once, and fills in its crew and the role
// it acts as.
func (g *Game) decode(s seat, body json.RawMessage) (sonar.Command, error) {
	o, err := sonar.ParseOrder(body)
	if err != nil {
		return sonar.Command{}, err
	}
	switch o.Type {
	case sonar.TypeStart, sonar.TypeTick:
		return sonar.Command{}, refusal(sonar.CodeRoomStart, "only the room starts the match and keeps its time: ask the host")
	}
	if o.CrewGiven && o.Crew != s.crew {
		return sonar.Command{}, refusal(sonar.CodeWrongCrew, "this phone is on the %s crew", s.crew)
	}
	var explicit *sonar.Role
	if o.RoleGiven {
		explicit = &o.Role
	}
	secured, redo := g.match.Sections(s.crew)
	f := surfacing{section: o.Section, secured: secured, redo: redo,
		engineerFirst: g.match.Options().SurfaceOrder != sonar.SurfaceAny}
	if h, ok := g.match.SheetHolder(s.crew); ok {
		f.holder = &h
	}
	role, err := s.actAs(o.Type, explicit, f)
	if err != nil {
		return sonar.Command{}, err
	}
	c := o.Command
	c.Crew, c.Role = s.crew, role
	return c, nil
}

// Outcome is the match's end, in the room's terms.
func (g *Game) Outcome() *games.Outcome {
	o := g.match.Outcome()
	if o == nil {
		return nil
	}
	out := &games.Outcome{Winners: []int{}, Reason: o.Reason}
	if o.Winner != nil {
		out.Winners = []int{int(*o.Winner)}
	}
	return out
}
