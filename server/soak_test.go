package server_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"periscope/client"
	"periscope/db"
	"periscope/games"
	"periscope/rooms"
	"periscope/rooms/roomstest"
	"periscope/server"
	"periscope/server/servertest"
)

// BenchmarkSoakMatches plays 100 whole matches over real websockets (a
// player and a bot each, with a spectator) on SQLite, lets them finish and
// their phones go, sweeps, and reports what is left against the idle
// server: rooms in memory, goroutines and heap. Finished rooms must leave
// memory (their log stays in the store), so every figure returns to idle;
// what remains are fasthttp's pools of idle workers.
func BenchmarkSoakMatches(b *testing.B) {
	const matches = 100
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	// SQLite, as served: the logs of finished matches live on disk, so the
	// heap shows what the rooms keep.
	store, err := db.Open(filepath.Join(b.TempDir(), "soak.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	hub, err := rooms.NewHub(rooms.Config{Store: store, Games: []games.Definition{roomstest.Race},
		Log: quiet, FinishedTTL: time.Nanosecond})
	if err != nil {
		b.Fatal(err)
	}
	_, base := servertest.Serve(b, server.Config{Hub: hub, Log: quiet, RoomLimit: 1 << 20, SeatLimit: 1 << 20, WriteLimit: 1 << 20})
	api := client.API{Base: base}
	ctx := context.Background()
	idleG, idleHeap := settle()
	var peakRooms int
	var peakHeap uint64
	for b.Loop() {
		for range matches {
			playOut(ctx, b, api, base)
		}
		// Before the sweep: every finished room still resident.
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		peakRooms, peakHeap = hub.Live(), m.HeapInuse
		hub.Sweep()
	}
	afterG, afterHeap := settle()
	b.ReportMetric(float64(peakRooms), "rooms-before-sweep")
	b.ReportMetric(float64(peakHeap)/(1<<20), "heap-MiB-before-sweep")
	b.ReportMetric(float64(hub.Live()), "rooms-left")
	b.ReportMetric(float64(idleG), "goroutines-idle")
	b.ReportMetric(float64(afterG), "goroutines-after")
	b.ReportMetric(float64(idleHeap)/(1<<20), "heap-MiB-idle")
	b.ReportMetric(float64(afterHeap)/(1<<20), "heap-MiB-after")
}

// playOut plays one race to its end: the player adds 3 on its turns, the
// bot answers, a spectator watches; then both phones leave.
func playOut(ctx context.Context, b *testing.B, api client.API, base string) {
	lobby, err := api.Create(ctx, "race", map[string]any{"seats": 2, "target": 30})
	if err != nil {
		b.Fatal(err)
	}
	token, err := api.Take(ctx, lobby.Code, 0, "Soak")
	if err != nil {
		b.Fatal(err)
	}
	c, err := client.Dial(ctx, base, lobby.Code, token, -1)
	if err != nil {
		b.Fatal(err)
	}
	watcher, err := client.Dial(ctx, base, lobby.Code, "", -1)
	if err != nil {
		b.Fatal(err)
	}
	if err := c.Host(ctx, rooms.ActionBot, 1); err != nil {
		b.Fatal(err)
	}
	if err := c.Host(ctx, rooms.ActionStart); err != nil {
		b.Fatal(err)
	}
	for {
		var v roomstest.RaceView
		if err := c.ViewAs(&v); err != nil {
			b.Fatal(err)
		}
		if v.Winner != nil {
			break
		}
		if v.Started && v.Turn == 0 {
			if _, err := c.Do(ctx, map[string]any{"type": "add", "n": 3}); err != nil {
				b.Fatal(err)
			}
			continue
		}
		if _, err := c.Next(ctx); err != nil {
			b.Fatal(err)
		}
	}
	c.Close()
	watcher.Close()
}

// settle closes the test's idle HTTP keep-alive connections, waits for
// the server's idle workers to retire (fasthttp keeps them 10 s) and
// reports goroutines and live heap.
func settle() (int, uint64) {
	var m runtime.MemStats
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	time.Sleep(11 * time.Second)
	for range 20 {
		runtime.GC()
		time.Sleep(50 * time.Millisecond)
	}
	runtime.ReadMemStats(&m)
	return runtime.NumGoroutine(), m.HeapInuse
}
