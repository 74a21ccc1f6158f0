package radio

import (
	"math/rand/v2"
	"testing"

	"periscope/sonar/chart"
)

// where, computed with shifted bit sets, against a cell-by-cell reading of
// the rules: the cells from which o can end in a given set.
func TestWhereMatchesSteps(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, m := range allMaps() {
		for _, smin := range []int{0, 1} {
			tr, _ := New(m, Options{SilenceMin: smin})
			g := tr.g
			for range 50 {
				var after cellSet
				g.water.each(func(i int) {
					if r.IntN(8) == 0 {
						after.add(i)
					}
				})
				for _, o := range []Observation{{Kind: Silence}, {Kind: Course, Dir: chart.North}, {Kind: Course, Dir: chart.East}, {Kind: Course, Dir: chart.South}, {Kind: Course, Dir: chart.West}} {
					var want cellSet
					g.water.each(func(p int) {
						if o.Kind == Course {
							if n := g.step[p][o.Dir]; n >= 0 && after.has(int(n)) {
								want.add(p)
							}
							return
						}
						if smin == 0 && after.has(p) {
							want.add(p)
						}
						for d := range 4 {
							at := p
							for range 4 {
								if at = int(g.step[at][d]); at < 0 {
									break
								}
								if after.has(at) {
									want.add(p)
								}
							}
						}
					})
					if got := tr.where(o, after); got != want {
						t.Fatalf("%s %s %s: where gives %v, want %v", m.Name, m.Side, o, got, want)
					}
				}
			}
		}
	}
}

// A verified tracker equals an unbounded one on the stress case (a
// silence every 3 courses, only the enemy's announcements) whenever it says
// it is exact, and it says so on most observations after a merge.
func TestVerifiedStressIsExact(t *testing.T) {
	gaugeSize[gSilence] = 3
	defer func() { gaugeSize[gSilence] = 6 }()
	claimed, inexact := 0, 0
	maps := allMaps()
	if testing.Short() {
		maps = maps[:2] // one map, both sides of its chart: its matches still merge and are checked
	}
	for mi, m := range maps {
		for i := range 2 {
			opts := optionsFor(i)
			opts.Budget = 0
			mt := simulateQuiet(m, opts, uint64(mi)<<32|uint64(i)|1<<40, 22)
			exactOpts := opts
			exactOpts.Budget = 1 << 30
			exact, _ := New(m, exactOpts)
			tr, _ := New(m, opts)
			for n, st := range mt.steps {
				observeAll(t, exact, st.obs)
				observeAll(t, tr, st.obs)
				want, got := exact.Cells(), tr.Cells()
				for _, c := range want {
					if !containsCell(got, c) {
						t.Fatalf("%s seed %d step %d: lost %s", m.Name, mt.seed, n, c)
					}
				}
				switch {
				case tr.Exact() && len(got) != len(want):
					t.Fatalf("%s seed %d step %d: claims exact with %d cells, exact has %d", m.Name, mt.seed, n, len(got), len(want))
				case tr.Exact() && tr.Stats().Merges > 0:
					claimed++
				case !tr.Exact():
					inexact++
				}
			}
		}
	}
	if claimed == 0 {
		t.Error("no observation after a merge was shown exact: the test proves nothing")
	}
	t.Logf("after a merge: %d observations shown exact, %d inexact", claimed, inexact)
}

func containsCell(cs []chart.Cell, c chart.Cell) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}
