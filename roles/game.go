package roles

import (
	"bytes"
	"encoding/json"
	"fmt"

	"periscope/games"
	"periscope/sonar"
	"periscope/sonar/radio"
)

// Definition is Captain Sonar for the lobby.
var Definition = games.Definition{
	Name:  "sonar",
	Title: "Captain Sonar",
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
	RadioOff   = "off"   // nothing: the Radio Operator works by hand
	RadioCells = "cells" // the enemy's possible cells and sectors
	RadioHeat  = "heat"  // the same, with a probability per cell
)

// Options are a Captain Sonar room's options: the rules (package sonar)
// plus how the table is seated. In JSON they are one flat object:
// {"map":"bravo","mode":"turnbased","crews":[3,4],"radio":"heat"}.
type Options struct {
	Rules sonar.Options
	// Crews is the number of players in Blue and Red (1 to 4 each;
	// default 4 and 4).
	Crews [2]int
	// Radio is the radio assist: off, cells or heat. Default: heat in
	// teaching rooms, off otherwise.
	Radio string
	// Teaching adds short hints to every page about what to do now.
	Teaching bool
}

// seating is the part of the options JSON that roles owns; the rest is the
// engine's.
type seating struct {
	Crews    *[2]int `json:"crews,omitempty"`
	Radio    string  `json:"radio,omitempty"`
	Teaching bool    `json:"teaching,omitempty"`
}

// ParseOptions reads a room's options. Empty input means the defaults.
// Unknown fields are refused so that a typo does not pass silently.
func ParseOptions(b []byte) (Options, error) {
	o := Options{Crews: [2]int{4, 4}}
	fields := map[string]json.RawMessage{}
	if t := bytes.TrimSpace(b); len(t) > 0 && !bytes.Equal(t, []byte("null")) {
		if err := json.Unmarshal(t, &fields); err != nil {
			return Options{}, fmt.Errorf("captain sonar options: %v", err)
		}
	}
	var s seating
	own := map[string]json.RawMessage{}
	for _, k := range []string{"crews", "radio", "teaching"} {
		if v, ok := fields[k]; ok {
			own[k] = v
			delete(fields, k)
		}
	}
	ownJSON, _ := json.Marshal(own)
	if err := json.Unmarshal(ownJSON, &s); err != nil {
		return Options{}, fmt.Errorf("captain sonar options: %v", err)
	}
	rest, _ := json.Marshal(fields)
	rules, err := sonar.ParseOptions(rest)
	if err != nil {
		return Options{}, err
	}
	o.Rules, o.Teaching = rules, s.Teaching
	if s.Crews != nil {
		o.Crews = *s.Crews
	}
	o.Radio = s.Radio
	if o.Radio == "" {
		o.Radio = RadioOff
		if o.Teaching {
			o.Radio = RadioHeat
		}
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
		return fmt.Errorf("radio assist is off, cells or heat, not %q", o.Radio)
	}
	return nil
}

// MarshalJSON writes the flat form ParseOptions reads.
func (o Options) MarshalJSON() ([]byte, error) {
	rules, err := json.Marshal(o.Rules)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(rules, &m); err != nil {
		return nil, err
	}
	m["crews"], _ = json.Marshal(o.Crews)
	m["radio"], _ = json.Marshal(o.Radio)
	m["teaching"], _ = json.Marshal(o.Teaching)
	return json.Marshal(m)
}

// Game is a Captain Sonar match seated at a table. It implements games.Game.
type Game struct {
	opts  Options
	match *sonar.Match
	seats []seat
	// log holds every event in order; each seat sees the ones its crew may.
	log []sonar.Event
	// trackers[c] follows crew c's enemy for crew c's Radio Operator; nil
	// when radio assist is off.
	trackers [2]*radio.Tracker
	// lost[c] is set if the tracker could not follow an announcement, which
	// would mean it disagrees with the engine; the page then says so.
	lost [2]bool
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
	g := &Game{opts: o, match: m, seats: seats}
	if o.Radio != RadioOff {
		ro := radio.Options{SilenceMin: m.Options().SilenceMin, MineOrthogonal: m.Options().MineAdjacency == 4}
		for _, c := range sonar.Crews {
			t, err := radio.New(m.Chart(), ro)
			if err != nil {
				return nil, err
			}
			g.trackers[c] = t
		}
	}
	return g, nil
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

// order is a command as a phone sends it: the engine's command without the
// crew, which the seat decides, and with the role optional.
type order struct {
	Type sonar.CommandType `json:"type"`
	Crew *sonar.Crew       `json:"crew,omitempty"`
	Role *sonar.Role       `json:"role,omitempty"`
}

func refusal(code sonar.Code, format string, args ...any) error {
	return &sonar.RuleError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Apply runs one command from a seat, or the room's start.
func (g *Game) Apply(cmd games.Command) ([]games.Event, error) {
	var c sonar.Command
	switch {
	case cmd.Seat == games.System:
		p, err := sonar.ParseCommand(cmd.Body)
		if err != nil {
			return nil, err
		}
		if p.Type != sonar.TypeStart {
			return nil, refusal(sonar.CodeMalformed, "the room may only start the match")
		}
		c = p
	case cmd.Seat < 0 || cmd.Seat >= len(g.seats):
		return nil, refusal(sonar.CodeRole, "spectators watch: they give no orders")
	default:
		p, err := g.decode(g.seats[cmd.Seat], cmd.Body)
		if err != nil {
			return nil, err
		}
		c = p
	}
	evs, err := g.match.Apply(c)
	if err != nil {
		return nil, err
	}
	g.log = append(g.log, evs...)
	g.track(evs)
	out := make([]games.Event, len(evs))
	for i, e := range evs {
		data, _ := json.Marshal(e)
		re := games.Event{Text: e.Text, Kind: string(e.Kind), Data: data}
		if e.To != nil {
			re.Seats = g.crewSeats(*e.To)
		}
		out[i] = re
	}
	return out, nil
}

// decode reads a phone's order, fills in its crew and the role it acts as.
func (g *Game) decode(s seat, body json.RawMessage) (sonar.Command, error) {
	if len(body) > 4096 {
		return sonar.Command{}, refusal(sonar.CodeMalformed, "command too long")
	}
	var o order
	if err := json.Unmarshal(body, &o); err != nil {
		return sonar.Command{}, refusal(sonar.CodeMalformed, "malformed command: %v", err)
	}
	if o.Type == sonar.TypeStart {
		return sonar.Command{}, refusal(sonar.CodeRole, "only the room starts the match: ask the host")
	}
	if o.Crew != nil && *o.Crew != s.crew {
		return sonar.Command{}, refusal(sonar.CodeRole, "this phone is on the %s crew", s.crew)
	}
	secured := func(r sonar.Role) bool {
		sf := g.match.Crew(s.crew).Surfacing
		if sf == nil {
			return false
		}
		for _, by := range sf.Sections {
			if by != nil && *by == r {
				return true
			}
		}
		return false
	}
	role, err := s.actAs(o.Type, o.Role, secured)
	if err != nil {
		return sonar.Command{}, refusal(sonar.CodeRole, "%s", err.Error())
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil {
		return sonar.Command{}, refusal(sonar.CodeMalformed, "malformed command: %v", err)
	}
	fields["crew"], _ = json.Marshal(s.crew)
	fields["role"], _ = json.Marshal(role)
	full, _ := json.Marshal(fields)
	return sonar.ParseCommand(full)
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
