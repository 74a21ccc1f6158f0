package rooms_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"periscope/games"
	"periscope/rooms"
	"periscope/rooms/roomstest"
)

var epoch = time.Date(2026, 3, 14, 20, 0, 0, 0, time.UTC)

type fixture struct {
	hub   *rooms.Hub
	store rooms.Store
	clock *rooms.ManualClock
}

func newFixture(t *testing.T, store rooms.Store, tweak ...func(*rooms.Config)) *fixture {
	t.Helper()
	if store == nil {
		store = rooms.NewMemoryStore()
	}
	f := &fixture{store: store, clock: rooms.NewManualClock(epoch)}
	cfg := rooms.Config{Store: store, Games: []games.Definition{roomstest.Race}, Clock: f.clock,
		Log: slog.New(slog.NewTextHandler(testLog{t}, nil))}
	for _, tw := range tweak {
		tw(&cfg)
	}
	h, err := rooms.NewHub(cfg)
	if err != nil {
		t.Fatal(err)
	}
	f.hub = h
	t.Cleanup(h.Close)
	return f
}

// room creates a race with the given options and seats n players.
func (f *fixture) room(t *testing.T, options string, n int) (*rooms.Room, []string) {
	t.Helper()
	r, err := f.hub.Create("race", json.RawMessage(options))
	if err != nil {
		t.Fatal(err)
	}
	tokens := make([]string, n)
	for i := range tokens {
		if tokens[i], err = r.Take(i, fmt.Sprintf("P%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	return r, tokens
}

// phone drives one Session as a phone would.
type phone struct {
	t    *testing.T
	s    *rooms.Session
	seat int
	v    int64
	view roomstest.RaceView
	raw  []byte // the view as the phone holds it, patches applied
	// updates collects the update messages read so far.
	updates []rooms.Message
}

func connect(t *testing.T, r *rooms.Room, token string, last *int64) (*phone, rooms.Message) {
	t.Helper()
	p := &phone{t: t, s: r.Connect(64)}
	t.Cleanup(p.s.Close)
	hello := map[string]any{"t": "hello"}
	if token != "" {
		hello["token"] = token
	}
	if last != nil {
		hello["v"] = *last
	}
	p.send(hello)
	m := p.expect(rooms.TypeWelcome)
	p.seat = *m.Seat
	return p, m
}

func (p *phone) send(msg any) {
	p.t.Helper()
	b, err := json.Marshal(msg)
	if err != nil {
		p.t.Fatal(err)
	}
	p.s.Receive(b)
}

// next returns the next message that is not a lobby change.
func (p *phone) next() rooms.Message {
	p.t.Helper()
	for {
		m, ok := p.read(2 * time.Second)
		if !ok {
			p.t.Fatal("no message within 2s")
		}
		if m.T != rooms.TypeRoom {
			return m
		}
	}
}

// frameWithin is s's next frame, or an error after d or once s is dropped
// with nothing left to read.
func frameWithin(s *rooms.Session, d time.Duration) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	go func() {
		select {
		case <-s.Dropped():
			if s.Queued() == 0 {
				cancel()
			}
		case <-ctx.Done():
		}
	}()
	return s.Next(ctx)
}

// isDropped reports whether the room let go of s.
func isDropped(s *rooms.Session) bool {
	select {
	case <-s.Dropped():
		return true
	default:
		return false
	}
}

// mustFrame is s's next frame; the test fails after 5 s without one.
func mustFrame(t *testing.T, s *rooms.Session) []byte {
	t.Helper()
	b, err := frameWithin(s, 5*time.Second)
	if err != nil {
		t.Fatalf("no frame: %v", err)
	}
	return b
}

// read returns the next message of any type, or false after d.
func (p *phone) read(d time.Duration) (rooms.Message, bool) {
	p.t.Helper()
	b, err := frameWithin(p.s, d)
	switch {
	case err == nil:
		var m rooms.Message
		if err := json.Unmarshal(b, &m); err != nil {
			p.t.Fatalf("bad frame %s: %v", b, err)
		}
		if m.T == rooms.TypeUpdate && m.Base != nil && *m.Base != p.v {
			p.t.Fatalf("update v%d patches the view of v%d, but this phone holds v%d", m.V, *m.Base, p.v)
		}
		if m.T == rooms.TypeUpdate || m.T == rooms.TypeWelcome {
			p.v = m.V // acks carry their command's version, which may be older
		}
		if len(m.Patch) > 0 {
			raw, err := rooms.ApplyPatch(p.raw, m.Patch)
			if err != nil {
				p.t.Fatalf("patch %s does not apply to %s: %v", m.Patch, p.raw, err)
			}
			p.raw = raw
		} else if len(m.View) > 0 {
			p.raw = m.View
		}
		if len(m.Patch) > 0 || len(m.View) > 0 {
			p.view = roomstest.RaceView{}
			if err := json.Unmarshal(p.raw, &p.view); err != nil {
				p.t.Fatal(err)
			}
		}
		if m.T == rooms.TypeUpdate {
			p.updates = append(p.updates, m)
		}
		return m, true
	default:
		return rooms.Message{}, false
	}
}

func (p *phone) expect(typ string) rooms.Message {
	p.t.Helper()
	m := p.next()
	if m.T != typ {
		p.t.Fatalf("got %s %+v, want %s", m.T, m, typ)
	}
	return m
}

// quiet asserts nothing but lobby changes arrive for a moment.
func (p *phone) quiet() {
	p.t.Helper()
	for {
		m, ok := p.read(50 * time.Millisecond)
		if !ok {
			return
		}
		if m.T != rooms.TypeRoom {
			p.t.Fatalf("unexpected %s %+v", m.T, m)
		}
	}
}

// do sends a cmd or host message and returns its ack or error, reading the
// updates before it.
func (p *phone) do(msg map[string]any) rooms.Message {
	p.t.Helper()
	p.send(msg)
	for {
		m := p.next()
		if (m.T == rooms.TypeAck || m.T == rooms.TypeError) && m.ID == msg["id"] {
			return m
		}
		if m.T != rooms.TypeUpdate && m.T != rooms.TypeWelcome {
			p.t.Fatalf("unexpected %s %+v", m.T, m)
		}
	}
}

func (p *phone) add(id string, n int) rooms.Message {
	p.t.Helper()
	return p.do(map[string]any{"t": "cmd", "id": id, "cmd": map[string]any{"type": "add", "n": n}})
}

func (p *phone) host(id, action string, extra ...any) rooms.Message {
	p.t.Helper()
	msg := map[string]any{"t": "host", "id": id, "action": action}
	for i := 0; i+1 < len(extra); i += 2 {
		msg[extra[i].(string)] = extra[i+1]
	}
	return p.do(msg)
}

func mustAck(t *testing.T, m rooms.Message) {
	t.Helper()
	if m.T != rooms.TypeAck {
		t.Fatalf("got %s %q (%s), want ack", m.T, m.Message, m.Code)
	}
}

func mustError(t *testing.T, m rooms.Message, code, text string) {
	t.Helper()
	if m.T != rooms.TypeError || m.Code != code || (text != "" && !strings.Contains(m.Message, text)) {
		t.Fatalf("got %s %s %q, want error %s mentioning %q", m.T, m.Code, m.Message, code, text)
	}
}

func ptr[T any](v T) *T { return &v }

// started connects every token, starts the match from seat 0 and returns
// the phones after everyone has seen version 1.
func started(t *testing.T, r *rooms.Room, tokens []string) []*phone {
	t.Helper()
	phones := make([]*phone, len(tokens))
	for i, tok := range tokens {
		phones[i], _ = connect(t, r, tok, nil)
	}
	mustAck(t, phones[0].host("start", rooms.ActionStart))
	for _, p := range phones[1:] {
		if m := p.expect(rooms.TypeUpdate); m.V != 1 {
			t.Fatalf("start is version %d", m.V)
		}
	}
	return phones
}

// testLog sends the rooms' log lines to the test's log.
type testLog struct{ t *testing.T }

func (l testLog) Write(b []byte) (int, error) {
	l.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}
