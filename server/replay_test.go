package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"periscope/client"
	"periscope/games"
	"periscope/rooms"
	"periscope/rooms/roomstest"
	"periscope/server"
	"periscope/server/servertest"
)

// counted is a Race that counts the commands applied to any of its
// matches: what replaying costs.
type counted struct {
	games.Game
	n *atomic.Int64
}

func (c counted) Apply(cmd games.Command) ([]games.Event, error) {
	c.n.Add(1)
	return c.Game.Apply(cmd)
}

func countingRace(n *atomic.Int64) games.Definition {
	d := roomstest.Race
	d.New = func(options json.RawMessage, seed uint64) (games.Game, error) {
		g, err := roomstest.Race.New(options, seed)
		if err != nil {
			return nil, err
		}
		return counted{g, n}, nil
	}
	return d
}

// replayEnv serves a counting Race; tweak adjusts the server.
func replayEnv(t testing.TB, applied *atomic.Int64, tweak func(*server.Config)) *env {
	t.Helper()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	hub, err := rooms.NewHub(rooms.Config{Store: rooms.NewMemoryStore(), Games: []games.Definition{countingRace(applied)}, Log: quiet})
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Hub: hub, Log: quiet}
	if tweak != nil {
		tweak(&cfg)
	}
	srv, base := servertest.Serve(t, cfg)
	return &env{base: base, api: client.API{Base: base}, hub: hub, srv: srv}
}

// finishRace plays a two-seat race to target by steps of 1 and returns
// its code and last version.
func finishRace(t *testing.T, e *env, target int) (string, int64) {
	t.Helper()
	code, conns, _ := e.table(t, map[string]any{"target": target}, 2)
	if err := conns[0].Host(ctxT(t), rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	await(t, conns[0], 1)
	await(t, conns[1], 1)
	for view(t, conns[0]).Winner == nil {
		play(t, conns, 1)
	}
	return code, conns[0].Version()
}

func getReplay(t testing.TB, base, code string, v int64, seat int) (int, []byte) {
	t.Helper()
	resp, err := http.Get(fmt.Sprintf("%s/api/replays/%s/%d?seat=%d", base, code, v, seat))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

func TestReplaySteppingCostsOneCommandPerStep(t *testing.T) {
	var applied atomic.Int64
	e := replayEnv(t, &applied, nil)
	code, last := finishRace(t, e, 40)
	if last < 30 {
		t.Fatalf("a race to 40 by ones ended at v%d", last)
	}

	// A phone steps through the whole match as seat 0.
	applied.Store(0)
	bodies := make(map[int64][]byte)
	for v := int64(0); v <= last; v++ {
		st, body := getReplay(t, e.base, code, v, 0)
		if st != 200 {
			t.Fatalf("v%d: %d %s", v, st, body)
		}
		bodies[v] = body
	}
	if n := applied.Load(); n != last {
		t.Fatalf("stepping through %d versions applied %d commands, want %d (one per step)", last, n, last)
	}

	// Asking again costs nothing, many times over and all at once.
	applied.Store(0)
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := int64(i) % (last + 1)
			st, body := getReplay(t, e.base, code, v, 0)
			if st != 200 || string(body) != string(bodies[v]) {
				t.Errorf("v%d again: %d, body changed", v, st)
			}
		}()
	}
	wg.Wait()
	if n := applied.Load(); n != 0 {
		t.Fatalf("repeated requests applied %d commands", n)
	}

	// Another seat at the version the cursor stands on: no command; a
	// step back the cache never saw replays from the start once.
	applied.Store(0)
	if st, _ := getReplay(t, e.base, code, last, 1); st != 200 || applied.Load() != 0 {
		t.Fatalf("seat 1 at the end: %d, %d commands", st, applied.Load())
	}
	if st, _ := getReplay(t, e.base, code, 3, 1); st != 200 || applied.Load() != 3 {
		t.Fatalf("seat 1 back at v3: %d, %d commands, want 3", st, applied.Load())
	}
	// Concurrent first requests of one snapshot replay it once.
	applied.Store(0)
	for range 32 {
		wg.Add(1)
		go func() { defer wg.Done(); getReplay(t, e.base, code, 20, games.Spectator) }()
	}
	wg.Wait()
	if n := applied.Load(); n != 17 {
		t.Fatalf("32 concurrent requests for v20 from v3 applied %d commands, want 17", n)
	}

	// Every answer is what a full replay gives.
	for _, seat := range []int{games.Spectator, 0, 1} {
		for _, v := range []int64{0, 1, 2, last / 2, last - 1, last} {
			want, err := e.hub.Replay(code, v, seat)
			if err != nil {
				t.Fatal(err)
			}
			wantJSON, _ := json.Marshal(want)
			if st, got := getReplay(t, e.base, code, v, seat); st != 200 || string(got) != string(wantJSON) {
				t.Fatalf("seat %d v%d: %d\n got %s\nwant %s", seat, v, st, got, wantJSON)
			}
		}
	}
}

