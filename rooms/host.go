package rooms

// The host's actions: start, free, move and bot seats.

import (
	"strings"

	"periscope/games"
)

// hostAction runs start, free, move or bot for the host. Before the start
// the host arranges the whole table; once the match is in play a seat
// holds its side's secrets, so the host acts only on seats of their own
// side, and never hands a seat to the other side.
func (r *Room) hostAction(s *Session, req Request) error {
	if !r.seats[s.seat].Host {
		return errorf(CodeForbidden, "only the host can %s", req.Action).ruled(RuleHostOnly)
	}
	if r.rec.State == StateFinished {
		return errorf(CodeConflict, "the match is over").ruled(RuleMatchOver)
	}
	switch req.Action {
	case ActionStart:
		return r.start()
	case ActionFree:
		if err := r.ownSide(s.seat, *req.Seat); err != nil {
			return err
		}
		return r.freeSeat(s, *req.Seat)
	case ActionMove:
		if err := r.ownSide(s.seat, *req.From); err != nil {
			return err
		}
		if err := r.ownSide(s.seat, *req.To); err != nil {
			return err
		}
		return r.move(*req.From, *req.To)
	case ActionBot:
		if err := r.ownSide(s.seat, *req.Seat); err != nil {
			return err
		}
		return r.addBot(*req.Seat)
	}
	return errorf(CodeBadRequest, "unknown host action %q", req.Action)
}

// ownSide refuses, once the match is in play, a host action on a seat of
// another side than the host's.
func (r *Room) ownSide(host, seat int) error {
	if err := r.checkSeat(seat); err != nil {
		return err
	}
	if r.rec.State == StatePlaying && r.specs[seat].Team != r.specs[host].Team {
		return errorf(CodeForbidden, "the match has started: the host may change only seats of their own side, and seat %d (%s) is on the other side", seat, r.specs[seat].Label).ruled(RuleOtherSide)
	}
	return nil
}

// start begins the match once every seat is taken or played by a bot. The
// start command is logged before the state changes, so a crash in between
// still resumes as playing.
func (r *Room) start() error {
	if r.rec.State != StateWaiting {
		return errorf(CodeConflict, "the match has already started")
	}
	var empty []string
	for i := range r.seats {
		if r.free(i) {
			empty = append(empty, r.specs[i].Label)
		}
	}
	if len(empty) > 0 {
		bots := ""
		if _, ok := r.game.(games.Botter); ok {
			bots = " or a bot"
		}
		return errorf(CodeConflict, "every seat needs a player%s before the start; still empty: %s", bots, strings.Join(empty, ", "))
	}
	r.rec.State = StatePlaying
	if err := r.apply(games.System, "", games.StartBody); err != nil {
		r.rec.State = StateWaiting
		return err
	}
	// Every seat's feed starts with the match, phones or not, so that a
	// seat's first phone is welcomed at the last version the seat learnt
	// something at, not at the room's (see catchUp).
	for seat := games.Spectator; seat < len(r.seats); seat++ {
		if r.feeds[seat] == nil {
			r.feeds[seat] = &feed{}
			r.feeds[seat].reset(r.version, r.view(seat))
		}
	}
	if err := r.hub.store.SetState(r.code, StatePlaying); err != nil {
		r.hub.log.Error("could not record the start; a restart will resume it from the log", "room", r.code, "err", err)
	}
	if r.rec.State == StatePlaying {
		r.lobbyChanged()
	}
	r.settle()
	return nil
}

func (r *Room) freeSeat(s *Session, seat int) error {
	if seat == s.seat {
		return errorf(CodeConflict, "the host cannot free their own seat; move to another seat first")
	}
	if r.free(seat) {
		return errorf(CodeConflict, "seat %d (%s) is already free", seat, r.specs[seat].Label)
	}
	wasBot := r.seats[seat].Bot
	freed := SeatRecord{Room: r.code, Seat: seat}
	if err := r.hub.store.PutSeats(freed); err != nil {
		return r.internal("free seat", err)
	}
	r.seats[seat] = freed
	r.dropSeat(seat, errorf(CodeUnauthorized, "the host freed your seat"))
	r.lobbyChanged()
	if _, ok := r.game.(games.SeatWatcher); ok && wasBot && r.rec.State == StatePlaying {
		// The game hears, in its log, that its bot no longer plays the
		// seat (a bot Radio Operator's reports to its crew stop).
		if err := r.apply(games.System, "", games.SeatFreedBody(seat)); err != nil {
			r.hub.log.Error("the game refused the freed seat's notice", "room", r.code, "seat", seat, "err", err)
		}
	}
	return nil
}

// dropSeat disconnects every phone of seat, telling it why.
func (r *Room) dropSeat(seat int, why error) {
	frame := r.errorFrame("", why)
	kept := r.sessions[:0]
	for _, x := range r.sessions {
		if x.seat == seat {
			x.push(frame)
			x.drop()
			continue
		}
		kept = append(kept, x)
	}
	clear(r.sessions[len(kept):])
	r.sessions = kept
}

// move hands a player (and their token) to another free seat, in one
// write: a crash never leaves them in two seats. Their phones follow: each
// gets a fresh welcome for the new seat.
func (r *Room) move(from, to int) error {
	if r.free(from) || r.seats[from].Bot {
		return errorf(CodeConflict, "no player sits in seat %d (%s)", from, r.specs[from].Label)
	}
	if !r.free(to) {
		return errorf(CodeConflict, "seat %d (%s) is taken", to, r.specs[to].Label)
	}
	moved := r.seats[from]
	moved.Seat = to
	freed := SeatRecord{Room: r.code, Seat: from}
	if err := r.hub.store.PutSeats(moved, freed); err != nil {
		return r.internal("move seat", err)
	}
	r.seats[to], r.seats[from] = moved, freed
	var phones []*Session
	kept := r.sessions[:0]
	for _, x := range r.sessions {
		if x.seat == from {
			phones = append(phones, x)
			continue
		}
		kept = append(kept, x)
	}
	clear(r.sessions[len(kept):])
	r.sessions = kept
	for _, x := range phones {
		r.join(x, to, nil)
	}
	r.lobbyChanged()
	return nil
}

func (r *Room) addBot(seat int) error {
	if _, ok := r.game.(games.Botter); !ok {
		return errorf(CodeConflict, "%s has no bots", r.def.Title)
	}
	if !r.free(seat) {
		return errorf(CodeConflict, "seat %d (%s) is taken", seat, r.specs[seat].Label)
	}
	rec := SeatRecord{Room: r.code, Seat: seat, Name: "Bot", Bot: true}
	if err := r.hub.store.PutSeats(rec); err != nil {
		return r.internal("add bot", err)
	}
	r.seats[seat] = rec
	r.lobbyChanged()
	r.settle()
	return nil
}
