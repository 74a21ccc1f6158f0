package radio

import (
	"flag"
	"testing"

	"periscope/sonar/chart"
)

var naiveMatches = flag.Int("naive", 100, "simulated matches per map side compared with the naive reference")

// naiveLimit bounds the reference search per match; matches past it are
// skipped and counted (the long corpora behind flags raise it).
var naiveLimit = flag.Int("naive-limit", 3_000_000, "nodes the brute-force reference may search per match before the tests skip it")

func cellsOf(m *chart.Map, set []bool) []chart.Cell {
	var out []chart.Cell
	for i, ok := range set {
		if ok {
			out = append(out, m.At(i))
		}
	}
	return out
}

// compareWithNaive feeds mt to a tracker and checks its possible cells after
// every observation against the reference: equal while the tracker says it
// is exact, a superset otherwise. It returns how many observations were
// inexact and the extra cells they held in total.
func compareWithNaive(t *testing.T, mt match, want [][]bool) (inexact, extra int) {
	t.Helper()
	tr, err := New(mt.m, mt.opts)
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range mt.steps {
		if err := tr.Observe(st.obs); err != nil {
			t.Fatalf("seed %d step %d %s: %v", mt.seed, i, st.obs, err)
		}
		got := make([]bool, mt.m.Cells())
		for _, c := range tr.Cells() {
			got[mt.m.Index(c)] = true
		}
		for c := range got {
			switch {
			case want[i][c] && !got[c]:
				t.Fatalf("seed %d step %d %s: %s is possible but the tracker excluded it", mt.seed, i, st.obs, mt.m.At(c))
			case got[c] && !want[i][c] && tr.Exact():
				t.Fatalf("seed %d step %d %s: tracker claims exact but keeps impossible %s (reference %v)",
					mt.seed, i, st.obs, mt.m.At(c), cellsOf(mt.m, want[i]))
			case got[c] && !want[i][c]:
				extra++
			}
		}
		if !tr.Exact() {
			inexact++
		}
	}
	return inexact, extra
}

// TestMatchesNaiveReference checks the tracker against the brute-force
// reference on simulated matches of every map side.
func TestMatchesNaiveReference(t *testing.T) {
	for mi, m := range allMaps() {
		t.Run(m.Name+"-"+m.Side.String(), func(t *testing.T) {
			t.Parallel()
			compared, skipped := 0, 0
			for i := range *naiveMatches {
				mt := play(m, optionsFor(i), uint64(mi)<<32|uint64(i)|1<<62, 20, 60, styleFor(i))
				want, ok := naiveCells(m, mt.opts, mt.observations(), *naiveLimit)
				if !ok {
					skipped++
					continue
				}
				compareWithNaive(t, mt, want)
				compared++
			}
			if compared < *naiveMatches*3/4 {
				t.Errorf("only %d of %d matches compared (the reference gave up on %d)", compared, *naiveMatches, skipped)
			}
			t.Logf("compared %d matches, reference gave up on %d", compared, skipped)
		})
	}
}
