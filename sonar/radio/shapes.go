package radio

import "periscope/sonar/chart"

// Verifying by route shapes: the second try of verify.go's settle, when the
// search by states ran out of its bound (docs/benchmarks.md, issue 28 item
// 7: it settles what that one leaves on the silent enemies it was measured
// on, within a bound of its own, shapeNodes).
//
// A route's shape is its sequence of moves A route's shape is its sequence of moves
// relative to where it started (the courses, and the length chosen for each
// silence). Whether a shape crosses itself depends on the shape alone; only
// the islands, the edges and the answers depend on where it started, and
// those are set operations. So the shape search walks shapes, not states,
// and carries with each the set of start cells for which it is still a real
// history: one walk stands for every start at once, a few word operations a
// step. It is exact where the search's window starts with no mines (the
// match's start, or a surfacing that left only mine-free real states) and
// holds no mine drop: mines are candidate cells the water around them
// decides, which a shape alone does not.
//
// A surfacing in the window erases the route: from there only the cell
// counts, so the walk starts a new frame from the set of cells reached, and
// a cell already explored from that surfacing is not explored again.

// shapeFits returns, per offset (dr, dc) of the offset grid, the water cells
// s for which s+(dr, dc) is on the map and water (made once per map).
func (g *geometry) shapeFits() []cellSet {
	g.fitsOnce.Do(func() {
		n := g.size
		w := 2*n - 1
		g.fits = make([]cellSet, w*w)
		for dr := -(n - 1); dr < n; dr++ {
			for dc := -(n - 1); dc < n; dc++ {
				var set cellSet
				g.water.each(func(s int) {
					r, c := s/n+dr, s%n+dc
					if r >= 0 && r < n && c >= 0 && c < n && g.water.has(r*n+c) {
						set.add(s)
					}
				})
				g.fits[(dr+n-1)*w+dc+n-1] = set
			}
		}
	})
	return g.fits
}

type shapeSearch struct {
	t       *Tracker
	g       *geometry
	fits    []cellSet
	obs     []Observation
	masks   []cellSet // per observation: the cells a filter allows
	reach   []cellSet // as search.reach
	targets cellSet
	found   []hyp
	nodes   int
	limit   int

	n, w  int     // map size, offset grid width
	mark  []int32 // frame that entered each offset of the grid
	frame int32   // current frame; each new frame takes a new number
	next  int32
	path  []int // linear offsets (dr*n+dc) of the current frame's route
	done  []cellSet

	// The route of the current frame on the offset grid, and per depth the
	// offsets around the sub its route may matter at (relative to it, on
	// the grid, centred): a shape is explored once per start cell, offset
	// and route within those (memo).
	route gridSet
	rel   []gridSet
	memo  *shapeMemo
}

// shapeMemo maps a shapeKey to the start cells explored under it: an
// open-addressing table kept by the tracker between searches.
type shapeMemo struct {
	slots   []uint32 // index+1 into entries; 0 is empty
	entries []shapeEntry
	spare   cellSet // what explored returns once memoCap entries are held
}

type shapeEntry struct {
	key  shapeKey
	seen cellSet
}

func (m *shapeMemo) reset() {
	if len(m.slots) != 1<<12 {
		m.slots = make([]uint32, 1<<12) // new, or grown by a deep search
	}
	clear(m.slots)
	m.entries = m.entries[:0]
}

func (k *shapeKey) hash() uint64 {
	const c = 0x9E3779B97F4A7C15
	x := (uint64(k.depth)<<32 | uint64(uint32(k.at))) * c
	for _, w := range k.route {
		x = (x ^ w) * c
		x ^= x >> 29
	}
	return x ^ x>>32
}

// explored returns the start cells explored under k, for update.
func (m *shapeMemo) explored(k *shapeKey) *cellSet {
	if 2*(len(m.entries)+1) > len(m.slots) && len(m.entries) < memoCap {
		m.slots = make([]uint32, 2*len(m.slots))
		mask := len(m.slots) - 1
		for e := range m.entries {
			i := int(m.entries[e].key.hash()) & mask
			for m.slots[i] != 0 {
				i = (i + 1) & mask
			}
			m.slots[i] = uint32(e + 1)
		}
	}
	mask := len(m.slots) - 1
	for i := int(k.hash()) & mask; ; i = (i + 1) & mask {
		x := m.slots[i]
		if x == 0 && len(m.entries) >= memoCap {
			// Full: nothing explored under k is known, so every start is
			// explored; only the time is lost.
			m.spare = cellSet{}
			return &m.spare
		}
		if x == 0 {
			m.entries = append(m.entries, shapeEntry{key: *k})
			m.slots[i] = uint32(len(m.entries))
			return &m.entries[len(m.entries)-1].seen
		}
		if e := &m.entries[x-1]; e.key == *k {
			return &e.seen
		}
	}
}

// gridSet is a set of offsets on the offset grid (up to 29x29).
type gridSet [14]uint64

func (s *gridSet) add(i int)    { s[i>>6] |= 1 << (uint(i) & 63) }
func (s *gridSet) remove(i int) { s[i>>6] &^= 1 << (uint(i) & 63) }

