package main

import (
	"encoding/json"
	"fmt"
	"time"

	"periscope/games"
)

// start is the clock of every match: a fixed time, so the same flags give
// the same matches. Each command moves it on a millisecond, as a room's
// bots answer at once; when nobody can act it jumps to the game's deadline.
var start = time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)

// result is one played match.
type result struct {
	// Winners are the winning teams; empty for a draw or an unfinished match.
	Winners []int
	// Unfinished says why the match has no outcome: the command cap, nobody
	// able to act, a refused bot command. "" for a finished match.
	Unfinished string
	// Commands counts every command applied, the room's included.
	Commands int
	// Rounds is the round (or turn) the spectator's view showed last; -1
	// where the view shows none.
	Rounds int
	// End is how the match ended: Outcome.Kind, else its Reason.
	End string
	// First is the team that took the first turn, -1 if unknown;
	// FirstByStarter says the game told it (games.Starter), not the first
	// seat that acted.
	First          int
	FirstByStarter bool
	// Leveled is false when the game's bot has one strength (no
	// games.LeveledBotter): every seat played BotCommand.
	Leveled bool
}

// play runs one match of def with options and seed, every seat played by
// the game's bot at the level its team is given, as a room whose seats are
// all bots would run it: the room's start first, then every seat in turn
// asked for a command until none has one, then the clock's tick if the
// game has a deadline. At most limit commands are applied.
func play(def games.Definition, options json.RawMessage, seed uint64, level func(team int) string, limit int) (r result) {
	r.First, r.Rounds = -1, -1
	g, err := def.New(options, seed)
	if err != nil {
		r.Unfinished = fmt.Sprintf("cannot start: %v", err)
		return r
	}
	seats := g.Seats()
	leveled, isLeveled := g.(games.LeveledBotter)
	botter, isBotter := g.(games.Botter)
	clocked, isClocked := g.(games.Clocked)
	r.Leveled = isLeveled
	if !isLeveled && !isBotter {
		r.Unfinished = "the game has no bot"
		return r
	}
	now := start
	apply := func(seat int, body json.RawMessage) error {
		_, err := g.Apply(games.Command{Seat: seat, Body: body, Time: now, Bot: seat != games.System})
		r.Commands++
		now = now.Add(time.Millisecond)
		if err == nil && seat != games.System && r.First < 0 {
			r.First = seats[seat].Team
		}
		return err
	}
	ask := func(seat int) (json.RawMessage, bool) {
		if isLeveled {
			return leveled.BotCommandAt(seat, level(seats[seat].Team))
		}
		return botter.BotCommand(seat)
	}
	if err := apply(games.System, games.StartBody); err != nil {
		r.Unfinished = fmt.Sprintf("the room's start was refused: %v", err)
		return r
	}
	tick := func() error {
		r.Commands++
		_, err := g.Apply(games.Command{Seat: games.System, Body: games.TickBody, Time: now})
		return err
	}
	for g.Outcome() == nil {
		if r.Commands >= limit {
			r.Unfinished = fmt.Sprintf("still playing after %d commands (the cap)", limit)
			return r
		}
		// The room's timer: a deadline that has passed is ticked first.
		if isClocked {
			if at, ok := clocked.Deadline(); ok && !now.Before(at) {
				if err := tick(); err != nil {
					r.Unfinished = fmt.Sprintf("the room's tick was refused: %v", err)
					return r
				}
				continue
			}
		}
		moved := false
		for seat := range seats {
			if g.Outcome() != nil {
				break
			}
			if r.Commands >= limit {
				r.Unfinished = fmt.Sprintf("still playing after %d commands (the cap)", limit)
				return r
			}
			body, ok := ask(seat)
			if !ok {
				continue
			}
			if err := apply(seat, body); err != nil {
				r.Unfinished = fmt.Sprintf("the bot of seat %d gave %s, refused: %v", seat, body, err)
				return r
			}
			moved = true
		}
		if moved || g.Outcome() != nil {
			continue
		}
		// Nobody has anything to do: the room waits for its clock.
		at, ok := time.Time{}, false
		if isClocked {
			at, ok = clocked.Deadline()
		}
		if !ok {
			r.Unfinished = fmt.Sprintf("nobody can act after %d commands, and no clock runs", r.Commands)
			return r
		}
		if at.After(now) {
			now = at
		}
		if err := tick(); err != nil {
			r.Unfinished = fmt.Sprintf("the room's tick was refused: %v", err)
			return r
		}
	}
	o := g.Outcome()
	r.Winners = o.Winners
	r.End = o.Kind
	if r.End == "" {
		r.End = o.Reason
	}
	if s, ok := g.(games.Starter); ok {
		if team, ok := s.FirstTeam(); ok {
			r.First, r.FirstByStarter = team, true
		}
	}
	r.Rounds = rounds(g.View(games.Spectator))
	return r
}

// rounds reads the round, or else the turn number, from a view, -1 if it
// shows neither.
func rounds(view any) int {
	b, err := json.Marshal(view)
	if err != nil {
		return -1
	}
	var v struct {
		Round      *int `json:"round"`
		TurnNumber *int `json:"turn_number"`
	}
	if json.Unmarshal(b, &v) != nil {
		return -1
	}
	switch {
	case v.Round != nil:
		return *v.Round
	case v.TurnNumber != nil:
		return *v.TurnNumber
	}
	return -1
}
