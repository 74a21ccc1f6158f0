// Package load plays real Captain Sonar matches against a Periscope server
// over the real protocol (package client: one websocket per seat), and the
// same frames through a bare websocket broadcast, and measures both: the
// time from a command to the last of the room's seats that gets its
// update, the bytes of every frame, the server's memory and CPU.
//
// cmd/loadgen is its command line; the server benchmarks use it too.
package load

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	"github.com/fasthttp/websocket"

	"periscope/client"
	"periscope/roles"
	"periscope/rooms"
	"periscope/sonar"
)

// Seats is the Captain Sonar table: two crews of four.
const Seats = 8

func init() {
	// Every websocket the client package dials goes through the meter when
	// its context asks for it. The default dialer is this process's own.
	websocket.DefaultDialer.NetDialContext = meteredDial
}

// Config is one run.
type Config struct {
	// Base is the server: "http://127.0.0.1:8080". Its per-address limits
	// must be off (periscope -limits=false).
	Base string
	// Rooms play at once, each sending Rate commands a second for
	// Duration. A finished match is replaced by a new room.
	Rooms    int
	Rate     float64
	Duration time.Duration
	// Modes are the Captain Sonar modes the rooms play, in turn
	// ("turnbased", "realtime"); default both.
	Modes []string
	// Capture is how many rooms' frames are kept for the bare replay
	// (default 16; their first match only).
	Capture int
	// Setup is how many rooms are set up at once (default 16).
	Setup int
	// PID is the server's process, for its memory and CPU; 0 if unknown.
	PID int
	// Seed seeds the players' choices (0: random).
	Seed uint64
	// Log receives progress lines; nil for none.
	Log io.Writer
	// AtEnd, if set, runs when the measured window closes, every room still
	// live with its phones (an in-process run takes its heap profile there).
	AtEnd func()
}

func (c *Config) defaults() {
	if len(c.Modes) == 0 {
		c.Modes = []string{"turnbased", "realtime"}
	}
	if c.Capture == 0 {
		c.Capture = 16
	}
	if c.Setup <= 0 {
		c.Setup = 16
	}
	if c.Seed == 0 {
		c.Seed = rand.Uint64()
	}
	if c.Log == nil {
		c.Log = io.Discard
	}
}

// Run plays cfg.Rooms real matches against the server and measures them.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	cfg.defaults()
	if cfg.Rooms <= 0 || cfg.Rate <= 0 || cfg.Duration <= 0 {
		return nil, errors.New("load: rooms, rate and duration must be positive")
	}
	api := client.API{Base: cfg.Base, HTTP: &http.Client{Timeout: 30 * time.Second}}
	col := newCollector()
	smp := newSampler(cfg.PID)
	rtIdle := scrape(ctx, cfg.Base)

	// Set up every room first: the clock starts once all are playing.
	fmt.Fprintf(cfg.Log, "setting up %d rooms...\n", cfg.Rooms)
	began := time.Now()
	tables := make([]*sonarTable, cfg.Rooms)
	errs := make(chan error, cfg.Rooms)
	sem := make(chan struct{}, cfg.Setup)
	var wg sync.WaitGroup
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			t, err := openSonar(ctx, api, col, cfg.Modes[i%len(cfg.Modes)], i < cfg.Capture)
			if err != nil {
				errs <- fmt.Errorf("room %d: %w", i, err)
				return
			}
			tables[i] = t
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		for _, t := range tables {
			if t != nil {
				t.close()
			}
		}
		return nil, err
	}
	fmt.Fprintf(cfg.Log, "%d rooms playing after %v; measuring for %v\n", cfg.Rooms, time.Since(began).Round(time.Millisecond), cfg.Duration)
	smp.mark(func(p *Proc, rss int64) { p.RSSSetup = rss })
	smp.watch()
	cpu0, tool0 := cpuOf(fmt.Sprint(cfg.PID)), cpuOf("self")
	rt0 := scrape(ctx, cfg.Base)

	stop := time.Now().Add(cfg.Duration)
	var play, retired sync.WaitGroup
	for i, t := range tables {
		play.Add(1)
		go func() {
			defer play.Done()
			rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
			paced(ctx, rng, cfg.Rate, stop, func() bool {
				if t.isOver() {
					col.matches.Add(1)
					retired.Add(1)
					go func(old *sonarTable) {
						defer retired.Done()
						time.Sleep(2 * time.Second) // the end's last frames
						old.close()
					}(t)
					nt, err := openSonar(ctx, api, col, t.mode, false)
					if err != nil {
						fmt.Fprintf(cfg.Log, "room %d: a new match: %v\n", i, err)
						tables[i] = nil
						return false
					}
					t = nt
					tables[i] = t
					return true
				}
				o, ok := t.choose(rng)
				if !ok {
					col.skipped.Add(1)
					return true
				}
				if err := t.send(o.seat, rooms.Request{T: rooms.TypeCmd, Cmd: json.RawMessage(o.body)}, true); err != nil {
					fmt.Fprintf(cfg.Log, "room %d: %v\n", i, err)
					return false
				}
				return true
			})
		}()
	}
	play.Wait()
	// Let the last updates arrive, then close every room.
	time.Sleep(settle(cfg.Rate))
	cpu1, tool1 := cpuOf(fmt.Sprint(cfg.PID)), cpuOf("self")
	rt1 := scrape(ctx, cfg.Base)
	smp.mark(func(p *Proc, rss int64) { p.RSSEnd = rss })
	if cfg.AtEnd != nil {
		cfg.AtEnd()
	}
	proc := smp.end()
	proc.CPU = cpu1 - cpu0
	gc := gcOver(rtIdle, rt0, rt1)
	retired.Wait()
	for _, t := range tables {
		if t != nil {
			t.close()
		}
	}
	r := col.result("periscope", cfg.Rooms, Seats, cfg.Rate, cfg.Duration)
	r.Server, r.ToolCPU, r.GC = proc, tool1-tool0, gc
	return r, ctx.Err()
}

