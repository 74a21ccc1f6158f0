package radio

import (
	"sync"

	"periscope/sonar/chart"
)

// dropOffsets are the eight cells around a submarine, in the order of a
// mine's candidate bits (bit k is dropOffsets[k]).
var dropOffsets = [8]chart.Cell{
	{Col: -1, Row: -1}, {Col: 0, Row: -1}, {Col: 1, Row: -1},
	{Col: -1, Row: 0}, {Col: 1, Row: 0},
	{Col: -1, Row: 1}, {Col: 0, Row: 1}, {Col: 1, Row: 1},
}

// geometry is everything about one map that the updates look up per
// hypothesis, computed once so that the hot loops only index arrays.
type geometry struct {
	m      *chart.Map
	size   int
	cells  int
	water  cellSet
	step   [][4]int16 // next cell for each heading; -1 off the map or an island
	sector []int      // 1-based sector of each cell
	// sectors, rows and cols are the cell sets a drone or sonar asks about.
	sectors []cellSet // index 1..Sectors()
	rows    []cellSet
	cols    []cellSet
	box     []cellSet    // Chebyshev distance <= 1 (indirect and direct hits)
	window  [7][]cellSet // window[r]: Chebyshev distance <= r; merges keep the route there
	drop    [][8]int16   // candidate mine cells around each cell; -1 where no mine may go
	dropAll []uint8      // bits of drop that are valid, per cell
	// firstCol and lastCol are the cells of the west and east edges, where
	// a shifted set wraps to the next row.
	firstCol, lastCol cellSet
	// fits is the shape search's table (shapeFits), made on first use.
	fits     []cellSet
	fitsOnce sync.Once
}

type geometryKey struct {
	m          *chart.Map
	orthogonal bool
}

// geometries memoises geometryFor: maps are immutable, so every tracker on
// the same map and mine rule shares one read-only geometry.
var geometries sync.Map

func geometryFor(m *chart.Map, orthogonal bool) *geometry {
	k := geometryKey{m, orthogonal}
	if g, ok := geometries.Load(k); ok {
		return g.(*geometry)
	}
	g, _ := geometries.LoadOrStore(k, newGeometry(m, orthogonal))
	return g.(*geometry)
}

func newGeometry(m *chart.Map, orthogonal bool) *geometry {
	n := m.Cells()
	g := &geometry{
		m: m, size: m.Size, cells: n,
		step:    make([][4]int16, n),
		sector:  make([]int, n),
		sectors: make([]cellSet, m.Sectors()+1),
		rows:    make([]cellSet, m.Size),
		cols:    make([]cellSet, m.Size),
		box:     make([]cellSet, n),
		drop:    make([][8]int16, n),
		dropAll: make([]uint8, n),
	}
	for r := range g.window {
		g.window[r] = make([]cellSet, n)
	}
	for i := 0; i < n; i++ {
		c := m.At(i)
		if m.Water(c) {
			g.water.add(i)
		}
		g.sector[i] = m.Sector(c)
		if c.Col == 0 {
			g.firstCol.add(i)
		}
		if c.Col == m.Size-1 {
			g.lastCol.add(i)
		}
		g.sectors[g.sector[i]].add(i)
		g.rows[c.Row].add(i)
		g.cols[c.Col].add(i)
		for _, d := range chart.Dirs {
			g.step[i][d] = -1
			if next := c.Add(d); m.Water(next) {
				g.step[i][d] = int16(m.Index(next))
			}
		}
		for dr := -6; dr <= 6; dr++ {
			for dc := -6; dc <= 6; dc++ {
				o := chart.Cell{Col: c.Col + dc, Row: c.Row + dr}
				if !m.Contains(o) {
					continue
				}
				for r := chart.Chebyshev(c, o); r < len(g.window); r++ {
					g.window[r][i].add(m.Index(o))
				}
			}
		}
		g.box[i] = g.window[1][i]
		for k, off := range dropOffsets {
			g.drop[i][k] = -1
			o := chart.Cell{Col: c.Col + off.Col, Row: c.Row + off.Row}
			if orthogonal && off.Col != 0 && off.Row != 0 {
				continue
			}
			if m.Water(o) {
				g.drop[i][k] = int16(m.Index(o))
				g.dropAll[i] |= 1 << k
			}
		}
	}
	return g
}

// before is the set of water cells one step of heading d before a cell of
// x: {p : p + d in x}, on the map, islands excluded.
func (g *geometry) before(x cellSet, d chart.Dir) cellSet {
	var p cellSet
	switch d {
	case chart.North: // p + north = p - size
		p = x.down(g.size)
	case chart.South:
		p = x.up(g.size)
	case chart.East: // p + 1; the east edge does not wrap
		p = x.up(1).andNot(g.lastCol)
	case chart.West:
		p = x.down(1).andNot(g.firstCol)
	}
	return p.and(g.water)
}

// dropBit is the candidate bit of cell x for a mine dropped from center, or
// -1 when x is not next to center.
func (g *geometry) dropBit(center, x int) int {
	dc := x%g.size - center%g.size
	dr := x/g.size - center/g.size
	if dc < -1 || dc > 1 || dr < -1 || dr > 1 || (dc == 0 && dr == 0) {
		return -1
	}
	k := (dr+1)*3 + dc + 1
	if k > 4 {
		k-- // the center has no bit
	}
	return k
}

// ball is the set of water cells within r orthogonal water steps of x (x
// included when it is water): a torpedo's reach, going around islands. It
// matches chart.Map.Reach without allocating.
func (g *geometry) ball(x, r int) cellSet {
	var in, frontier cellSet
	if !g.water.has(x) {
		return in
	}
	in.add(x)
	frontier.add(x)
	for range r {
		var next cellSet
		frontier.each(func(c int) {
			for _, n := range g.step[c] {
				if n >= 0 && !in.has(int(n)) {
					next.add(int(n))
				}
			}
		})
		in = in.or(next)
		frontier = next
	}
	return in
}

// diamond is the set of water cells within r spaces of x counted along rows
// and columns, islands in between or not: a torpedo's reach when the table
// reads "4 orthogonal spaces" literally.
func (g *geometry) diamond(x, r int) cellSet {
	var in cellSet
	col, row := x%g.size, x/g.size
	for dr := -r; dr <= r; dr++ {
		for dc := -r; dc <= r; dc++ {
			c, w := col+dc, row+dr
			if abs(dc)+abs(dr) > r || c < 0 || w < 0 || c >= g.size || w >= g.size {
				continue
			}
			if i := w*g.size + c; g.water.has(i) {
				in.add(i)
			}
		}
	}
	return in
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
