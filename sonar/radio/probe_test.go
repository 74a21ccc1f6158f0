package radio

import (
	"testing"
	"time"
)

func TestProbeStress(t *testing.T) {
	for _, budget := range []int{1024, 2048, 4096} {
		for mi, m := range allMaps() {
			maxN, worst := 0, time.Duration(0)
			merges, extraObs, extraMax, extraSum, obs, skipped := 0, 0, 0, 0, 0, 0
		matches:
			for i := range 60 {
				mt := simulateQuiet(m, optionsFor(i), uint64(mi)<<32|uint64(i), 40)
				ex, _ := New(m, Options{SilenceMin: mt.opts.SilenceMin, MineOrthogonal: mt.opts.MineOrthogonal, Budget: 1 << 30})
				tr, _ := New(m, Options{SilenceMin: mt.opts.SilenceMin, MineOrthogonal: mt.opts.MineOrthogonal, Budget: budget})
				for _, st := range mt.steps {
					if ex.Count() > 300000 {
						skipped++
						continue matches
					}
					ex.Observe(st.obs)
					t0 := time.Now()
					if err := tr.Observe(st.obs); err != nil {
						t.Fatal(err)
					}
					worst = max(worst, time.Since(t0))
					e := len(tr.Cells()) - len(ex.Cells())
					obs++
					if e > 0 {
						extraObs++
						extraSum += e
						extraMax = max(extraMax, e)
					}
				}
				maxN = max(maxN, tr.Stats().MaxHypotheses)
				merges += tr.Stats().Merges
			}
			t.Logf("B=%d %s %s max %d worst %v merges %d obs %d extraObs %d extraSum %d extraMax %d skipped %d levels %v", budget, m.Name, m.Side, maxN, worst, merges, obs, extraObs, extraSum, extraMax, skipped, probeLevels)
			probeLevels = [5]int{}
		}
	}
}
