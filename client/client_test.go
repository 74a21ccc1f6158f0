package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"testing"
	"time"

	"periscope/client"
	"periscope/games"
	"periscope/rooms"
	"periscope/rooms/roomstest"
	"periscope/server"
)

// serve starts a server with the Race game on loopback and returns its
// address and a function that stops it.
func serve() (string, func()) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	hub, err := rooms.NewHub(rooms.Config{Store: rooms.NewMemoryStore(), Games: []games.Definition{roomstest.Race}, Log: quiet})
	if err != nil {
		panic(err)
	}
	srv := server.New(server.Config{Hub: hub, Log: quiet})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go srv.Serve(ln)
	return "http://" + ln.Addr().String(), func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		hub.Close()
	}
}

func Example() {
	base, stop := serve()
	defer stop()
	ctx := context.Background()
	api := client.API{Base: base}

	room, _ := api.Create(ctx, "race", map[string]int{"seats": 1, "target": 3})
	token, _ := api.Take(ctx, room.Code, 0, "Ana")
	conn, _ := client.Dial(ctx, base, room.Code, token, -1)
	defer conn.Close()

	_ = conn.Host(ctx, rooms.ActionStart)
	v, _ := conn.Do(ctx, map[string]any{"type": "add", "n": 3})
	for conn.Version() < v {
		conn.Next(ctx)
	}
	var view roomstest.RaceView
	_ = conn.ViewAs(&view)
	fmt.Printf("v%d: total %d, winner seat %d\n", v, *view.Mine, *view.Winner)
	// Output: v2: total 3, winner seat 0
}

func setup(t *testing.T, seats int) (string, client.API, string, []string) {
	t.Helper()
	return setupRace(t, map[string]int{"seats": seats, "target": 50})
}

// setupRace serves a race of the given options and seats a player on
// each of its seats.
func setupRace(t *testing.T, options map[string]int) (string, client.API, string, []string) {
	t.Helper()
	base, stop := serve()
	t.Cleanup(stop)
	api := client.API{Base: base}
	ctx := context.Background()
	seats := options["seats"]
	l, err := api.Create(ctx, "race", options)
	if err != nil {
		t.Fatal(err)
	}
	tokens := make([]string, seats)
	for i := range tokens {
		if tokens[i], err = api.Take(ctx, l.Code, i, fmt.Sprint("P", i)); err != nil {
			t.Fatal(err)
		}
	}
	return base, api, l.Code, tokens
}

// dial opens a phone on the room, by Dial or DialLean, for the test's
// life.
func dial(ctx context.Context, t *testing.T, open func(ctx context.Context, base, code, token string, lastVersion int64) (*client.Conn, error), base, code, token string) *client.Conn {
	t.Helper()
	c, err := open(ctx, base, code, token, -1)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestConnFollowsTheMatch(t *testing.T) {
	base, _, code, tokens := setup(t, 1)
	ctx := ctxT(t)
	c := dial(ctx, t, client.Dial, base, code, tokens[0])
	if c.Seat() != 0 || c.Version() != 0 || c.Lobby().Code != code || c.Lobby().State != rooms.StateWaiting {
		t.Fatalf("after dial: seat %d v%d lobby %+v", c.Seat(), c.Version(), c.Lobby())
	}
	if err := c.Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	id, err := c.Send(map[string]any{"type": "add", "n": 2})
	if err != nil {
		t.Fatal(err)
	}
	// Next yields every message in order: the start's update, the host
	// ack, then this command's update and ack; the lobby change comes
	// whenever its paced frame goes out.
	var seen []string
	for {
		m, err := c.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, m.T)
		if m.T == rooms.TypeAck && m.ID == id {
			if m.V != 2 {
				t.Fatalf("ack of v%d", m.V)
			}
			break
		}
	}
	for c.Lobby().State != rooms.StatePlaying {
		m, err := c.Next(ctx)
		if err != nil {
			t.Fatalf("no lobby frame says playing after %v: %v", seen, err)
		}
		seen = append(seen, m.T)
	}
	if c.Version() != 2 {
		t.Fatalf("v%d after %v", c.Version(), seen)
	}
	var v roomstest.RaceView
	if err := c.ViewAs(&v); err != nil || *v.Mine != 2 {
		t.Fatalf("view %+v %v", v, err)
	}
	if c.Pending() != 0 {
		t.Fatalf("%d messages left", c.Pending())
	}
}