// shifted moves every member i to i+k (members off the grid fall off).
func (s *gridSet) shifted(k int) gridSet {
	var o gridSet
	if k >= 0 {
		w, b := k>>6, uint(k&63)
		for i := len(s) - 1; i-w >= 0; i-- {
			o[i] = s[i-w] << b
			if b != 0 && i-w-1 >= 0 {
				o[i] |= s[i-w-1] >> (64 - b)
			}
		}
		return o
	}
	k = -k
	w, b := k>>6, uint(k&63)
	for i := 0; i+w < len(s); i++ {
		o[i] = s[i+w] >> b
		if b != 0 && i+w+1 < len(s) {
			o[i] |= s[i+w+1] << (64 - b)
		}
	}
	return o
}

type shapeKey struct {
	depth, at int32
	route     gridSet
}

// shapeDirs are the headings as (dr, dc).
var shapeDirs = func() (out [4][2]int) {
	for _, d := range chart.Dirs {
		c := chart.Cell{}.Add(d)
		out[d] = [2]int{c.Row, c.Col}
	}
	return out
}()

// shapeable reports whether obs can be searched by shape: no mine is laid.
func shapeable(obs []Observation) bool {
	for _, o := range obs {
		if o.Kind == EnemyDrop {
			return false
		}
	}
	return true
}

// newShapeSearch prepares a shape search of obs from the start cells for
// the histories that end on targets.
func (t *Tracker) newShapeSearch(obs []Observation, targets cellSet, limit int) *shapeSearch {
	if t.sc == nil { // a test calling a search directly
		t.sc = new(scratch)
	}
	g := t.g
	s := &shapeSearch{t: t, g: g, fits: g.shapeFits(), obs: obs, targets: targets, limit: limit, n: g.size, w: 2*g.size - 1}
	s.mark = make([]int32, s.w*s.w)
	s.masks = make([]cellSet, len(obs))
	s.done = make([]cellSet, len(obs))
	for i, o := range obs {
		s.masks[i] = t.filterMask(o)
	}
	s.reach = make([]cellSet, len(obs)+1)
	s.backwards()
	s.memo = &t.sc.shapes
	s.memo.reset()
	s.relevance()
	return s
}

// relevance fills rel: for each depth, the offsets from the sub of every
// route cell that may matter to a state after obs[:depth] on any cell
// (search.relevant), so that states agreeing there have the same futures.
func (s *shapeSearch) relevance() {
	t := s.t
	rs := &search{t: t, obs: s.obs, reach0: s.reach}
	t.sc.rel.reset(len(s.obs)+1, t.g.cells)
	s.rel = make([]gridSet, len(s.obs)+1)
	n := s.n
	for d := range s.obs {
		var out gridSet
		s.reach[d].each(func(p int) {
			rs.relevant(d, p).each(func(q int) {
				out.add((q/n-p/n+n-1)*s.w + q%n - p%n + n - 1)
			})
		})
		s.rel[d] = out
	}
}

// filterMask is the set of cells an observation that only filters allows
// for a mine-free sub (a trigger: none, it has no mine).
func (t *Tracker) filterMask(o Observation) cellSet {
	g := t.g
	switch o.Kind {
	case Drone:
		if o.Yes {
			return g.sectors[o.Sector]
		}
		return g.water.andNot(g.sectors[o.Sector])
	case Sonar:
		return t.fact(o.Facts[0]).xor(t.fact(o.Facts[1]))
	case Hit, EnemyArcher:
		return t.impact(o.Cell, o.Result)
	case EnemyTorpedo:
		x := g.m.Index(o.Cell)
		reach := g.ball(x, 4)
		if t.opts.TorpedoOrthogonal {
			reach = g.diamond(x, 4)
		}
		reach.remove(x)
		if o.Result != "" {
			reach = reach.and(t.impact(o.Cell, o.Result))
		}
		return reach
	case Surface:
		return g.sectors[o.Sector]
	case EnemyTrigger:
		return cellSet{}
	}
	return g.water
}

func (s *shapeSearch) backwards() {
	n := len(s.obs)
	s.reach[n] = s.targets
	for i := n - 1; i >= 0; i-- {
		s.reach[i] = s.t.where(s.obs[i], s.reach[i+1])
	}
}

// back is {c : c+k in x}, k a linear offset.
func back(x cellSet, k int) cellSet {
	if k >= 0 {
		return x.up(k)
	}
	return x.down(-k)
}

// fwd is {c+k : c in x}.
func fwd(x cellSet, k int) cellSet { return back(x, -k) }

// run searches from the start cells; it reports false when the node limit
// stopped it.
func (s *shapeSearch) run(starts cellSet) bool {
	return s.newFrame(0, starts)
}

