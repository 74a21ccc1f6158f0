package radio

import (
	"flag"
	"slices"
	"testing"
	"time"
)

var shapeBound = flag.Int("shape-nodes", 3_000_000, "bound of one shape search in BenchmarkShapeSearch and TestShapeSearchMatchesReference")

// shapeStart follows, beside a tracker, the last clean start of a shape
// search: the match's start, or a surfacing after which the tracker was
// exact with no mine outstanding in any hypothesis.
type shapeStart struct {
	at    int
	cells cellSet
	ok    bool
}

func (st *shapeStart) after(tr *Tracker, o Observation, n int) {
	if o.Kind != Surface || !tr.Exact() {
		return
	}
	*st = shapeStart{at: n, ok: true}
	for i := range tr.hs {
		st.ok = st.ok && tr.hs[i].nm == 0 && tr.hs[i].loose == 0
		st.cells.add(int(tr.hs[i].pos))
	}
}

// The shape search is exact: where it completes, the cells it proves are
// those the brute-force reference allows (silence after every third
// course, the corpus of TestHonestWithSilenceEveryThird).
func TestShapeSearchMatchesReference(t *testing.T) {
	n, turns := 2, 24 // 2 s; fewer would miss a route that crosses itself
	searched, gaveUp := 0, 0
	for mi, m := range allMaps() {
		for i := range n {
			mt := thirdMatch(m, mi, i, turns)
			want, ok := naiveCells(mt.m, mt.opts, mt.observations(), *naiveLimit)
			if !ok {
				continue
			}
			tr, _ := New(m, mt.opts)
			st := shapeStart{cells: tr.g.water, ok: true}
			obs := mt.observations()
			for k, o := range obs {
				observeAll(t, tr, o)
				if !st.ok || !shapeable(obs[st.at:k+1]) {
					st.after(tr, o, k+1)
					continue
				}
				var targets cellSet
				for _, c := range tr.Cells() {
					targets.add(m.Index(c))
				}
				s := tr.newShapeSearch(obs[st.at:k+1], targets, *shapeBound)
				if !s.run(st.cells) {
					gaveUp++
					st.after(tr, o, k+1)
					continue
				}
				searched++
				possible := targets.andNot(s.targets)
				for c, w := range want[k] {
					if w != possible.has(c) {
						t.Fatalf("%s seed %d step %d %s: shape search says %s possible %v, reference %v", m.Name, mt.seed, k, o, m.At(c), possible.has(c), w)
					}
				}
				for _, f := range s.found { // each proof is a real route of its cell
					if !f.vis.has(int(f.pos)) || !f.vis.andNot(tr.g.water).empty() {
						t.Fatalf("%s seed %d step %d: proof of %s leaves the water", m.Name, mt.seed, k, m.At(int(f.pos)))
					}
				}
				st.after(tr, o, k+1)
			}
		}
	}
	if searched < 100 {
		t.Errorf("only %d searches compared (%d stopped by the bound)", searched, gaveUp)
	}
	t.Logf("%d shape searches agreed with the reference, %d stopped by the bound", searched, gaveUp)
}

// BenchmarkShapeSearch replays BenchmarkStress's matches (-stress-silence,
// -stress-bench, -stress-budget) and, after each observation the tracker
// shows inexact, runs the shape search on the cells its own search left
// unproven, from the last clean start, bounded by -shape-nodes: how many
// nodes and how much thread CPU time an exact answer by shapes needs.
func BenchmarkShapeSearch(b *testing.B) {
	gaugeSize[gSilence] = *stressEvery
	defer func() { gaugeSize[gSilence] = 6 }()
	for range b.N {
		var nodes []int
		var took []time.Duration
		inexact, skipped, gaveUp := 0, 0, 0
		clock, done := clockFor()
		for mi, m := range allMaps() {
			for i := range *stressBench {
				opts := optionsFor(i)
				opts.Budget = *stressBudget
				mt := simulateQuiet(m, opts, uint64(mi)<<32|uint64(i), 40)
				tr, _ := New(m, opts)
				st := shapeStart{cells: tr.g.water, ok: true}
				obs := mt.observations()
				for k, o := range obs {
					if err := tr.Observe(o); err != nil {
						b.Fatal(err)
					}
					if tr.Exact() {
						st.after(tr, o, k+1)
						continue
					}
					inexact++
					if !st.ok || !shapeable(obs[st.at:k+1]) {
						skipped++
						continue
					}
					var all, sure cellSet
					for _, h := range tr.hs {
						all.add(int(h.pos))
						if h.wok {
							sure.add(int(h.pos))
						}
					}
					start := clock()
					s := tr.newShapeSearch(obs[st.at:k+1], all.andNot(sure), *shapeBound)
					ok := s.run(st.cells)
					took = append(took, clock()-start)
					nodes = append(nodes, s.nodes)
					if !ok {
						gaveUp++
					}
				}
			}
		}
		done()
		slices.Sort(nodes)
		var sumT time.Duration
		sumN := 0
		for j, d := range took {
			sumT += d
			sumN += nodes[j]
		}
		within := func(bound int) int {
			c := 0
			for _, n := range nodes {
				if n <= bound {
					c++
				}
			}
			return c
		}
		var ns float64
		if sumN > 0 {
			ns = float64(sumT) / float64(sumN)
		}
		ts := slices.Clone(took)
		b.ReportMetric(float64(gaveUp), "gave-up")
		b.ReportMetric(ns, "ns/node")
		b.Logf("%d observations shown inexact, %d outside the shape search (mines in the window), %d searched: "+
			"settled within 15,000 nodes %d, 60,000 %d, 200,000 %d, 1,000,000 %d, %d (the bound) %d; nodes p50 %d p90 %d max %d; "+
			"time p50 %s p90 %s max %s; %.0f ns a node",
			inexact, skipped, len(nodes), within(15_000), within(60_000), within(200_000), within(1_000_000), *shapeBound, len(nodes)-gaveUp,
			pctInt(nodes, 50), pctInt(nodes, 90), pctInt(nodes, 100), us(pct(ts, 50)), us(pct(ts, 90)), us(pct(ts, 100)), ns)
	}
}

func pctInt(xs []int, p int) int {
	if len(xs) == 0 {
		return 0
	}
	return xs[min(len(xs)*p/100, len(xs)-1)]
}
