package roomstest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"time"

	"periscope/games"
)

// Race is a game for tests. Seats take turns adding 1 to 3 to their own
// secret total; the first to reach the target wins. Who starts is rolled
// from the seed. With a clock, a seat that lets its turn time out loses it.
// Every seat has a bot.
var Race = games.Definition{Name: "race", Title: "Race", New: NewRace}

// RaceOptions configures a Race.
type RaceOptions struct {
	Seats  int `json:"seats"`  // 1 to 8, default 2
	Target int `json:"target"` // total to reach; default 10; 0 with Endless
	// Clock is the seconds a seat has for its turn; 0 means no clock.
	Clock int `json:"clock"`
	// Hog races never end and the last seat keeps every turn after the
	// first move: its bot never stops, which tests the bound on bot loops.
	Hog bool `json:"hog"`
	// Pad adds that many bytes to every view, to give messages the size of
	// a real game's (benchmarks) or to fill a slow phone's buffers (tests).
	Pad int `json:"pad"`
	// Churn changes the padding with every move, so that every update
	// carries all of it (a slow phone's buffers fill fast).
	Churn bool `json:"churn"`
	// Buggy races panic on the command {"type":"panic"}, after changing
	// their state: a test that one bad rule cannot take a server down.
	Buggy bool `json:"buggy"`
	// Teams groups the seats into that many sides (seat i on side i %
	// Teams); 0 gives every seat its own side.
	Teams int `json:"teams"`
	// Appender races write their views themselves (games.ViewAppender),
	// into the buffers the room hands back, as Captain Sonar does.
	Appender bool `json:"appender"`
}

// RaceView is what one seat sees.
type RaceView struct {
	Started bool   `json:"started"`
	Turn    int    `json:"turn"`
	Moves   int    `json:"moves"`
	Mine    *int   `json:"mine,omitempty"` // the seat's own total; nil for spectators
	Winner  *int   `json:"winner,omitempty"`
	Totals  []int  `json:"totals,omitempty"` // everyone's, only once the race is over
	Pad     string `json:"pad,omitempty"`
	// Notes counts the seat's own private notes ({"type":"note"}): a
	// command that tells the other seats nothing.
	Notes int `json:"notes,omitempty"`
}

type race struct {
	opt      RaceOptions
	pads     [2]string // the padding of even and odd moves
	rng      *rand.Rand
	started  bool
	turn     int
	moves    int
	totals   []int
	notes    []int
	deadline time.Time
	outcome  *games.Outcome
}

// NewRace is Race.New.
func NewRace(options json.RawMessage, seed uint64) (games.Game, error) {
	opt := RaceOptions{Seats: 2, Target: 10}
	if len(options) > 0 {
		dec := json.NewDecoder(bytes.NewReader(options))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&opt); err != nil {
			return nil, fmt.Errorf("race options: %v", err)
		}
	}
	if opt.Seats < 1 || opt.Seats > 8 {
		return nil, fmt.Errorf("a race has 1 to 8 seats, not %d", opt.Seats)
	}
	if opt.Pad < 0 || opt.Pad > 1<<20 {
		return nil, errors.New("pad is 0 to 1 MiB")
	}
	if opt.Teams < 0 || opt.Teams > opt.Seats {
		return nil, fmt.Errorf("teams is 0 to %d", opt.Seats)
	}
	if opt.Target < 1 && !opt.Hog {
		return nil, errors.New("the target must be at least 1")
	}
	g := &race{opt: opt, pads: [2]string{strings.Repeat(".", opt.Pad), strings.Repeat(":", opt.Pad)}, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), totals: make([]int, opt.Seats), notes: make([]int, opt.Seats)}
	if opt.Appender {
		return &appendingRace{g}, nil
	}
	return g, nil
}

// appendingRace is a race that implements games.ViewAppender.
type appendingRace struct{ *race }

// AppendView appends the view's JSON to dst, as json.Marshal writes it.
func (g *appendingRace) AppendView(dst []byte, seat int) ([]byte, error) {
	b, err := json.Marshal(g.View(seat))
	return append(dst, b...), err
}

func (g *race) Seats() []games.SeatSpec {
	out := make([]games.SeatSpec, g.opt.Seats)
	for i := range out {
		team := i
		if g.opt.Teams > 0 {
			team = i % g.opt.Teams
		}
		out[i] = games.SeatSpec{Team: team, Label: fmt.Sprintf("Runner %d", i+1), Roles: []string{"runner"}}
	}
	return out
}

type raceCommand struct {
	Type string `json:"type"`
	N    int    `json:"n"`
}

