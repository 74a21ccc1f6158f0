package server_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/wI2L/jsondiff"

	"periscope/games"
	"periscope/roles"
	"periscope/sonar/chart"
)

// sonarFrames plays a random real-time Captain Sonar match in process
// (random orders from every seat, the engine refusing illegal ones) and
// returns what seat 0 is sent: its whole view every 50 versions (welcome
// frames) and one JSON patch per version that changed its view (update
// frames, made with jsondiff as the room runtime makes them).
func sonarFrames(tb testing.TB, orders int) (views, patches [][]byte) {
	tb.Helper()
	g, err := roles.Definition.New(json.RawMessage(`{"mode":"realtime","map":"alpha"}`), 42)
	if err != nil {
		tb.Fatal(err)
	}
	now := time.Unix(1_700_000_000, 0).UTC()
	apply := func(seat int, body string) bool {
		now = now.Add(time.Second)
		_, err := g.Apply(games.Command{Seat: seat, Body: json.RawMessage(body), Time: now})
		return err == nil
	}
	if !apply(games.System, `{"type":"start"}`) {
		tb.Fatal("the match does not start")
	}
	water := chart.MustLoad("alpha", chart.RealTime).WaterCells()
	rng := rand.New(rand.NewPCG(42, 7))
	dirs := []string{"N", "E", "S", "W"}
	candidates := func() []string {
		var c []string
		add := func(f string, a ...any) { c = append(c, fmt.Sprintf(f, a...)) }
		add(`{"type":"place","cell":"%s"}`, water[rng.IntN(len(water))])
		for _, d := range dirs {
			for range 4 {
				add(`{"type":"course","dir":"%s"}`, d)
			}
			for s := range 6 {
				add(`{"type":"mark","panel":"%s","symbol":%d}`, d, s)
			}
		}
		for _, s := range []string{"mine", "torpedo", "drone", "sonar", "silence", "scenario"} {
			add(`{"type":"charge","system":"%s"}`, s)
		}
		add(`{"type":"inspect","ok":true}`)
		for i := 1; i <= 4; i++ {
			add(`{"type":"secure","section":%d,"trace":[[40,90],[95,40],[260,40]]}`, i)
		}
		add(`{"type":"dive"}`)
		add(`{"type":"surface"}`)
		add(`{"type":"drone","sector":%d}`, 1+rng.IntN(9))
		add(`{"type":"torpedo","cell":"%s"}`, water[rng.IntN(len(water))])
		add(`{"type":"mine","cell":"%s"}`, water[rng.IntN(len(water))])
		rng.Shuffle(len(c), func(i, j int) { c[i], c[j] = c[j], c[i] })
		return c
	}
	view := func() []byte {
		b, err := json.Marshal(g.View(0))
		if err != nil {
			tb.Fatal(err)
		}
		return b
	}
	last := view()
	views = append(views, last)
	seats := len(g.Seats())
	idle := 0
	for accepted := 0; accepted < orders && g.Outcome() == nil && idle < 200; {
		seat := rng.IntN(seats)
		idle++
		for _, c := range candidates() {
			if apply(seat, c) {
				accepted++
				idle = 0
				break
			}
		}
		v := view()
		if string(v) != string(last) {
			p, err := jsondiff.CompareJSON(last, v)
			if err != nil {
				tb.Fatal(err)
			}
			b, _ := json.Marshal(map[string]any{"t": "update", "v": accepted, "patch": p})
			patches = append(patches, b)
		}
		if accepted%50 == 0 {
			views = append(views, v)
		}
		last = v
	}
	views = append(views, last)
	if len(patches) < orders/2 {
		tb.Fatalf("the random match stalled after %d patches", len(patches))
	}
	return views, patches
}

// deflateLink is a real websocket over loopback between a fasthttp/websocket
// server (what gofiber/contrib/websocket v1.3.4 wraps: its Config has
// EnableCompression, its Conn EnableWriteCompression) and a client that
// counts the bytes it reads off the wire.
type deflateLink struct {
	server, client *websocket.Conn
	wire           *atomic.Int64
}

type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c countingConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.n.Add(int64(n))
	return n, err
}

