package rooms

import (
	"fmt"
	"time"

	"periscope/games"
)

// OutcomeAbandoned is the Outcome.Kind of a match that ended because no
// player's phone was connected for Config.AbandonAfter: nobody won, and
// the history shows it as abandoned.
const OutcomeAbandoned = "abandoned"

// errAbandoned is what resume says of a match found abandoned at start: it
// is finished in the store and not brought back.
var errAbandoned = fmt.Errorf("rooms: the match was abandoned while the server was down")

// A match in play is abandoned when no seated phone has been connected to
// it for the hub's abandonAfter (spectators do not keep it going): it is
// finished with OutcomeAbandoned, so it no longer holds memory nor comes
// back on every restart. r.lastPhone is the last time a seated phone was
// seen: the room's start, a seated phone leaving, or, after a restart,
// the last logged command.

// playersOnline reports whether a phone holding a seat is connected.
func (r *Room) playersOnline() bool {
	for _, s := range r.sessions {
		if s.seat != games.Spectator {
			return true
		}
	}
	return false
}

// phoneLeft notes when the last seated phone left.
func (r *Room) phoneLeft(s *Session) {
	if s.seat != games.Spectator {
		r.lastPhone = r.hub.clock.Now()
		r.seatLeft(s.seat)
	}
}

// abandonIfIdle finishes the match in play if no seated phone has been
// connected for abandonAfter, and reports whether it did.
func (r *Room) abandonIfIdle(now time.Time) bool {
	if r.rec.State != StatePlaying || r.hub.abandonAfter <= 0 {
		return false
	}
	if r.playersOnline() {
		r.lastPhone = now
		return false
	}
	idle := now.Sub(r.lastPhone)
	if idle < r.hub.abandonAfter {
		return false
	}
	r.hub.log.Warn("match abandoned: no player's phone connected", "room", r.code, "game", r.def.Name, "idle", idle.Round(time.Minute).String(), "version", r.version)
	r.finish(games.Outcome{Winners: []int{}, Kind: OutcomeAbandoned,
		Reason: fmt.Sprintf("Abandoned: no player's phone was connected for %s", hours(r.hub.abandonAfter))})
	return true
}

// lastActivity is, for a match resumed after a restart, the last time a
// player is known to have been there: its last logged command, else its
// creation.
func lastActivity(s SavedRoom) time.Time {
	at := s.Room.Created
	if n := len(s.Commands); n > 0 && s.Commands[n-1].Time.After(at) {
		at = s.Commands[n-1].Time
	}
	return at
}

// hours says d in words: "4 hours", "90 minutes".
func hours(d time.Duration) string {
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		if d == time.Hour {
			return "an hour"
		}
		return fmt.Sprintf("%d hours", d/time.Hour)
	case d >= time.Minute:
		return fmt.Sprintf("%d minutes", d/time.Minute)
	}
	return d.String()
}
