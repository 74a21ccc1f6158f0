package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/valyala/fasthttp"

	"periscope/client"
	"periscope/db"
	"periscope/games"
	"periscope/rooms"
	"periscope/rooms/roomstest"
	"periscope/server"
	"periscope/server/servertest"
)

// BenchmarkCommandToLastSeat measures, on loopback, the time from a seat
// sending a command to the last of the room's 8 seats receiving the update
// it produced: through the whole room runtime with the SQLite log
// ("periscope"), the same with the log in memory ("periscope-nolog", to
// tell the log's share), and through a bare fasthttp/websocket broadcast of
// messages of the same size in the same process ("bare"). b.N is the
// commands each room plays; the rooms play at once, each sending its next
// command as soon as the last one arrived everywhere (pace=0, the server
// flat out) or one command per pace (a busy but real game night).
//
//	go test ./server -run '^$' -bench CommandToLastSeat -benchtime 200x
func BenchmarkCommandToLastSeat(b *testing.B) {
	for _, c := range []struct {
		rooms int
		pace  time.Duration
	}{{1, 0}, {100, 0}, {100, 100 * time.Millisecond}} {
		name := fmt.Sprintf("rooms=%d,pace=%v", c.rooms, c.pace)
		b.Run("periscope/"+name, func(b *testing.B) { benchPeriscope(b, c.rooms, c.pace, true) })
		b.Run("periscope-nolog/"+name, func(b *testing.B) { benchPeriscope(b, c.rooms, c.pace, false) })
		b.Run("bare/"+name, func(b *testing.B) { benchBare(b, c.rooms, c.pace) })
	}
}

const (
	benchSeats = 8
	benchPad   = 1024 // bytes of view padding: a Captain Sonar view's size
)

// seatConn is one benchmark phone: a raw websocket whose reader reports
// the version of every update it receives.
type seatConn struct {
	ws *websocket.Conn
	mu sync.Mutex
}

func (s *seatConn) send(b []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ws.WriteMessage(websocket.TextMessage, b)
}

// listen reads frames and sends the version of each welcome and update to got.
func listen(ws *websocket.Conn, got chan<- int64) {
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			return
		}
		var m struct {
			T string `json:"t"`
			V int64  `json:"v"`
		}
		if json.Unmarshal(data, &m) == nil && (m.T == rooms.TypeUpdate || m.T == rooms.TypeWelcome) {
			got <- m.V
		}
	}
}

// table is one benchmark room: its seats and the channel their readers
// report to.
type table struct {
	seats []*seatConn
	got   chan int64
	turn  int
	v     int64
}