func newDeflateLink(tb testing.TB, compress bool) *deflateLink {
	tb.Helper()
	conns := make(chan *websocket.Conn, 1)
	up := websocket.Upgrader{EnableCompression: compress, CheckOrigin: func(*http.Request) bool { return true }}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := up.Upgrade(w, r, nil)
		if err != nil {
			tb.Error(err)
			return
		}
		conns <- c
	}))
	tb.Cleanup(ts.Close)
	wire := new(atomic.Int64)
	d := websocket.Dialer{EnableCompression: compress, NetDial: func(network, addr string) (net.Conn, error) {
		c, err := net.Dial(network, addr)
		return countingConn{c, wire}, err
	}}
	client, resp, err := d.Dial("ws"+strings.TrimPrefix(ts.URL, "http"), nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { client.Close() })
	if compress && !strings.Contains(resp.Header.Get("Sec-Websocket-Extensions"), "permessage-deflate") {
		tb.Fatalf("permessage-deflate not negotiated: %q", resp.Header.Get("Sec-Websocket-Extensions"))
	}
	server := <-conns
	tb.Cleanup(func() { server.Close() })
	wire.Store(0)
	return &deflateLink{server: server, client: client, wire: wire}
}

// BenchmarkWebsocketDeflate sends real Captain Sonar frames over a loopback
// websocket, plain and with permessage-deflate (no context takeover, the
// only mode fasthttp/websocket offers, at its default level 1): wire bytes
// per frame and time per frame, written, read and (with deflate) inflated.
// "views" are whole views (welcome frames), "patches" update frames.
func BenchmarkWebsocketDeflate(b *testing.B) {
	views, patches := sonarFrames(b, 400)
	mean := func(fs [][]byte) int {
		n := 0
		for _, f := range fs {
			n += len(f)
		}
		return n / len(fs)
	}
	b.Logf("%d whole views of mean %d B, %d patches of mean %d B", len(views), mean(views), len(patches), mean(patches))
	for _, set := range []struct {
		name   string
		frames [][]byte
	}{{"views", views}, {"patches", patches}} {
		for _, compress := range []bool{false, true} {
			name := set.name + "/plain"
			if compress {
				name = set.name + "/deflate"
			}
			b.Run(name, func(b *testing.B) {
				l := newDeflateLink(b, compress)
				done := make(chan error, 1)
				go func() {
					for range b.N {
						if _, _, err := l.client.ReadMessage(); err != nil {
							done <- err
							return
						}
					}
					done <- nil
				}()
				raw := 0
				b.ResetTimer()
				for i := range b.N {
					f := set.frames[i%len(set.frames)]
					raw += len(f)
					if err := l.server.WriteMessage(websocket.TextMessage, f); err != nil {
						b.Fatal(err)
					}
				}
				if err := <-done; err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				b.ReportMetric(float64(raw)/float64(b.N), "frame-B")
				b.ReportMetric(float64(l.wire.Load())/float64(b.N), "wire-B")
			})
		}
	}
}

// TestDeflateSizesOfRealFrames reports, per frame size band, what
// permessage-deflate saves on real Captain Sonar frames: a size figure,
// not a timing (timings are in BenchmarkWebsocketDeflate).
func TestDeflateSizesOfRealFrames(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole match")
	}
	views, patches := sonarFrames(t, 400)
	l := newDeflateLink(t, true)
	bands := []int{256, 1024, 4096, 16384, 1 << 30}
	type tally struct{ frames, raw, wire int }
	got := make(map[int]*tally)
	for _, f := range append(views, patches...) {
		band := sort.SearchInts(bands, len(f))
		if got[band] == nil {
			got[band] = &tally{}
		}
		before := l.wire.Load()
		if err := l.server.WriteMessage(websocket.TextMessage, f); err != nil {
			t.Fatal(err)
		}
		if _, back, err := l.client.ReadMessage(); err != nil || string(back) != string(f) {
			t.Fatalf("frame came back different: %v", err)
		}
		got[band].frames++
		got[band].raw += len(f)
		got[band].wire += int(l.wire.Load() - before)
	}
	for i, hi := range bands {
		if x := got[i]; x != nil {
			t.Logf("frames up to %d B: %d frames, mean %d B, on the wire with deflate %d B (%.0f%%)",
				hi, x.frames, x.raw/x.frames, x.wire/x.frames, 100*float64(x.wire)/float64(x.raw))
		}
	}
}
