package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/fasthttp/websocket"

	"periscope/client"
	"periscope/db"
	"periscope/games"
	"periscope/rooms"
	"periscope/rooms/roomstest"
	"periscope/server"
	"periscope/server/servertest"
)

type env struct {
	base string
	api  client.API
	hub  *rooms.Hub
	srv  *server.Server
}

func start(t *testing.T, store rooms.Store, tweak ...func(*server.Config)) *env {
	t.Helper()
	if store == nil {
		store = rooms.NewMemoryStore()
	}
	logger := slog.New(slog.NewTextHandler(testLog{t}, nil))
	hub, err := rooms.NewHub(rooms.Config{Store: store, Games: []games.Definition{roomstest.Race}, Log: logger})
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Hub: hub, Log: logger, Origins: []string{"http://periscope.local:8080"}}
	for _, tw := range tweak {
		tw(&cfg)
	}
	srv, base := servertest.Serve(t, cfg)
	return &env{base: base, api: client.API{Base: base}, hub: hub, srv: srv}
}

type testLog struct{ t *testing.T }

func (l testLog) Write(b []byte) (int, error) {
	l.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// table creates a race and seats n players; seat 0 hosts.
func (e *env) table(t *testing.T, options any, n int) (string, []*client.Conn, []string) {
	t.Helper()
	ctx := ctxT(t)
	l, err := e.api.Create(ctx, "race", options)
	if err != nil {
		t.Fatal(err)
	}
	conns := make([]*client.Conn, n)
	tokens := make([]string, n)
	for i := range n {
		if tokens[i], err = e.api.Take(ctx, l.Code, i, fmt.Sprint("P", i)); err != nil {
			t.Fatal(err)
		}
		if conns[i], err = client.Dial(ctx, e.base, l.Code, tokens[i], -1); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conns[i].Close() })
	}
	return l.Code, conns, tokens
}

