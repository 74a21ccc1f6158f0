package roles_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"testing"
	"time"

	"periscope/games"
	"periscope/roles"
	"periscope/rooms"
)

// botHub is a room runtime on a manual clock, as the server runs it.
// botSeed is the seed of the bot rooms' matches: the test plays one known
// match, not whichever one crypto/rand draws (a few real-time veteran
// matches hunt for hours without a hit).
var botSeed = uint64(envSeed())

func botHub(t *testing.T, store rooms.Store, clock *rooms.ManualClock) *rooms.Hub {
	t.Helper()
	h, err := rooms.NewHub(rooms.Config{Store: store, Games: []games.Definition{roles.Definition}, Clock: clock,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Seeds: func() uint64 { return botSeed }})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func envSeed() int {
	n, err := strconv.Atoi(os.Getenv("PERISCOPE_BOT_SEED"))
	if err != nil {
		return 1
	}
	return n
}

// drain reads a session's frames so the room never drops it.
func drain(s *rooms.Session) {
	go func() {
		for {
			select {
			case <-s.Ready():
				s.Take()
			case <-s.LobbyFrames():
			case <-s.Dropped():
				return
			}
		}
	}()
}

// send gives the room a frame from s's phone.
func send(s *rooms.Session, m map[string]any) {
	b, _ := json.Marshal(m)
	s.Receive(b)
}

// botTable creates a room with opts, sits the host's phone at seat host,
// has it seat bots everywhere else and start the match. It returns the
// room, the host's session and its seat's token.
func botTable(t *testing.T, h *rooms.Hub, opts string, host int) (*rooms.Room, *rooms.Session, string) {
	t.Helper()
	r, err := h.Create("sonar", json.RawMessage(opts))
	if err != nil {
		t.Fatal(err)
	}
	token, err := r.Take(host, "Host")
	if err != nil {
		t.Fatal(err)
	}
	s := r.Connect(1024)
	send(s, map[string]any{"t": "hello", "token": token})
	drain(s)
	for seat := range 8 {
		if seat != host {
			send(s, map[string]any{"t": "host", "id": fmt.Sprint("bot", seat), "action": "bot", "seat": seat})
		}
	}
	send(s, map[string]any{"t": "host", "id": "start", "action": "start"})
	return r, s, token
}

// settled waits until the room's version stops moving (the clock is not
// advanced meanwhile) and returns it with the view a phone of the seat
// token holds is welcomed with.
func settled(t *testing.T, r *rooms.Room, token string) (int64, json.RawMessage) {
	t.Helper()
	v := int64(-1)
	for v != r.Version() {
		v = r.Version()
		time.Sleep(20 * time.Millisecond)
	}
	s := r.Connect(1024)
	defer s.Close()
	hello, _ := json.Marshal(map[string]any{"t": "hello", "token": token})
	s.Receive(hello)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		b, err := s.Next(ctx)
		if err != nil {
			t.Fatal("no welcome")
		}
		var m rooms.Message
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if m.T == rooms.TypeWelcome {
			return v, m.View
		}
	}
}

// advance moves the clock a second at a time until the room is finished
// or the match has run for limit of its own time.
func advance(t *testing.T, h *rooms.Hub, code string, clock *rooms.ManualClock, limit time.Duration) bool {
	t.Helper()
	for start := clock.Now(); clock.Now().Sub(start) < limit; {
		r, err := h.Get(code)
		if err == nil && r.Lobby().State == rooms.StateFinished {
			return true
		}
		clock.Advance(time.Second)
		time.Sleep(200 * time.Microsecond)
	}
	return false
}

// TestRealTimeBotCrewsFinishInTheRoom plays a real-time match in the room
// runtime: the host sits as Blue's Radio Operator (a seat that gives no
// orders) and seats bots everywhere else; the bots play on the room's clock
// through its ticks. Half way the server stops and a new one resumes the
// match from the log, and the bots carry on to the end.
func TestRealTimeBotCrewsFinishInTheRoom(t *testing.T) {
	store := rooms.NewMemoryStore()
	clock := rooms.NewManualClock(time.Date(2026, 3, 14, 20, 0, 0, 0, time.UTC))
	h := botHub(t, store, clock)
	const host = 3 // Blue Radio Operator
	r, _, token := botTable(t, h, `{"mode":"realtime","bot_level":"veteran"}`, host)
	deadline := time.Now().Add(5 * time.Second)
	for r.Lobby().State != rooms.StatePlaying {
		if time.Now().After(deadline) {
			t.Fatalf("the match did not start: %+v", r.Lobby())
		}
		time.Sleep(time.Millisecond)
	}
	if advance(t, h, r.Code(), clock, 40*time.Second) {
		t.Skip("the match ended before the restart")
	}
	mid, before := settled(t, r, token)
	if mid < 20 {
		t.Fatalf("40 seconds of bots played only %d versions", mid)
	}
	h.Close()
	if saved, _ := store.Load(r.Code()); saved.Room.State == rooms.StateFinished {
		t.Skip("the match ended as the server stopped")
	}

	h2 := botHub(t, store, clock)
	defer h2.Close()
	if n, err := h2.Resume(); err != nil || n != 1 {
		t.Fatalf("resume: %d rooms, %v", n, err)
	}
	// The new server rebuilt the same match from the log, bots' clock
	// included: it is at the same version, the bots have nothing more to
	// do at this time, and the host's phone gets the view it had.
	r2, err := h2.Get(r.Code())
	if err != nil {
		t.Fatal(err)
	}
	if v, after := settled(t, r2, token); v != mid || string(after) != string(before) {
		t.Fatalf("after the restart version %d, view\n%s\nbefore it version %d, view\n%s", v, after, mid, before)
	}
	// The resumed bots play on from the log: the match ends, or (the room
	// clock runs ahead of the bots here, and a few veteran duels hunt for
	// hours) at least goes on. That 8 bots finish is the roles tests'.
	if !advance(t, h2, r.Code(), clock, time.Hour) {
		if v := r2.Version(); v < mid+200 {
			t.Fatalf("after the restart the bots played only %d versions in an hour of their time", v-mid)
		}
		return
	}
	if o := r2.Lobby().Outcome; o == nil || r2.Version() <= mid {
		t.Fatalf("outcome %+v at version %d", o, r2.Version())
	}
}
