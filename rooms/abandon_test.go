package rooms_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"periscope/db"
	"periscope/debrief"
	"periscope/rooms"
	"periscope/rooms/roomstest"
)

// TestAbandonedMatchEnds: a match in play whose players' phones are all
// gone for AbandonAfter is finished as abandoned (a spectator does not keep
// it going); the history shows it so, and it leaves memory in time.
func TestAbandonedMatchEnds(t *testing.T) {
	store, err := db.Open(filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	f := newFixture(t, store, func(c *rooms.Config) { c.AbandonAfter = 2 * time.Hour })
	r, tokens := f.room(t, "", 2)
	phones := started(t, r, tokens)
	// Players connected for hours: nothing happens.
	f.clock.Advance(3 * time.Hour)
	f.hub.Sweep()
	if r.Lobby().State != rooms.StatePlaying {
		t.Fatal("a match with its players connected was ended")
	}
	watcher, _ := connect(t, r, "", nil)
	for _, p := range phones {
		p.s.Close()
	}
	waitFor(t, func() bool { l := r.Lobby(); return !l.Seats[0].Online && !l.Seats[1].Online })
	f.clock.Advance(2*time.Hour - time.Minute)
	f.hub.Sweep()
	if r.Lobby().State != rooms.StatePlaying {
		t.Fatal("ended before AbandonAfter")
	}
	f.clock.Advance(time.Minute)
	f.hub.Sweep()
	l := r.Lobby()
	if l.State != rooms.StateFinished || l.Outcome == nil || l.Outcome.Kind != rooms.OutcomeAbandoned ||
		len(l.Outcome.Winners) != 0 || !strings.Contains(l.Outcome.Reason, "no player's phone was connected for 2 hours") {
		t.Fatalf("after 2 hours with no player: %s %+v", l.State, l.Outcome)
	}
	watcher.quiet()
	page, err := store.History(db.HistoryQuery{Limit: 10})
	if err != nil || page.Total != 1 || page.Matches[0].Outcome == nil || page.Matches[0].Outcome.Kind != rooms.OutcomeAbandoned {
		t.Fatalf("the history: %+v, %v", page, err)
	}
	if open, _ := store.Unfinished(); len(open) != 0 {
		t.Fatalf("%d rooms would resume at the next start", len(open))
	}
	// Nobody drew it either: the debrief and the stats say abandoned.
	saved, err := store.Load(r.Code())
	if err != nil {
		t.Fatal(err)
	}
	sum, err := debrief.Summarize(roomstest.Race, saved)
	if err != nil || len(sum.Sides) == 0 || sum.Sides[0].Result != debrief.Abandoned {
		t.Fatalf("the debrief: %+v, %v", sum.Sides, err)
	}
	st, err := store.Stats()
	if err != nil || st.Matches != 1 || st.Games[0].Draws != 0 {
		t.Fatalf("the stats count an abandoned match as a draw: %+v, %v", st, err)
	}
}

// TestAbandonedMatchIsNotResumed: a match nobody played for AbandonAfter
// before a restart is finished as abandoned at the start, not resumed
// (it came back on every restart, forever); one played lately resumes.
func TestAbandonedMatchIsNotResumed(t *testing.T) {
	store := rooms.NewMemoryStore()
	f := newFixture(t, store)
	old, tokens := f.room(t, "", 2)
	phones := started(t, old, tokens)
	mustAck(t, phones[phones[0].view.Turn].add("a", 1))
	f.clock.Advance(3 * time.Hour)
	recent, tokens := f.room(t, "", 2)
	started(t, recent, tokens)
	f.hub.Close()

	g := newFixture(t, store) // the default: 4 hours
	g.clock.Advance(4*time.Hour + time.Minute)
	n, err := g.hub.Resume()
	if err != nil || n != 1 {
		t.Fatalf("Resume = %d, %v; want the recent match alone", n, err)
	}
	if _, err := g.hub.Get(old.Code()); rooms.ErrorCode(err) != rooms.CodeNotFound {
		t.Fatalf("the abandoned match is in memory: %v", err)
	}
	saved, err := store.Load(old.Code())
	if err != nil || saved.Room.State != rooms.StateFinished || saved.Room.Outcome == nil || saved.Room.Outcome.Kind != rooms.OutcomeAbandoned {
		t.Fatalf("the abandoned match is stored as %s %+v (%v)", saved.Room.State, saved.Room.Outcome, err)
	}
	if r, err := g.hub.Get(recent.Code()); err != nil || r.Lobby().State != rooms.StatePlaying {
		t.Fatalf("the recent match did not resume: %v", err)
	}
	// Nothing is left to resume at the next start but the recent match.
	if open, _ := store.Unfinished(); len(open) != 1 || open[0].Room.Code != recent.Code() {
		t.Fatalf("unfinished after the start: %d", len(open))
	}
}
