package load

import (
	"bufio"
	"context"
	"io"
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
// the collector's cycles and its CPU, the memory the runtime holds by
// class and the goroutines, so the tool reads both the same way.
func GoCollector() prometheus.Collector {
	return collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(
		collectors.MetricsGC,
		collectors.GoRuntimeMetricsRule{Matcher: cpuGC},
		collectors.GoRuntimeMetricsRule{Matcher: memClasses},
	))
}

var (
	cpuGC = regexp.MustCompile(`^/cpu/classes/gc/`)
	// memClasses is runtime/metrics' account of every byte the runtime
	// holds, by class, and the goroutine count (whose stacks are a class).
	memClasses = regexp.MustCompile(`^/memory/classes/|^/sched/goroutines:`)
)

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
	// Mem is the memory by class; zero (Mem.OK false) from a server that
	// does not serve it.
	Mem Mem
}

// Mem is what the Go runtime holds, by runtime/metrics' /memory/classes
// (bytes), and its goroutines.
type Mem struct {
	OK bool
	// Objects is heap/objects: the live objects and the garbage the
	// collector has not freed yet (the heap's headroom between cycles).
	Objects float64
	// Free is heap/free: whole free pages, still resident; Unused is
	// heap/unused: room inside spans that holds no object (fragmentation);
	// Released is heap/released: pages given back to the OS (not resident).
	Free, Unused, Released float64
	// Stacks is the goroutine stacks (heap/stacks and os-stacks).
	Stacks float64
	// Other is the rest of the runtime: its metadata (spans, caches, the
	// collector's bitmaps), profiling buckets, other.
	Other float64
	// Total is every byte mapped by the runtime, released ones included.
	Total      float64
	Goroutines float64
}

// Resident is what the runtime holds in memory: all but the released pages.
func (m Mem) Resident() float64 { return m.Total - m.Released }

// MemPerRoom is, per room, what each class grew by from idle to the end
// of the window, with RSS (from /proc) beside it: how a room's resident
// memory divides.
type MemPerRoom struct {
	RSS float64
	// Live is the heap marked live by the last cycle; Garbage the rest of
	// heap/objects, the headroom GOGC lets the heap grow into.
	Live, Garbage        float64
	Free, Unused, Stacks float64
	Other                float64
	// Outside is RSS beyond what the Go runtime holds: C memory (SQLite's
	// page cache and its connections), the binary's pages as touched.
	Outside    float64
	Goroutines float64
}

// MemPerRoom divides the growth of each class by rooms; ok is false when the
// server served no memory classes.
func (g GC) MemPerRoom(rooms int, p Proc) (MemPerRoom, bool) {
	a, b := g.MemIdle, g.MemEnd
	if rooms == 0 || !a.OK || !b.OK || g.LiveEnd == 0 {
		return MemPerRoom{}, false
	}
	n := float64(rooms)
	per := func(x, y float64) float64 { return (y - x) / n }
	m := MemPerRoom{
		Live:       per(g.LiveIdle, g.LiveEnd),
		Free:       per(a.Free, b.Free),
		Unused:     per(a.Unused, b.Unused),
		Stacks:     per(a.Stacks, b.Stacks),
		Other:      per(a.Other, b.Other),
		Goroutines: per(a.Goroutines, b.Goroutines),
	}
	m.Garbage = per(a.Objects, b.Objects) - m.Live
	if p.RSSIdle > 0 && p.RSSEnd > 0 {
		m.RSS = per(float64(p.RSSIdle), float64(p.RSSEnd))
		m.Outside = per(float64(p.RSSIdle)-a.Resident(), float64(p.RSSEnd)-b.Resident())
	}
	return m, true
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
	// MemIdle and MemEnd are the memory by class at the same moments.
	MemIdle, MemEnd Mem
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
		LiveIdle: idle.Live, LiveEnd: end.Live, MemIdle: idle.Mem, MemEnd: end.Mem}
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
	return parseMetrics(resp.Body)
}

// parseMetrics reads the runtime's figures from Prometheus text.
func parseMetrics(body io.Reader) Runtime {
	var r Runtime
	found := 0
	sc := bufio.NewScanner(body)
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
		if memClass(&r.Mem, name, v) {
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
	r.Mem.OK = r.Mem.Total > 0
	return r
}

// memClass adds a /memory/classes figure (or the goroutine count) to m;
// false for any other metric.
func memClass(m *Mem, name string, v float64) bool {
	if name == "go_sched_goroutines_goroutines" {
		m.Goroutines = v
		return true
	}
	class, ok := strings.CutPrefix(name, "go_memory_classes_")
	if !ok {
		return false
	}
	switch class {
	case "heap_objects_bytes":
		m.Objects = v
	case "heap_free_bytes":
		m.Free = v
	case "heap_unused_bytes":
		m.Unused = v
	case "heap_released_bytes":
		m.Released = v
	case "heap_stacks_bytes", "os_stacks_bytes":
		m.Stacks += v
	case "total_bytes":
		m.Total = v
	default:
		// metadata_*, profiling_buckets, other: the runtime's own.
		m.Other += v
	}
	return true
}
