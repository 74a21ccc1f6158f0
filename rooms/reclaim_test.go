package rooms_test

import (
	"testing"
	"time"

	"periscope/rooms"
)

// die closes a seat's phone and waits until the lobby shows it offline.
func die(t *testing.T, r *rooms.Room, p *phone) {
	t.Helper()
	p.s.Close()
	waitFor(t, func() bool { return !r.Lobby().Seats[p.seat].Online })
}

// claimOf has a new phone claim seat under the seat's own name and
// returns the phone and the claim's id.
func claimOf(t *testing.T, r *rooms.Room, seat int) (*phone, string) {
	t.Helper()
	p, _ := connect(t, r, "", nil)
	mustAck(t, p.do(map[string]any{"t": "claim", "id": "c", "seat": seat}))
	for _, c := range r.Lobby().Claims {
		if c.Seat == seat {
			return p, c.ID
		}
	}
	t.Fatalf("no claim on seat %d", seat)
	return nil, ""
}

func grant(p *phone, id, claim string) rooms.Message {
	return p.do(map[string]any{"t": "grant", "id": id, "claim": claim, "allow": true})
}

func mustRule(t *testing.T, m rooms.Message, rule, text string) {
	t.Helper()
	mustError(t, m, rooms.CodeForbidden, text)
	if m.Rule != rule {
		t.Fatalf("refusal %q names rule %q, want %s", m.Message, m.Rule, rule)
	}
}

// welcomed checks the claiming phone got the seat.
func welcomed(t *testing.T, p *phone, seat int) {
	t.Helper()
	if m := p.expect(rooms.TypeSeat); m.Seat == nil || *m.Seat != seat || m.Token == "" {
		t.Fatalf("seat message %+v", m)
	}
	if w := p.expect(rooms.TypeWelcome); *w.Seat != seat {
		t.Fatalf("welcomed in seat %d", *w.Seat)
	}
}

// TestDeadSeatIsReclaimedOneAgainstOne: in a 1-against-1 match nobody of
// the dead seat's side is left to let a new phone in (the match was stuck).
// Once the seat has been silent for ReclaimAfter the host may; when the
// host's own phone died, the other player may after ReclaimAnyAfter.
func TestDeadSeatIsReclaimedOneAgainstOne(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, "", 2)
	phones := started(t, r, tokens)
	die(t, r, phones[1])
	back, id := claimOf(t, r, 1)
	mustRule(t, grant(phones[0], "g1", id), rooms.RuleReclaimWait, "ask again in 120 s")
	f.clock.Advance(2 * time.Minute)
	mustAck(t, grant(phones[0], "g2", id))
	welcomed(t, back, 1)
	if l := r.Lobby(); l.Seats[1].Name != "P1" || !l.Seats[1].Online {
		t.Fatalf("seat 1 after the reclaim: %+v", l.Seats[1])
	}

	// Now the host's phone dies: the other player waits the longer time.
	die(t, r, phones[0])
	host, id := claimOf(t, r, 0)
	f.clock.Advance(2 * time.Minute)
	mustRule(t, grant(back, "g3", id), rooms.RuleReclaimWait, "no host is connected: any player can let a phone into seat 0")
	f.clock.Advance(8 * time.Minute)
	mustAck(t, grant(back, "g4", id))
	welcomed(t, host, 0)
	if l := r.Lobby(); !l.Seats[0].Host {
		t.Fatal("the reclaimed host seat is no longer the host")
	}
}

// TestDeadSeatOfTheOtherSideWaitsForTheHost: with the host connected, a
// dead seat of the other side is the host's to reclaim; a phone of the seat
// that is still connected keeps the seat to its side.
func TestDeadSeatOfTheOtherSideWaitsForTheHost(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, twoSides, 4)
	phones := started(t, r, tokens)
	die(t, r, phones[1])
	die(t, r, phones[3])
	spare, _ := connect(t, r, tokens[3], nil) // seat 3 comes back on its own
	back, id := claimOf(t, r, 1)
	f.clock.Advance(3 * time.Minute)
	mustRule(t, grant(phones[2], "g1", id), rooms.RuleReclaimHost, "the host, P0, can let a phone into it")
	mustAck(t, grant(phones[0], "g2", id))
	welcomed(t, back, 1)

	// Seat 3 has its phone: the other side never answers for it.
	_, id = claimOf(t, r, 3)
	f.clock.Advance(time.Hour)
	mustRule(t, grant(phones[0], "g3", id), rooms.RuleOtherSide, "while its phone is connected")
	_ = spare
}