// newFrame walks obs[depth:] from the cells in at, each with a route of
// that cell alone.
func (s *shapeSearch) newFrame(depth int, at cellSet) bool {
	at = at.and(s.reach[depth])
	if at.empty() {
		return true
	}
	saved, savedPath, savedRoute := s.frame, s.path, s.route
	s.next++
	s.frame = s.next
	center := (s.n-1)*s.w + s.n - 1
	old := s.mark[center]
	s.mark[center] = s.frame
	s.route = gridSet{}
	s.route.add(center)
	s.path = append(s.path[len(s.path):], 0)
	ok := s.walk(depth, at, 0, 0)
	s.mark[center] = old
	s.frame, s.path, s.route = saved, savedPath, savedRoute
	return ok
}

// walk explores the shapes that continue the current one, now at offset
// (dr, dc) of its frame after obs[:depth], whose start cells are at.
func (s *shapeSearch) walk(depth int, at cellSet, dr, dc int) bool {
	if s.nodes++; s.nodes > s.limit {
		return false
	}
	k := dr*s.n + dc
	if depth == len(s.obs) {
		ends := fwd(at, k).and(s.targets)
		if ends.empty() {
			return true
		}
		ends.each(func(e int) { s.prove(e, k) })
		s.backwards()
		return true
	}
	if depth > 0 && s.obs[depth-1].Kind == Silence {
		// Shift rel by the offset: the grid's centre goes to (dr, dc).
		key := shapeKey{depth: int32(depth), at: int32(k)}
		key.route = s.rel[depth].shifted(dr*s.w + dc)
		for i := range key.route {
			key.route[i] &= s.route[i]
		}
		seen := s.memo.explored(&key)
		if at = at.andNot(*seen); at.empty() {
			return true
		}
		*seen = seen.or(at)
	}
	o := s.obs[depth]
	switch o.Kind {
	case Course:
		v := shapeDirs[o.Dir]
		return s.enter(depth+1, at, dr+v[0], dc+v[1])
	case Silence:
		if s.t.opts.SilenceMin == 0 {
			if next := at.and(back(s.reach[depth+1], k)); !next.empty() {
				if !s.walk(depth+1, next, dr, dc) {
					return false
				}
			}
		}
		for _, v := range shapeDirs {
			if !s.silenceRun(depth, at, dr, dc, v, 1) {
				return false
			}
			if s.targets.empty() {
				return true
			}
		}
		return true
	case Surface:
		here := fwd(at.and(back(s.masks[depth], k)), k).andNot(s.done[depth])
		here = here.and(s.reach[depth+1])
		if here.empty() {
			return true
		}
		s.done[depth] = s.done[depth].or(here)
		return s.newFrame(depth+1, here)
	default:
		next := at.and(back(s.masks[depth], k)).and(back(s.reach[depth+1], k))
		if next.empty() {
			return true
		}
		return s.walk(depth+1, next, dr, dc)
	}
}

// silenceRun takes the silence's run in direction v one more cell (its
// length-th), walks on from there, and tries the longer runs.
func (s *shapeSearch) silenceRun(depth int, at cellSet, dr, dc int, v [2]int, length int) bool {
	if length > 4 {
		return true
	}
	r, c := dr+v[0], dc+v[1]
	if r <= -s.n || r >= s.n || c <= -s.n || c >= s.n {
		return true
	}
	gi := (r+s.n-1)*s.w + c + s.n - 1
	if s.mark[gi] == s.frame {
		return true
	}
	at = at.and(s.fits[gi])
	if at.empty() {
		return true
	}
	old := s.mark[gi]
	s.mark[gi] = s.frame
	s.route.add(gi)
	s.path = append(s.path, r*s.n+c)
	ok := true
	if next := at.and(back(s.reach[depth+1], r*s.n+c)); !next.empty() {
		ok = s.walk(depth+1, next, r, c)
	}
	if ok && !s.targets.empty() {
		ok = s.silenceRun(depth, at, r, c, v, length+1)
	}
	s.path = s.path[:len(s.path)-1]
	s.mark[gi] = old
	s.route.remove(gi)
	return ok
}

// enter moves the shape by a course to (dr, dc) and walks on.
func (s *shapeSearch) enter(depth int, at cellSet, dr, dc int) bool {
	if dr <= -s.n || dr >= s.n || dc <= -s.n || dc >= s.n {
		return true
	}
	gi := (dr+s.n-1)*s.w + dc + s.n - 1
	if s.mark[gi] == s.frame {
		return true
	}
	k := dr*s.n + dc
	next := at.and(s.fits[gi]).and(back(s.reach[depth], k))
	if next.empty() {
		return true
	}
	old := s.mark[gi]
	s.mark[gi] = s.frame
	s.route.add(gi)
	s.path = append(s.path, k)
	ok := s.walk(depth, next, dr, dc)
	s.path = s.path[:len(s.path)-1]
	s.mark[gi] = old
	s.route.remove(gi)
	return ok
}

// prove records the history of the current shape that ends on e: its
// frame's start cell is e-k, its route since the last surfacing the
// frame's path from there.
func (s *shapeSearch) prove(e, k int) {
	start := e - k
	h := hyp{pos: uint8(e), w: 1, wok: true}
	for _, p := range s.path {
		h.vis.add(start + p)
	}
	h.wit = h.vis
	s.targets.remove(e)
	s.found = append(s.found, h)
}
