package radio

import (
	"slices"

	"periscope/sonar/chart"
)

// naive is the reference the tracker is checked and measured against: it
// replays every route from every start cell through the observations and
// merges nothing. The enemy's mines are kept the plain way a person would
// reason about them: each outstanding mine has the cells it may lie on
// (beside the sub at the drop, water, off the route then, and never a cell
// the sub entered later or another mine's proven cell), and a history
// stands while some choice of distinct cells, one per mine, remains; that
// is checked by trying the choices one by one (backtracking), not by the
// tracker's matching. Branching on concrete mine cells would be the same
// reasoning, eight times slower per mine: at twelve mines, out of reach. It
// is exponential in silences, so it gives up past a node limit.
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

// naiveMines are the outstanding mines of one history: the cells each may
// lie on. They are copied before any change, so histories share them.
type naiveMines [][]int

// without removes cell x from every mine's cells (the sub entered x, or
// another mine is proven there); ok is false when no layout is left.
func (ms naiveMines) without(x int) (naiveMines, bool) {
	out := make(naiveMines, len(ms))
	for j, c := range ms {
		out[j] = c
		if k := slices.Index(c, x); k >= 0 {
			out[j] = slices.Delete(slices.Clone(c), k, k+1)
		}
	}
	return out, out.layout()
}

// layout reports whether the mines can lie on distinct cells, each on one
// of its own, by trying every choice in turn.
func (ms naiveMines) layout() bool {
	used := map[int]bool{}
	var try func(j int) bool
	try = func(j int) bool {
		if j == len(ms) {
			return true
		}
		for _, x := range ms[j] {
			if !used[x] {
				used[x] = true
				ok := try(j + 1)
				used[x] = false
				if ok {
					return true
				}
			}
		}
		return false
	}
	return try(0)
}

// gone is what a mine at x that goes off (or is destroyed) leaves: mine j
// was there, so the others are not.
func (ms naiveMines) gone(j, x int) (naiveMines, bool) {
	rest := slices.Delete(slices.Clone(ms), j, j+1)
	return rest.without(x)
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

// next is the cell one course from p, with the mines that leaves, or -1 if
// the rules forbid it.
func (n *naive) next(p int, d chart.Dir, mines naiveMines) (int, naiveMines) {
	c := n.m.At(p).Add(d)
	if !n.m.Water(c) {
		return -1, nil
	}
	i := n.m.Index(c)
	if n.route[i] {
		return -1, nil
	}
	mines, ok := mines.without(i)
	if !ok {
		return -1, nil
	}
	return i, mines
}

// visit continues a route that has explained obs[:i] and is at pos with
// the given mines; it reports false once the node limit is passed.
func (n *naive) visit(i, pos int, mines naiveMines) bool {
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
	x := -1
	if n.m.Contains(o.Cell) {
		x = n.m.Index(o.Cell)
	}
	switch o.Kind {
	case Course:
		q, after := n.next(pos, o.Dir, mines)
		if q < 0 {
			return true
		}
		n.route[q] = true
		ok := n.visit(i+1, q, after)
		n.route[q] = false
		return ok
	case Silence:
		if n.opts.SilenceMin == 0 && !n.visit(i+1, pos, mines) {
			return false
		}
		for _, d := range chart.Dirs {
			var marked []int
			at, run := pos, mines
			ok := true
			for k := 1; k <= 4 && ok; k++ {
				if at, run = n.next(at, d, run); at < 0 {
					break
				}
				n.route[at] = true
				marked = append(marked, at)
				ok = n.visit(i+1, at, run)
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
	case EnemyTorpedo, EnemyArcher:
		if o.Kind == EnemyTorpedo {
			reach, ok := n.reach[here]
			if !ok {
				reach = n.m.Reach(here, 4)
				n.reach[here] = reach
			}
			if d, in := reach[o.Cell]; !in || d == 0 {
				return true
			}
		}
		if o.Result != "" && n.hit(o.Cell, pos) != o.Result {
			return true
		}
		// It destroys the enemy's own mine at x, if one lies there: either
		// none did, or mine j did.
		if rest, ok := mines.without(x); ok && !n.visit(i+1, pos, rest) {
			return false
		}
		for j := range mines {
			if !slices.Contains(mines[j], x) {
				continue
			}
			if rest, ok := mines.gone(j, x); ok && !n.visit(i+1, pos, rest) {
				return false
			}
		}
		return true
	case EnemyDrop:
		var cells []int
		for _, c := range n.m.Neighbours(here, !n.opts.MineOrthogonal) {
			if y := n.m.Index(c); n.m.Water(c) && !n.route[y] {
				cells = append(cells, y)
			}
		}
		more := append(slices.Clone(mines), cells)
		if len(cells) == 0 || !more.layout() {
			return true
		}
		mines = more
	case EnemyTrigger:
		if o.Result != "" && n.hit(o.Cell, pos) != o.Result {
			return true
		}
		for j := range mines {
			if !slices.Contains(mines[j], x) {
				continue
			}
			if rest, ok := mines.gone(j, x); ok && !n.visit(i+1, pos, rest) {
				return false
			}
		}
		return true
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
