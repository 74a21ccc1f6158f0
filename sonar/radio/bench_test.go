package radio

import (
	"flag"
	"fmt"
	"periscope/sonar/chart"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

var (
	naiveBench   = flag.Int("naive-bench", 20, "matches per map side replayed by the naive reference in BenchmarkNaiveRatio")
	naiveCorpus  = flag.String("naive-corpus", "real", "matches of BenchmarkNaiveRatio: real (those of TestNeverLosesTheEnemy), mines (TestExactWithManyMines) or quiet (TestExactWithoutObservations)")
	stressBench  = flag.Int("stress-bench", 100, "stress matches per map side in BenchmarkStress")
	stressBudget = flag.Int("stress-budget", 0, "hypothesis budget in BenchmarkStress (0: the default)")
	stressEvery  = flag.Int("stress-silence", 6, "courses between two silences in BenchmarkStress (the silence gauge's size; 3 is the issue's stress case)")
	stressCap    = flag.Int("stress-cap", 1_000_000, "hypotheses past which BenchmarkStress stops comparing a match with the unbounded tracker")
	bestOf       = flag.Int("best-of", 1, "replay each match this many times and keep each update's shortest time: on a box shared with other runs, a descheduled update then does not count")
	threadCPU    = flag.Bool("thread-cpu", false, "time each update by the CPU time of its thread (CLOCK_THREAD_CPUTIME_ID) instead of the wall clock: on a box shared with other runs, the time the update waited for a core then does not count (Linux only)")
)

// timings collects per-observation update times by kind.
type timings map[Kind][]time.Duration

func (tm timings) add(k Kind, d time.Duration) { tm[k] = append(tm[k], d) }

func (tm timings) all() []time.Duration {
	var out []time.Duration
	for _, ds := range tm {
		out = append(out, ds...)
	}
	return out
}

// pct returns the p-th percentile (0..100) of ds, sorting it.
func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(len(ds)*p/100, len(ds)-1)]
}

// permille is pct in thousandths: permille(ds, 999) is the p99.9.
func permille(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(len(ds)*p/1000, len(ds)-1)]
}

func us(d time.Duration) string { return fmt.Sprintf("%.1f µs", float64(d)/1e3) }

// table formats p50/p99/max per kind as a markdown table for the docs.
func (tm timings) table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n| observation | count | p50 | p99 | max |\n|---|---|---|---|---|\n")
	for _, k := range append(Kinds(), "all") {
		ds := tm[k]
		if k == "all" {
			ds = tm.all()
		}
		if len(ds) == 0 {
			continue
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s |\n", k, len(ds), us(pct(ds, 50)), us(pct(ds, 99)), us(pct(ds, 100)))
	}
	return b.String()
}

// replay feeds mt to a fresh tracker and records each update's time, the
// shortest of -best-of replays.
func replay(b *testing.B, mt match, opts Options, tm timings) *Tracker {
	tr, _ := replayCounting(b, mt, opts, tm)
	return tr
}

// replayCounting is replay that also counts the observations after which
// the tracker said it was inexact (exact: false on the page).
func replayCounting(b *testing.B, mt match, opts Options, tm timings) (*Tracker, int) {
	inexact := 0
	best := make([]time.Duration, len(mt.steps))
	var tr *Tracker
	clock, done := clockFor()
	defer done()
	for r := range max(*bestOf, 1) {
		var err error
		if tr, err = New(mt.m, opts); err != nil {
			b.Fatal(err)
		}
		for i, st := range mt.steps {
			start := clock()
			err := tr.Observe(st.obs)
			if d := clock() - start; r == 0 || d < best[i] {
				best[i] = d
			}
			if err != nil {
				b.Fatalf("%s: %v", st.obs, err)
			}
			if r == 0 && !tr.Exact() {
				inexact++
			}
		}
	}
	for i, st := range mt.steps {
		tm.add(st.obs.Kind, best[i])
	}
	return tr, inexact
}

// clockFor is the clock -thread-cpu selects; done releases what it holds.
func clockFor() (clock func() time.Duration, done func()) {
	if !*threadCPU {
		return func() time.Duration { return time.Duration(time.Now().UnixNano()) }, func() {}
	}
	runtime.LockOSThread() // the work timed runs on this thread only
	return threadTime, runtime.UnlockOSThread
}

// threadTime is the CPU time the calling thread has used.
func threadTime() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		panic(e)
	}
	return time.Duration(ts.Nano())
}

// BenchmarkObserve replays the matches of TestNeverLosesTheEnemy (same seeds
// and options, -matches per map side) and reports update time percentiles
// per observation and the most hypotheses held.
func BenchmarkObserve(b *testing.B) {
	for range b.N {
		tm := timings{}
		maxHyp, matches := 0, 0
		for mi, m := range allMaps() {
			for i := range *matchesPerMap {
				mt := matchFor(m, mi, i)
				tr := replay(b, mt, mt.opts, tm)
				maxHyp = max(maxHyp, tr.Stats().MaxHypotheses)
				matches++
			}
		}
		all := tm.all()
		b.ReportMetric(float64(pct(all, 50)), "p50-ns")
		b.ReportMetric(float64(pct(all, 99)), "p99-ns")
		b.ReportMetric(float64(pct(all, 100)), "max-ns")
		b.ReportMetric(float64(maxHyp), "max-hypotheses")
		b.ReportMetric(float64(len(all)), "observations")
		b.Logf("%d matches, %d observations, most hypotheses held %d%s", matches, len(all), maxHyp, tm.table())
	}
}

