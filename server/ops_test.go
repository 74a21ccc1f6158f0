package server_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"periscope/db"
	"periscope/rooms"
	"periscope/server"
)

func fetch(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// /metrics shows what was played, refused and committed, the phones
// connected and the database's size, in Prometheus's text format.
func TestMetrics(t *testing.T) {
	store, err := db.Open(filepath.Join(t.TempDir(), "periscope.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	e := start(t, store, func(c *server.Config) {
		c.DatabaseSize = store.Size
		c.Version = "periscope v1.2.3 (commit abc)"
	})
	_, conns, _ := e.table(t, nil, 2)
	ctx := ctxT(t)
	if err := conns[0].Host(ctx, rooms.ActionStart); err != nil {
		t.Fatal(err)
	}
	await(t, conns[1], 1)
	play(t, conns, 2)
	turn := view(t, conns[0]).Turn
	if _, err := conns[1-turn].Do(ctx, add(1)); err == nil {
		t.Fatal("a move out of turn was accepted")
	}
	if _, err := e.api.Create(ctx, "chess", nil); err == nil {
		t.Fatal("an unknown game was created")
	}

	st, body := fetch(t, e.base+"/metrics")
	if st != 200 {
		t.Fatalf("GET /metrics = %d %s", st, body)
	}
	for _, want := range []string{
		`periscope_rooms{state="playing"} 1`,
		`periscope_websockets 2`,
		`periscope_commands_total 2`,
		`periscope_refusals_total{code="refused",via="socket"} 1`,
		`periscope_refusals_total{code="not_found",via="http"} 1`,
		`periscope_commit_seconds_count 2`,
		`periscope_commit_seconds_bucket{le="+Inf"} 2`,
		`periscope_build_info{version="periscope v1.2.3 (commit abc)"} 1`,
		`go_goroutines `,
		// What cmd/loadgen reads to divide a room's memory by class.
		`go_memory_classes_heap_objects_bytes `,
		`go_memory_classes_heap_stacks_bytes `,
		`go_memory_classes_total_bytes `,
		`go_sched_goroutines_goroutines `,
		`go_cpu_classes_gc_total_cpu_seconds_total `,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	size := regexp.MustCompile(`(?m)^periscope_database_bytes (\d+(\.\d+)?(e\+\d+)?)$`).FindStringSubmatch(body)
	if size == nil || size[1] == "0" {
		t.Errorf("/metrics gives no database size:\n%s", body)
	}
}

// /healthz says "ok" only while the database answers.
func TestHealthzChecksTheDatabase(t *testing.T) {
	var mu sync.Mutex
	var broken error
	e := start(t, nil, func(c *server.Config) {
		c.Health = func(context.Context) error { mu.Lock(); defer mu.Unlock(); return broken }
	})
	if st, body := fetch(t, e.base+"/healthz"); st != 200 || body != "ok" {
		t.Fatalf("healthy: %d %q", st, body)
	}
	mu.Lock()
	broken = errors.New("disk I/O error")
	mu.Unlock()
	if st, body := fetch(t, e.base+"/healthz"); st != 503 || !strings.Contains(body, "disk I/O error") {
		t.Fatalf("database gone: %d %q; want 503 naming the error", st, body)
	}
}

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) { s.mu.Lock(); defer s.mu.Unlock(); return s.b.Write(p) }
func (s *syncBuf) String() string              { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// -access-log: one line per request, with the status the client got.
func TestAccessLog(t *testing.T) {
	var out syncBuf
	e := start(t, nil, func(c *server.Config) {
		c.AccessLog = true
		c.Log = slog.New(slog.NewTextHandler(&out, nil))
	})
	fetch(t, e.base+"/healthz")
	fetch(t, e.base+"/api/rooms/QQQQQ")
	log := out.String()
	for _, want := range []string{
		`msg=request method=GET path=/healthz status=200`,
		`msg=request method=GET path=/api/rooms/QQQQQ status=404`,
	} {
		if !strings.Contains(log, want) {
			t.Errorf("access log lacks %q:\n%s", want, log)
		}
	}
	quiet := start(t, nil, func(c *server.Config) { c.Log = slog.New(slog.NewTextHandler(&out, nil)) })
	before := strings.Count(out.String(), "msg=request")
	fetch(t, quiet.base+"/healthz")
	if strings.Count(out.String(), "msg=request") != before {
		t.Error("requests logged without -access-log")
	}
}
