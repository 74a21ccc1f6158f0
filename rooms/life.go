package rooms

// Sessions leaving, the lobby's paced snapshots, and the room's expiry and eviction.

import (
	"slices"
	"time"

	"periscope/games"
)

func (r *Room) removeSession(s *Session) {
	for i, x := range r.sessions {
		if x == s {
			r.sessions = slices.Delete(r.sessions, i, i+1)
			r.phoneLeft(s)
			r.lobbyChanged()
			break
		}
	}
	for i, c := range r.claims {
		if c.by == s {
			r.claims = slices.Delete(r.claims, i, i+1)
			r.lobbyChanged()
			break
		}
	}
}

// lobbyChanged publishes the lobby for the HTTP API at once, and sends it
// to the phones soon: see scheduleLobby.
func (r *Room) lobbyChanged() {
	r.publishLobby()
	r.lobbyDirty = true
}

// scheduleLobby sends the lobby now if none went out within LobbyEvery,
// else arms a timer for then: a burst of joins and leaves becomes one frame.
func (r *Room) scheduleLobby() {
	// Pacing frames is transport, not game: it runs on wall time whatever
	// clock the games see.
	wait := time.Until(r.lobbySent.Add(r.hub.lobbyEvery))
	if wait <= 0 {
		r.flushLobby()
		return
	}
	r.lobbyTimer, r.lobbyStop = WallClock{}.After(wait)
}

// flushLobby sends the current lobby to every phone through its lobby
// slot, which keeps only the newest: lobby traffic never fills the queue
// that carries a player's updates.
func (r *Room) flushLobby() {
	if !r.lobbyDirty {
		return
	}
	r.lobbyDirty = false
	r.lobbySent = time.Now()
	l := r.Lobby()
	frame := encode(Message{T: TypeRoom, V: l.Version, Room: &l})
	for _, s := range r.sessions {
		s.pushLobby(frame)
	}
}

func (r *Room) publishLobby() {
	online := make(map[int]bool)
	spectators := 0
	for _, s := range r.sessions {
		online[s.seat] = true
		if s.seat == games.Spectator {
			spectators++
		}
	}
	l := &Lobby{Spectators: spectators, Code: r.code, Game: r.def.Name, Title: r.def.Title, State: r.rec.State, Created: r.rec.Created, Outcome: r.rec.Outcome, Options: r.rec.Options}
	l.Seats = make([]LobbySeat, len(r.seats))
	for i, s := range r.seats {
		spec := r.specs[i]
		l.Seats[i] = LobbySeat{Seat: i, Team: spec.Team, Label: spec.Label, Roles: spec.Roles, Name: s.Name,
			Taken: len(s.TokenHash) > 0, Bot: s.Bot, Host: s.Host && len(s.TokenHash) > 0, Online: online[i]}
	}
	for _, c := range r.claims {
		l.Claims = append(l.Claims, LobbyClaim{ID: c.id, Seat: c.seat, Name: c.name})
	}
	if at, ok := r.expiry(); ok {
		l.Expires = &at
	}
	r.lobby.Store(l)
}

// expiry is when a waiting room closes: WaitingTTL after its creation
// while nobody has taken a seat, StartTTL after it if the match never
// starts (its players went home).
func (r *Room) expiry() (time.Time, bool) {
	if r.rec.State != StateWaiting {
		return time.Time{}, false
	}
	ttl := r.hub.startTTL
	if r.empty() {
		ttl = r.hub.waitingTTL
	}
	if ttl <= 0 {
		return time.Time{}, false
	}
	return r.rec.Created.Add(ttl), true
}

// empty reports whether no seat has a player or a bot.
func (r *Room) empty() bool {
	for i := range r.seats {
		if !r.free(i) {
			return false
		}
	}
	return true
}

// sweep runs on the room goroutine when the hub tidies up: a finished room
// leaves memory once its phones are gone (its log and result stay in the
// store), and a waiting room expires (see expiry).
func (r *Room) sweep(now time.Time) {
	switch r.rec.State {
	case StatePlaying:
		r.abandonIfIdle(now)
	case StateFinished:
		idle := now.Sub(r.rec.Finished)
		if idle < r.hub.finishedTTL || (len(r.sessions) > 0 && idle < 6*r.hub.finishedTTL) {
			return
		}
		r.evict(errorf(CodeNotFound, "the match in room %s is over and the room has closed", r.code))
	case StateWaiting:
		if at, ok := r.expiry(); ok && !now.Before(at) {
			if err := r.hub.store.Expire(r.code, now); err != nil {
				r.hub.log.Error("could not record the expiry; the room stays", "room", r.code, "err", err)
				return
			}
			why := errorf(CodeNotFound, "room %s expired: nobody took a seat", r.code)
			if !r.empty() {
				why = errorf(CodeNotFound, "room %s expired: its match never started", r.code)
			}
			r.rec.State = StateExpired
			r.evict(why)
		}
	}
}

// evict lets the phones go, leaves the hub and stops the room goroutine.
func (r *Room) evict(why error) {
	r.shutdown(why)
	r.hub.forget(r)
	r.evicted = true
}