func view(t *testing.T, c *client.Conn) roomstest.RaceView {
	t.Helper()
	var v roomstest.RaceView
	if err := c.ViewAs(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// await reads c's messages until its version reaches v.
func await(t *testing.T, c *client.Conn, v int64) {
	t.Helper()
	ctx := ctxT(t)
	for c.Version() < v {
		if _, err := c.Next(ctx); err != nil {
			t.Fatalf("waiting for v%d at v%d: %v", v, c.Version(), err)
		}
	}
}

func add(n int) map[string]any { return map[string]any{"type": "add", "n": n} }

// play makes the seat on turn add n and everyone catch up.
func play(t *testing.T, conns []*client.Conn, n int) int64 {
	t.Helper()
	turn := view(t, conns[0]).Turn
	v, err := conns[turn].Do(ctxT(t), add(n))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range conns {
		await(t, c, v)
	}
	return v
}

func lobbyFlow(t *testing.T, store rooms.Store) {
	e := start(t, store)
	ctx := ctxT(t)
	resp, err := http.Get(e.base + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	games, err := e.api.Games(ctx)
	if err != nil || len(games) != 1 || games[0].Name != "race" {
		t.Fatalf("games %v %v", games, err)
	}
	code, conns, _ := e.table(t, map[string]any{"target": 5}, 2)
	open, err := e.api.Rooms(ctx)
	if err != nil || len(open) != 1 || open[0].Code != code || open[0].State != rooms.StateWaiting {
		t.Fatalf("open rooms %+v %v", open, err)
	}
	l, err := e.api.Room(ctx, strings.ToLower(code))
	if err != nil || !l.Seats[0].Host || !l.Seats[1].Taken || l.Seats[1].Host {
		t.Fatalf("room %+v %v", l, err)
	}
	if _, err := e.api.Take(ctx, code, 1, "Again"); !isCode(err, 409, rooms.CodeConflict, "is taken") {
		t.Fatalf("seat taken twice: %v", err)
	}
	if err := conns[1].Host(ctx, rooms.ActionStart); !isCode(err, 0, rooms.CodeForbidden, "only the host") {
		t.Fatalf("guest start: %v", err)
	}
	if err := conns[0].Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	for view(t, conns[0]).Winner == nil {
		play(t, conns, 2)
	}
	v := view(t, conns[0])
	if v.Winner == nil || len(v.Totals) != 2 {
		t.Fatalf("final view %+v", v)
	}
	finished, err := e.api.Finished(ctx, 10)
	if err != nil || len(finished) != 1 || finished[0].Code != code || finished[0].Outcome == nil {
		t.Fatalf("finished %+v %v", finished, err)
	}
	last := conns[0].Version()
	snap, err := e.api.Replay(ctx, code, last, 1)
	if err != nil || snap.Last != last || snap.Seat != 1 || snap.Outcome == nil {
		t.Fatalf("replay %+v %v", snap, err)
	}
	var rv roomstest.RaceView
	json.Unmarshal(snap.View, &rv)
	if rv.Winner == nil || *rv.Winner != *v.Winner {
		t.Fatalf("replayed end %+v, live %+v", rv, v)
	}
	if _, err := e.api.Replay(ctx, code, last+1, 1); !isCode(err, 404, rooms.CodeNotFound, "versions 0 to") {
		t.Fatalf("replay past the end: %v", err)
	}
}

func TestLobbyFlow(t *testing.T) { lobbyFlow(t, nil) }

func TestLobbyFlowOnSQLite(t *testing.T) {
	d, err := db.Open(filepath.Join(t.TempDir(), "periscope.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	lobbyFlow(t, d)
}

func isCode(err error, status int, code, text string) bool {
	e, ok := err.(*client.Error)
	return ok && e.Status == status && e.Code == code && strings.Contains(e.Message, text)
}

func TestHTTPErrors(t *testing.T) {
	e := start(t, nil)
	code, _, _ := e.table(t, nil, 1)
	for _, tc := range []struct {
		name, method, path, body string
		status                   int
		code, text               string
	}{
		{"malformed JSON", "POST", "/api/rooms", `{"game":`, 400, rooms.CodeBadRequest, "malformed request body"},
		{"unknown field", "POST", "/api/rooms", `{"game":"race","x":1}`, 400, rooms.CodeBadRequest, `unknown field "x"`},
		{"no game", "POST", "/api/rooms", `{}`, 400, rooms.CodeBadRequest, "which game"},
		{"unknown game", "POST", "/api/rooms", `{"game":"chess"}`, 404, rooms.CodeNotFound, `no game called "chess"`},
		{"bad options", "POST", "/api/rooms", `{"game":"race","options":{"seats":0}}`, 400, rooms.CodeBadRequest, "1 to 8 seats"},
		{"too large", "POST", "/api/rooms", `{"game":"` + strings.Repeat("a", 20000) + `"}`, 413, rooms.CodeBadRequest, ""},
		{"no room", "GET", "/api/rooms/QQQQQ", "", 404, rooms.CodeNotFound, "no room"},
		{"seat without seat", "POST", "/api/rooms/" + code + "/seats", `{"name":"x"}`, 400, rooms.CodeBadRequest, "which seat"},
		{"seat out of range", "POST", "/api/rooms/" + code + "/seats", `{"seat":5,"name":"x"}`, 404, rooms.CodeNotFound, "no seat 5"},
		{"seat without name", "POST", "/api/rooms/" + code + "/seats", `{"seat":1}`, 400, rooms.CodeBadRequest, "a name is needed"},
		{"replay of a live room", "GET", "/api/replays/" + code + "/1", "", 403, rooms.CodeForbidden, "replays open when the match is over"},
		{"replay version", "GET", "/api/replays/" + code + "/x", "", 400, rooms.CodeBadRequest, "whole number"},
		{"no stats", "GET", "/api/stats", "", 404, rooms.CodeNotFound, "no statistics"},
		{"unknown API", "GET", "/api/nothing", "", 404, rooms.CodeNotFound, "no such API"},
		{"websocket without upgrade", "GET", "/ws/" + code, "", 426, rooms.CodeBadRequest, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, e.base+tc.path, strings.NewReader(tc.body))
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body server.ErrorBody
			data, _ := io.ReadAll(resp.Body)
			if err := json.Unmarshal(data, &body); err != nil {
				t.Fatalf("status %d, body %q is not an error JSON", resp.StatusCode, data)
			}
			if resp.StatusCode != tc.status || body.Code != tc.code || !strings.Contains(body.Error, tc.text) {
				t.Fatalf("got %d %+v; want %d %s %q", resp.StatusCode, body, tc.status, tc.code, tc.text)
			}
		})
	}
}

func TestHostileWebsocket(t *testing.T) {
	e := start(t, nil)
	ctx := ctxT(t)
	code, conns, _ := e.table(t, nil, 2)
	_, _, otherTokens := e.table(t, nil, 1)
	if err := conns[0].Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	await(t, conns[1], 1)
	turn := view(t, conns[0]).Turn
	waiting := conns[1-turn]
	spectator, err := client.Dial(ctx, e.base, code, "", -1)
	if err != nil {
		t.Fatal(err)
	}
	defer spectator.Close()

	// Each hostile frame gets an error naming the problem; the connection
	// stays and nothing changes.
	for _, tc := range []struct {
		name  string
		conn  *client.Conn
		frame string
		code  string
		text  string
	}{
		{"malformed JSON", waiting, `{"t":"cmd",`, rooms.CodeBadRequest, "malformed JSON"},
		{"not an object", waiting, `42`, rooms.CodeBadRequest, "expected a JSON object"},
		{"unknown type", waiting, `{"t":"teleport","id":"u1"}`, rooms.CodeBadRequest, `unknown message type "teleport"`},
		{"oversized frame", waiting, `{"t":"cmd","id":"big","cmd":{"pad":"` + strings.Repeat("x", 20<<10) + `"}}`, rooms.CodeBadRequest, "message too large"},
		{"out of turn", waiting, `{"t":"cmd","id":"o1","cmd":{"type":"add","n":1}}`, rooms.CodeRefused, "it is Runner"},
		{"against the rules", conns[turn], `{"t":"cmd","id":"r1","cmd":{"type":"add","n":9}}`, rooms.CodeRefused, "add 1 to 3, not 9"},
		{"spectator plays", spectator, `{"t":"cmd","id":"s1","cmd":{"type":"add","n":1}}`, rooms.CodeForbidden, "spectators cannot play"},
		{"guest hosts", conns[1], `{"t":"host","id":"h1","action":"free","seat":0}`, rooms.CodeForbidden, "only the host"},
		{"second hello", waiting, `{"t":"hello","token":"stolen"}`, rooms.CodeUnauthorized + "|" + rooms.CodeBadRequest, "hello was already said"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.conn.Raw([]byte(tc.frame)); err != nil {
				t.Fatal(err)
			}
			m := nextOf(t, tc.conn, rooms.TypeError)
			if !strings.Contains(tc.code, m.Code) || !strings.Contains(m.Message, tc.text) || m.V != 1 {
				t.Fatalf("got %+v; want %s %q at v1", m, tc.code, tc.text)
			}
		})
	}
	for _, c := range []*client.Conn{conns[0], conns[1], spectator} {
		if c.Version() != 1 {
			t.Fatalf("version moved to %d", c.Version())
		}
	}
	if _, err := conns[turn].Do(ctx, add(1)); err != nil {
		t.Fatalf("the rightful move after hostile frames: %v", err)
	}

	t.Run("wrong token", func(t *testing.T) {
		_, err := client.Dial(ctx, e.base, code, "not-a-token", -1)
		if !isCode(err, 0, rooms.CodeUnauthorized, "holds no seat in room "+code) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("token of another room", func(t *testing.T) {
		_, err := client.Dial(ctx, e.base, code, otherTokens[0], -1)
		if !isCode(err, 0, rooms.CodeUnauthorized, "holds no seat") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("no such room", func(t *testing.T) {
		_, err := client.Dial(ctx, e.base, "QQQQQ", "", -1)
		if !isCode(err, 404, rooms.CodeNotFound, "no room") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("frame over the hard limit closes only that connection", func(t *testing.T) {
		c, err := client.Dial(ctx, e.base, code, "", -1)
		if err != nil {
			t.Fatal(err)
		}
		c.Raw([]byte(`{"t":"ping","id":"` + strings.Repeat("x", 100<<10) + `"}`))
		select {
		case <-c.Done():
			if !websocket.IsCloseError(c.Err(), websocket.CloseMessageTooBig) {
				t.Fatalf("closed with %v, want 1009 message too big", c.Err())
			}
		case <-time.After(5 * time.Second):
			t.Fatal("a 100 KiB frame was read")
		}
	})
	t.Run("compressed frame that inflates past the limit closes only that connection", func(t *testing.T) {
		d := websocket.Dialer{EnableCompression: true}
		ws, _, err := d.Dial("ws"+strings.TrimPrefix(e.base, "http")+"/ws/"+code, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.Close()
		ws.EnableWriteCompression(true)
		// 1 MiB of one letter: about 1 KiB on the wire, within the read
		// limit, which counts wire bytes; the bound is on what it inflates
		// to (a 64 KiB frame of this would be 64 MiB).
		bomb := []byte(`{"t":"ping","id":"` + strings.Repeat("x", 1<<20) + `"}`)
		if err := ws.WriteMessage(websocket.TextMessage, bomb); err != nil {
			t.Fatal(err)
		}
		ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		for {
			_, _, err := ws.ReadMessage()
			if err == nil {
				continue
			}
			if !websocket.IsCloseError(err, websocket.CloseMessageTooBig) {
				t.Fatalf("closed with %v, want 1009 message too big", err)
			}
			break
		}
	})
	// The server still serves everyone else.
	if _, err := e.api.Room(ctx, code); err != nil {
		t.Fatal(err)
	}
	if err := spectator.Raw([]byte(`{"t":"ping","id":"alive"}`)); err != nil {
		t.Fatal(err)
	}
	if m := nextOf(t, spectator, rooms.TypePong); m.ID != "alive" {
		t.Fatalf("pong %+v", m)
	}
}

// nextOf returns c's next message of type typ, skipping others.
func nextOf(t *testing.T, c *client.Conn, typ string) rooms.Message {
	t.Helper()
	ctx := ctxT(t)
	for {
		m, err := c.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for %s: %v", typ, err)
		}
		if m.T == typ {
			return m
		}
	}
}

func TestOrigins(t *testing.T) {
	e := start(t, nil)
	code, _, _ := e.table(t, nil, 1)
	host := strings.TrimPrefix(e.base, "http://")
	for _, tc := range []struct {
		origin string
		ok     bool
	}{
		{"", true},
		{"http://" + host, true},
		{"http://periscope.local:8080", true},
		{"http://evil.example", false},
		{"http://" + host + ".evil.example", false},
		{"null", false},
	} {
		t.Run(tc.origin, func(t *testing.T) {
			h := http.Header{}
			if tc.origin != "" {
				h.Set("Origin", tc.origin)
			}
			ws, resp, err := websocket.DefaultDialer.Dial("ws://"+host+"/ws/"+code, h)
			if tc.ok {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				ws.Close()
				return
			}
			if err == nil {
				ws.Close()
				t.Fatal("a foreign page opened a websocket")
			}
			if resp == nil || resp.StatusCode != 403 {
				t.Fatalf("got %v, want 403", resp)
			}
		})
	}
}

func TestReconnectGetsExactlyTheMissedEvents(t *testing.T) {
	e := start(t, nil)
	ctx := ctxT(t)
	code, conns, tokens := e.table(t, map[string]any{"target": 100, "seats": 3}, 3)
	if err := conns[0].Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	for _, c := range conns {
		await(t, c, 1)
	}
	play(t, conns, 1)
	// Seat 2's phone sleeps: its connection drops.
	sleeper := conns[2]
	last := sleeper.Version()
	sleeper.Close()
	awake := conns[:2]
	var want []string
	for i := 0; i < 6; i++ {
		turn := view(t, awake[0]).Turn
		if turn == 2 {
			// Nobody plays for the sleeping seat; the host frees nothing, the
			// race just waits: stop here.
			break
		}
		play(t, awake, 1)
		want = append(want, fmt.Sprintf("Runner %d moved", turn+1))
	}
	back, err := client.Dial(ctx, e.base, code, tokens[2], last)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	w := back.Welcome()
	var got []string
	for i, ev := range w.Events {
		if ev.V != last+1+int64(i) {
			t.Fatalf("event %d has v%d; want v%d", i, ev.V, last+1+int64(i))
		}
		got = append(got, ev.Text)
	}
	if w.Gap || strings.Join(got, "|") != strings.Join(want, "|") || w.V != awake[0].Version() {
		t.Fatalf("welcome v%d gap=%v events %q; want v%d events %q", w.V, w.Gap, got, awake[0].Version(), want)
	}
	// The reconnected phone plays on.
	if view(t, back).Turn == 2 {
		if _, err := back.Do(ctx, add(1)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDuplicateIDOverTheWire(t *testing.T) {
	e := start(t, nil)
	ctx := ctxT(t)
	_, conns, _ := e.table(t, nil, 2)
	conns[0].Host(ctx, rooms.ActionStart)
	await(t, conns[1], 1)
	mover := conns[view(t, conns[0]).Turn]
	v1, err := mover.DoID(ctx, "retry-me", add(1))
	if err != nil {
		t.Fatal(err)
	}
	// The phone did not see the ack (say), reconnects and sends again.
	mover, err = mover.Reconnect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer mover.Close()
	v2, err := mover.DoID(ctx, "retry-me", add(1))
	if err != nil || v2 != v1 {
		t.Fatalf("repeat: v%d %v; want the original v%d", v2, err, v1)
	}
	var rv roomstest.RaceView
	mover.ViewAs(&rv)
	if *rv.Mine != 1 || rv.Moves != 1 || mover.Version() != v1 {
		t.Fatalf("applied twice: %+v at v%d", rv, mover.Version())
	}
}

func TestStuckReaderIsDropped(t *testing.T) {
	e := start(t, nil, func(c *server.Config) { c.SendQueue = 8 })
	ctx := ctxT(t)
	code, conns, _ := e.table(t, map[string]any{"target": 1 << 30, "pad": 64 << 10, "churn": true}, 1)
	host := conns[0]
	if err := host.Host(ctx, rooms.ActionBot, 1); err != nil {
		t.Fatal(err)
	}
	// A spectator that says hello and never reads again; a tiny receive
	// buffer makes the server's writes to it block soon.
	d := websocket.Dialer{NetDial: func(network, addr string) (net.Conn, error) {
		c, err := net.Dial(network, addr)
		if err == nil {
			c.(*net.TCPConn).SetReadBuffer(4096)
		}
		return c, err
	}}
	stuck, _, err := d.Dial(strings.Replace(e.base, "http", "ws", 1)+"/ws/"+code, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer stuck.Close()
	stuck.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello"}`))
	room, _ := e.hub.Get(code)
	for deadline := time.Now().Add(5 * time.Second); room.Lobby().Spectators != 1; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the spectator never joined")
		}
	}
	if err := host.Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	// The host and the bot play 64 KiB views; each move must be answered
	// promptly while the stuck phone's queue fills, until it is dropped.
	deadline := time.Now().Add(30 * time.Second)
	moves := 0
	for room.Lobby().Spectators > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the stuck phone was still kept after %d moves", moves)
		}
		await(t, host, room.Version())
		began := time.Now()
		if _, err := host.Do(ctx, add(1)); err != nil {
			t.Fatal(err)
		}
		if took := time.Since(began); took > 2*time.Second {
			t.Fatalf("a move took %v: the room waited for the stuck phone", took)
		}
		host.Drain()
		moves++
	}
	t.Logf("stuck phone dropped after %d moves", moves)
	if _, err := host.Do(ctx, add(1)); err == nil {
		// It was the bot's turn? No: the bot answers at once, so it is the
		// host's turn again and the move goes through.
	} else {
		t.Fatalf("after the drop: %v", err)
	}
}

func TestSpectatorSeesThePublicView(t *testing.T) {
	e := start(t, nil)
	ctx := ctxT(t)
	code, conns, _ := e.table(t, nil, 2)
	spec, err := client.Dial(ctx, e.base, code, "", -1)
	if err != nil {
		t.Fatal(err)
	}
	defer spec.Close()
	conns[0].Host(ctx, rooms.ActionStart)
	await(t, conns[1], 1)
	v := play(t, append(conns, spec), 3)
	await(t, spec, v)
	if spec.Seat() != games.Spectator || strings.Contains(string(spec.View()), "mine") {
		t.Fatalf("spectator at seat %d sees %s", spec.Seat(), spec.View())
	}
}

func TestShutdownClosesWebsockets(t *testing.T) {
	e := start(t, nil)
	_, conns, _ := e.table(t, nil, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := e.srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case <-conns[0].Done():
		if !websocket.IsCloseError(conns[0].Err(), websocket.CloseGoingAway) {
			t.Fatalf("closed with %v, want 1001 going away", conns[0].Err())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the websocket outlived the server")
	}
}

// TestShutdownHangsUpOnASilentPhone: a phone that never answers the
// close frame (asleep, out of range) must not hold a restart until its
// read timeout. The server closes the connection itself once the close
// frame is written; it used to wait for the phone, as fasthttp did not
// close a hijacked connection before the handler returned.
func TestShutdownHangsUpOnASilentPhone(t *testing.T) {
	e := start(t, nil, func(c *server.Config) { c.ReadTimeout = time.Minute })
	code, _, _ := e.table(t, nil, 1)
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(e.base, "http")+"/ws/"+code, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	// The phone reads nothing and answers nothing from here on.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	began := time.Now()
	if err := e.srv.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown waited for the silent phone: %v", err)
	}
	if d := time.Since(began); d > 3*time.Second {
		t.Fatalf("shutdown took %v", d)
	}
	// Its connection is closed: after the close frame comes the end.
	raw := ws.NetConn()
	_ = raw.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.Copy(io.Discard, raw); err != nil {
		t.Fatalf("the connection was not closed by the server: %v", err)
	}
}

// TestShutdownOutOfTimeStillStopsServing: a shutdown whose time runs out
// while the websockets close (a phone slow to take its close frame) still
// stops the server taking requests. It used to return before closing the
// listener, and a reload then got pages from a server said to be down.
func TestShutdownOutOfTimeStillStopsServing(t *testing.T) {
	e := start(t, nil)
	e.table(t, nil, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // no time at all: the websockets are still closing
	_ = e.srv.Shutdown(ctx)
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	if res, err := http.Get(e.base + "/healthz"); err == nil {
		res.Body.Close()
		t.Fatalf("the server still answers after its shutdown: %s", res.Status)
	}
}

func TestStaticPages(t *testing.T) {
	pages := fstest.MapFS{
		"index.html":  {Data: []byte("<h1>Periscope</h1>")},
		"js/phone.js": {Data: []byte("// phone")},
	}
	e := start(t, nil, func(c *server.Config) { c.Static = pages })
	for _, tc := range []struct {
		path   string
		status int
		body   string
	}{
		{"/", 200, "<h1>Periscope</h1>"},
		{"/js/phone.js", 200, "// phone"},
		{"/healthz", 200, "ok"},
	} {
		resp, err := http.Get(e.base + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status || string(data) != tc.body {
			t.Errorf("GET %s = %d %q; want %d %q", tc.path, resp.StatusCode, data, tc.status, tc.body)
		}
	}
}

func TestSilentPhoneIsDropped(t *testing.T) {
	// A phone that fell asleep answers no ping: the read deadline drops it
	// and the lobby shows its seat offline.
	e := start(t, nil, func(c *server.Config) {
		// A second without a pong: long enough that a live phone on a
		// loaded CI machine is never taken for a sleeping one.
		c.PingEvery = 100 * time.Millisecond
		c.ReadTimeout = time.Second
	})
	code, conns, _ := e.table(t, map[string]any{"seats": 3}, 2)
	tok, err := e.api.Take(ctxT(t), code, 2, "Sleepy")
	if err != nil {
		t.Fatal(err)
	}
	ws, _, err := websocket.DefaultDialer.Dial(strings.Replace(e.base, "http", "ws", 1)+"/ws/"+code, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello","token":"`+tok+`"}`))
	// Never read again: pings go unanswered.
	waitOnline(t, conns[0], 2, true)
	began := time.Now()
	waitOnline(t, conns[0], 2, false)
	if d := time.Since(began); d > 5*time.Second {
		t.Fatalf("dropped after %v", d)
	}
	// The phones that answer pings stay.
	time.Sleep(1500 * time.Millisecond)
	if l := conns[1].Lobby(); !l.Seats[0].Online || !l.Seats[1].Online {
		t.Fatalf("live phones dropped: %+v", l.Seats)
	}
}

func waitOnline(t *testing.T, c *client.Conn, seat int, online bool) {
	t.Helper()
	ctx := ctxT(t)
	for c.Lobby().Seats[seat].Online != online {
		if _, err := c.Next(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// TestIdlePhoneHoldsOneGoroutine: a phone between two frames costs the
// server its reader goroutine only (and its stack); the writer runs while
// there is something to write. It used to keep a writer goroutine waiting
// per phone, which with its stack was a sixth of a room's memory
// (docs/benchmarks.md, "Issue 26: memory per room"). Frames, lobby
// updates and pings still reach every phone.
func TestIdlePhoneHoldsOneGoroutine(t *testing.T) {
	e := startWith(t, func(h *rooms.Config) { h.MaxSpectators = 100 }, func(c *server.Config) { c.PingEvery = 200 * time.Millisecond })
	code, conns, _ := e.table(t, nil, 2)
	settle := func() int {
		// Goroutines that are leaving (a flush that just wrote) leave.
		n := runtime.NumGoroutine()
		for range 50 {
			time.Sleep(20 * time.Millisecond)
			n = min(n, runtime.NumGoroutine())
		}
		return n
	}
	before := settle()
	const phones = 24
	url := "ws" + strings.TrimPrefix(e.base, "http") + "/ws/" + code
	crowd := make([]*websocket.Conn, phones)
	for i := range crowd {
		ws, _, err := websocket.DefaultDialer.Dial(url, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.Close()
		if err := ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello"}`)); err != nil {
			t.Fatal(err)
		}
		crowd[i] = ws
	}
	// Each phone gets its welcome; the raw connections run no goroutine of
	// their own in this process.
	for _, ws := range crowd {
		ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		if _, f, err := ws.ReadMessage(); err != nil || !strings.Contains(string(f), `"t":"welcome"`) {
			t.Fatalf("no welcome: %v %.80s", err, f)
		}
	}
	if per := float64(settle()-before) / phones; per > 1.25 {
		t.Fatalf("%.2f goroutines per idle phone, want 1 (its reader)", per)
	}
	// A move still reaches every phone, and pings keep coming.
	if err := conns[0].Host(ctxT(t), rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	for _, ws := range crowd {
		ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		for got := false; !got; {
			_, f, err := ws.ReadMessage()
			if err != nil {
				t.Fatal(err)
			}
			got = strings.Contains(string(f), `"v":1`)
		}
	}
	for _, ws := range crowd {
		pinged := false
		ws.SetPingHandler(func(string) error {
			pinged = true
			return ws.SetReadDeadline(time.Now()) // enough read
		})
		ws.SetReadDeadline(time.Now().Add(2 * time.Second))
		for !pinged {
			if _, _, err := ws.ReadMessage(); err != nil {
				break
			}
		}
		if !pinged {
			t.Fatal("no ping within 2 s at a 200 ms period")
		}
	}
}

// TestIdlePhoneHoldsLittleHeap: what a connected phone costs the server's
// heap between frames, its own phone-side connection included (this
// test's phones share the process, with 256 B buffers). Every byte of it
// is held for the whole game night and, under the collector's GOGC=100,
// about twice over (docs/benchmarks.md, "Issue 26: memory per room"). It
// was about 17 KiB (5-6 now): fasthttp's 4 KiB read buffer and request context kept
// for the connection's life, copies of its headers, a waiting writer.
func TestIdlePhoneHoldsLittleHeap(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory")
	}
	e := startWith(t, func(h *rooms.Config) { h.MaxSpectators = 300 })
	code, _, _ := e.table(t, nil, 2)
	url := "ws" + strings.TrimPrefix(e.base, "http") + "/ws/" + code
	d := websocket.Dialer{ReadBufferSize: 256, WriteBufferSize: 256}
	heap := func() uint64 {
		var m runtime.MemStats
		for range 2 {
			runtime.GC()
		}
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	dial := func(n int) []*websocket.Conn {
		crowd := make([]*websocket.Conn, n)
		for i := range crowd {
			ws, _, err := d.Dial(url, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { ws.Close() })
			if err := ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello"}`)); err != nil {
				t.Fatal(err)
			}
			ws.SetReadDeadline(time.Now().Add(5 * time.Second))
			if _, f, err := ws.ReadMessage(); err != nil || !strings.Contains(string(f), `"t":"welcome"`) {
				t.Fatalf("no welcome: %v %.80s", err, f)
			}
			crowd[i] = ws
		}
		return crowd
	}
	dial(8) // pools and first-use allocations
	time.Sleep(100 * time.Millisecond)
	before := heap()
	const phones = 200
	crowd := dial(phones)
	time.Sleep(100 * time.Millisecond)
	per := (float64(heap()) - float64(before)) / phones
	t.Logf("%.0f B of heap per idle phone, both ends", per)
	if per > 8<<10 {
		t.Fatalf("%.1f KiB of heap per idle phone, want under 8 KiB", per/1024)
	}
	runtime.KeepAlive(crowd)
}

// TestOnlySilentPhonesArePinged: a phone that keeps sending (a player
// playing, a page's keep-alive) has shown it is there and gets no
// websocket ping; one that says nothing is pinged every period and stays
// as long as it answers. Pings with their pongs had been the server's
// largest cost between commands (docs/benchmarks.md, "Issue 26").
func TestOnlySilentPhonesArePinged(t *testing.T) {
	e := start(t, nil, func(c *server.Config) {
		c.PingEvery = 150 * time.Millisecond
		c.ReadTimeout = 2 * time.Second
	})
	code, _, _ := e.table(t, nil, 1)
	url := "ws" + strings.TrimPrefix(e.base, "http") + "/ws/" + code
	dial := func() (*websocket.Conn, *atomic.Int32) {
		ws, _, err := websocket.DefaultDialer.Dial(url, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ws.Close() })
		var pings atomic.Int32
		ws.SetPingHandler(func(data string) error {
			pings.Add(1)
			return ws.WriteControl(websocket.PongMessage, []byte(data), time.Now().Add(time.Second))
		})
		if err := ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello"}`)); err != nil {
			t.Fatal(err)
		}
		go func() {
			for {
				if _, _, err := ws.ReadMessage(); err != nil {
					return
				}
			}
		}()
		return ws, &pings
	}
	talker, talked := dial()
	_, silent := dial()
	stop := time.Now().Add(1500 * time.Millisecond)
	for time.Now().Before(stop) {
		if err := talker.WriteMessage(websocket.TextMessage, []byte(`{"t":"ping"}`)); err != nil {
			t.Fatalf("the talking phone was dropped: %v", err)
		}
		time.Sleep(30 * time.Millisecond)
	}
	if n := talked.Load(); n != 0 {
		t.Errorf("the phone that kept sending was pinged %d times", n)
	}
	// 1.5 s at a 150 ms period: about ten pings; at least a few under load.
	if n := silent.Load(); n < 3 {
		t.Errorf("the silent phone was pinged %d times in 1.5 s at a 150 ms period", n)
	}
}

// TestPhonesPingIsAnswered: a ping from the phone gets its pong, with its
// payload, through the phone's writes (a pong written by the reader could
// land inside a batch the socket took only in part), and the connection
// goes on carrying the room's frames.
func TestPhonesPingIsAnswered(t *testing.T) {
	e := start(t, nil)
	code, _, _ := e.table(t, nil, 1)
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(e.base, "http")+"/ws/"+code, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	pong := make(chan string, 1)
	ws.SetPongHandler(func(data string) error { pong <- data; return nil })
	if err := ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello"}`)); err != nil {
		t.Fatal(err)
	}
	if err := ws.WriteControl(websocket.PingMessage, []byte("are you there"), time.Now().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	// The reader handles control frames while it reads the room's.
	go func() {
		for {
			if _, _, err := ws.ReadMessage(); err != nil {
				return
			}
		}
	}()
	select {
	case got := <-pong:
		if got != "are you there" {
			t.Fatalf("pong %q, want the ping's payload", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no pong within 5 s")
	}
}
