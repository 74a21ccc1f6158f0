package radio

import (
	"testing"
)

func BenchmarkProbeSilence(b *testing.B) {
	m := allMaps()[0]
	mt := simulateQuiet(m, Options{}, 7, 60)
	tr, _ := New(m, Options{Budget: 1 << 30})
	// advance to the state with most hypotheses before a silence, below 20000
	var best []hyp
	for _, st := range mt.steps {
		if st.obs.Kind == Silence && tr.Count() < 3000 && tr.Count() > len(best) {
			best = append([]hyp(nil), tr.hs...)
		}
		tr.Observe(st.obs)
	}
	b.Logf("parents %d", len(best))
	var out []hyp
	b.ResetTimer()
	for range b.N {
		out = tr.silence(best, out[:0])
	}
	b.ReportMetric(float64(len(out)), "children")
}
