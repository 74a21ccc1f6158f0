package load

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// A server's /metrics text gives the collector's figures and the memory
// by class: metadata, profiling and other add up to the runtime's own,
// the two kinds of stack add up, comments and other metrics are skipped.
func TestParseMetrics(t *testing.T) {
	gc := `# HELP go_memstats_alloc_bytes_total Total number of bytes allocated.
# TYPE go_memstats_alloc_bytes_total counter
go_memstats_alloc_bytes_total 1.5e+06
go_gc_cycles_total_gc_cycles_total 7
go_gc_heap_live_bytes 400000
go_cpu_classes_gc_total_cpu_seconds_total 0.5
go_cpu_classes_gc_mark_idle_cpu_seconds_total 0.125
go_goroutines 12
periscope_websockets 8
`
	mem := `go_memory_classes_heap_objects_bytes 600000
go_memory_classes_heap_free_bytes 100000
go_memory_classes_heap_unused_bytes 50000
go_memory_classes_heap_released_bytes 2e+06
go_memory_classes_heap_stacks_bytes 65536
go_memory_classes_os_stacks_bytes 4096
go_memory_classes_metadata_mcache_free_bytes 1000
go_memory_classes_metadata_mcache_inuse_bytes 2000
go_memory_classes_metadata_mspan_free_bytes 3000
go_memory_classes_metadata_mspan_inuse_bytes 4000
go_memory_classes_metadata_other_bytes 5000
go_memory_classes_other_bytes 6000
go_memory_classes_profiling_buckets_bytes 7000
go_memory_classes_total_bytes 2.853632e+06
go_sched_goroutines_goroutines 12
`
	wantMem := Mem{OK: true, Objects: 600000, Free: 100000, Unused: 50000, Released: 2e6, Stacks: 69632,
		Other: 28000, Total: 2853632, Goroutines: 12}
	for _, tc := range []struct {
		name   string
		text   string
		gcOK   bool
		mem    Mem
		live   float64
		gcCPU  time.Duration
		cycles float64
	}{
		{"both", gc + mem, true, wantMem, 400000, 375 * time.Millisecond, 7},
		{"an older server without the classes", gc, true, Mem{}, 400000, 375 * time.Millisecond, 7},
		{"the classes alone", mem, false, wantMem, 0, 0, 0},
		{"nothing", "# nothing\n", false, Mem{}, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := parseMetrics(strings.NewReader(tc.text))
			if r.OK != tc.gcOK || r.Live != tc.live || r.GCCPU != tc.gcCPU || r.Cycles != tc.cycles {
				t.Errorf("runtime = %+v", r)
			}
			if r.Mem != tc.mem {
				t.Errorf("memory classes = %+v, want %+v", r.Mem, tc.mem)
			}
		})
	}
	if got := wantMem.Resident(); got != 853632 {
		t.Errorf("resident = %v, want the total less the released pages", got)
	}
}

// The collector both servers serve gives every class, and the classes
// account for every byte the runtime maps: a class left out of the
// parsing (a new one in a later Go) would show here.
func TestGoCollectorServesEveryClass(t *testing.T) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(GoCollector())
	srv := httptest.NewServer(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := parseMetrics(resp.Body)
	if !r.OK || !r.Mem.OK {
		t.Fatalf("runtime = %+v", r)
	}
	m := r.Mem
	if m.Objects <= 0 || m.Stacks <= 0 || m.Other <= 0 || m.Goroutines < 1 {
		t.Errorf("classes = %+v", m)
	}
	if sum := m.Objects + m.Free + m.Unused + m.Released + m.Stacks + m.Other; sum != m.Total {
		t.Errorf("the classes add up to %.0f B, the total is %.0f B: %+v", sum, m.Total, m)
	}
}

// Per room, each class is what it grew by over the rooms; the heap's
// objects divide into the live heap and the garbage, and what RSS holds
// beyond the runtime's resident bytes is outside Go.
func TestMemPerRoom(t *testing.T) {
	idle := Mem{OK: true, Objects: 1 << 20, Free: 1 << 20, Unused: 1 << 18, Released: 4 << 20, Stacks: 1 << 16, Other: 1 << 20,
		Total: 1<<20 + 1<<20 + 1<<18 + 4<<20 + 1<<16 + 1<<20, Goroutines: 10}
	end := Mem{OK: true, Objects: 1<<20 + 100*300<<10, Free: 1<<20 + 100*20<<10, Unused: 1<<18 + 100*10<<10, Released: 8 << 20,
		Stacks: 1<<16 + 100*64<<10, Other: 1<<20 + 100*6<<10, Goroutines: 10 + 100*17}
	end.Total = end.Objects + end.Free + end.Unused + end.Released + end.Stacks + end.Other
	g := GC{LiveIdle: 1 << 19, LiveEnd: 1<<19 + 100*200<<10, MemIdle: idle, MemEnd: end}
	// The process holds what the runtime holds plus 20 MiB of C memory
	// (SQLite), of which 10 MiB came with the rooms.
	p := Proc{RSSIdle: int64(idle.Resident()) + 10<<20, RSSEnd: int64(end.Resident()) + 20<<20}
	m, ok := g.MemPerRoom(100, p)
	if !ok {
		t.Fatal("no memory per room")
	}
	want := MemPerRoom{RSS: float64(p.RSSEnd-p.RSSIdle) / 100, Live: 200 << 10, Garbage: 100 << 10, Free: 20 << 10, Unused: 10 << 10,
		Stacks: 64 << 10, Other: 6 << 10, Outside: float64(10<<20) / 100, Goroutines: 17}
	if m != want {
		t.Errorf("per room = %+v\nwant %+v", m, want)
	}
	if _, ok := (GC{LiveEnd: 1, MemIdle: Mem{}, MemEnd: end}).MemPerRoom(100, p); ok {
		t.Error("memory per room from a server that served no classes at idle")
	}
}
