package main

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"periscope/cmd/loadgen/load"
	"periscope/roles"
	"periscope/server"
	"periscope/server/servertest"
)

// TestLoadCountsUpdatesAndBytes plays 2 real Captain Sonar rooms for a few
// seconds against an in-process server, then replays them through the bare
// broadcast, and checks that the tool counted what the phones received:
// the bare replay sends the very frames recorded, so both runs must agree
// on the bytes of every version they both played.
func TestLoadCountsUpdatesAndBytes(t *testing.T) {
	_, base := servertest.Serve(t, server.Config{Hub: servertest.Hub(t, roles.Definition), RoomLimit: -1, SeatLimit: -1, WriteLimit: -1})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	real, err := load.Run(ctx, load.Config{Base: base, Rooms: 2, Rate: 20, Duration: 3 * time.Second, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if real.Mismatch != 0 || real.Lost != 0 {
		t.Fatalf("%d messages not matched with a frame, %d rooms lost", real.Mismatch, real.Lost)
	}
	if real.Accepted < 40 || real.Latency.N == 0 || real.Latency.N > int(real.Accepted) {
		t.Fatalf("%d commands sent, %d applied, %d latencies", real.Sent, real.Accepted, real.Latency.N)
	}
	// 16 welcomes at least (one per phone), each a whole view.
	if real.Welcome.N < 16 || real.Welcome.Mean < 1000 {
		t.Fatalf("welcomes: %+v", real.Welcome)
	}
	if real.All.Frames == 0 || real.FramesPerUpdate <= 0 || real.FramesPerUpdate > 8 {
		t.Fatalf("%d frames, %.2f per update", real.All.Frames, real.FramesPerUpdate)
	}
	// A websocket frame from the server has a 2 or 4 byte header.
	if hdr := real.All.Wire - real.All.Payload; hdr < 2 || hdr > 4 {
		t.Fatalf("wire %.1f B, payload %.1f B per frame: %.1f of header", real.All.Wire, real.All.Payload, hdr)
	}
	// The runtime's figures come from the server's /metrics: the window
	// allocated (views, frames) and the live heap holds the rooms.
	if real.GC.Alloc <= 0 || real.GC.LiveEnd <= 0 {
		t.Fatalf("no runtime figures from the server's /metrics: %+v", real.GC)
	}
	// And its memory by class, the goroutines among them (a phone's
	// reader at least, for the 16 phones of this process's own server).
	if m := real.GC.MemEnd; !m.OK || m.Objects <= 0 || m.Stacks <= 0 || m.Goroutines < 16 {
		t.Fatalf("no memory classes from the server's /metrics: %+v", m)
	}
	if len(real.Traces) != 2 {
		t.Fatalf("%d traces recorded, want 2", len(real.Traces))
	}

	bs := load.NewBareServer(real.Traces)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go bs.Serve(ln)
	defer bs.Close()
	steps := 0
	for _, tr := range real.Traces {
		steps += len(tr.Steps) - 1 // the start is played before the clock
	}
	// One pass over each trace: the same versions, the same frames.
	bare, err := load.RunBare(ctx, load.BareConfig{Base: "http://" + ln.Addr().String(), Traces: real.Traces, Rooms: 2,
		Rate: 20, Duration: time.Duration(steps/2) * 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if bare.Mismatch != 0 || bare.Lost != 0 {
		t.Fatalf("bare: %d messages not matched, %d rooms lost", bare.Mismatch, bare.Lost)
	}
	if d := bare.Welcome.Mean - real.Welcome.Mean; d > real.Welcome.Mean/20 || d < -real.Welcome.Mean/20 {
		t.Fatalf("bare welcomes of %d B, the real ones %d B", bare.Welcome.Mean, real.Welcome.Mean)
	}
	if bare.Accepted == 0 || bare.All.Frames == 0 {
		t.Fatalf("bare: %d acks, %d frames", bare.Accepted, bare.All.Frames)
	}
	if bare.GC.Alloc <= 0 {
		t.Fatalf("no runtime figures from the bare broadcast's /metrics: %+v", bare.GC)
	}
	if d := bare.All.Payload - real.All.Payload; d > real.All.Payload/4 || d < -real.All.Payload/4 {
		t.Fatalf("bare frames of %.0f B, the real ones %.0f B", bare.All.Payload, real.All.Payload)
	}
	t.Logf("real: %d applied, p50 %v, %.0f B/frame, %.2f frames/update; bare: %d, p50 %v, %.0f B/frame",
		real.Accepted, real.Latency.P50, real.All.Payload, real.FramesPerUpdate, bare.Accepted, bare.Latency.P50, bare.All.Payload)

	// A room recorded before its first order (its trace holds the host's
	// start alone) has nothing to replay: the bare rooms play the others
	// (this panicked, index out of range, when a room came to such a trace).
	startOnly := &load.Trace{Welcome: real.Traces[0].Welcome, Steps: real.Traces[0].Steps[:1]}
	mixed := []*load.Trace{startOnly, real.Traces[0], startOnly, real.Traces[1]}
	bs2 := load.NewBareServer(mixed)
	ln2, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go bs2.Serve(ln2)
	defer bs2.Close()
	again, err := load.RunBare(ctx, load.BareConfig{Base: "http://" + ln2.Addr().String(), Traces: mixed, Rooms: 4,
		Rate: 20, Duration: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if again.Mismatch != 0 || again.Lost != 0 || again.Accepted == 0 {
		t.Fatalf("bare with start-only traces: %d mismatched, %d lost, %d acks", again.Mismatch, again.Lost, again.Accepted)
	}
}

// TestMedianAndRounds: the rounds' table reads each round's ratio from its
// own pair of runs and takes the median, odd and even counts alike.
func TestMedianAndRounds(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{
		{[]float64{2.4}, 2.4},
		{[]float64{2.4, 1.6, 1.9}, 1.9},
		{[]float64{3, 1, 2, 4}, 2.5},
	} {
		if got := median(c.xs); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.xs, got, c.want)
		}
	}
	run := func(cpu time.Duration, cmds int64) *load.Result {
		r := &load.Result{Accepted: cmds}
		r.Server.PID, r.Server.CPU = 1, cpu
		return r
	}
	var b strings.Builder
	reportRounds(&b, 500, [][2]*load.Result{
		{run(4*time.Second, 10000), run(2*time.Second, 10000)},         // 400 vs 200 µs: 2.00x
		{run(3*time.Second, 10000), run(2*time.Second, 10000)},         // 1.50x
		{run(9*time.Second, 10000), run(2500*time.Millisecond, 10000)}, // 3.60x
	})
	for _, want := range []string{"| 1 | 400 µs | 200 µs | 2.00x |", "| 2 | 300 µs | 200 µs | 1.50x |", "median ratio of 3 rounds: **2.00x** (lowest 1.50x, highest 3.60x)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("missing %q in:\n%s", want, b.String())
		}
	}
}

// TestSlowRateKeepsItsDuration: at one command a room every 100 s, a 1 s
// run still ends after about a second: a room waiting for its first tick
// stops when the window ends. It used to sleep out its period (the first
// tick is drawn within it) and a minute-long run at such a rate went on
// for many minutes.
func TestSlowRateKeepsItsDuration(t *testing.T) {
	_, base := servertest.Serve(t, server.Config{Hub: servertest.Hub(t, roles.Definition), RoomLimit: -1, SeatLimit: -1, WriteLimit: -1})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	began := time.Now()
	r, err := load.Run(ctx, load.Config{Base: base, Rooms: 1, Rate: 0.01, Duration: time.Second, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(began); d > 20*time.Second {
		t.Fatalf("a 1 s run at 0.01 commands a second took %v", d)
	}
	if r.Lost != 0 {
		t.Fatalf("%d rooms lost", r.Lost)
	}
}
