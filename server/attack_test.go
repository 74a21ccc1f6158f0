package server_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fasthttp/websocket"

	"periscope/client"
	"periscope/games"
	"periscope/rooms"
	"periscope/rooms/roomstest"
	"periscope/server"
	"periscope/server/servertest"
)

// TestEnemySeatTakeoverOverTheWire is the attack of issue 9 on a real
// server: the host of one side tries to free, move or claim a seat of the
// other side mid-match, from a second phone, to read its secrets.
func TestEnemySeatTakeoverOverTheWire(t *testing.T) {
	e := start(t, nil)
	ctx := ctxT(t)
	code, conns, tokens := e.table(t, map[string]any{"seats": 4, "teams": 2, "target": 1000}, 4)
	if err := conns[0].Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	host := conns[0]
	var ce *client.Error
	for _, try := range []func() error{
		func() error { return host.Host(ctx, rooms.ActionFree, 1) },
		func() error { return host.Host(ctx, rooms.ActionMove, 1, 2) },
	} {
		if err := try(); !errors.As(err, &ce) || ce.Code != rooms.CodeForbidden || ce.Rule != rooms.RuleOtherSide {
			t.Fatalf("host action on the other side: %v", err)
		}
	}
	if _, err := e.api.Take(ctx, code, 1, "Mallory"); !isCode(err, 409, rooms.CodeConflict, "has started") {
		t.Fatalf("taking an enemy seat over HTTP: %v", err)
	}
	if r := send(t, http.DefaultClient, "POST", e.base+"/api/rooms/"+code+"/seats", `{"seat":1,"name":"Mallory"}`, "Content-Type", jsonCT); r.status != 409 || r.body.Rule != rooms.RuleMatchStarted {
		t.Fatalf("the refusal of an enemy seat over HTTP: %d %+v, want rule %s", r.status, r.body, rooms.RuleMatchStarted)
	}
	spy, err := client.Dial(ctx, e.base, code, "", -1)
	if err != nil {
		t.Fatal(err)
	}
	defer spy.Close()
	if err := spy.Claim(ctx, 1, "Mallory"); err != nil {
		t.Fatal(err)
	}
	claimID := awaitClaim(t, host, 1)
	if err := host.Grant(ctx, claimID, true); !errors.As(err, &ce) || ce.Code != rooms.CodeForbidden {
		t.Fatalf("the other side's host granted a claim: %v", err)
	}
	// The enemy still holds the seat; the spy never got a seat message.
	if c, err := client.Dial(ctx, e.base, code, tokens[1], -1); err != nil || c.Seat() != 1 {
		t.Fatalf("the enemy lost its seat: %v", err)
	}
	if spy.Seat() != -1 || spy.Token() != "" {
		t.Fatalf("the spy holds seat %d", spy.Seat())
	}
	// The enemy's own side-mate can let a new phone in.
	if err := conns[3].Grant(ctx, claimID, true); err != nil {
		t.Fatal(err)
	}
	nextOf(t, spy, rooms.TypeSeat)
	nextOf(t, spy, rooms.TypeWelcome)
	if spy.Seat() != 1 || spy.Token() == "" || spy.Token() == tokens[1] {
		t.Fatalf("granted claim: seat %d", spy.Seat())
	}
}

// startWith is start with the hub's config tweaked too.
func startWith(t *testing.T, hub func(*rooms.Config), srv ...func(*server.Config)) *env {
	t.Helper()
	cfg := rooms.Config{Games: []games.Definition{roomstest.Race}}
	hub(&cfg)
	h := servertest.NewHub(t, cfg)
	sc := server.Config{Hub: h, Log: slog.New(slog.DiscardHandler)}
	for _, tw := range srv {
		tw(&sc)
	}
	s, base := servertest.Serve(t, sc)
	return &env{base: base, api: client.API{Base: base}, hub: h, srv: s}
}

// awaitClaim waits until c's lobby shows a claim on seat and returns it.
func awaitClaim(t *testing.T, c *client.Conn, seat int) string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for _, cl := range c.Lobby().Claims {
			if cl.Seat == seat {
				return cl.ID
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		c.Next(ctx)
		cancel()
	}
	t.Fatalf("no claim on seat %d reached the lobby", seat)
	return ""
}

// TestSpectatorStampedeOverTheWire: 600 phones open the room and leave
// at once while 8 players sit in it; every player stays connected and
// still plays.
func TestSpectatorStampedeOverTheWire(t *testing.T) {
	if testing.Short() {
		t.Skip("600 websockets")
	}
	e := startWith(t, func(h *rooms.Config) { h.MaxSpectators = 1000 }, func(c *server.Config) { c.SendQueue = 16 })
	ctx := ctxT(t)
	code, conns, _ := e.table(t, map[string]any{"seats": 8, "target": 1000}, 8)
	var wg sync.WaitGroup
	n := 600
	if raceEnabled {
		n = 150 // the race detector's slowdown; the plain run does all 600
	}
	crowd := make([]*client.Conn, n)
	for i := range crowd {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := client.Dial(ctx, e.base, code, "", -1)
			if err != nil {
				t.Error(err)
				return
			}
			crowd[i] = c
		}()
	}
	wg.Wait()
	for _, c := range crowd {
		if c != nil {
			c.Close()
		}
	}
	time.Sleep(500 * time.Millisecond)
	for i, c := range conns {
		select {
		case <-c.Done():
			t.Fatalf("player %d was dropped by the stampede: %v", i, c.Err())
		default:
		}
	}
	if err := conns[0].Host(ctx, rooms.ActionStart); err != nil {
		t.Fatalf("the host cannot start after the stampede: %v", err)
	}
	play(t, conns, 3)
}

