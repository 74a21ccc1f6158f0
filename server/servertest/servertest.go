// Package servertest runs a real Periscope server on loopback for tests:
// the websocket, browser and benchmark tests all drive one this way.
package servertest

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"periscope/games"
	"periscope/rooms"
	"periscope/server"
)

// Hub is a hub of games on an in-memory store that logs nothing.
func Hub(t testing.TB, games ...games.Definition) *rooms.Hub {
	t.Helper()
	hub, err := rooms.NewHub(rooms.Config{Store: rooms.NewMemoryStore(), Games: games,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return hub
}

// Serve runs a server built from cfg on a free loopback port until the test
// ends; then it shuts the server down and closes cfg.Hub. It returns the
// server and its base URL ("http://127.0.0.1:port").
func Serve(t testing.TB, cfg server.Config) (*server.Server, string) {
	t.Helper()
	srv := server.New(cfg)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
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
