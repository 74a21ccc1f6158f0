package rooms

import (
	"encoding/json"
	"fmt"

	"periscope/games"
)

// Replayer steps through a finished match held in memory: a MoveTo forward
// applies one logged command per version, a MoveTo back replays from the
// start. Hub.Replay rebuilds the match for every call; a caller that
// answers many requests for one match (the server's replay endpoint)
// keeps a Replayer instead. A Replayer is not safe for concurrent use.
type Replayer struct {
	def    games.Definition
	rec    RoomRecord
	log    []CommandRecord
	game   games.Game
	v      int64
	events []games.Event // of version v
}

// OpenReplay loads a finished match for stepping, at version 0. Unfinished
// matches are refused: their secrets are still in play.
func (h *Hub) OpenReplay(code string) (*Replayer, error) {
	c, ok := NormalizeCode(code)
	if !ok {
		return nil, errorf(CodeNotFound, "no room with code %q", code)
	}
	s, err := h.store.Load(c)
	if err != nil {
		return nil, &Error{Code: CodeNotFound, Message: fmt.Sprintf("no room with code %q", code), Err: err}
	}
	if s.Room.State != StateFinished {
		return nil, errorf(CodeForbidden, "room %s is still playing: replays open when the match is over", c)
	}
	def, ok := h.games[s.Room.Game]
	if !ok {
		return nil, errorf(CodeNotFound, "game %q is not on this server", s.Room.Game)
	}
	p := &Replayer{def: def, rec: s.Room, log: s.Commands}
	if err := p.rewind(); err != nil {
		return nil, err
	}
	return p, nil
}

// Code is the match's join code.
func (p *Replayer) Code() string { return p.rec.Code }

// Last is the match's final version.
func (p *Replayer) Last() int64 { return int64(len(p.log)) }

// Version is the version the replayer stands at.
func (p *Replayer) Version() int64 { return p.v }

func (p *Replayer) rewind() error {
	g, err := p.def.New(p.rec.Options, p.rec.Seed)
	if err != nil {
		return &Error{Code: CodeInternal, Message: "this match no longer replays", Err: err}
	}
	p.game, p.v, p.events = g, 0, nil
	return nil
}

// MoveTo moves to version v (0 to Last).
func (p *Replayer) MoveTo(v int64) error {
	if v < 0 || v > p.Last() {
		return errorf(CodeNotFound, "room %s has versions 0 to %d", p.rec.Code, p.Last())
	}
	if v < p.v || p.game == nil {
		if err := p.rewind(); err != nil {
			return err
		}
	}
	for p.v < v {
		c := p.log[p.v]
		if c.Version != p.v+1 {
			return &Error{Code: CodeInternal, Message: "this match no longer replays",
				Err: fmt.Errorf("room %s: log row %d has version %d", p.rec.Code, p.v+1, c.Version)}
		}
		events, err := p.game.Apply(c.Command())
		if err != nil {
			// The game is now between versions: start over next time.
			p.game = nil
			return &Error{Code: CodeInternal, Message: "this match no longer replays",
				Err: fmt.Errorf("room %s: logged command v%d is refused on replay: %w", p.rec.Code, c.Version, err)}
		}
		p.v, p.events = c.Version, events
	}
	return nil
}

// Snapshot is the match at the current version as seat (or Spectator) saw
// it: the view, and the events of this version that seat saw.
func (p *Replayer) Snapshot(seat int) (Snapshot, error) {
	if p.game == nil {
		return Snapshot{}, errorf(CodeInternal, "this match no longer replays")
	}
	if seat < games.Spectator || seat >= len(p.game.Seats()) {
		return Snapshot{}, errorf(CodeNotFound, "room %s has no seat %d", p.rec.Code, seat)
	}
	snap := Snapshot{Code: p.rec.Code, Game: p.rec.Game, Seat: seat, V: p.v, Last: p.Last(), Outcome: p.rec.Outcome}
	snap.Events = appendVisible(nil, p.v, p.events, seat)
	view, err := json.Marshal(p.game.View(seat))
	if err != nil {
		return Snapshot{}, &Error{Code: CodeInternal, Message: "the view does not encode", Err: err}
	}
	snap.View = view
	return snap, nil
}
