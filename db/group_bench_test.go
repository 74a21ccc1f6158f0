package db

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"periscope/rooms"
)

// appendUngrouped is the path before group commit, kept here as the
// benchmark's baseline: the caller runs its own one-statement implicit
// transaction, queueing for the one write connection in database/sql.
func (d *DB) appendUngrouped(c rooms.CommandRecord) error {
	r, err := newAppend(c)
	if err != nil {
		return err
	}
	err = d.appendAlone(r)
	reqPool.Put(r)
	return err
}

// BenchmarkAppendRooms is N rooms logging at once, each from its own
// goroutine as the room runtime does, each appending its next command as
// soon as the previous one is committed. path=group is AppendCommand (group
// commit); path=single is the old one commit per append, in the same run.
// An op is one append; rows/s is appends committed per second, commits/s the
// transactions that carried them, p50/p99 the time from call to commit.
func BenchmarkAppendRooms(b *testing.B) {
	for _, n := range []int{1, 8, 64, 512} {
		for _, path := range []string{"single", "group"} {
			b.Run(fmt.Sprintf("rooms=%d/path=%s", n, path), func(b *testing.B) {
				benchRooms(b, n, path == "group")
			})
		}
	}
}

func benchRooms(b *testing.B, n int, group bool) {
	d, err := Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	body := json.RawMessage(`{"type":"move","dir":"NORTH","client":"a1b2c3d4","n":12}`)
	at := time.Date(2025, 3, 14, 20, 15, 9, 0, time.UTC)
	for i := range n {
		if err := d.CreateRoom(rooms.RoomRecord{Code: fmt.Sprintf("R%04d", i), Game: "sonar", Created: at}); err != nil {
			b.Fatal(err)
		}
	}
	appendFn := d.AppendCommand
	if !group {
		appendFn = d.appendUngrouped
	}
	var (
		next    atomic.Int64
		wg      sync.WaitGroup
		mu      sync.Mutex
		latency []time.Duration
	)
	commits := d.commits.Load()
	b.ResetTimer()
	for i := range n {
		code := fmt.Sprintf("R%04d", i)
		wg.Go(func() {
			var mine []time.Duration
			for v := int64(1); next.Add(1) <= int64(b.N); v++ {
				c := rooms.CommandRecord{Room: code, Version: v, Seat: int(v % 8), ClientID: "c", Body: body, Time: at}
				t := time.Now()
				if err := appendFn(c); err != nil {
					b.Error(err)
					return
				}
				mine = append(mine, time.Since(t))
			}
			mu.Lock()
			latency = append(latency, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	b.StopTimer()
	secs := b.Elapsed().Seconds()
	txs := d.commits.Load() - commits
	slices.Sort(latency)
	pct := func(p float64) float64 {
		if len(latency) == 0 {
			return 0
		}
		return float64(latency[int(p*float64(len(latency)-1))].Microseconds())
	}
	b.ReportMetric(float64(b.N)/secs, "rows/s")
	b.ReportMetric(float64(txs)/secs, "commits/s")
	b.ReportMetric(float64(b.N)/float64(max(txs, 1)), "rows/commit")
	b.ReportMetric(pct(0.50), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
}

// BenchmarkAppendPaced is the house of issue 10's goal: 2,000 rooms, each
// logging one command a second, spread evenly over the second. An op is one
// second of play (run it with -benchtime Nx for N seconds); p50/p99 are the
// time from call to commit of every append.
func BenchmarkAppendPaced(b *testing.B) {
	const n = 2000
	for _, path := range []string{"single", "group"} {
		b.Run(fmt.Sprintf("rooms=%d/path=%s", n, path), func(b *testing.B) {
			benchPaced(b, n, time.Second, path == "group")
		})
	}
}

func benchPaced(b *testing.B, n int, every time.Duration, group bool) {
	d, err := Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	body := json.RawMessage(`{"type":"move","dir":"NORTH","client":"a1b2c3d4","n":12}`)
	at := time.Date(2025, 3, 14, 20, 15, 9, 0, time.UTC)
	for i := range n {
		if err := d.CreateRoom(rooms.RoomRecord{Code: fmt.Sprintf("R%04d", i), Game: "sonar", Created: at}); err != nil {
			b.Fatal(err)
		}
	}
	appendFn := d.AppendCommand
	if !group {
		appendFn = d.appendUngrouped
	}
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		latency []time.Duration
	)
	commits := d.commits.Load()
	b.ResetTimer()
	begin := time.Now()
	for i := range n {
		code := fmt.Sprintf("R%04d", i)
		phase := every * time.Duration(i) / time.Duration(n)
		wg.Go(func() {
			mine := make([]time.Duration, 0, b.N)
			for v := int64(1); v <= int64(b.N); v++ {
				time.Sleep(time.Until(begin.Add(phase + every*time.Duration(v-1))))
				c := rooms.CommandRecord{Room: code, Version: v, Seat: int(v % 8), ClientID: "c", Body: body, Time: at}
				t := time.Now()
				if err := appendFn(c); err != nil {
					b.Error(err)
					return
				}
				mine = append(mine, time.Since(t))
			}
			mu.Lock()
			latency = append(latency, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	b.StopTimer()
	rows := len(latency)
	txs := d.commits.Load() - commits
	slices.Sort(latency)
	pct := func(p float64) float64 {
		if rows == 0 {
			return 0
		}
		return float64(latency[int(p*float64(rows-1))].Microseconds())
	}
	b.ReportMetric(float64(rows)/float64(max(txs, 1)), "rows/commit")
	b.ReportMetric(pct(0.50), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
	b.ReportMetric(float64(latency[rows-1].Microseconds()), "max-µs")
}