// ratioMatch is the i-th match of map side mi in -naive-corpus.
func ratioMatch(b *testing.B, m *chart.Map, mi, i int) match {
	switch *naiveCorpus {
	case "real":
		return matchFor(m, mi, i)
	case "mines":
		mt, _ := mineMatch(m, mi, i)
		return mt
	case "quiet":
		return quietMatch(m, mi, i, *quietTurns)
	}
	b.Fatalf("-naive-corpus %q: real, mines or quiet", *naiveCorpus)
	return match{}
}

// BenchmarkNaiveRatio times the naive reference (replaying every route from
// every start cell after each observation) against the tracker on the first
// -naive-bench matches of each map side of -naive-corpus, and checks that
// they agree and that the tracker says it is exact.
func BenchmarkNaiveRatio(b *testing.B) {
	for range b.N {
		naiveT, trackT := timings{}, timings{}
		var naiveTotal, trackTotal time.Duration
		inexact := 0
		for mi, m := range allMaps() {
			for i := range *naiveBench {
				mt := ratioMatch(b, m, mi, i)
				opts := mt.opts
				opts.Budget = 0 // as a room runs it
				tr := replay(b, mt, opts, trackT)
				obs := mt.observations()
				var want [][]bool
				clock, done := clockFor()
				for n := range obs {
					start := clock()
					cells, ok := naiveCells(m, mt.opts, obs[:n+1], 1<<40)
					if !ok {
						b.Fatal("naive reference gave up")
					}
					naiveT.add(obs[n].Kind, clock()-start)
					want = cells
				}
				// The last observation's cells must agree (each earlier one
				// is checked by the tests).
				got := make([]bool, m.Cells())
				for _, c := range tr.Cells() {
					got[m.Index(c)] = true
				}
				if len(want) > 0 && !slices.Equal(got, want[len(want)-1]) {
					b.Fatalf("%s seed %d: tracker and reference disagree", m.Name, mt.seed)
				}
				done()
				if !tr.Exact() {
					inexact++
				}
			}
		}
		for _, d := range naiveT.all() {
			naiveTotal += d
		}
		for _, d := range trackT.all() {
			trackTotal += d
		}
		n, tr := naiveT.all(), trackT.all()
		b.ReportMetric(float64(pct(n, 50))/float64(pct(tr, 50)), "p50-ratio")
		b.ReportMetric(float64(pct(n, 99))/float64(pct(tr, 99)), "p99-ratio")
		b.ReportMetric(float64(naiveTotal)/float64(trackTotal), "total-ratio")
		b.ReportMetric(float64(inexact), "inexact-matches")
		b.Logf("corpus %s: %d observations; naive p50 %s p99 %s total %v; tracker p50 %s p99 %s total %v\nnaive per kind:%s\ntracker per kind:%s",
			*naiveCorpus, len(n), us(pct(n, 50)), us(pct(n, 99)), naiveTotal, us(pct(tr, 50)), us(pct(tr, 99)), trackTotal, naiveT.table(), trackT.table())
	}
}

