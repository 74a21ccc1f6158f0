// Package servertest runs a real Periscope server on loopback for tests:
// the websocket, browser and benchmark tests all drive one this way.
package servertest

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"periscope/games"
	"periscope/rooms"
	"periscope/server"
)

// Hub is a hub of games on an in-memory store that logs nothing.
func Hub(t testing.TB, games ...games.Definition) *rooms.Hub {
	t.Helper()
	return NewHub(t, rooms.Config{Games: games})
}

// NewHub is a hub of cfg, on a new in-memory store when cfg names no store,
// and logging nothing when it names no log.
func NewHub(t testing.TB, cfg rooms.Config) *rooms.Hub {
	t.Helper()
	if cfg.Store == nil {
		cfg.Store = rooms.NewMemoryStore()
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	hub, err := rooms.NewHub(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return hub
}

// Seeds is a rooms.Config.Seeds that answers the given seeds, one per
// match in order, and the last again after that: a test's matches play
// the same every run.
func Seeds(seeds ...uint64) func() uint64 {
	var mu sync.Mutex
	next := 0
	return func() uint64 {
		mu.Lock()
		defer mu.Unlock()
		s := seeds[min(next, len(seeds)-1)]
		next++
		return s
	}
}

// Serve runs a server built from cfg on a free loopback port until the test
// ends; then it shuts the server down and closes cfg.Hub. It returns the
// server and its base URL ("http://127.0.0.1:port").
func Serve(t testing.TB, cfg server.Config) (*server.Server, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		cfg.Hub.Close()
		t.Fatal(err)
	}
	return ServeOn(t, ln, cfg)
}

// ServeOn is Serve on a listener of the test's choosing (a LAN address,
// for phones that are not the server's own machine).
func ServeOn(t testing.TB, ln net.Listener, cfg server.Config) (*server.Server, string) {
	t.Helper()
	srv := server.New(cfg)
	go srv.Serve(ln)
	t.Cleanup(func() {
		// The test's own keep-alive connections, some dialled and never
		// used by net/http's racing dials, would hold the shutdown until
		// the server's read timeout: close them first, as a phone leaving
		// would.
		http.DefaultTransport.(*http.Transport).CloseIdleConnections()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		cfg.Hub.Close()
	})
	return srv, "http://" + ln.Addr().String()
}