func TestErrors(t *testing.T) {
	base, api, code, tokens := setup(t, 2)
	ctx := ctxT(t)
	c := dial(ctx, t, client.Dial, base, code, tokens[1])
	_, err := c.Do(ctx, map[string]any{"type": "add", "n": 1})
	var e *client.Error
	if !errors.As(err, &e) || e.Code != rooms.CodeConflict || e.Status != 0 || e.ID == "" {
		t.Fatalf("command before the start: %#v", err)
	}
	if err := c.Host(ctx, rooms.ActionFree, 0); !errors.As(err, &e) || e.Code != rooms.CodeForbidden {
		t.Fatalf("guest frees a seat: %v", err)
	}
	if _, err := api.Take(ctx, code, 0, "Again"); !errors.As(err, &e) || e.Status != 409 || e.Code != rooms.CodeConflict {
		t.Fatalf("seat taken twice: %v", err)
	}
	if _, err := api.Room(ctx, "QQQQQ"); !errors.As(err, &e) || e.Status != 404 {
		t.Fatalf("no room: %v", err)
	}
	_, err = client.Dial(ctx, base, code, "stolen", -1)
	if !errors.As(err, &e) || e.Code != rooms.CodeUnauthorized {
		t.Fatalf("bad token: %v", err)
	}
	if err.Error() == "" {
		t.Fatal("the bad token's error has no text")
	}
}

func TestHostMovesAndBots(t *testing.T) {
	base, api, code, tokens := setup(t, 3)
	ctx := ctxT(t)
	host := dial(ctx, t, client.Dial, base, code, tokens[0])
	guest := dial(ctx, t, client.Dial, base, code, tokens[1])
	if err := host.Host(ctx, rooms.ActionFree, 2); err != nil {
		t.Fatal(err)
	}
	if err := host.Host(ctx, rooms.ActionMove, 1, 2); err != nil {
		t.Fatal(err)
	}
	for guest.Seat() != 2 {
		if _, err := guest.Next(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := host.Host(ctx, rooms.ActionBot, 1); err != nil {
		t.Fatal(err)
	}
	l, err := api.Room(ctx, code)
	if err != nil || !l.Seats[1].Bot || l.Seats[2].Name != "P1" {
		t.Fatalf("lobby %+v %v", l.Seats, err)
	}
}

func TestReconnectAndClose(t *testing.T) {
	base, _, code, tokens := setup(t, 2)
	ctx := ctxT(t)
	a, _ := client.Dial(ctx, base, code, tokens[0], -1)
	b, _ := client.Dial(ctx, base, code, tokens[1], -1)
	defer b.Close()
	if err := a.Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	for a.Version() < 1 || b.Version() < 1 {
		select {
		case <-time.After(time.Millisecond):
		case <-ctx.Done():
			t.Fatal("no start")
		}
	}
	a, err := a.Reconnect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if w := a.Welcome(); w.V != 1 || w.Gap || len(w.Events) != 0 {
		t.Fatalf("welcome after reconnect %+v", w)
	}
	a.Drain()
	a.Close()
	select {
	case <-a.Done():
	case <-ctx.Done():
		t.Fatal("Close did not end the connection")
	}
	if _, err := a.Next(ctx); !errors.Is(err, client.ErrClosed) {
		t.Fatalf("Next after Close: %v", err)
	}
	if _, err := a.Do(ctx, map[string]any{"type": "add", "n": 1}); !errors.Is(err, client.ErrClosed) {
		t.Fatalf("Do after Close: %v", err)
	}
}

// A lean conn patches its decoded view in place; after every update it
// reads the same view as a conn that keeps the text.
func TestLeanConnReadsTheSameView(t *testing.T) {
	// Padded views, so that updates are patches, not whole views.
	base, _, code, tokens := setupRace(t, map[string]int{"seats": 1, "target": 50, "pad": 400})
	ctx := ctxT(t)
	full := dial(ctx, t, client.Dial, base, code, tokens[0])
	lean := dial(ctx, t, client.DialLean, base, code, tokens[0])
	if err := full.Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	patched, total := 0, 0
	for i := 1; i <= 6; i++ {
		v, err := full.Do(ctx, map[string]any{"type": "add", "n": 1 + i%3})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []*client.Conn{full, lean} {
			// Read every message the conn has, and on until it holds v (its
			// reader may have taken v in before this loop looks).
			for c.Version() < v || c.Pending() > 0 {
				m, err := c.Next(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if c == lean && len(m.Patch) > 0 && len(m.View) > 0 {
					t.Fatalf("a lean conn's update carries the view: %s", m.View)
				}
				if c == lean && len(m.Patch) > 0 {
					patched++
				}
			}
		}
		// A part of the patched view: the members asked for, and no more.
		var part map[string]json.RawMessage
		if err := json.Unmarshal(lean.ViewPart("mine"), &part); err != nil {
			t.Fatal(err)
		}
		if len(part) != 1 || string(part["mine"]) != fmt.Sprint(total+1+i%3) {
			t.Fatalf("after %d adds: the lean conn's part %v", i, part)
		}
		var a, b roomstest.RaceView
		if err := full.ViewAs(&a); err != nil {
			t.Fatal(err)
		}
		if err := lean.ViewAs(&b); err != nil {
			t.Fatal(err)
		}
		if total += 1 + i%3; *a.Mine != *b.Mine || *a.Mine != total {
			t.Fatalf("after %d adds: full conn reads %d, lean %d", i, *a.Mine, *b.Mine)
		}
	}
	if patched == 0 {
		t.Fatal("no update was a patch: the test saw no patching")
	}
}
