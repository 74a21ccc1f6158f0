package radio

import (
	"flag"
	"fmt"
	"math"
	"testing"
)

var matchesPerMap = flag.Int("matches", 10000, "simulated matches per map side in TestNeverLosesTheEnemy")

// optionsFor varies the rule options across simulated matches; one match in
// ten runs on the smallest budget, so that merging is exercised too.
func optionsFor(i int) Options {
	o := Options{SilenceMin: i % 2, MineOrthogonal: i%4 >= 2}
	if i%10 == 9 {
		o.Budget = minBudget
	}
	return o
}

// covers reports whether some hypothesis admits the true state: the same
// cell, a route no larger than the true one (equal while strict: nothing
// merged or loosened yet) and a mine layout the true mines fit.
func covers(tr *Tracker, st truth, strict bool) bool {
	var route cellSet
	for _, c := range st.route {
		route.add(c)
	}
	for i := range tr.hs {
		h := &tr.hs[i]
		if int(h.pos) != st.pos || h.vis.andNot(route) != (cellSet{}) {
			continue
		}
		if strict && (h.vis != route || h.loose != 0 || !h.wok || h.wit != route) {
			continue
		}
		if minesFit(tr.g, h, st.mines) {
			return true
		}
	}
	return false
}

// minesFit reports whether each tracked mine can be given its own true mine
// within its candidates, with the true mines left over no more than the
// loosened ones.
func minesFit(g *geometry, h *hyp, mines []int) bool {
	if len(mines) < int(h.nm) || len(mines)-int(h.nm) > int(h.loose) {
		return false
	}
	used := make([]bool, len(mines))
	var try func(j int) bool
	try = func(j int) bool {
		if j == int(h.nm) {
			return true
		}
		for k, x := range mines {
			if !used[k] && h.mines[j].holds(g, x) {
				used[k] = true
				if try(j + 1) {
					return true
				}
				used[k] = false
			}
		}
		return false
	}
	return try(0)
}

// TestNeverLosesTheEnemy plays simulated matches on every map side with every
// kind of observation and checks after each one that the enemy's true state
// is still among the hypotheses and its cell among the possible ones.
func TestNeverLosesTheEnemy(t *testing.T) {
	matches := *matchesPerMap
	if testing.Short() && !flagSet("matches") {
		matches /= 10 // still every kind of observation on every map side
	}
	for mi, m := range allMaps() {
		t.Run(m.Name+"-"+m.Side.String(), func(t *testing.T) {
			t.Parallel()
			kindsSeen := map[Kind]int{}
			full := 0
			observations, maxHyp, maxBalanced, inexact, inexactDefault := 0, 0, 0, 0, 0
			for i := range matches {
				mt := matchFor(m, mi, i)
				tr, err := New(m, mt.opts)
				if err != nil {
					t.Fatal(err)
				}
				seen := map[Kind]bool{}
				strict := true
				for n, st := range mt.steps {
					if err := tr.Observe(st.obs); err != nil {
						t.Fatalf("match %d step %d %s: %v", i, n, st.obs, err)
					}
					strict = strict && tr.Stats().Merges == 0 && !anyLoose(tr)
					if strict && !tr.Exact() {
						t.Fatalf("match %d step %d %s: nothing merged, yet not exact", i, n, st.obs)
					}
					if !covers(tr, st.truth, strict) {
						t.Fatalf("match %d step %d %s: the true state (at %s) is not covered", i, n, st.obs, m.At(st.truth.pos))
					}
					if p := tr.Probability(m.At(st.truth.pos)); p <= 0 {
						t.Fatalf("match %d step %d: the true cell has probability %v", i, n, p)
					}
					seen[st.obs.Kind] = true
					kindsSeen[st.obs.Kind]++
				}
				if sum := sumOf(tr.Heat()); math.Abs(sum-1) > 1e-9 {
					t.Fatalf("match %d: heat sums to %v", i, sum)
				}
				if len(seen) >= len(kinds)-1 {
					full++
				}
				if !tr.Exact() {
					inexact++
					if mt.opts.Budget == 0 {
						inexactDefault++
					}
				}
				observations += len(mt.steps)
				maxHyp = max(maxHyp, tr.Stats().MaxHypotheses)
				if styleFor(i) == balanced && mt.opts.Budget == 0 {
					maxBalanced = max(maxBalanced, tr.Stats().MaxHypotheses)
				}
			}
			for _, k := range kinds {
				if k == EnemyArcher && len(m.ArcherMines()) == 0 {
					continue
				}
				if kindsSeen[k] == 0 {
					t.Errorf("no %s observation in %d matches", k, matches)
				}
			}
			t.Logf("%s %s: %d matches, %d observations, %d with every kind, max hypotheses %d (balanced, default budget: %d), %d ended inexact (%d with the default budget), kinds %v",
				m.Name, m.Side, matches, observations, full, maxHyp, maxBalanced, inexact, inexactDefault, fmt.Sprint(kindsSeen))
		})
	}
}

func anyLoose(tr *Tracker) bool {
	for i := range tr.hs {
		if tr.hs[i].loose > 0 {
			return true
		}
	}
	return false
}

func sumOf(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// flagSet reports whether the test's command line set the flag, so -short
// trims only the counts nobody asked for.
func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
