package radio

import (
	"slices"

	"periscope/sonar/chart"
)

// naive is the reference the tracker is checked and measured against: it
// replays every route from every start cell through the observations, with
// the enemy's mines at concrete cells (branching over every legal drop), and
// merges nothing. It is exponential, so it gives up past a node limit.
type naive struct {
	m     *chart.Map
	opts  Options
	obs   []Observation
	cells [][]bool // cells[i]: possible cells after obs[:i+1]
	nodes int
	limit int
	route []bool
	reach map[chart.Cell]map[chart.Cell]int
}

// naiveCells returns, after each prefix of obs, the set of cells the enemy
// may be on, or ok=false when the search exceeded limit nodes.
func naiveCells(m *chart.Map, opts Options, obs []Observation, limit int) (cells [][]bool, ok bool) {
	n := &naive{m: m, opts: opts, obs: obs, limit: limit, route: make([]bool, m.Cells()), reach: map[chart.Cell]map[chart.Cell]int{}}
	n.cells = make([][]bool, len(obs))
	for i := range n.cells {
		n.cells[i] = make([]bool, m.Cells())
	}
	for _, c := range m.WaterCells() {
		p := m.Index(c)
		n.route[p] = true
		if !n.visit(0, p, nil) {
			return nil, false
		}
		n.route[p] = false
	}
	return n.cells, true
}

func (n *naive) hit(at chart.Cell, pos int) Result {
	switch chart.Chebyshev(at, n.m.At(pos)) {
	case 0:
		return Direct
	case 1:
		return Indirect
	}
	return Clear
}

// next is the cell one course from p, or -1 if the rules forbid it.
func (n *naive) next(p int, d chart.Dir, mines []int) int {
	c := n.m.At(p).Add(d)
	if !n.m.Water(c) {
		return -1
	}
	i := n.m.Index(c)
	if n.route[i] || slices.Contains(mines, i) {
		return -1
	}
	return i
}

// visit continues a route that has explained obs[:i] and is at pos with
// the given mines; it reports false once the node limit is passed.
func (n *naive) visit(i, pos int, mines []int) bool {
	if n.nodes++; n.nodes > n.limit {
		return false
	}
	if i > 0 {
		n.cells[i-1][pos] = true
	}
	if i == len(n.obs) {
		return true
	}
	o := n.obs[i]
	here := n.m.At(pos)
	switch o.Kind {
	case Course:
		q := n.next(pos, o.Dir, mines)
		if q < 0 {
			return true
		}
		n.route[q] = true
		ok := n.visit(i+1, q, mines)
		n.route[q] = false
		return ok
	case Silence:
		if n.opts.SilenceMin == 0 && !n.visit(i+1, pos, mines) {
			return false
		}
		for _, d := range chart.Dirs {
			var marked []int
			at := pos
			ok := true
			for k := 1; k <= 4 && ok; k++ {
				if at = n.next(at, d, mines); at < 0 {
					break
				}
				n.route[at] = true
				marked = append(marked, at)
				ok = n.visit(i+1, at, mines)
			}
			for _, c := range marked {
				n.route[c] = false
			}
			if !ok {
				return false
			}
		}
		return true
	case Surface:
		if n.m.Sector(here) != o.Sector {
			return true
		}
		saved := slices.Clone(n.route)
		clear(n.route)
		n.route[pos] = true
		ok := n.visit(i+1, pos, mines)
		copy(n.route, saved)
		return ok
	case Drone:
		if (n.m.Sector(here) == o.Sector) != o.Yes {
			return true
		}
	case Sonar:
		if n.fact(o.Facts[0], here) == n.fact(o.Facts[1], here) {
			return true
		}
	case Hit:
		if n.hit(o.Cell, pos) != o.Result {
			return true
		}
	case EnemyTorpedo:
		reach, ok := n.reach[here]
		if !ok {
			reach = n.m.Reach(here, 4)
			n.reach[here] = reach
		}
		if d, in := reach[o.Cell]; !in || d == 0 || (o.Result != "" && n.hit(o.Cell, pos) != o.Result) {
			return true
		}
		if j := slices.Index(mines, n.m.Index(o.Cell)); j >= 0 {
			mines = slices.Delete(slices.Clone(mines), j, j+1)
		}
	case EnemyDrop:
		for _, c := range n.m.Neighbours(here, !n.opts.MineOrthogonal) {
			x := n.m.Index(c)
			if n.m.Water(c) && !n.route[x] && !slices.Contains(mines, x) {
				if !n.visit(i+1, pos, append(slices.Clone(mines), x)) {
					return false
				}
			}
		}
		return true
	case EnemyTrigger:
		j := slices.Index(mines, n.m.Index(o.Cell))
		if j < 0 || (o.Result != "" && n.hit(o.Cell, pos) != o.Result) {
			return true
		}
		mines = slices.Delete(slices.Clone(mines), j, j+1)
	case EnemyArcher:
		if o.Result != "" && n.hit(o.Cell, pos) != o.Result {
			return true
		}
		if j := slices.Index(mines, n.m.Index(o.Cell)); j >= 0 {
			mines = slices.Delete(slices.Clone(mines), j, j+1)
		}
	}
	return n.visit(i+1, pos, mines)
}

func (n *naive) fact(f Fact, c chart.Cell) bool {
	switch f.Type {
	case Row:
		return c.Row+1 == f.Value
	case Column:
		return c.Col+1 == f.Value
	}
	return n.m.Sector(c) == f.Value
}