// waitAll waits until every seat has received version v and returns when
// the last did.
func (t *table) waitAll(v int64) time.Time {
	n := 0
	for n < len(t.seats) {
		if <-t.got == v {
			n++
		}
	}
	return time.Now()
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// report records the latency percentiles and the CPU time per command
// (server and the 8 receiving clients together, which are the same in
// every variant): the CPU figure holds even on a shared machine where the
// latencies measure the other tenants too.
func report(b *testing.B, lat []time.Duration, cpu time.Duration) {
	b.ReportMetric(float64(cpu.Microseconds())/float64(len(lat)), "cpu-µs/cmd")
	slices.Sort(lat)
	pct := func(p float64) float64 {
		return float64(lat[int(p*float64(len(lat)-1))].Microseconds())
	}
	b.ReportMetric(pct(0.50), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
	b.ReportMetric(0, "ns/op")
}

// run plays b.N commands in every table at once, each waiting for its last
// seat before the next, and reports the latencies.
func run(b *testing.B, tables []*table, pace time.Duration, command func(t *table) []byte) {
	var mu sync.Mutex
	var all []time.Duration
	var wg sync.WaitGroup
	b.ResetTimer()
	cpu := cpuTime()
	for i, t := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := make([]time.Duration, 0, b.N)
			var tick <-chan time.Time
			if pace > 0 {
				// Rooms start spread over one period, as real tables would.
				time.Sleep(pace * time.Duration(i) / time.Duration(len(tables)))
				tk := time.NewTicker(pace)
				defer tk.Stop()
				tick = tk.C
			}
			for range b.N {
				if tick != nil {
					<-tick
				}
				frame := command(t)
				t.v++
				began := time.Now()
				if err := t.seats[t.turn].send(frame); err != nil {
					b.Error(err)
					return
				}
				lat = append(lat, t.waitAll(t.v).Sub(began))
				t.turn = (t.turn + 1) % len(t.seats)
			}
			mu.Lock()
			all = append(all, lat...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	b.StopTimer()
	report(b, all, cpuTime()-cpu)
}

func benchPeriscope(b *testing.B, n int, pace time.Duration, sqlite bool) {
	var store rooms.Store = rooms.NewMemoryStore()
	if sqlite {
		d, err := db.Open(filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		// Registered first, so it runs after the server is down.
		b.Cleanup(func() { d.Close() })
		store = d
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	hub, err := rooms.NewHub(rooms.Config{Store: store, Games: []games.Definition{roomstest.Race}, Log: quiet})
	if err != nil {
		b.Fatal(err)
	}
	_, base := servertest.Serve(b, server.Config{Hub: hub, Log: quiet})
	api := client.API{Base: base}
	ctx := context.Background()
	tables := make([]*table, n)
	for i := range tables {
		l, err := api.Create(ctx, "race", map[string]any{"seats": benchSeats, "target": 1 << 30, "pad": benchPad})
		if err != nil {
			b.Fatal(err)
		}
		t := &table{got: make(chan int64, 1024)}
		for seat := range benchSeats {
			tok, err := api.Take(ctx, l.Code, seat, fmt.Sprint("P", seat))
			if err != nil {
				b.Fatal(err)
			}
			ws, _, err := websocket.DefaultDialer.Dial(strings.Replace(base, "http", "ws", 1)+"/ws/"+l.Code, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer ws.Close()
			ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello","token":"`+tok+`"}`))
			t.seats = append(t.seats, &seatConn{ws: ws})
			go listen(ws, t.got)
		}
		t.waitAll(0) // every welcome, so that every seat sees the start
		t.seats[0].send([]byte(`{"t":"host","id":"start","action":"start"}`))
		t.waitAll(1)
		t.v = 1
		// Race rolls who starts; ask the room.
		var v roomstest.RaceView
		spec, err := client.Dial(ctx, base, l.Code, "", -1)
		if err != nil {
			b.Fatal(err)
		}
		spec.ViewAs(&v)
		spec.Close()
		t.turn = v.Turn
		tables[i] = t
	}
	run(b, tables, pace, func(t *table) []byte {
		return fmt.Appendf(nil, `{"t":"cmd","id":"c%d","cmd":{"type":"add","n":1}}`, t.v+1)
	})
}

// benchBare is the baseline: a fasthttp server whose rooms rebroadcast
// every frame they receive to all their connections, one writer goroutine
// and buffered queue per connection, as the room runtime does, but with no
// decoding, rules, views or log. The frames are update-shaped and of the
// size of the real ones.
func benchBare(b *testing.B, n int, pace time.Duration) {
	type bareRoom struct {
		mu    sync.Mutex
		conns []chan []byte
	}
	var mu sync.Mutex
	roomsByCode := map[string]*bareRoom{}
	up := websocket.FastHTTPUpgrader{CheckOrigin: func(*fasthttp.RequestCtx) bool { return true }}
	srv := &fasthttp.Server{Handler: func(ctx *fasthttp.RequestCtx) {
		code := string(ctx.Path()[len("/ws/"):])
		mu.Lock()
		r := roomsByCode[code]
		if r == nil {
			r = &bareRoom{}
			roomsByCode[code] = r
		}
		mu.Unlock()
		up.Upgrade(ctx, func(ws *websocket.Conn) {
			out := make(chan []byte, 256)
			r.mu.Lock()
			r.conns = append(r.conns, out)
			r.mu.Unlock()
			done := make(chan struct{})
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
			for {
				_, f, err := ws.ReadMessage()
				if err != nil {
					close(done)
					return
				}
				r.mu.Lock()
				for _, c := range r.conns {
					select {
					case c <- f:
					default:
					}
				}
				r.mu.Unlock()
			}
		})
	}}
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	go srv.Serve(ln)
	defer srv.Shutdown()
	pad := strings.Repeat(".", benchPad)
	tables := make([]*table, n)
	for i := range tables {
		t := &table{got: make(chan int64, 1024)}
		for range benchSeats {
			ws, _, err := websocket.DefaultDialer.Dial(fmt.Sprintf("ws://%s/ws/room%d", ln.Addr(), i), nil)
			if err != nil {
				b.Fatal(err)
			}
			defer ws.Close()
			t.seats = append(t.seats, &seatConn{ws: ws})
			go listen(ws, t.got)
		}
		// Every seat is registered once a first broadcast reaches all.
		for registered := false; !registered; {
			t.seats[0].send([]byte(`{"t":"update","v":0}`))
			select {
			case <-time.After(20 * time.Millisecond):
			default:
			}
			deadline := time.After(50 * time.Millisecond)
			count := 0
		drain:
			for {
				select {
				case <-t.got:
					count++
				case <-deadline:
					break drain
				}
			}
			registered = count == benchSeats
		}
		tables[i] = t
	}
	run(b, tables, pace, func(t *table) []byte {
		return fmt.Appendf(nil, `{"t":"update","v":%d,"events":[{"v":%d,"text":"Runner %d moved","kind":"move"}],"view":{"started":true,"turn":%d,"moves":%d,"mine":0,"pad":"%s"}}`,
			t.v+1, t.v+1, t.turn+1, (t.turn+1)%benchSeats, t.v, pad)
	})
}
