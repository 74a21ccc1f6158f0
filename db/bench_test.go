package db_test

import (
	"encoding/json"
	"fmt"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"periscope/rooms"
)

// A typical command: about 60 bytes of JSON.
var benchBody = json.RawMessage(`{"type":"move","dir":"NORTH","client":"a1b2c3d4","n":12}`)

// BenchmarkAppendCommand is one room logging commands back to back: ns/op
// is the time from call to durable commit.
func BenchmarkAppendCommand(b *testing.B) {
	d := open(b)
	if err := d.CreateRoom(rooms.RoomRecord{Code: "BENCH", Game: "sonar", Created: start}); err != nil {
		b.Fatal(err)
	}
	v := int64(0)
	for b.Loop() {
		v++
		c := rooms.CommandRecord{Room: "BENCH", Version: v, Seat: int(v % 4), ClientID: "c", Body: benchBody, Time: start}
		if err := d.AppendCommand(c); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(v)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkAppendAfterIdle is one room logging a command after the process
// has been idle for gap, as a room at a table does between orders: the
// commit's time and the process's CPU per commit. On the 2-core VM of
// docs/benchmarks.md a commit costs 30-50 µs back to back and 270-280 µs
// after 50 ms of idleness (caches and the idle core gone cold): the cost
// that keeps one quiet room's latency far above a bare broadcast's.
//
//	go test ./db -run '^$' -bench AppendAfterIdle -benchtime 100x
func BenchmarkAppendAfterIdle(b *testing.B) {
	for _, gap := range []time.Duration{0, time.Millisecond, 10 * time.Millisecond, 50 * time.Millisecond} {
		b.Run(fmt.Sprintf("gap=%v", gap), func(b *testing.B) {
			d := open(b)
			if err := d.CreateRoom(rooms.RoomRecord{Code: "BENCH", Game: "sonar", Created: start}); err != nil {
				b.Fatal(err)
			}
			var wall, cpu time.Duration
			v := int64(0)
			for b.Loop() {
				b.StopTimer()
				time.Sleep(gap)
				b.StartTimer()
				v++
				c0, t0 := processCPU(), time.Now()
				c := rooms.CommandRecord{Room: "BENCH", Version: v, Seat: 1, ClientID: "c", Body: benchBody, Time: start}
				if err := d.AppendCommand(c); err != nil {
					b.Fatal(err)
				}
				wall += time.Since(t0)
				cpu += processCPU() - c0
			}
			b.ReportMetric(float64(wall.Microseconds())/float64(v), "commit-µs")
			b.ReportMetric(float64(cpu.Microseconds())/float64(v), "cpu-µs/commit")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// processCPU is the process's user and system CPU time so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkAppendCommandRooms is many rooms logging at once: they share the
// one writer connection, and commits (see BenchmarkAppendRooms).
func BenchmarkAppendCommandRooms(b *testing.B) {
	d := open(b)
	var next, total atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		code := fmt.Sprintf("R%d", next.Add(1))
		if err := d.CreateRoom(rooms.RoomRecord{Code: code, Game: "sonar", Created: start}); err != nil {
			b.Error(err)
			return
		}
		v := int64(0)
		for pb.Next() {
			v++
			c := rooms.CommandRecord{Room: code, Version: v, Seat: 0, Body: benchBody, Time: start}
			if err := d.AppendCommand(c); err != nil {
				b.Error(err)
				return
			}
		}
		total.Add(v)
	})
	b.ReportMetric(float64(total.Load())/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkLoad reads back a long match (1000 commands), as a replay or a
// restart does.
func BenchmarkLoad(b *testing.B) {
	d := open(b)
	if err := d.CreateRoom(rooms.RoomRecord{Code: "LONG", Game: "sonar", Created: start}); err != nil {
		b.Fatal(err)
	}
	for v := int64(1); v <= 1000; v++ {
		c := rooms.CommandRecord{Room: "LONG", Version: v, Seat: 0, Body: benchBody, Time: start.Add(time.Duration(v) * time.Second)}
		if err := d.AppendCommand(c); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		s, err := d.Load("LONG")
		if err != nil || len(s.Commands) != 1000 {
			b.Fatal(len(s.Commands), err)
		}
	}
}

// BenchmarkAppendHouse is the load tool's pattern in the log alone: 500
// rooms playing, each command in the next room, a millisecond apart (a
// house at 500 commands a second never groups two). It reports the
// process's CPU per commit, the figure the room's budget pays; the sleep
// is in ns/op, so ignore that.
//
//	go test ./db -run '^$' -bench AppendHouse -benchtime 5000x
func BenchmarkAppendHouse(b *testing.B) {
	d := open(b)
	const houses = 500
	codes := make([]string, houses)
	for i := range codes {
		codes[i] = fmt.Sprintf("H%03dQ", i)
		if err := d.CreateRoom(rooms.RoomRecord{Code: codes[i], Game: "sonar", Created: start}); err != nil {
			b.Fatal(err)
		}
	}
	var cpu time.Duration
	n := 0
	for b.Loop() {
		time.Sleep(time.Millisecond)
		c0 := processCPU()
		c := rooms.CommandRecord{Room: codes[n%houses], Version: int64(n/houses + 1), Seat: 1, ClientID: "c", Body: benchBody, Time: start}
		if err := d.AppendCommand(c); err != nil {
			b.Fatal(err)
		}
		cpu += processCPU() - c0
		n++
	}
	b.ReportMetric(float64(cpu.Microseconds())/float64(n), "cpu-µs/commit")
}