// TestOneAddressCannotFloodARoom: a script on the Wi-Fi (a LAN address,
// not the server's loopback) opens phone after phone: a few watch, the
// next is refused a place, and past the socket bound the upgrade itself
// is refused; closing sockets gives the places back.
func TestOneAddressCannotFloodARoom(t *testing.T) {
	base := lanServer(t, func(h *rooms.Config) { h.PerAddress = 2 }, server.Config{SocketLimit: 4})
	ctx := ctxT(t)
	lobby, err := client.API{Base: base}.Create(ctx, "race", nil)
	if err != nil {
		t.Fatal(err)
	}
	var open []*client.Conn
	for range 2 {
		c, err := client.Dial(ctx, base, lobby.Code, "", -1)
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, c)
	}
	var ce *client.Error
	if _, err := client.Dial(ctx, base, lobby.Code, "", -1); !errors.As(err, &ce) || ce.Code != rooms.CodeConflict || !strings.Contains(ce.Message, "phones of this address already watch") {
		t.Fatalf("a third spectator of one address: %v", err)
	}
	// Sockets that never say hello still hold connections: two more make
	// the four the address may open. The refused third spectator's socket
	// closes in its own time: dials retry until the count settles.
	for range 2 {
		deadline := time.Now().Add(5 * time.Second)
		for {
			ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(base, "http")+"/ws/"+lobby.Code, nil)
			if err == nil {
				defer ws.Close()
				break
			}
			if time.Now().After(deadline) {
				t.Fatal(err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	dial := func(refused bool) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			c, err := client.Dial(ctx, base, lobby.Code, "", -1)
			if refused && isCode(err, 429, server.CodeRateLimited, "4 connections open already") {
				return
			}
			if !refused && err == nil {
				c.Close()
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("refused %v: got %v", refused, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	dial(true)
	open[0].Close()
	dial(false)
}

// TestReconnectLoopIsRateLimited: every connection costs the server a
// welcome with the match's log; a script reconnecting in a loop from the
// Wi-Fi is refused past the rate, with a time to come back.
func TestReconnectLoopIsRateLimited(t *testing.T) {
	base := lanServer(t, nil, server.Config{SocketRate: 5})
	ctx := ctxT(t)
	lobby, err := client.API{Base: base}.Create(ctx, "race", nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		c, err := client.Dial(ctx, base, lobby.Code, "", -1)
		if i < 5 {
			if err != nil {
				t.Fatalf("connection %d: %v", i+1, err)
			}
			c.Close()
			continue
		}
		if !isCode(err, 429, server.CodeRateLimited, "too many connections from this address (5 per 1m0s)") {
			t.Fatalf("connection 6 of a loop: %v", err)
		}
	}
}

// TestRandomReplayStepsAreRateLimited: a replay step the cache misses
// replays the match; a script asking for version after version from the
// Wi-Fi is refused past the rate.
func TestRandomReplayStepsAreRateLimited(t *testing.T) {
	base := lanServer(t, nil, server.Config{ReplayRate: 3})
	for v := range 4 {
		r := send(t, http.DefaultClient, "GET", fmt.Sprintf("%s/api/replays/ACDEF/%d", base, v), "")
		if v < 3 && r.status != 404 {
			t.Fatalf("step %d: %d %+v, want 404 (no such room)", v, r.status, r.body)
		}
		if v == 3 && (r.status != 429 || r.body.Code != server.CodeRateLimited || !strings.Contains(r.body.Error, "too many replay steps")) {
			t.Fatalf("step 4 of a script: %d %+v, want 429", r.status, r.body)
		}
	}
}

// lanServer serves a Race hub on a LAN address of this machine, so that
// its clients count as phones on the Wi-Fi, not as the server itself.
func lanServer(t *testing.T, hub func(*rooms.Config), sc server.Config) string {
	t.Helper()
	ip := lanIP(t)
	cfg := rooms.Config{Games: []games.Definition{roomstest.Race}}
	if hub != nil {
		hub(&cfg)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Skipf("cannot listen on %s: %v", ip, err)
	}
	sc.Hub, sc.Log = servertest.NewHub(t, cfg), slog.New(slog.DiscardHandler)
	_, base := servertest.ServeOn(t, ln, sc)
	return base
}

// lanIP is an address of this machine other than loopback, so that a
// client dialling it is counted as a phone on the Wi-Fi.
func lanIP(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err == nil {
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
				return n.IP.String()
			}
		}
	}
	t.Skip("this machine has no address but loopback")
	return ""
}

// TestTheServersOwnMachineIsNotCounted: load tools and a laptop's table
// screen run on the server's machine; the per-address bounds on sockets,
// spectators and replay steps spare loopback, however tight they are.
func TestTheServersOwnMachineIsNotCounted(t *testing.T) {
	e := startWith(t, func(h *rooms.Config) { h.PerAddress = 1 }, func(sc *server.Config) {
		sc.SocketLimit, sc.SocketRate, sc.ReplayRate = 1, 1, 1
	})
	ctx := ctxT(t)
	lobby, err := e.api.Create(ctx, "race", nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		c, err := client.Dial(ctx, e.base, lobby.Code, "", -1)
		if err != nil {
			t.Fatalf("loopback spectator %d: %v", i+1, err)
		}
		defer c.Close()
	}
	for v := range 3 {
		if r := send(t, http.DefaultClient, "GET", fmt.Sprintf("%s/api/replays/ACDEF/%d", e.base, v), ""); r.status != 404 {
			t.Fatalf("loopback replay step %d: %d %+v, want 404 (no such room)", v+1, r.status, r.body)
		}
	}
}
