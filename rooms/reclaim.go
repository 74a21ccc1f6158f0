package rooms

import (
	"time"
)

// A claim on a seat of the match in play is answered by a player of the
// seat's own side. When the seat's phone is gone, that side may have no
// one left to answer (a 1-against-1 match, or a side whose other phones
// died too) and the seat would be lost for the match. So once the seat's
// phones have all been silent for the hub's reclaimAfter, the host may
// answer too, whatever the side; and when no host is connected, any player
// may, once the seat has been silent for reclaimAnyAfter. While a phone of
// the seat is connected, only its side answers: the seat's secrets are
// never handed to the other side over a live player's head.
const (
	// RuleReclaimWait: the seat's phone left too recently for anyone but
	// its side to answer a claim on it.
	RuleReclaimWait = "reclaim_wait"
	// RuleReclaimHost: the seat's phone is gone, and only the host (who is
	// connected) answers a claim on it for the other side.
	RuleReclaimHost = "reclaim_host"
)

// reclaimState is when the room came into memory (a seat no phone has
// opened since is silent from then) and when each seat's last phone left.
type reclaimState struct {
	since time.Time
	left  map[int]time.Time
}

// seatLeft notes that a phone of seat left.
func (r *Room) seatLeft(seat int) {
	if r.reclaim.left == nil {
		r.reclaim.left = make(map[int]time.Time)
	}
	r.reclaim.left[seat] = r.hub.clock.Now()
}

// online reports whether a phone holding seat is connected.
func (r *Room) online(seat int) bool {
	for _, s := range r.sessions {
		if s.seat == seat {
			return true
		}
	}
	return false
}

// silentFor is how long no phone of seat has been connected; false while
// one is.
func (r *Room) silentFor(seat int) (time.Duration, bool) {
	if r.online(seat) {
		return 0, false
	}
	at := r.reclaim.since
	if left, ok := r.reclaim.left[seat]; ok && left.After(at) {
		at = left
	}
	return r.hub.clock.Now().Sub(at), true
}

// mayAnswer says whether the player of s may answer a claim on seat.
func (r *Room) mayAnswer(s *Session, seat int) error {
	if r.specs[seat].Team == r.specs[s.seat].Team {
		return nil
	}
	side := r.sideText(seat)
	silent, ok := r.silentFor(seat)
	if !ok {
		return errorf(CodeForbidden, "only a player of the side of seat %d (%s) can answer this claim while its phone is connected", seat, side).ruled(RuleOtherSide)
	}
	if silent < r.hub.reclaimAfter {
		return errorf(CodeForbidden, "seat %d (%s) lost its phone only %s ago: until it has been silent for %s only its side (%s) can answer; ask again in %d s",
			seat, r.specs[seat].Label, seconds(silent), seconds(r.hub.reclaimAfter), side, waitSeconds(r.hub.reclaimAfter-silent)).ruled(RuleReclaimWait)
	}
	if r.seats[s.seat].Host {
		return nil
	}
	if h := r.host(); h >= 0 && h != seat && r.online(h) {
		return errorf(CodeForbidden, "seat %d (%s) has lost its phone: the host, %s, can let a phone into it", seat, r.specs[seat].Label, r.seats[h].Name).ruled(RuleReclaimHost)
	}
	if silent < r.hub.reclaimAnyAfter {
		return errorf(CodeForbidden, "no host is connected: any player can let a phone into seat %d (%s) once it has been silent for %s; ask again in %d s",
			seat, r.specs[seat].Label, seconds(r.hub.reclaimAnyAfter), waitSeconds(r.hub.reclaimAnyAfter-silent)).ruled(RuleReclaimWait)
	}
	return nil
}

// seconds says a duration in whole seconds or minutes.
func seconds(d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		if d == time.Minute {
			return "a minute"
		}
		return hours(d)
	}
	return d.Round(time.Second).String()
}

func waitSeconds(d time.Duration) int { return int((d + time.Second - 1) / time.Second) }