// BenchmarkStress replays the tracker's worst case (only the enemy's own
// announcements, a silence every sixth turn (-stress-silence), 40 turns) with the default
// budget, and measures the cells the merge adds against an unbounded exact
// tracker (matches where that one passes a million hypotheses are skipped
// for the comparison).
func BenchmarkStress(b *testing.B) {
	exactCap := *stressCap
	gaugeSize[gSilence] = *stressEvery // the quiet enemy silences as soon as the gauge is full
	defer func() { gaugeSize[gSilence] = 6 }()
	for range b.N {
		tm := timings{}
		maxHyp, merged, skipped, exactMax := 0, 0, 0, 0
		claims, inexactObs, allObs := 0, 0, 0 // observations shown exact after a merge; shown inexact; all
		shownInexact := 0                     // observations shown inexact, over every match
		claimMost := 0                        // most exact hypotheses at an observation shown exact after a merge
		var atInexact []int                   // exact hypotheses at each observation shown inexact (compared matches)
		var extras []int                      // extra cells per observation, merged matches only
		for mi, m := range allMaps() {
			for i := range *stressBench {
				opts := optionsFor(i)
				opts.Budget = *stressBudget
				mt := simulateQuiet(m, opts, uint64(mi)<<32|uint64(i), 40)
				tr, inexact := replayCounting(b, mt, opts, tm)
				shownInexact += inexact
				maxHyp = max(maxHyp, tr.Stats().MaxHypotheses)
				allObs += len(mt.steps)
				if tr.Stats().Merges == 0 {
					continue
				}
				merged++
				exactOpts := opts
				exactOpts.Budget = 1 << 30
				exact, _ := New(m, exactOpts)
				bounded, _ := New(m, opts)
				var these []int
				for _, st := range mt.steps {
					if exact.Observe(st.obs) != nil || bounded.Observe(st.obs) != nil {
						b.Fatal("replay failed")
					}
					exactMax = max(exactMax, exact.Count())
					if exact.Count() > exactCap {
						skipped++
						these = nil
						break
					}
					extra := len(bounded.Cells()) - len(exact.Cells())
					switch {
					case bounded.Exact() && extra != 0:
						b.Fatalf("%s seed %d: claims exact with %d extra cells", m.Name, mt.seed, extra)
					case bounded.Exact() && bounded.Stats().Merges > 0:
						claims++
						claimMost = max(claimMost, exact.Count())
					case !bounded.Exact():
						inexactObs++
						atInexact = append(atInexact, exact.Count())
					}
					these = append(these, extra)
				}
				extras = append(extras, these...)
			}
		}
		all := tm.all()
		slices.Sort(extras)
		pi := func(p int) int {
			if len(extras) == 0 {
				return 0
			}
			return extras[min(len(extras)*p/100, len(extras)-1)]
		}
		b.ReportMetric(float64(pct(all, 50)), "p50-ns")
		b.ReportMetric(float64(pct(all, 99)), "p99-ns")
		b.ReportMetric(float64(pct(all, 100)), "max-ns")
		b.ReportMetric(float64(maxHyp), "max-hypotheses")
		b.ReportMetric(float64(pi(99)), "p99-extra-cells")
		b.ReportMetric(float64(inexactObs), "inexact-observations")
		b.ReportMetric(float64(shownInexact), "shown-inexact")
		b.Logf("%d observations in all, %d shown inexact; in the compared merged matches %d observations after a merge were shown exact (witnessed) and %d inexact", allObs, shownInexact, claims, inexactObs)
		if len(atInexact) > 0 {
			slices.Sort(atInexact)
			b.Logf("exact hypotheses (unbounded tracker) where shown exact after a merge: up to %d; where shown inexact: min %d, median %d, max %d",
				claimMost, atInexact[0], atInexact[len(atInexact)/2], atInexact[len(atInexact)-1])
		}
		b.Logf("%d observations, most hypotheses held %d, %d matches merged (%d too big to compare; the unbounded tracker held up to %d); extra cells per observation in merged matches: p50 %d p90 %d p99 %d max %d over %d observations%s",
			len(all), maxHyp, merged, skipped, exactMax, pi(50), pi(90), pi(99), pi(100), len(extras), tm.table())
	}
}

var (
	corpusMatches = flag.Int("corpus-matches", 100, "matches per map side in BenchmarkCorpus")
	corpusTurns   = flag.Int("corpus-turns", 60, "enemy turns of a quiet match in BenchmarkCorpus (-naive-corpus quiet)")
)

// BenchmarkCorpus replays -corpus-matches matches per map side of
// -naive-corpus (real, mines, quiet with -corpus-turns turns, third) as a
// room runs them (default budget, or the smallest one match in ten) and
// reports each update's time and the observations shown inexact, over every
// match: those the reference can replay and those it cannot. The tests
// check against the reference that every one shown exact is exact.
func BenchmarkCorpus(b *testing.B) {
	for range b.N {
		tm := timings{}
		inexact, badMatches, obsN, maxHyp := 0, 0, 0, 0
		var worst []string
		for mi, m := range allMaps() {
			for i := range *corpusMatches {
				var mt match
				switch *naiveCorpus {
				case "quiet":
					mt = quietMatch(m, mi, i, *corpusTurns)
				case "third":
					mt = thirdMatch(m, mi, i, *corpusTurns)
				default:
					mt = ratioMatch(b, m, mi, i)
				}
				tr, n := replayCounting(b, mt, mt.opts, tm)
				obsN += len(mt.steps)
				maxHyp = max(maxHyp, tr.Stats().MaxHypotheses)
				if n > 0 {
					inexact += n
					badMatches++
					if len(worst) < 20 {
						worst = append(worst, fmt.Sprintf("%s-%s #%d (seed %d): %d", m.Name, m.Side, i, mt.seed, n))
					}
				}
			}
		}
		all := tm.all()
		b.ReportMetric(float64(pct(all, 50)), "p50-ns")
		b.ReportMetric(float64(pct(all, 99)), "p99-ns")
		b.ReportMetric(float64(pct(all, 100)), "max-ns")
		b.ReportMetric(float64(inexact), "shown-inexact")
		b.Logf("corpus %s: %d observations, %d shown inexact in %d matches %v; most hypotheses %d; p50 %s p99 %s p99.9 %s max %s%s",
			*naiveCorpus, obsN, inexact, badMatches, worst, maxHyp, us(pct(all, 50)), us(pct(all, 99)), us(permille(all, 999)), us(pct(all, 100)), tm.table())
	}
}
