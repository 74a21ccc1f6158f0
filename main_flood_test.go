package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fasthttp/websocket"

	"periscope/client"
	"periscope/games/gridtactics"
	"periscope/rooms"
)

// TestOutlivesItsFileLimit is issue 22: a device on the Wi-Fi that opens
// idle connections by the hundred, or websockets, must not stop the game
// night. The built server runs under a low file limit (ulimit -n through a
// shell); floods come from one loopback address and from many (127.0.0.n
// stands in for a phone: the server spares only connections whose peer is
// the very address they arrive on, its own machine). Each time the process
// lives, the seated players go on playing, and a new phone gets in once
// the flood ends.
func TestOutlivesItsFileLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	bin := buildServer(t)

	t.Run("idle connections within the bounds", func(t *testing.T) {
		srv := launchLimited(t, bin, 256)
		if !strings.Contains(srv.out.String(), "file limit 256: up to 192 connections at once, 48 from one address") {
			t.Fatalf("the start does not say the file limit and the bounds:\n%s", srv.out.String())
		}
		m := seatedMatch(t, srv)
		one := flood(t, srv.addr, addrs(2, 1), 300)
		srv.alive(t)
		if n := settle(one, 48); n > 48 {
			t.Fatalf("one address holds %d connections, over its bound of 48", n)
		}
		// Another phone on the Wi-Fi still gets in during the flood.
		p := newPhone(t, srv, m.code, net.IPv4(127, 0, 0, 3))
		p.Close()
		m.play(t, 3)
		many := flood(t, srv.addr, addrs(10, 10), 48)
		srv.alive(t)
		if n := settle(many, 192); n > 192 || n < 100 {
			t.Fatalf("%d connections of 10 addresses open: want the bound of 192 in all to hold them, and no fewer than 100", n)
		}
		m.play(t, 3)
		closeAll(one, many)
		newPhone(t, srv, m.code, net.IPv4(127, 0, 0, 4)).Close()
		m.play(t, 2)
	})

	t.Run("idle connections past the file limit", func(t *testing.T) {
		// No bounds at all: accept itself runs out of descriptors, which
		// stopped the server before; now it waits and tries again.
		srv := launchLimited(t, bin, 128, "-conns", "-1", "-conns-per-address", "-1")
		m := seatedMatch(t, srv)
		conns := flood(t, srv.addr, addrs(2, 3), 100)
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(srv.out.String(), "cannot take new connections for now") {
			srv.alive(t)
			if time.Now().After(deadline) {
				t.Fatalf("%d connections at a file limit of 128, and the server never ran out of descriptors:\n%s", len(conns), srv.out.String())
			}
			time.Sleep(50 * time.Millisecond)
		}
		srv.alive(t)
		m.play(t, 3)
		closeAll(conns)
		newPhone(t, srv, m.code, net.IPv4(127, 0, 0, 4)).Close()
		m.play(t, 2)
		srv.alive(t)
	})

	t.Run("websockets", func(t *testing.T) {
		srv := launchLimited(t, bin, 256)
		m := seatedMatch(t, srv)
		one := wsFlood(t, srv, m.code, addrs(2, 1), 100)
		srv.alive(t)
		if len(one) > 48 {
			t.Fatalf("one address holds %d websockets, over its bound of 48 connections", len(one))
		}
		newPhone(t, srv, m.code, net.IPv4(127, 0, 0, 3)).Close()
		m.play(t, 3)
		many := wsFlood(t, srv, m.code, addrs(10, 8), 40)
		srv.alive(t)
		if len(one)+len(many) > 192 {
			t.Fatalf("%d websockets open, over the bound of 192 connections", len(one)+len(many))
		}
		if len(many) < 100 {
			t.Fatalf("only %d websockets from 8 addresses: the flood did not reach the total bound", len(many))
		}
		m.play(t, 3)
		for _, ws := range append(one, many...) {
			ws.Close()
		}
		newPhone(t, srv, m.code, net.IPv4(127, 0, 0, 4)).Close()
		m.play(t, 2)
	})
}

// buildServer builds the server binary into the test's temporary folder.
func buildServer(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "periscope")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

type limitedServer struct {
	addr, base string
	out        *syncBuffer // stdout and stderr
	exited     chan struct{}
}

// launchLimited starts bin under a file limit of files (soft and hard, as
// ulimit -n sets them) on a fresh database, and waits until it serves.
func launchLimited(t *testing.T, bin string, files int, args ...string) *limitedServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	sh := append([]string{"-c", `ulimit -n "$0" && exec "$@"`, strconv.Itoa(files), bin, "-addr", addr, "-db", filepath.Join(t.TempDir(), "p.db"), "-qr=false"}, args...)
	cmd := exec.Command("sh", sh...)
	s := &limitedServer{addr: addr, base: "http://" + addr, out: &syncBuffer{}, exited: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = s.out, s.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { cmd.Wait(); close(s.exited) }()
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-s.exited:
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
			<-s.exited
		}
		if t.Failed() {
			t.Logf("server output:\n%s", s.out.String())
		}
	})
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		resp, err := http.Get(s.base + "/healthz")
		if err == nil {
			resp.Body.Close()
			return s
		}
		select {
		case <-s.exited:
			t.Fatalf("the server did not start:\n%s", s.out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not come up: %v", err)
		}
	}
}

