package rooms

import (
	"sync"
	"sync/atomic"
	"time"
)

// Counters is what a host's monitoring reads of the rooms (the server's
// /metrics page): how much was played, how much refused, and how long the
// log's commits took, since the hub started.
type Counters struct {
	// Rooms counts the rooms in memory by state (waiting, playing,
	// finished but still open for its phones).
	Rooms map[string]int
	// Commands counts the commands committed to the log: players', bots'
	// and the room's own (start, clock ticks).
	Commands int64
	// Refusals counts the error replies sent to phones, by error code
	// ("refused" for a move the rules forbid, "bad_request", ...).
	Refusals map[string]int64
	// Commit is the time AppendCommand took for each committed command:
	// what a player waits for before anyone sees the move.
	Commit Histogram
}

// CommitBuckets are the upper bounds of Counters.Commit's buckets: a
// commit usually takes well under a millisecond (docs/benchmarks.md); a
// slow SD card or a full disk shows in the upper ones.
var CommitBuckets = []time.Duration{
	100 * time.Microsecond, 250 * time.Microsecond, 500 * time.Microsecond,
	time.Millisecond, 2500 * time.Microsecond, 5 * time.Millisecond,
	10 * time.Millisecond, 25 * time.Millisecond, 50 * time.Millisecond,
	100 * time.Millisecond, 250 * time.Millisecond, 500 * time.Millisecond,
	time.Second, 2500 * time.Millisecond, 5 * time.Second,
}

// Histogram is a count of durations per bucket.
type Histogram struct {
	// Counts[i] counts the durations at most CommitBuckets[i] and above
	// the bucket before; the last entry counts those above every bound.
	Counts []uint64
	Count  uint64
	Sum    time.Duration
}

// Cumulative returns, per bucket bound, the durations at most that bound
// (Prometheus's histogram buckets).
func (h Histogram) Cumulative() []uint64 {
	out := make([]uint64, len(CommitBuckets))
	var n uint64
	for i := range out {
		n += h.Counts[i]
		out[i] = n
	}
	return out
}

// counters are the hub's running counts, updated lock-free on the hot
// path except for a refusal's code (a short lock, refusals are rare).
type counters struct {
	commands  atomic.Int64
	commitN   atomic.Uint64
	commitSum atomic.Int64
	buckets   [16]atomic.Uint64 // len(CommitBuckets)+1

	mu       sync.Mutex
	refusals map[string]int64
}

func (c *counters) committed(took time.Duration) {
	c.commands.Add(1)
	c.commitN.Add(1)
	c.commitSum.Add(int64(took))
	i := 0
	for i < len(CommitBuckets) && took > CommitBuckets[i] {
		i++
	}
	c.buckets[i].Add(1)
}

func (c *counters) refused(code string) {
	c.mu.Lock()
	if c.refusals == nil {
		c.refusals = make(map[string]int64)
	}
	c.refusals[code]++
	c.mu.Unlock()
}

// Counters returns the hub's counts now.
func (h *Hub) Counters() Counters {
	out := Counters{Rooms: map[string]int{StateWaiting: 0, StatePlaying: 0, StateFinished: 0}, Refusals: map[string]int64{}}
	h.mu.Lock()
	for _, r := range h.rooms {
		out.Rooms[r.Lobby().State]++
	}
	h.mu.Unlock()
	c := &h.counters
	out.Commands = c.commands.Load()
	out.Commit = Histogram{Counts: make([]uint64, len(CommitBuckets)+1), Count: c.commitN.Load(), Sum: time.Duration(c.commitSum.Load())}
	for i := range out.Commit.Counts {
		out.Commit.Counts[i] = c.buckets[i].Load()
	}
	c.mu.Lock()
	for k, v := range c.refusals {
		out.Refusals[k] = v
	}
	c.mu.Unlock()
	return out
}
