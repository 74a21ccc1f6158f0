package load

import (
	"cmp"
	"context"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/valyala/fasthttp"
)

// Trace is one real room's match as its phones received it, to be played
// again by the bare broadcast: the welcome of each seat, then the client
// frames in version order, each with the frames every seat got for it.
type Trace struct {
	Welcome [][]byte // per seat
	Steps   []Step
}

// Step is one client frame of a recorded match and what it produced.
type Step struct {
	Seat    int    // who sent it
	ID      string // its client id
	Request []byte // the frame as sent
	V       int64  // the version it produced
	Cmd     bool   // a game command (the host's start is not)
	// Frames holds, per seat, the update frames of the versions from V to
	// the next step's, in order: timers' versions ride along.
	Frames [][][]byte
}

func sortSteps(s []Step) { slices.SortFunc(s, func(a, b Step) int { return cmp.Compare(a.V, b.V) }) }

// WriteTraces saves traces for a bare server in another process.
func WriteTraces(path string, traces []*Trace) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(traces); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// ReadTraces loads what WriteTraces saved.
func ReadTraces(path string) ([]*Trace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var t []*Trace
	return t, gob.NewDecoder(f).Decode(&t)
}

// BareServer is the baseline: a fasthttp + fasthttp/websocket server with
// no rooms runtime, no game, no views, no log. Each room of it is a trace
// of a real match: a hello gets the recorded welcome of its seat, and each
// client frame the recorded frames of the versions it produced, pushed to
// each seat's connection through one writer goroutine and bounded queue per
// connection (as the runtime does), then the ack to the sender. It decodes
// only the "t" and "id" of a client frame.
type BareServer struct {
	traces []*Trace
	srv    *fasthttp.Server

	mu    sync.Mutex
	rooms map[string]*bareRoom
}

type bareRoom struct {
	tr   *Trace
	byID map[string]int

	mu    sync.Mutex
	conns [][]chan []byte // per seat
}

// NewBareServer serves traces: room "K-anything" plays traces[K].
func NewBareServer(traces []*Trace) *BareServer {
	s := &BareServer{traces: traces, rooms: map[string]*bareRoom{}}
	up := websocket.FastHTTPUpgrader{CheckOrigin: func(*fasthttp.RequestCtx) bool { return true }}
	s.srv = &fasthttp.Server{Handler: func(ctx *fasthttp.RequestCtx) {
		path := string(ctx.Path())
		if path == "/healthz" {
			ctx.SetBodyString("ok")
			return
		}
		if path == "/metrics" {
			metrics(ctx)
			return
		}
		code, ok := strings.CutPrefix(path, "/ws/")
		r := s.room(code)
		if !ok || r == nil {
			ctx.Error("no such room", fasthttp.StatusNotFound)
			return
		}
		_ = up.Upgrade(ctx, func(ws *websocket.Conn) { r.serve(ws) })
	}}
	return s
}

func (s *BareServer) room(code string) *bareRoom {
	k, _, _ := strings.Cut(code, "-")
	i, err := strconv.Atoi(k)
	if err != nil || i < 0 || i >= len(s.traces) {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.rooms[code]
	if r == nil {
		tr := s.traces[i]
		r = &bareRoom{tr: tr, byID: make(map[string]int, len(tr.Steps)), conns: make([][]chan []byte, len(tr.Welcome))}
		for j, st := range tr.Steps {
			r.byID[st.ID] = j
		}
		s.rooms[code] = r
	}
	return r
}

// Serve serves on ln until Close.
func (s *BareServer) Serve(ln net.Listener) error { return s.srv.Serve(ln) }

// Close stops the server.
func (s *BareServer) Close() error { return s.srv.Shutdown() }

func push(c chan []byte, f []byte) {
	select {
	case c <- f:
	default: // a phone that cannot keep up is dropped by the runtime; here it loses the frame
	}
}

func (r *bareRoom) serve(ws *websocket.Conn) {
	out := make(chan []byte, 256)
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case f := <-out:
				if ws.WriteMessage(websocket.TextMessage, f) != nil {
					return
				}
			case <-done:
				return
			}
		}
	}()
	seat := -1
	defer func() {
		if seat >= 0 {
			r.mu.Lock()
			r.conns[seat] = slices.DeleteFunc(r.conns[seat], func(c chan []byte) bool { return c == out })
			r.mu.Unlock()
		}
	}()
	for {
		_, f, err := ws.ReadMessage()
		if err != nil {
			return
		}
		var m struct {
			T     string `json:"t"`
			ID    string `json:"id"`
			Token string `json:"token"`
		}
		if json.Unmarshal(f, &m) != nil {
			continue
		}
		if m.T == "hello" {
			n, err := strconv.Atoi(strings.TrimPrefix(m.Token, "s"))
			if err != nil || n < 0 || n >= len(r.conns) || seat >= 0 {
				continue
			}
			seat = n
			r.mu.Lock()
			r.conns[seat] = append(r.conns[seat], out)
			r.mu.Unlock()
			push(out, r.tr.Welcome[seat])
			continue
		}
		j, ok := r.byID[m.ID]
		if !ok {
			continue
		}
		st := r.tr.Steps[j]
		r.mu.Lock()
		for s, frames := range st.Frames {
			for _, c := range r.conns[s] {
				for _, fr := range frames {
					push(c, fr)
				}
			}
		}
		r.mu.Unlock()
		push(out, fmt.Appendf(nil, `{"t":"ack","v":%d,"id":%q}`, st.V, m.ID))
	}
}

