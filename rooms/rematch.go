package rooms

import (
	"errors"
	"fmt"
	"slices"

	"periscope/games"
)

// Rematch is a new room opened for the people of a finished match: the
// same game and options, every seat already held by the same phone (the
// seat keeps its token hash, so the phone's token opens the new seat) or
// by a bot, ready for the host to start.
type Rematch struct {
	From string `json:"from"`
	Code string `json:"code"`
	// Seats maps each seat of the old match to the seat the same person
	// holds in the new one (the same seat, or the other side's when the
	// sides were swapped).
	Seats   map[int]int `json:"seats"`
	Swapped bool        `json:"swapped,omitempty"`
}

// RematchOf returns the rematch of the finished match code, if one was
// opened.
func (h *Hub) RematchOf(code string) (Rematch, error) {
	c, ok := NormalizeCode(code)
	if !ok {
		return Rematch{}, errorf(CodeNotFound, "no room with code %q", code)
	}
	h.rematchMu.Lock()
	defer h.rematchMu.Unlock()
	if m, ok := h.rematches[c]; ok {
		return m, nil
	}
	// Opened before a restart: the store keeps it with the room.
	s, err := h.store.Load(c)
	if err == nil && s.Room.Rematch != nil {
		h.rematches[c] = *s.Room.Rematch
		return *s.Room.Rematch, nil
	}
	if err != nil {
		if _, gone := h.Get(c); gone != nil {
			// Neither stored nor live: no rematch can come.
			return Rematch{}, &Error{Code: CodeNotFound, Message: fmt.Sprintf("no room with code %q", code), Err: err}
		}
	}
	return Rematch{}, &Error{Code: CodeNotFound, Message: fmt.Sprintf("nobody has asked for a rematch of room %s yet", c), Err: ErrNoRematchYet}
}

// ErrNoRematchYet is wrapped by RematchOf's error for a room whose rematch
// may still come: nobody has asked for it yet.
var ErrNoRematchYet = errors.New("no rematch yet")

// Rematch opens the rematch of the finished match code for a player who
// held a seat in it (token). With swap, every person moves to the seat of
// the same place on the next side (sides of equal size only). A second
// call returns the rematch already opened, whoever asks.
func (h *Hub) Rematch(code, token string, swap bool) (Rematch, error) {
	c, ok := NormalizeCode(code)
	if !ok {
		return Rematch{}, errorf(CodeNotFound, "no room with code %q", code)
	}
	s, err := h.store.Load(c)
	if err != nil {
		return Rematch{}, &Error{Code: CodeNotFound, Message: fmt.Sprintf("no room with code %q", code), Err: err}
	}
	if s.Room.State != StateFinished {
		return Rematch{}, errorf(CodeConflict, "room %s is not over yet: a rematch follows the end of the match", c)
	}
	if !slices.ContainsFunc(s.Seats, func(st SeatRecord) bool { return sameHash(st.TokenHash, hashToken(token)) }) {
		return Rematch{}, errorf(CodeForbidden, "only a player of room %s can ask for its rematch", c)
	}
	// One rematch per match, even when the whole table taps at once.
	h.rematchMu.Lock()
	defer h.rematchMu.Unlock()
	if m, ok := h.rematches[c]; ok {
		return m, nil
	}
	if s.Room.Rematch != nil { // opened before a restart
		h.rematches[c] = *s.Room.Rematch
		return *s.Room.Rematch, nil
	}
	def, ok := h.games[s.Room.Game]
	if !ok {
		return Rematch{}, errorf(CodeNotFound, "game %q is not on this server", s.Room.Game)
	}
	seed := h.seeds()
	g, err := def.New(s.Room.Options, seed)
	if err != nil {
		return Rematch{}, &Error{Code: CodeInternal, Message: "the rematch could not be set up", Err: err}
	}
	to, err := seatMap(g.Seats(), swap)
	if err != nil {
		return Rematch{}, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return Rematch{}, errClosed
	}
	next := h.freeCode()
	rec := RoomRecord{Code: next, Game: s.Room.Game, Options: s.Room.Options, Seed: seed, State: StateWaiting, Created: h.clock.Now()}
	m := Rematch{From: c, Code: next, Seats: map[int]int{}, Swapped: swap}
	var seats []SeatRecord
	for _, st := range s.Seats {
		if st.Seat < 0 || st.Seat >= len(to) || (len(st.TokenHash) == 0 && !st.Bot) {
			continue
		}
		m.Seats[st.Seat] = to[st.Seat]
		st.Room, st.Seat = next, to[st.Seat]
		seats = append(seats, st)
	}
	if err := h.store.CreateRoom(rec); err != nil {
		return Rematch{}, &Error{Code: CodeInternal, Message: "the server could not save the rematch", Err: err}
	}
	if err := h.store.PutSeats(seats...); err != nil {
		return Rematch{}, &Error{Code: CodeInternal, Message: "the server could not seat the rematch", Err: err}
	}
	if err := h.store.SetRematch(c, m); err != nil {
		// The new room stands and this server remembers it; only a
		// restart would forget the link.
		h.log.Error("could not save the rematch link", "room", c, "rematch", next, "err", err)
	}
	r := newRoom(h, def, rec, g, seats)
	h.rooms[next] = r
	go r.run()
	h.rematches[c] = m
	return m, nil
}

// seatMap is where each seat's person sits in the rematch: the same seat,
// or with swap the seat at the same place on the next side.
func seatMap(specs []games.SeatSpec, swap bool) ([]int, error) {
	to := make([]int, len(specs))
	for i := range to {
		to[i] = i
	}
	if !swap {
		return to, nil
	}
	var teams []int
	byTeam := map[int][]int{}
	for i, sp := range specs {
		if _, ok := byTeam[sp.Team]; !ok {
			teams = append(teams, sp.Team)
		}
		byTeam[sp.Team] = append(byTeam[sp.Team], i)
	}
	if len(teams) < 2 {
		return nil, errorf(CodeConflict, "this match has one side: there are no sides to swap")
	}
	for k, t := range teams {
		next := byTeam[teams[(k+1)%len(teams)]]
		if len(next) != len(byTeam[t]) {
			return nil, errorf(CodeConflict, "the sides have different numbers of seats, so they cannot swap: move seats in the new room instead")
		}
		for j, seat := range byTeam[t] {
			to[seat] = next[j]
		}
	}
	return to, nil
}
