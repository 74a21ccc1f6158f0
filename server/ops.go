package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"regexp"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/adaptor"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"periscope/rooms"
)

// What a host reads of a running server: /healthz, /metrics and the
// access log.

// healthz answers "ok" while the server runs and its database answers a
// read; 503 with the reason otherwise, so a monitor (or systemd's
// watchdog script) learns that the disk went away, not only that the
// process lives.
func (s *Server) healthz(c *fiber.Ctx) error {
	if s.down.Load() {
		return c.Status(fiber.StatusServiceUnavailable).SendString("shutting down")
	}
	if s.cfg.Health != nil {
		ctx, cancel := context.WithTimeout(c.Context(), 2*time.Second)
		defer cancel()
		if err := s.cfg.Health(ctx); err != nil {
			s.log.Error("health check failed", "err", err)
			return c.Status(fiber.StatusServiceUnavailable).SendString("database: " + err.Error())
		}
	}
	return c.SendString("ok")
}

// metricsRoutes serves /metrics in Prometheus's text format, to the
// server's own machine only: a scraper (Prometheus, a node exporter's
// textfile, curl) runs there or reaches it through an SSH tunnel, and the
// players on the Wi-Fi have no business reading how busy the house is.
func (s *Server) metricsRoutes(a *fiber.App) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(
		// The collector's cycles and CPU beside memstats, the memory the
		// runtime holds by class and the goroutines: what the load tool
		// reads to report GC per command and where a room's memory goes
		// (cmd/loadgen/load.GoCollector serves the same from the bare
		// broadcast).
		collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(
			collectors.MetricsGC,
			collectors.GoRuntimeMetricsRule{Matcher: regexp.MustCompile(`^/cpu/classes/gc/`)},
			collectors.GoRuntimeMetricsRule{Matcher: regexp.MustCompile(`^/memory/classes/|^/sched/goroutines:`)},
		)),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		&houseCollector{s: s},
	)
	if s.cfg.Version != "" {
		reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name:        "periscope_build_info",
			Help:        "The running binary, as periscope -version prints it.",
			ConstLabels: prometheus.Labels{"version": s.cfg.Version},
		}, func() float64 { return 1 }))
	}
	h := adaptor.HTTPHandler(promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorLog: slogPrinter{s.log}}))
	a.Get("/metrics", func(c *fiber.Ctx) error {
		if ip := net.ParseIP(c.IP()); ip == nil || !ip.IsLoopback() {
			return &rooms.Error{Code: rooms.CodeForbidden, Message: "/metrics is served to the server's own machine only (scrape it on localhost)"}
		}
		return h(c)
	})
}

type slogPrinter struct{ log *slog.Logger }

func (p slogPrinter) Println(v ...any) { p.log.Error("metrics", "err", v) }

var (
	descRooms = prometheus.NewDesc("periscope_rooms",
		"Rooms in memory, by state (a finished room stays a while for its phones).", []string{"state"}, nil)
	descSockets = prometheus.NewDesc("periscope_websockets",
		"Phones connected now (open websockets).", nil, nil)
	descCommands = prometheus.NewDesc("periscope_commands_total",
		"Commands committed to the match logs: players', bots' and the rooms' own.", nil, nil)
	descRefusals = prometheus.NewDesc("periscope_refusals_total",
		"Requests refused, by error code, over websockets (via=socket) and the HTTP API (via=http).", []string{"via", "code"}, nil)
	descCommit = prometheus.NewDesc("periscope_commit_seconds",
		"Time to commit one command to the log, which every player waits for before seeing a move.", nil, nil)
	descDBBytes = prometheus.NewDesc("periscope_database_bytes",
		"Bytes the SQLite database takes on disk, write-ahead log included.", nil, nil)
)

// houseCollector reads the hub's and the server's counts at each scrape:
// nothing is counted twice, and the hot paths keep their own cheap counters.
type houseCollector struct{ s *Server }

func (h *houseCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descRooms, descSockets, descCommands, descRefusals, descCommit, descDBBytes} {
		ch <- d
	}
}

func (h *houseCollector) Collect(ch chan<- prometheus.Metric) {
	s := h.s
	n := s.hub.Counters()
	for state, count := range n.Rooms {
		ch <- prometheus.MustNewConstMetric(descRooms, prometheus.GaugeValue, float64(count), state)
	}
	s.mu.Lock()
	sockets := len(s.live)
	s.mu.Unlock()
	ch <- prometheus.MustNewConstMetric(descSockets, prometheus.GaugeValue, float64(sockets))
	ch <- prometheus.MustNewConstMetric(descCommands, prometheus.CounterValue, float64(n.Commands))
	for code, count := range n.Refusals {
		ch <- prometheus.MustNewConstMetric(descRefusals, prometheus.CounterValue, float64(count), "socket", code)
	}
	for code, count := range s.httpRefusals.snapshot() {
		ch <- prometheus.MustNewConstMetric(descRefusals, prometheus.CounterValue, float64(count), "http", code)
	}
	buckets := map[float64]uint64{}
	for i, c := range n.Commit.Cumulative() {
		buckets[rooms.CommitBuckets[i].Seconds()] = c
	}
	ch <- prometheus.MustNewConstHistogram(descCommit, n.Commit.Count, n.Commit.Sum.Seconds(), buckets)
	if s.cfg.DatabaseSize != nil {
		if size, err := s.cfg.DatabaseSize(); err == nil {
			ch <- prometheus.MustNewConstMetric(descDBBytes, prometheus.GaugeValue, float64(size))
		} else {
			ch <- prometheus.NewInvalidMetric(descDBBytes, err)
		}
	}
}

// codeCounts counts refusals by error code.
type codeCounts struct {
	mu sync.Mutex
	n  map[string]int64
}

func (c *codeCounts) add(code string) {
	c.mu.Lock()
	if c.n == nil {
		c.n = make(map[string]int64)
	}
	c.n[code]++
	c.mu.Unlock()
}

func (c *codeCounts) snapshot() map[string]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]int64, len(c.n))
	for k, v := range c.n {
		out[k] = v
	}
	return out
}

// accessLog logs every request once answered, at info level: who asked
// what, the answer's status and how long it took (a websocket's line is
// written at its upgrade). Off by default: a game night needs no such log,
// a host chasing a problem turns it on with -access-log.
func (s *Server) accessLog(c *fiber.Ctx) error {
	began := time.Now()
	err := c.Next()
	st := c.Response().StatusCode()
	if err != nil {
		// The error handler writes the status after this middleware.
		var fe *fiber.Error
		if errors.As(err, &fe) {
			st = fe.Code
		} else {
			st = status(rooms.ErrorCode(err))
		}
	}
	s.log.Info("request", "method", c.Method(), "path", c.Path(), "status", st,
		"ms", float64(time.Since(began).Microseconds())/1000, "ip", c.IP(), "bytes", len(c.Response().Body()))
	return err
}