// paced calls step once a period (1/rate) until the window ends at stop or
// step returns false. Rooms start spread over one period, as real tables
// would. A room whose check came before stop still plays the tick it was
// waiting for, up to one period later, as ever; at a slow rate that wait
// is cut 2 s after stop, so that a run keeps to its duration (a 30 s run
// at 0.001 commands a second went on for over half an hour).
func paced(ctx context.Context, rng *rand.Rand, rate float64, stop time.Time, step func() bool) {
	period := time.Duration(float64(time.Second) / rate)
	over := time.NewTimer(time.Until(stop) + min(period, 2*time.Second))
	defer over.Stop()
	select {
	case <-time.After(time.Duration(rng.Int64N(int64(period)))):
	case <-over.C:
		return
	}
	tick := time.NewTicker(period)
	defer tick.Stop()
	for time.Now().Before(stop) {
		select {
		case <-ctx.Done():
			return
		case <-over.C:
			return
		case <-tick.C:
		}
		if !step() {
			return
		}
	}
}

// settle is how long a run waits after its window for the last updates:
// a second, and one period up to two more (a command takes milliseconds;
// this covers a loaded machine).
func settle(rate float64) time.Duration {
	return time.Second + min(time.Duration(float64(time.Second)/rate), 2*time.Second)
}

// sonarTable is a table playing a real Captain Sonar match.
type sonarTable struct {
	*table
	mode  string
	seats crewSeats
	chart *roles.Chart // read from the first view
}

// openSonar creates a room, takes its 8 seats, connects a phone to each
// and starts the match.
func openSonar(ctx context.Context, api client.API, col *collector, mode string, capture bool) (*sonarTable, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	l, err := api.Create(ctx, "sonar", map[string]any{"mode": mode})
	if err != nil {
		return nil, err
	}
	if len(l.Seats) != Seats {
		return nil, fmt.Errorf("room %s has %d seats, not %d", l.Code, len(l.Seats), Seats)
	}
	cs, err := seatsOf(l.Seats)
	if err != nil {
		return nil, err
	}
	t := &sonarTable{table: newTable(col, Seats, capture), mode: mode, seats: cs}
	tokens := make([]string, Seats)
	for i := range tokens {
		// The first seat taken is the host's.
		if tokens[i], err = api.Take(ctx, l.Code, i, fmt.Sprint("P", i)); err != nil {
			return nil, err
		}
	}
	for i, tok := range tokens {
		if err := t.dial(ctx, api.Base, l.Code, tok, i); err != nil {
			t.close()
			return nil, err
		}
	}
	if err := t.send(0, rooms.Request{T: rooms.TypeHost, Action: rooms.ActionStart}, false); err != nil {
		t.close()
		return nil, err
	}
	if err := t.waitVersion(ctx, 1); err != nil {
		t.close()
		return nil, err
	}
	return t, nil
}

// choose draws the next order from one crew's view (the other's if the
// first has nothing to do); ok is false when neither has.
func (t *sonarTable) choose(rng *rand.Rand) (order, bool) {
	first := rng.IntN(2)
	for k := range 2 {
		crew := sonar.Crew((first + k) % 2)
		var v roles.View
		conn := t.conns[t.seats[crew][sonar.Captain]]
		if t.chart == nil {
			// The chart never changes during a match: read once.
			if err := json.Unmarshal(conn.View(), &v); err != nil {
				continue
			}
			t.chart = &v.Chart
		} else if err := json.Unmarshal(conn.ViewPart("own", "public"), &v); err != nil {
			continue
		}
		v.Chart = *t.chart
		if v.Public.Outcome != nil {
			t.setOver()
			return order{}, false
		}
		if o, ok := pick(orders(&v, t.seats[crew], rng), rng); ok {
			return o, true
		}

	}
	return order{}, false
}

// WaitHealthy polls base's /healthz until it answers or d has passed.
func WaitHealthy(ctx context.Context, base string, d time.Duration) error {
	end := time.Now().Add(d)
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/healthz", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(end) {
			return fmt.Errorf("%s did not answer in %v: %v", base, d, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}