// alive fails the test if the process has exited.
func (s *limitedServer) alive(t *testing.T) {
	t.Helper()
	select {
	case <-s.exited:
		t.Fatalf("the server exited:\n%s", s.out.String())
	default:
	}
}

type match struct {
	code    string
	players []*client.Conn
}

// seatedMatch starts a two-player match of seated phones on the server's
// own machine.
func seatedMatch(t *testing.T, s *limitedServer) *match {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	api := client.API{Base: s.base}
	lobby, err := api.Create(ctx, gridtactics.Definition.Name, map[string]any{"small_board": true})
	if err != nil {
		t.Fatal(err)
	}
	m := &match{code: lobby.Code, players: make([]*client.Conn, 2)}
	for seat := range m.players {
		token, err := api.Take(ctx, lobby.Code, seat, fmt.Sprint("P", seat))
		if err != nil {
			t.Fatal(err)
		}
		if m.players[seat], err = client.Dial(ctx, s.base, lobby.Code, token, -1); err != nil {
			t.Fatal(err)
		}
		p := m.players[seat]
		t.Cleanup(func() { p.Close() })
	}
	if err := m.players[0].Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	return m
}

// play makes n moves of the match, each acknowledged by the server.
func (m *match) play(t *testing.T, n int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for range n {
		if _, ok := step(ctx, t, m.players); !ok {
			t.Fatal("the match ended early")
		}
	}
}

// addrs is n loopback addresses from 127.0.0.first.
func addrs(first, n int) []net.IP {
	var ips []net.IP
	for i := range n {
		ips = append(ips, net.IPv4(127, 0, 0, byte(first+i)))
	}
	return ips
}

// flood opens each connections idle TCP connections from every address of
// ips to addr and returns those the kernel completed.
func flood(t *testing.T, addr string, ips []net.IP, each int) []net.Conn {
	t.Helper()
	var conns []net.Conn
	for _, ip := range ips {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: time.Second}
		for range each {
			c, err := d.Dial("tcp", addr)
			if err != nil {
				continue // the backlog is full: also a flood
			}
			conns = append(conns, c)
		}
	}
	if len(conns) == 0 {
		t.Fatal("no connection of the flood got through")
	}
	t.Cleanup(func() { closeAll(conns) })
	return conns
}

// settle waits, a few seconds at most, until no more than bound of conns
// are open: a busy machine may take a moment to accept (and close) what
// waits in the backlog. It returns how many are open.
func settle(conns []net.Conn, bound int) int {
	n := stillOpen(conns)
	for deadline := time.Now().Add(5 * time.Second); n > bound && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		n = stillOpen(conns)
	}
	return n
}

// stillOpen counts the connections the server has not closed: a read
// that times out (an open, idle connection) rather than ending.
func stillOpen(conns []net.Conn) int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	deadline := time.Now().Add(700 * time.Millisecond)
	for _, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.SetReadDeadline(deadline)
			_, err := c.Read(make([]byte, 1))
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				mu.Lock()
				n++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return n
}

func closeAll(sets ...[]net.Conn) {
	for _, conns := range sets {
		for _, c := range conns {
			c.Close()
		}
	}
}

// wsFlood opens each websockets to room code from every address of ips,
// sending nothing after the upgrade, and returns those the server took.
func wsFlood(t *testing.T, s *limitedServer, code string, ips []net.IP, each int) []*websocket.Conn {
	t.Helper()
	var open []*websocket.Conn
	for _, ip := range ips {
		nd := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: time.Second}
		d := websocket.Dialer{NetDialContext: nd.DialContext, HandshakeTimeout: 2 * time.Second}
		for range each {
			ws, resp, err := d.Dial("ws://"+s.addr+"/ws/"+code, nil)
			if resp != nil && resp.Body != nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			if err != nil {
				continue // closed over a bound
			}
			open = append(open, ws)
		}
	}
	t.Cleanup(func() {
		for _, ws := range open {
			ws.Close()
		}
	})
	return open
}

// newPhone connects a spectator from ip, trying for a while: the server
// closes a flood's connections in its own time.
func newPhone(t *testing.T, s *limitedServer, code string, ip net.IP) *client.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	for {
		try, stop := context.WithTimeout(ctx, 2*time.Second)
		c, err := client.DialFrom(try, ip, s.base, code, "", -1)
		stop()
		if err == nil {
			return c
		}
		if ctx.Err() != nil {
			t.Fatalf("a new phone from %s cannot connect after the flood: %v", ip, err)
		}
		s.alive(t)
		time.Sleep(100 * time.Millisecond)
	}
}