func TestReplayCacheStaysCorrectWhenTiny(t *testing.T) {
	// One cursor and almost no room for answers: two matches asked in
	// turn evict each other at every request and still answer right.
	var applied atomic.Int64
	e := replayEnv(t, &applied, func(c *server.Config) { c.ReplayCache, c.ReplayCursors = 2048, 1 })
	a, lastA := finishRace(t, e, 12)
	b, lastB := finishRace(t, e, 14)
	for i := range 10 {
		for _, m := range []struct {
			code string
			last int64
		}{{a, lastA}, {b, lastB}} {
			v := int64(i) % (m.last + 1)
			want, err := e.hub.Replay(m.code, v, i%2)
			if err != nil {
				t.Fatal(err)
			}
			wantJSON, _ := json.Marshal(want)
			if st, got := getReplay(t, e.base, m.code, v, i%2); st != 200 || string(got) != string(wantJSON) {
				t.Fatalf("%s v%d: %d %s, want %s", m.code, v, st, got, wantJSON)
			}
		}
	}
}

func TestReplayRefusals(t *testing.T) {
	var applied atomic.Int64
	e := replayEnv(t, &applied, nil)
	done, last := finishRace(t, e, 6)
	live, conns, _ := e.table(t, map[string]any{"target": 4}, 2)
	for _, tc := range []struct {
		name, path string
		status     int
		code       string
	}{
		{"live match", fmt.Sprintf("/api/replays/%s/0", live), 403, rooms.CodeForbidden},
		{"no such room", "/api/replays/QQQQQ/0", 404, rooms.CodeNotFound},
		{"not a code", "/api/replays/!!/0", 404, rooms.CodeNotFound},
		{"past the end", fmt.Sprintf("/api/replays/%s/%d", done, last+1), 404, rooms.CodeNotFound},
		{"before the start", fmt.Sprintf("/api/replays/%s/-1", done), 404, rooms.CodeNotFound},
		{"no such seat", fmt.Sprintf("/api/replays/%s/1?seat=2", done), 404, rooms.CodeNotFound},
		{"seat -2", fmt.Sprintf("/api/replays/%s/1?seat=-2", done), 400, rooms.CodeBadRequest},
		{"seat not a number", fmt.Sprintf("/api/replays/%s/1?seat=x", done), 400, rooms.CodeBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := send(t, http.DefaultClient, "GET", e.base+tc.path, "")
			if r.status != tc.status || r.body.Code != tc.code {
				t.Fatalf("got %d %+v, want %d %s", r.status, r.body, tc.status, tc.code)
			}
		})
	}
	// The refusal of a live match is not remembered: once over, it replays.
	if err := conns[0].Host(ctxT(t), rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	await(t, conns[0], 1)
	await(t, conns[1], 1)
	for view(t, conns[0]).Winner == nil {
		play(t, conns, 1)
	}
	if st, body := getReplay(t, e.base, live, conns[0].Version(), 0); st != 200 {
		t.Fatalf("the match once over: %d %s", st, body)
	}
}

// benchRace plays a two-seat race to target by steps of 1 over the
// websocket and returns its code and last version.
func benchRace(b *testing.B, e *env, target int) (string, int64) {
	ctx := context.Background()
	l, err := e.api.Create(ctx, "race", map[string]any{"target": target})
	if err != nil {
		b.Fatal(err)
	}
	conns := make([]*client.Conn, 2)
	for i := range conns {
		tok, err := e.api.Take(ctx, l.Code, i, fmt.Sprint("P", i))
		if err != nil {
			b.Fatal(err)
		}
		if conns[i], err = client.Dial(ctx, e.base, l.Code, tok, -1); err != nil {
			b.Fatal(err)
		}
		defer conns[i].Close()
	}
	sync := func(v int64) {
		for _, c := range conns {
			for c.Version() < v {
				if _, err := c.Next(ctx); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	if err := conns[0].Host(ctx, rooms.ActionStart); err != nil {
		b.Fatal(err)
	}
	sync(1)
	for {
		var rv roomstest.RaceView
		if err := conns[0].ViewAs(&rv); err != nil {
			b.Fatal(err)
		}
		if rv.Winner != nil {
			return l.Code, conns[0].Version()
		}
		v, err := conns[rv.Turn].Do(ctx, add(1))
		if err != nil {
			b.Fatal(err)
		}
		sync(v)
	}
}

// BenchmarkReplayEndpoint measures GET /api/replays/:code/:v over loopback
// HTTP on a finished race of about 1,200 commands: a repeated request
// (served from the answer cache), stepping forward with the answer cache
// off (one command per step from the cursor), and for reference what every
// request cost before the cache, a whole replay (Hub.Replay, in process,
// without HTTP).
func BenchmarkReplayEndpoint(b *testing.B) {
	var applied atomic.Int64
	for _, mode := range []string{"repeat", "step", "full-replay"} {
		b.Run(mode, func(b *testing.B) {
			e := replayEnv(b, &applied, func(c *server.Config) {
				if mode == "step" {
					c.ReplayCache = 1 // nothing fits: every answer is computed
				}
			})
			code, last := benchRace(b, e, 600)
			applied.Store(0)
			b.ResetTimer()
			for i := range b.N {
				switch mode {
				case "repeat":
					getReplay(b, e.base, code, last/2, 0)
				case "step":
					getReplay(b, e.base, code, int64(i)%(last+1), 0)
				case "full-replay":
					if _, err := e.hub.Replay(code, last, 0); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(applied.Load())/float64(b.N), "commands/op")
			b.ReportMetric(float64(last), "versions")
		})
	}
}
