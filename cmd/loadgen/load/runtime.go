package load

import (
	"bufio"
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"
)

// GoCollector is the Go runtime collector both the bare broadcast and
// Periscope (server/ops.go, the same options) serve on /metrics: memstats,
// the collector's cycles and its CPU, so the tool reads both the same way.
func GoCollector() prometheus.Collector {
	return collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(
		collectors.MetricsGC,
		collectors.GoRuntimeMetricsRule{Matcher: cpuGC},
	))
}

var cpuGC = regexp.MustCompile(`^/cpu/classes/gc/`)

// metrics serves the bare broadcast's runtime figures, as Periscope's
// /metrics does.
var metrics = func() fasthttp.RequestHandler {
	reg := prometheus.NewRegistry()
	reg.MustRegister(GoCollector())
	return fasthttpadaptor.NewFastHTTPHandler(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
}()

// Runtime is what a server's Go runtime said at one moment (its /metrics).
type Runtime struct {
	OK bool
	// Alloc is the bytes allocated since the start; Cycles the collector's
	// completed cycles; GCCPU its CPU time (dedicated background marking,
	// assists charged to the goroutines that allocate, pauses; not the
	// marking done on otherwise idle cores); Live the heap
	// marked live by the last cycle.
	Alloc, Cycles, Live float64
	GCCPU               time.Duration
}

// GC is what the Go runtime did over the measured window, and its heap.
type GC struct {
	// Alloc is bytes allocated over the window; Cycles the collections;
	// CPU the collector's CPU time, assists included.
	Alloc, Cycles float64
	CPU           time.Duration
	// LiveIdle and LiveEnd are the live heap before the first room and at
	// the end of the window.
	LiveIdle, LiveEnd float64
}

// PerRoom is the live heap each room added.
func (g GC) PerRoom(rooms int) float64 {
	if rooms == 0 || g.LiveEnd == 0 {
		return 0
	}
	return (g.LiveEnd - g.LiveIdle) / float64(rooms)
}

// gcOver is the window's figures from the scrapes at idle, the window's
// start and its end; zero when the server serves no /metrics.
func gcOver(idle, start, end Runtime) GC {
	if !start.OK || !end.OK {
		return GC{}
	}
	return GC{Alloc: end.Alloc - start.Alloc, Cycles: end.Cycles - start.Cycles, CPU: end.GCCPU - start.GCCPU,
		LiveIdle: idle.Live, LiveEnd: end.Live}
}

// scrape reads base's /metrics (Prometheus text); a server without one
// gives a Runtime that is not OK.
func scrape(ctx context.Context, base string) Runtime {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/metrics", nil)
	if err != nil {
		return Runtime{}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return Runtime{}
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return Runtime{}
	}
	var r Runtime
	found := 0
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		name, val, ok := strings.Cut(sc.Text(), " ")
		if !ok || strings.HasPrefix(name, "#") {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil {
			continue
		}
		switch name {
		case "go_memstats_alloc_bytes_total":
			r.Alloc = v
		case "go_gc_cycles_total_gc_cycles_total":
			r.Cycles = v
		case "go_gc_heap_live_bytes":
			r.Live = v
		case "go_cpu_classes_gc_total_cpu_seconds_total":
			r.GCCPU += time.Duration(v * float64(time.Second))
		case "go_cpu_classes_gc_mark_idle_cpu_seconds_total":
			// Marking on cores that had nothing else to do is left out:
			// it takes no time from a room, and a busy server has none.
			r.GCCPU -= time.Duration(v * float64(time.Second))
		default:
			continue
		}
		found++
	}
	r.OK = found == 5
	return r
}
