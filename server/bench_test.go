package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"syscall"
	"testing"
	"time"

	loadgen "periscope/cmd/loadgen/load"
	"periscope/db"
	"periscope/games"
	"periscope/roles"
	"periscope/rooms"
	"periscope/server"
	"periscope/server/servertest"
)

// BenchmarkCommandToLastSeat plays real Captain Sonar matches (package
// roles: real rules, real per-seat views and patches, the SQLite log in a
// temp dir) over real websockets on loopback, in one process, with the load
// tool's engine (cmd/loadgen/load): random legal orders read from each
// crew's own view, one client.Conn per seat. It measures the time from a
// command to the last of the room's seats that gets a frame of its version,
// then replays the very frames it recorded through a bare fasthttp/websocket
// broadcast (no runtime, game, views or log) at the same rate, and reports
// both ("bare-" metrics). b.N is the commands each room sends, at rate
// commands per room per second, so a run lasts b.N/rate seconds twice.
//
// The figures of docs/benchmarks.md come from cmd/loadgen against the built
// binary; this benchmark is the same measurement in-process, for profiles:
//
//	go test ./server -run '^$' -bench CommandToLastSeat -benchtime 400x -cpuprofile /tmp/cpu.out
func BenchmarkCommandToLastSeat(b *testing.B) {
	for _, c := range []struct {
		rooms int
		rate  float64
	}{{1, 20}, {100, 1}} {
		b.Run(fmt.Sprintf("rooms=%d,rate=%g", c.rooms, c.rate), func(b *testing.B) { benchSonar(b, c.rooms, c.rate) })
	}
}

func benchSonar(b *testing.B, n int, rate float64) {
	d, err := db.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	// Registered first, so it runs after the server is down.
	b.Cleanup(func() { d.Close() })
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	hub, err := rooms.NewHub(rooms.Config{Store: d, Games: []games.Definition{roles.Definition}, Log: quiet})
	if err != nil {
		b.Fatal(err)
	}
	_, base := servertest.Serve(b, server.Config{Hub: hub, Log: quiet, RoomLimit: -1, SeatLimit: -1, WriteLimit: -1})
	ctx := context.Background()
	dur := time.Duration(float64(b.N) / rate * float64(time.Second))

	b.ResetTimer()
	cpu := cpuTime()
	cfg := loadgen.Config{Base: base, Rooms: n, Rate: rate, Duration: dur, Seed: 1}
	if path := os.Getenv("PERISCOPE_BENCH_HEAP"); path != "" {
		// The live heap with every room and phone still connected, for
		// go tool pprof -sample_index=inuse_space (focus on the server's
		// packages: the phones share this process).
		cfg.AtEnd = func() { writeHeap(b, path) }
	}
	real, err := loadgen.Run(ctx, cfg)
	if err != nil {
		b.Fatal(err)
	}
	realCPU := cpuTime() - cpu
	b.StopTimer()
	if real.Lost > 0 || real.Mismatch > 0 {
		b.Fatalf("%d rooms lost a phone, %d frames unmatched", real.Lost, real.Mismatch)
	}

	bs := loadgen.NewBareServer(real.Traces)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go bs.Serve(ln)
	defer bs.Close()
	cpu = cpuTime()
	bare, err := loadgen.RunBare(ctx, loadgen.BareConfig{Base: "http://" + ln.Addr().String(), Traces: real.Traces, Rooms: n, Rate: rate, Duration: dur})
	if err != nil {
		b.Fatal(err)
	}
	bareCPU := cpuTime() - cpu

	for _, x := range []struct {
		prefix string
		r      *loadgen.Result
		cpu    time.Duration
	}{{"", real, realCPU}, {"bare-", bare, bareCPU}} {
		b.ReportMetric(float64(x.r.Latency.P50.Microseconds()), x.prefix+"p50-µs")
		b.ReportMetric(float64(x.r.Latency.P99.Microseconds()), x.prefix+"p99-µs")
		if x.r.Accepted > 0 {
			// Server and the 8 phones of every room together: one process.
			b.ReportMetric(float64(x.cpu.Microseconds())/float64(x.r.Accepted), x.prefix+"cpu-µs/cmd")
		}
	}
	b.ReportMetric(real.All.Payload, "B/frame")
	b.ReportMetric(real.FramesPerUpdate, "frames/update")
	b.ReportMetric(float64(real.Welcome.Mean), "B/welcome")
	b.ReportMetric(0, "ns/op")
}

func writeHeap(b *testing.B, path string) {
	runtime.GC()
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		b.Fatal(err)
	}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
