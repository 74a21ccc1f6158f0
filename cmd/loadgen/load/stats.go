package load

import (
	"fmt"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// Buckets are the version ranges bytes and latencies are shown by, to tell
// whether they stay flat over a match: 1-50, 51-100, ..., 301 and later.
const Buckets = 7

// BucketName names bucket b: "1-50", ..., "301+".
func BucketName(b int) string {
	if b == Buckets-1 {
		return fmt.Sprintf("%d+", 50*b+1)
	}
	return fmt.Sprintf("%d-%d", 50*b+1, 50*(b+1))
}

func bucket(v int64) int {
	if v < 1 {
		return 0
	}
	return min(int((v-1)/50), Buckets-1)
}

// collector gathers the figures of every table of a run.
type collector struct {
	sent, accepted, skipped, matches, mismatch, lost atomic.Int64
	lobbyFrames, lobbyBytes                          atomic.Int64

	mu       sync.Mutex
	refused  map[string]int
	welcomes []int
	lat      []time.Duration
	latB     [Buckets][]time.Duration
	frames   [Buckets]int64 // update frames
	payload  [Buckets]int64 // their JSON bytes
	wire     [Buckets]int64 // the same with websocket framing
	versions [Buckets]int64 // versions at least one seat got a frame of
	silent   int64          // command versions no seat got a frame of
	cmdVers  int64          // command versions with frames
	cmdFr    int64          // their frames
	traces   []*Trace
}

func newCollector() *collector { return &collector{refused: map[string]int{}} }

func (c *collector) refuse(rule, code string) {
	if rule == "" {
		rule = code
	}
	c.mu.Lock()
	c.refused[rule]++
	c.mu.Unlock()
}

func (c *collector) addWelcome(n int) {
	c.mu.Lock()
	c.welcomes = append(c.welcomes, n)
	c.mu.Unlock()
}

func (c *collector) lobby(f frameSize) {
	c.lobbyFrames.Add(1)
	c.lobbyBytes.Add(int64(f.payload))
}

// add takes a closed table's versions; t.mu is held.
func (c *collector) add(t *table) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for v, r := range t.vers {
		b := bucket(v)
		if r.frames > 0 {
			c.frames[b] += int64(r.frames)
			c.payload[b] += int64(r.payload)
			c.wire[b] += int64(r.wire)
			c.versions[b]++
		}
		if !r.cmd || r.sent.IsZero() {
			continue
		}
		if r.frames == 0 {
			c.silent++
			continue
		}
		c.cmdVers++
		c.cmdFr += int64(r.frames)
		d := r.last.Sub(r.sent)
		c.lat = append(c.lat, d)
		c.latB[b] = append(c.latB[b], d)
	}
	if tr := t.rec.trace(); tr != nil {
		c.traces = append(c.traces, tr)
	}
}

// Dist is a latency distribution.
type Dist struct {
	N             int
	P50, P99, Max time.Duration
}

func dist(d []time.Duration) Dist {
	if len(d) == 0 {
		return Dist{}
	}
	d = slices.Clone(d)
	slices.Sort(d)
	at := func(p float64) time.Duration { return d[int(p*float64(len(d)-1)+0.5)] }
	return Dist{N: len(d), P50: at(0.50), P99: at(0.99), Max: d[len(d)-1]}
}

// Bucket is one version range's figures.
type Bucket struct {
	Name     string
	Versions int64   // versions at least one seat got a frame of
	Frames   int64   // update frames sent to seats
	Payload  float64 // mean JSON bytes per update frame
	Wire     float64 // the same with websocket framing
	PerSeat  float64 // JSON bytes per seat per version (seats without a frame count 0)
	Latency  Dist    // command to last seat, for commands of that range
}

// Result is what one run measured.
type Result struct {
	Variant  string // "periscope" or "bare"
	Rooms    int
	Rate     float64
	Duration time.Duration
	Seats    int

	Sent, Accepted, Skipped, Matches int64
	Refused                          map[string]int
	Mismatch                         int64 // messages the meter could not match (should be 0)
	Lost                             int64 // rooms replaced because a phone's connection ended (should be 0)

	Latency Dist // command to the last seat that got a frame of its version
	// FramesPerUpdate is the mean number of seats that got a frame for a
	// command's version; Silent counts the command versions none did.
	FramesPerUpdate float64
	Silent          int64
	Buckets         [Buckets]Bucket
	All             Bucket
	Welcome         struct{ N, Mean, Max int }
	LobbyFrames     int64
	LobbyBytes      int64

	Server Proc // the server process, if known
	// ToolCPU is the load tool's own CPU time over the measured window:
	// it shares the machine with the server.
	ToolCPU time.Duration
	// GC is the server's Go runtime over the window, from its /metrics
	// (zero if it serves none).
	GC     GC
	Traces []*Trace `json:"-"`
}

func (c *collector) result(variant string, rooms, seats int, rate float64, d time.Duration) *Result {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := &Result{Variant: variant, Rooms: rooms, Seats: seats, Rate: rate, Duration: d,
		Sent: c.sent.Load(), Accepted: c.accepted.Load(), Skipped: c.skipped.Load(), Matches: c.matches.Load(),
		Refused: c.refused, Mismatch: c.mismatch.Load(), Lost: c.lost.Load(), Latency: dist(c.lat), Silent: c.silent,
		LobbyFrames: c.lobbyFrames.Load(), LobbyBytes: c.lobbyBytes.Load(), Traces: c.traces}
	if c.cmdVers > 0 {
		r.FramesPerUpdate = float64(c.cmdFr) / float64(c.cmdVers)
	}
	var all Bucket
	for b := range Buckets {
		k := Bucket{Name: BucketName(b), Versions: c.versions[b], Frames: c.frames[b], Latency: dist(c.latB[b])}
		if k.Frames > 0 {
			k.Payload = float64(c.payload[b]) / float64(k.Frames)
			k.Wire = float64(c.wire[b]) / float64(k.Frames)
			k.PerSeat = float64(c.payload[b]) / float64(k.Versions*int64(seats))
		}
		r.Buckets[b] = k
		all.Versions += k.Versions
		all.Frames += k.Frames
	}
	all.Name = "all"
	var pay, wire int64
	for b := range Buckets {
		pay += c.payload[b]
		wire += c.wire[b]
	}
	if all.Frames > 0 {
		all.Payload = float64(pay) / float64(all.Frames)
		all.Wire = float64(wire) / float64(all.Frames)
		all.PerSeat = float64(pay) / float64(all.Versions*int64(seats))
	}
	all.Latency = r.Latency
	r.All = all
	if n := len(c.welcomes); n > 0 {
		sum, mx := 0, 0
		for _, w := range c.welcomes {
			sum += w
			mx = max(mx, w)
		}
		r.Welcome.N, r.Welcome.Mean, r.Welcome.Max = n, sum/n, mx
	}
	return r
}

// TopRefusals lists the most frequent refused rules, most first.
func (r *Result) TopRefusals(n int) string {
	type kv struct {
		k string
		v int
	}
	var l []kv
	for k, v := range r.Refused {
		l = append(l, kv{k, v})
	}
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v || l[i].v == l[j].v && l[i].k < l[j].k })
	s := ""
	for i, x := range l {
		if i == n {
			break
		}
		if s != "" {
			s += ", "
		}
		s += fmt.Sprintf("%s %d", x.k, x.v)
	}
	return s
}
