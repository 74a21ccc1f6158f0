package radio

import (
	"flag"
	"testing"

	"periscope/sonar/chart"
)

// The two corpora where the tracker used to lose precision (issue 28):
// enemies that lay up to twelve mines, and enemies we never ask anything
// (only their own announcements). Both are compared with the brute-force
// reference after every observation, and the tracker must be exact.

var (
	mineMatches  = flag.Int("mine-matches", 40, "mine-laying matches per map side compared with the reference in TestExactWithManyMines")
	quietMatches = flag.Int("quiet-matches", 20, "matches without observations per map side compared with the reference in TestExactWithoutObservations")
	quietTurns   = flag.Int("quiet-turns", 40, "enemy turns of each match in TestExactWithoutObservations")
)

// mineMatch is the i-th mine-laying match of map side mi: the enemy lays a
// mine whenever it can until i%13 are outstanding (0: it plays as in a
// balanced match), and we use our systems.
func mineMatch(m *chart.Map, mi, i int) (match, int) {
	cap := i % 13
	return playMines(m, optionsFor(i), uint64(mi)<<32|uint64(i)|3<<60, 30, 200, balanced, cap), cap
}

// quietMatch is the i-th match without observations of map side mi: only
// the enemy's announcements, a silence whenever its gauge is full (every
// sixth turn), and one match in three a mine layer (up to i%13 mines).
func quietMatch(m *chart.Map, mi, i, turns int) match {
	cap := 0
	if i%3 == 2 {
		cap = i % 13
	}
	opts := optionsFor(i)
	return playMines(m, opts, uint64(mi)<<32|uint64(i)|5<<60, turns, turns, quiet, cap)
}

func mostMines(mt match) int {
	most := 0
	for _, st := range mt.steps {
		most = max(most, len(st.truth.mines))
	}
	return most
}

// requireExact compares mt with the reference and fails unless the tracker
// was exact, and said so, after every observation. It reports whether the
// reference could replay the match.
func requireExact(t *testing.T, mt match) bool {
	t.Helper()
	want, ok := naiveCells(mt.m, mt.opts, mt.observations(), naiveLimit)
	if !ok {
		return false
	}
	if inexact, extra := compareWithNaive(t, mt, want); inexact > 0 || extra > 0 {
		t.Errorf("%s seed %d: %d of %d observations inexact, %d extra cells in all", mt.m.Name, mt.seed, inexact, len(mt.steps), extra)
	}
	return true
}

func TestExactWithManyMines(t *testing.T) {
	n := *mineMatches
	if testing.Short() && !flagSet("mine-matches") {
		n = 13 // every cap from 0 to 12 once per map side
	}
	for mi, m := range allMaps() {
		t.Run(m.Name+"-"+m.Side.String(), func(t *testing.T) {
			t.Parallel()
			compared, most, skipped := 0, 0, 0
			for i := range n {
				mt, _ := mineMatch(m, mi, i)
				if !requireExact(t, mt) {
					skipped++
					continue
				}
				compared++
				most = max(most, mostMines(mt))
			}
			if compared < n*3/4 {
				t.Errorf("only %d of %d matches compared (the reference gave up on %d)", compared, n, skipped)
			}
			if n >= 13 && most < 10 {
				t.Errorf("at most %d mines outstanding in the compared matches: the corpus misses its point", most)
			}
			t.Logf("compared %d matches (reference gave up on %d), up to %d mines outstanding", compared, skipped, most)
		})
	}
}

func TestExactWithoutObservations(t *testing.T) {
	n, turns := *quietMatches, *quietTurns
	if testing.Short() && !flagSet("quiet-matches") {
		n = 3
	}
	for mi, m := range allMaps() {
		t.Run(m.Name+"-"+m.Side.String(), func(t *testing.T) {
			t.Parallel()
			compared, skipped, merged := 0, 0, 0
			for i := range n {
				mt := quietMatch(m, mi, i, turns)
				if !requireExact(t, mt) {
					skipped++
					continue
				}
				compared++
				tr, _ := New(m, mt.opts)
				for _, st := range mt.steps {
					observeAll(t, tr, st.obs)
				}
				if tr.Stats().Merges > 0 {
					merged++
				}
			}
			if compared < n*3/4 {
				t.Errorf("only %d of %d matches compared (the reference gave up on %d)", compared, n, skipped)
			}
			t.Logf("compared %d matches (reference gave up on %d), %d needed a merge", compared, skipped, merged)
		})
	}
}