func (g *race) Apply(cmd games.Command) ([]games.Event, error) {
	var c raceCommand
	if err := json.Unmarshal(cmd.Body, &c); err != nil {
		return nil, games.Refuse("malformed", "not a race command: %v", err)
	}
	if g.outcome != nil {
		return nil, games.Refuse("match_over", "the race is over")
	}
	switch c.Type {
	case "start":
		if cmd.Seat != games.System || g.started {
			return nil, games.Refuse("room_starts", "only the room starts a race, once")
		}
		g.started = true
		g.turn = g.rng.IntN(g.opt.Seats)
		g.arm(cmd.Time)
		return []games.Event{{Text: fmt.Sprintf("Runner %d starts", g.turn+1), Kind: "start"}}, nil
	case "tick":
		if cmd.Seat != games.System {
			return nil, games.Refuse("room_ticks", "only the room clock ticks")
		}
		if !g.clocked() || cmd.Time.Before(g.deadline) {
			return nil, games.Refuse("not_due", "the turn has time left")
		}
		skipped := g.turn
		g.next(cmd.Time)
		return []games.Event{{Text: fmt.Sprintf("Runner %d ran out of time", skipped+1), Kind: "timeout"}}, nil
	case "panic":
		if g.opt.Buggy {
			g.totals[0] += 100
			panic("roomstest: a buggy rule")
		}
	case "note":
		if !g.started || cmd.Seat < 0 || cmd.Seat >= len(g.notes) {
			return nil, games.Refuse("runners_note", "only a runner notes, once the race is on")
		}
		g.notes[cmd.Seat]++
		return []games.Event{{Text: "You took a note", Kind: "note", Seats: []int{cmd.Seat}}}, nil
	case "add":
		if !g.started {
			return nil, games.Refuse("not_started", "the race has not started")
		}
		if cmd.Seat != g.turn {
			return nil, games.Refuse("not_your_turn", "it is Runner %d's turn", g.turn+1)
		}
		if c.N < 1 || c.N > 3 {
			return nil, games.Refuse("add_range", "add 1 to 3, not %d", c.N)
		}
		seat := g.turn
		g.totals[seat] += c.N
		g.moves++
		events := []games.Event{
			{Text: fmt.Sprintf("Runner %d moved", seat+1), Kind: "move"},
			{Text: fmt.Sprintf("You added %d: your total is %d", c.N, g.totals[seat]), Kind: "total", Seats: []int{seat}},
		}
		if !g.opt.Hog && g.totals[seat] >= g.opt.Target {
			g.outcome = &games.Outcome{Winners: []int{seat}, Reason: fmt.Sprintf("Runner %d reached %d", seat+1, g.opt.Target)}
			events = append(events, games.Event{Text: g.outcome.Reason, Kind: "win"})
			return events, nil
		}
		g.next(cmd.Time)
		return events, nil
	}
	return nil, games.Refuse("malformed", "unknown race command %q", c.Type)
}

func (g *race) next(now time.Time) {
	g.turn = (g.turn + 1) % g.opt.Seats
	if g.opt.Hog && g.moves > 0 {
		g.turn = g.opt.Seats - 1
	}
	g.arm(now)
}

func (g *race) clocked() bool { return g.opt.Clock > 0 }

func (g *race) arm(now time.Time) {
	if g.clocked() {
		g.deadline = now.Add(time.Duration(g.opt.Clock) * time.Second)
	}
}

// ViewPanics makes that many next calls of a race's View panic: a rule
// that breaks while the room builds the phones' views, once the command
// is on its way to the log. Tests set it; it is no part of a match.
var ViewPanics atomic.Int32

func (g *race) View(seat int) any {
	if ViewPanics.Load() > 0 && ViewPanics.Add(-1) >= 0 {
		panic("roomstest: a buggy view")
	}
	v := RaceView{Started: g.started, Turn: g.turn, Moves: g.moves, Pad: g.pads[0]}
	if g.opt.Churn {
		v.Pad = g.pads[g.moves%2]
	}
	if seat >= 0 && seat < len(g.totals) {
		mine := g.totals[seat]
		v.Mine = &mine
		v.Notes = g.notes[seat]
	}
	if g.outcome != nil {
		w := g.outcome.Winners[0]
		v.Winner = &w
		v.Totals = append([]int(nil), g.totals...)
	}
	return v
}

func (g *race) Outcome() *games.Outcome { return g.outcome }

// Deadline makes Race a games.Clocked game when it has a clock.
func (g *race) Deadline() (time.Time, bool) {
	if !g.clocked() || !g.started || g.outcome != nil {
		return time.Time{}, false
	}
	return g.deadline, true
}

// BotCommand plays the seat whose turn it is: always 2.
func (g *race) BotCommand(seat int) (json.RawMessage, bool) {
	if !g.started || g.outcome != nil || seat != g.turn {
		return nil, false
	}
	return json.RawMessage(`{"type":"add","n":2}`), true
}
