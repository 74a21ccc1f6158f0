package rooms

// Claims: a phone asking for a seat of a match in play, and the answer.

import (
	"slices"
	"time"

	"periscope/games"
)

// maxClaims bounds the claims waiting in one room: a script cannot fill a
// side's phones with requests.
const maxClaims = 8

// claimPause is how long a phone (and its address) whose claim was refused
// waits before asking again: a script cannot keep a request over a side's
// game pages.
const claimPause = time.Minute

// claim is a phone asking for a seat of a match in play.
type claim struct {
	id   string
	seat int
	name string
	by   *Session
}

// claim records a phone's request for a seat of the match in play: the
// way back for a player whose phone died, or a move to another device.
// Only a player of the seat's own side can grant it.
func (r *Room) claim(s *Session, seat int, name, id string) error {
	if err := r.checkSeat(seat); err != nil {
		return err
	}
	switch r.rec.State {
	case StateWaiting:
		return errorf(CodeConflict, "the match has not started: take a free seat from the lobby")
	case StateFinished:
		return errorf(CodeConflict, "the match is over").ruled(RuleMatchOver)
	}
	if s.seat != games.Spectator {
		return errorf(CodeConflict, "this phone already plays seat %d (%s)", s.seat, r.specs[s.seat].Label)
	}
	if wait, whose := r.claimWait(s); wait > 0 {
		return errorf(CodeConflict, "a player of that side refused %s last claim: ask again in %d s", whose, int((wait+time.Second-1)/time.Second))
	}
	for _, c := range r.claims {
		if c.by == s {
			return errorf(CodeConflict, "this phone already asked for seat %d (%s): wait for the answer", c.seat, r.specs[c.seat].Label)
		}
		if s.addr != "" && c.by.addr == s.addr {
			return errorf(CodeConflict, "another phone at this address already asks for seat %d (%s): one claim at a time per address", c.seat, r.specs[c.seat].Label)
		}
	}
	if len(r.claims) >= maxClaims {
		return errorf(CodeConflict, "%d phones are already asking for seats in room %s: try again once they are answered", len(r.claims), r.code)
	}
	if name == "" {
		name = r.seats[seat].Name
	}
	name, err := cleanName(name)
	if err != nil {
		return err
	}
	if err := r.nameTaken(name, seat); err != nil {
		return err
	}
	r.claims = append(r.claims, &claim{id: newClaimID(), seat: seat, name: name, by: s})
	r.lobbyChanged()
	return nil
}

// claimWait is how long s must wait before it claims again (claimPause
// after a refusal of its own claim or, from an address, of one from that
// address), and whose claim was refused: "this phone's" or "this
// address's". It forgets refusals that no longer hold anyone back.
func (r *Room) claimWait(s *Session) (time.Duration, string) {
	now := r.hub.clock.Now()
	for a, at := range r.refused {
		if now.Sub(at) >= claimPause {
			delete(r.refused, a)
		}
	}
	last, whose := s.refusedAt, "this phone's"
	if at, ok := r.refused[s.addr]; ok && at.After(last) { // "" is never recorded
		last, whose = at, "this address's"
	}
	if last.IsZero() {
		return 0, ""
	}
	return claimPause - now.Sub(last), whose
}

// grant answers a claim for a player of the claimed seat's side. Allowed,
// the claimant's phone gets the seat with a new token, and the seat's old
// phones are let go: the old token dies.
func (r *Room) grant(s *Session, reqID, id string, allow bool) error {
	i := slices.IndexFunc(r.claims, func(c *claim) bool { return c.id == id })
	if i < 0 {
		return errorf(CodeNotFound, "no claim %q is waiting (it was answered, or its phone left)", id)
	}
	c := r.claims[i]
	if err := r.mayAnswer(s, c.seat); err != nil {
		return err
	}
	if allow && !c.by.canTake(2) {
		// The asking phone is gone or not reading: a new token sent to it
		// would be lost while the seat's old one dies, leaving the seat to
		// nobody.
		r.claims = slices.Delete(r.claims, i, i+1)
		c.by.drop()
		r.lobbyChanged()
		return errorf(CodeNotFound, "the phone that asked for seat %d (%s) is no longer connected: nothing changed", c.seat, r.specs[c.seat].Label)
	}
	if !allow {
		r.claims = slices.Delete(r.claims, i, i+1)
		c.by.refusedAt = r.hub.clock.Now()
		if c.by.addr != "" {
			if r.refused == nil {
				r.refused = make(map[string]time.Time)
			}
			r.refused[c.by.addr] = c.by.refusedAt
		}
		c.by.push(r.errorFrame("", errorf(CodeForbidden, "%s did not let this phone take seat %d (%s)", r.seats[s.seat].Name, c.seat, r.specs[c.seat].Label)))
		r.lobbyChanged()
		return nil
	}
	granter := r.seats[s.seat].Name // before the seat, maybe the granter's own, changes hands
	token := newToken()
	rec := SeatRecord{Room: r.code, Seat: c.seat, Name: c.name, TokenHash: hashToken(token), Host: r.seats[c.seat].Host}
	if err := r.hub.store.PutSeats(rec); err != nil {
		return r.internal("grant claim", err)
	}
	r.claims = slices.Delete(r.claims, i, i+1)
	r.seats[c.seat] = rec
	if s.seat == c.seat {
		// The seat's own phone handed it on (the same player's new
		// phone): it hears its answer before it is let go with the rest.
		s.push(encode(Message{T: TypeAck, V: r.public.Load(), ID: reqID}))
	}
	r.dropSeat(c.seat, errorf(CodeUnauthorized, "your seat moved to another phone: %s let it in", granter))
	seat := c.seat
	c.by.push(encode(Message{T: TypeSeat, V: r.public.Load(), Seat: &seat, Token: token}))
	for j, x := range r.sessions {
		if x == c.by {
			r.sessions = slices.Delete(r.sessions, j, j+1)
			r.join(x, seat, nil)
			break
		}
	}
	r.lobbyChanged()
	return nil
}
