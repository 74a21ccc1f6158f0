package radio

import (
	"testing"

	"periscope/sonar/chart"
)

// TestBallMatchesReach checks the torpedo reach against chart.Map.Reach on
// every cell of every map.
func TestBallMatchesReach(t *testing.T) {
	for _, m := range allMaps() {
		g := newGeometry(m, false)
		for i := range m.Cells() {
			var want cellSet
			for c := range m.Reach(m.At(i), 4) {
				if m.Water(c) {
					want.add(m.Index(c))
				}
			}
			if got := g.ball(i, 4); got != want {
				t.Fatalf("%s %s from %s: ball differs from Reach", m.Name, m.Side, m.At(i))
			}
		}
	}
}

// TestDiamondCountsOverIslands checks the literal torpedo reach: every
// water cell 1 to 4 spaces away along rows and columns, islands or not.
func TestDiamondCountsOverIslands(t *testing.T) {
	for _, m := range allMaps() {
		g := newGeometry(m, false)
		for i := range m.Cells() {
			var want cellSet
			for _, c := range m.WaterCells() {
				if chart.Manhattan(m.At(i), c) <= 4 {
					want.add(m.Index(c))
				}
			}
			if got := g.diamond(i, 4); got != want {
				t.Fatalf("%s %s from %s: diamond differs", m.Name, m.Side, m.At(i))
			}
		}
	}
}

// TestSectorsAndWindows checks the precomputed masks on both sheet sizes.
func TestSectorsAndWindows(t *testing.T) {
	for _, m := range []*chart.Map{chart.MustLoad("alpha", chart.RealTime), chart.MustLoad("alpha", chart.TurnBased)} {
		g := newGeometry(m, false)
		total := 0
		for s := 1; s <= m.Sectors(); s++ {
			if n := g.sectors[s].count(); n != 25 {
				t.Errorf("%s sector %d has %d cells, want 25", m.Side, s, n)
			}
			total += g.sectors[s].count()
		}
		if total != m.Cells() {
			t.Errorf("%s sectors cover %d cells, want %d", m.Side, total, m.Cells())
		}
		corner := m.Index(chart.Cell{})
		if n := g.box[corner].count(); n != 4 {
			t.Errorf("%s box around A1 has %d cells, want 4", m.Side, n)
		}
		if n := g.window[2][corner].count(); n != 9 {
			t.Errorf("%s 5x5 window at A1 has %d cells, want 9", m.Side, n)
		}
	}
}
