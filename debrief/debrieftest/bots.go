package debrieftest

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"time"

	"periscope/games"
	"periscope/rooms"
)

// PlayBots plays a whole match of any game that can play its own seats
// (games.Botter), every seat by its bot, and returns it as a room would
// have logged it, the seats held by the given names.
func PlayBots(def games.Definition, code string, options json.RawMessage, names []string, seed uint64, start time.Time) (Match, error) {
	g, err := def.New(options, seed)
	if err != nil {
		return Match{}, err
	}
	b, ok := g.(games.Botter)
	if !ok {
		return Match{}, fmt.Errorf("debrieftest: %s has no bots", def.Name)
	}
	m := Match{Tokens: map[int]string{}}
	m.Saved.Room = rooms.RoomRecord{Code: code, Game: def.Name, Options: options, Seed: seed, Created: start.Add(-time.Minute)}
	for i := range g.Seats() {
		name := fmt.Sprint("Player ", i+1)
		if i < len(names) {
			name = names[i]
		}
		token := fmt.Sprintf("%s-token-%d", code, i)
		h := sha256.Sum256([]byte(token))
		m.Tokens[i] = token
		m.Saved.Seats = append(m.Saved.Seats, rooms.SeatRecord{Room: code, Seat: i, Name: name, TokenHash: h[:], Host: i == 0})
	}
	at := start
	apply := func(seat int, body json.RawMessage) error {
		at = at.Add(5 * time.Second)
		// Every seat is its bot's: logged without a client id, as a room
		// logs its bots' commands.
		if _, err := g.Apply(games.Command{Seat: seat, Body: body, Time: at, Bot: seat >= 0}); err != nil {
			return fmt.Errorf("debrieftest: seat %d %s: %w", seat, body, err)
		}
		m.Saved.Commands = append(m.Saved.Commands, rooms.CommandRecord{Room: code, Version: int64(len(m.Saved.Commands) + 1),
			Seat: seat, Body: body, Time: at})
		return nil
	}
	if err := apply(games.System, games.StartBody); err != nil {
		return Match{}, err
	}
	for steps := 0; g.Outcome() == nil; steps++ {
		if steps > 5000 {
			return Match{}, fmt.Errorf("debrieftest: %s: no end after 5000 commands", def.Name)
		}
		moved := false
		for seat := range g.Seats() {
			if body, ok := b.BotCommand(seat); ok {
				if err := apply(seat, body); err != nil {
					return Match{}, err
				}
				moved = true
				break
			}
		}
		if !moved {
			return Match{}, fmt.Errorf("debrieftest: %s: no bot has a move and the match is not over", def.Name)
		}
	}
	o := *g.Outcome()
	m.Saved.Room.State, m.Saved.Room.Outcome, m.Saved.Room.Finished = rooms.StateFinished, &o, at.Add(time.Second)
	return m, nil
}