// BareConfig is a run of the baseline: the same rooms, rate and duration
// as the real run whose traces it replays.
type BareConfig struct {
	Base     string   // the bare server, serving Traces
	Traces   []*Trace // the real run's
	Rooms    int
	Rate     float64
	Duration time.Duration
	Setup    int
	PID      int
	Log      io.Writer
}

// hasCommand reports whether tr holds a game command.
func hasCommand(tr *Trace) bool {
	for _, st := range tr.Steps {
		if st.Cmd {
			return true
		}
	}
	return false
}

// RunBare replays the traces through the bare server: room i plays the
// (i mod n)th of the n traces that hold a command, one step per 1/Rate, and starts the trace again on new
// connections (a new match) once it has played it all.
func RunBare(ctx context.Context, cfg BareConfig) (*Result, error) {
	// Rooms replay only traces with a command after the host's start: a
	// room recorded before its first order has nothing to play (and the
	// indices stay the bare server's, which reads the same traces).
	var playable []int
	for k, tr := range cfg.Traces {
		if hasCommand(tr) {
			playable = append(playable, k)
		}
	}
	if len(playable) == 0 {
		return nil, errors.New("load: no trace with a command to replay")
	}
	if cfg.Setup <= 0 {
		cfg.Setup = 16
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	col := newCollector()
	smp := newSampler(cfg.PID)
	rtIdle := scrape(ctx, cfg.Base)
	type bare struct {
		*table
		k, gen, next int
	}
	open := func(i, k, gen int) (*bare, error) {
		b := &bare{table: newTable(col, Seats, false), k: k, gen: gen}
		code := fmt.Sprintf("%d-%d-%d", k, i, gen)
		for seat := range Seats {
			if err := b.dial(ctx, cfg.Base, code, fmt.Sprint("s", seat), seat); err != nil {
				b.close()
				return nil, err
			}
		}
		// The host's start is played before the clock, as in the real run.
		if st := cfg.Traces[k].Steps[0]; !st.Cmd {
			if err := b.sendRaw(st.Seat, st.ID, st.Request, false); err != nil {
				b.close()
				return nil, err
			}
			if err := b.waitVersion(ctx, st.V); err != nil {
				b.close()
				return nil, err
			}
			b.next = 1
		}
		return b, nil
	}
	fmt.Fprintf(cfg.Log, "bare: setting up %d rooms...\n", cfg.Rooms)
	tables := make([]*bare, cfg.Rooms)
	errs := make(chan error, cfg.Rooms)
	sem := make(chan struct{}, cfg.Setup)
	var wg sync.WaitGroup
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			b, err := open(i, playable[i%len(playable)], 0)
			if err != nil {
				errs <- err
				return
			}
			tables[i] = b
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
	smp.mark(func(p *Proc, rss int64) { p.RSSSetup = rss })
	smp.watch()
	cpu0, tool0 := cpuOf(fmt.Sprint(cfg.PID)), cpuOf("self")
	rt0 := scrape(ctx, cfg.Base)
	stop := time.Now().Add(cfg.Duration)
	var play, retired sync.WaitGroup
	for i := range tables {
		play.Add(1)
		go func() {
			defer play.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			b := tables[i]
			paced(ctx, rng, cfg.Rate, stop, func() bool {
				tr := cfg.Traces[b.k]
				if b.isOver() || b.next >= len(tr.Steps) {
					col.matches.Add(1)
					retired.Add(1)
					go func(old *bare) {
						defer retired.Done()
						time.Sleep(2 * time.Second)
						old.close()
					}(b)
					nb, err := open(i, b.k, b.gen+1)
					if err != nil {
						fmt.Fprintf(cfg.Log, "bare room %d: %v\n", i, err)
						tables[i] = nil
						return false
					}
					b = nb
					tables[i] = b
				}
				st := cfg.Traces[b.k].Steps[b.next]
				b.next++
				if err := b.sendRaw(st.Seat, st.ID, st.Request, st.Cmd); err != nil {
					fmt.Fprintf(cfg.Log, "bare room %d: %v\n", i, err)
					return false
				}
				return true
			})
		}()
	}
	play.Wait()
	time.Sleep(settle(cfg.Rate))
	cpu1, tool1 := cpuOf(fmt.Sprint(cfg.PID)), cpuOf("self")
	rt1 := scrape(ctx, cfg.Base)
	smp.mark(func(p *Proc, rss int64) { p.RSSEnd = rss })
	proc := smp.end()
	proc.CPU = cpu1 - cpu0
	gc := gcOver(rtIdle, rt0, rt1)
	retired.Wait()
	for _, t := range tables {
		if t != nil {
			t.close()
		}
	}
	r := col.result("bare", cfg.Rooms, Seats, cfg.Rate, cfg.Duration)
	r.Server, r.ToolCPU, r.GC = proc, tool1-tool0, gc
	return r, ctx.Err()
}
