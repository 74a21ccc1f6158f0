package radio

import "sync"

// Verifying merged cells. A merge keeps the cells a superset; hypotheses
// with a witness route prove their cells possible (hyp.wok). The cells left
// unproven are settled by a search for a real history ending there,
// replayed from the last hypotheses that were all real states (base: before
// the first merge, or after a surfacing left only witnessed ones), one
// hypothesis at a time, depth first:
//
//   - a branch is cut where its cell cannot reach an unproven cell by the
//     end even ignoring routes and mines (where, run backwards);
//   - a state met twice at one depth is explored once, and so is a state
//     that differs from one met only in route cells the rest of the search
//     can never look at (relevant, below): two such states end on the same
//     cells, so the second is the first again;
//   - from the last silences on (joinTries), a state without mines is not
//     walked further: the runs of that tail from its cell are made once per
//     cell, and the state ends wherever a run misses its route (join);
//   - a try stops after searchNodes nodes; when every try stops, the
//     shape search (shapes.go) tries within its own bound; when it stops
//     too, a deep stage tries again with far larger bounds (deepNodes,
//     deepShapeNodes), and when that stops the tracker says it is inexact
//     (and tries no deep stage again before the next surfacing).
//     The first stage settles nearly every observation that needs a
//     search; the deep one is for the rare long silent stretch, so that
//     its cost (up to about 0.3 s of CPU) stays out of the p99.
//
// A history found proves its cell, and joins the hypotheses as their
// witness (or as a hypothesis of its own, weight 0, when none admits it).
// A cell for which the completed search found none is impossible: the
// merged hypotheses there go. Either way the cells are then exact.

// searchNodes bounds one verification, all its tries together
// (docs/benchmarks.md for its cost): a search state, a joined run or a run
// tested is one node.
const searchNodes = 60_000

// deepNodes and deepShapeNodes bound the deep stage: a state search with a
// tail of 4 silences, then a shape search with no limit on the silences.
// Measured (docs/benchmarks.md): every observation of 300 quiet matches a
// map side of 60 turns that the first stage leaves settles within them.
var deepNodes, deepShapeNodes = 300_000, 2_000_000

// visitedCap and memoCap bound the searches' memory (about 21 and 65 MB,
// reached only by the deep stage): past them a search goes on without
// remembering more states, which costs time, never exactness (a state met
// again is explored again).
var visitedCap, memoCap = 200_000, 400_000

// scratch is the searches' working memory. It is taken from a pool for
// one verification and given back, so that its size is paid per search
// running, not per tracker: a server holds two trackers a room.
type scratch struct {
	seen   visited   // the state search's states
	shapes shapeMemo // the shape search's memo (shapes.go)
	rel    relevance // relevant route cells (search.relevant)
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// shapeNodes bounds the shape search (shapes.go), the second try: measured
// (docs/benchmarks.md), every observation the first leaves on the silent
// enemies of BenchmarkStress at a silence every 6 courses settles within
// 46,000 nodes.
var shapeNodes = 50_000

// shapeSilences is the most silences since the shape search's start for
// which it is tried: past it, its shapes are too many for its bound, and
// trying would only add its cost (measured, docs/benchmarks.md).
var shapeSilences = 6

func silences(obs []Observation) int {
	n := 0
	for _, o := range obs {
		if o.Kind == Silence {
			n++
		}
	}
	return n
}

// visited is the set of states a search met, per depth: an open-addressing
// table over the states themselves (stored with w = depth), kept by the
// tracker between searches. A search meets at most searchNodes states.
type visited struct {
	slots  []uint32 // index+1 into states; 0 is empty
	states []hyp
}

func (v *visited) reset() {
	n := 1
	for n < 2*searchNodes {
		n <<= 1
	}
	if len(v.slots) != n {
		// New, or grown by a deep search: back to the everyday size, which
		// is cleared at every search.
		v.slots = make([]uint32, n)
	}
	if v.states == nil {
		v.states = make([]hyp, 0, searchNodes)
	}
	clear(v.slots)
	v.states = v.states[:0]
}

// add records h at depth and reports whether it was new there.
func (v *visited) add(h *hyp, depth int) bool {
	if len(v.states) >= visitedCap {
		// Full: explore it as new. A state explored twice ends on the same
		// cells; only the time is lost.
		return !v.has(h, depth)
	}
	if 2*(len(v.states)+1) > len(v.slots) {
		v.grow()
	}
	mask := len(v.slots) - 1
	for i := int(h.hash()^uint64(depth)*0x9E3779B97F4A7C15) & mask; ; i = (i + 1) & mask {
		x := v.slots[i]
		if x == 0 {
			v.states = append(v.states, *h)
			v.states[len(v.states)-1].w = float64(depth)
			v.slots[i] = uint32(len(v.states))
			return true
		}
		if s := &v.states[x-1]; int(s.w) == depth && s.same(h) {
			return false
		}
	}
}

// has reports whether h was recorded at depth.
func (v *visited) has(h *hyp, depth int) bool {
	mask := len(v.slots) - 1
	for i := int(h.hash()^uint64(depth)*0x9E3779B97F4A7C15) & mask; ; i = (i + 1) & mask {
		x := v.slots[i]
		if x == 0 {
			return false
		}
		if s := &v.states[x-1]; int(s.w) == depth && s.same(h) {
			return true
		}
	}
}

// grow doubles the table, for a search past searchNodes (the deep try).
func (v *visited) grow() {
	v.slots = make([]uint32, 2*len(v.slots))
	mask := len(v.slots) - 1
	for e := range v.states {
		s := &v.states[e]
		i := int(s.hash()^uint64(int(s.w))*0x9E3779B97F4A7C15) & mask
		for v.slots[i] != 0 {
			i = (i + 1) & mask
		}
		v.slots[i] = uint32(e + 1)
	}
}

type search struct {
	t       *Tracker
	obs     []Observation
	reach   []cellSet // reach[i]: cells a state after obs[:i] may be on to end on a target
	reach0  []cellSet // reach as the search began, for relevant
	bufs    [][]hyp
	one     []hyp // one[depth]: the state whose children are being made
	targets cellSet
	found   []hyp // one history per proven target
	nodes   int
	limit   int // nodes this search may meet
	tests   int // runs tested against a route (join)

	// The last observations are joined rather than walked (see join):
	// from joinAt on, the runs a state may still sail, per cell.
	joinAt  int
	paths   [][]suffixPath
	pathsOK []bool
	pruned  []int // len(found) when paths[p] last lost the runs to proven targets
}

func (s *search) found0() int { return len(s.found) }

// joinTries are, per try, how many silences the joined tail of a search
// may hold (each multiplies its runs by up to 17) and how many nodes the try
// may meet. Measured on the stress matches (docs/benchmarks.md): 4 settles
// the most, 2 some of the rest; the bounds keep a stress update's p99 under
// 10 ms.
var joinTries = []struct{ silences, nodes int }{{4, searchNodes * 3 / 4}, {2, searchNodes / 4}}

// suffixPath is one way to sail the joined tail from a cell: the cells it
// enters and where it ends.
type suffixPath struct {
	cells cellSet
	end   int
}

// pure reports whether hs are exact hypotheses: no merge, nothing loosened.
func pure(hs []hyp) bool {
	for i := range hs {
		if !hs[i].wok || hs[i].loose != 0 || hs[i].wit != hs[i].vis {
			return false
		}
	}
	return true
}

// settle proves or removes the cells of hs without a witness; it reports
// whether the cells are now exact. hs is updated in place (and may grow).
func (t *Tracker) settle(hs []hyp, obs, segObs []Observation) ([]hyp, bool) {
	var all, sure cellSet
	for i := range hs {
		all.add(int(hs[i].pos))
		if hs[i].wok {
			sure.add(int(hs[i].pos))
		}
	}
	if all == sure {
		return hs, true
	}
	if t.base == nil {
		return hs, false
	}
	t.stats.Searches++
	targets := all.andNot(sure)
	t.sc = scratchPool.Get().(*scratch)
	defer func() { scratchPool.Put(t.sc); t.sc = nil }()
	var found []hyp
	done := false
	// Two tries, each with part of the bound: the first joins a long tail
	// (few states walked, many runs per state), the second a short one,
	// which wins where the tail's runs are too many. Histories a try found
	// stay found.
	for _, try := range joinTries {
		if done, targets, found = t.stateTry(obs, targets, found, try.silences, try.nodes); done {
			break
		}
	}
	shapeOK := t.seg.ok && shapeable(segObs)
	if !done && shapeOK && silences(segObs) <= shapeSilences {
		// Second try: every start at once, by route shape (shapes.go).
		done, targets, found = t.shapeTry(segObs, targets, found, shapeNodes)
	}
	if !done && !t.deepOff {
		// The deep stage: the same two searches with far larger bounds.
		if done, targets, found = t.stateTry(obs, targets, found, 4, deepNodes); !done && shapeOK {
			done, targets, found = t.shapeTry(segObs, targets, found, deepShapeNodes)
		}
		if done {
			t.stats.DeepSettled++
		} else {
			t.deepOff = true // until the next surfacing: see Tracker.deepOff
		}
	}
	if !done {
		// Still, what was found is real: it proves its cells next time.
		for _, f := range found {
			hs = t.adopt(hs, f)
		}
		return hs, false
	}
	s := struct {
		targets cellSet
		found   []hyp
	}{targets, found}
	// Every cell left in targets has no history: drop what stands there.
	n := 0
	for i := range hs {
		if !s.targets.has(int(hs[i].pos)) {
			hs[n] = hs[i]
			n++
		}
	}
	hs = hs[:n]
	for _, f := range s.found {
		hs = t.adopt(hs, f)
	}
	sum := 0.0
	for i := range hs {
		sum += hs[i].w
	}
	if sum == 0 { // only adopted histories are left: weigh them alike
		for i := range hs {
			hs[i].w = 1
		}
	}
	normalize(hs)
	t.stats.Settled++
	return hs, true
}

// stateTry runs a state search from base for the histories ending on
// targets; it reports whether it completed, and the targets and histories
// found then.
func (t *Tracker) stateTry(obs []Observation, targets cellSet, found []hyp, silences, nodes int) (bool, cellSet, []hyp) {
	s := t.newSearch(obs, targets, silences, nodes)
	done := true
	for i := range t.base {
		if s.targets.empty() {
			break
		}
		if !s.visit(0, t.base[i]) {
			done = false
			break
		}
	}
	return done, s.targets, append(found, s.found...)
}

// shapeTry runs a shape search (shapes.go) from the last clean start; what
// it found counts only when it completed (it proves histories from the
// segment's start, which the tracker keeps as witnesses all the same).
func (t *Tracker) shapeTry(segObs []Observation, targets cellSet, found []hyp, nodes int) (bool, cellSet, []hyp) {
	s := t.newShapeSearch(segObs, targets, nodes)
	if !s.run(t.seg.cells) {
		return false, targets, found
	}
	t.stats.ShapeSettled++
	return true, s.targets, append(found, s.found...)
}

// adopt makes the real history f the witness of a hypothesis that admits
// it (same cell and mines, a route no larger), or adds it with weight 0.
func (t *Tracker) adopt(hs []hyp, f hyp) []hyp {
	for i := range hs {
		h := &hs[i]
		if h.pos == f.pos && h.nm == f.nm && h.loose == 0 && h.mines == f.mines && h.vis.andNot(f.vis).empty() {
			h.wit, h.wok = f.vis, true
			return hs
		}
	}
	f.w, f.wit, f.wok = 0, f.vis, true
	return append(hs, f)
}

// backwards recomputes reach from the targets.
func (s *search) backwards() {
	n := len(s.obs)
	s.reach[n] = s.targets
	for i := n - 1; i >= 0; i-- {
		s.reach[i] = s.t.where(s.obs[i], s.reach[i+1])
	}
}

// visit explores the histories of h, a state after obs[:depth]. It reports
// false when the node limit stops the search.
func (s *search) visit(depth int, h hyp) bool {
	if s.nodes++; s.nodes > s.limit {
		return false
	}
	if !s.reach[depth].has(int(h.pos)) {
		return true
	}
	if depth == len(s.obs) {
		s.targets.remove(int(h.pos))
		s.found = append(s.found, h)
		s.backwards()
		return true
	}
	key := h
	key.vis = h.vis.and(s.relevant(depth, int(h.pos)))
	key.wit, key.wok = cellSet{}, false
	if !s.t.sc.seen.add(&key, depth) {
		return true
	}
	h.wit, h.wok = h.vis, true
	if depth == s.joinAt && h.nm == 0 && h.loose == 0 {
		return s.join(h)
	}
	// Children are written after the ones of shallower visits still being
	// walked, in a buffer per depth.
	start := len(s.bufs[depth])
	s.one[depth] = h
	s.bufs[depth] = s.t.update(s.one[depth:depth+1], s.obs[depth], s.bufs[depth])
	for i := start; i < len(s.bufs[depth]); i++ {
		c := s.bufs[depth][i]
		if c.loose != 0 {
			return false // past maxMines: the search cannot be exact either
		}
		if !s.visit(depth+1, c) {
			return false
		}
		if s.targets.empty() {
			break
		}
	}
	s.bufs[depth] = s.bufs[depth][:start]
	return true
}

// relevance memoises, per depth and cell, the route cells the rest of a
// search may look at (search.relevant). It is kept by the tracker between
// searches; a generation number marks the entries of the current one.
type relevance struct {
	sets  []cellSet
	gen   []uint32
	now   uint32
	cells int
}

func (r *relevance) reset(depths, cells int) {
	if n := depths * cells; len(r.sets) < n {
		r.sets = make([]cellSet, n)
		r.gen = make([]uint32, n)
		r.now = 0
	}
	r.cells = cells
	r.now++
	if r.now == 0 { // wrapped: forget every old entry
		clear(r.gen)
		r.now = 1
	}
}

// relevant is the set of route cells that can matter to a state on cell p
// after obs[:depth] on its way to a target: the cells it may still sail
// into (courses and silence runs that can end on a target, ignoring the
// route) and the cells beside it where it may lay a mine, up to the next
// surfacing, which erases the route. Two states that agree on p, their
// mines and their route within this set have the same futures here.
func (s *search) relevant(depth, p int) cellSet {
	n := len(s.obs)
	if depth >= n {
		return cellSet{}
	}
	r := &s.t.sc.rel
	at := depth*r.cells + p
	if r.gen[at] == r.now {
		return r.sets[at]
	}
	var out cellSet
	g := s.t.g
	if s.reach0[depth].has(p) {
		next := s.reach0[depth+1]
		switch o := s.obs[depth]; o.Kind {
		case Course:
			if q := int(g.step[p][o.Dir]); q >= 0 && next.has(q) {
				out = s.relevant(depth+1, q)
				out.add(q)
			}
		case Silence:
			if s.t.opts.SilenceMin == 0 && next.has(p) {
				out = s.relevant(depth+1, p)
			}
			for d := range 4 {
				var run cellSet
				for q, k := p, 1; k <= 4; k++ {
					if q = int(g.step[q][d]); q < 0 {
						break
					}
					run.add(q)
					if next.has(q) {
						out = out.or(run).or(s.relevant(depth+1, q))
					}
				}
			}
		case Surface:
			// The route is erased: nothing before it is looked at again.
		case EnemyDrop:
			out = s.relevant(depth+1, p)
			for _, c := range g.drop[p] {
				if c >= 0 {
					out.add(int(c))
				}
			}
		default:
			out = s.relevant(depth+1, p)
		}
	}
	r.sets[at], r.gen[at] = out, r.now
	return out
}

// newSearch prepares a search for the histories that end on targets.
func (t *Tracker) newSearch(obs []Observation, targets cellSet, silences, nodes int) *search {
	if t.sc == nil { // a test calling a search directly
		t.sc = new(scratch)
	}
	s := &search{t: t, obs: obs, targets: targets, limit: nodes}
	s.reach = make([]cellSet, len(obs)+1)
	s.bufs = make([][]hyp, len(obs))
	s.one = make([]hyp, len(obs))
	t.sc.seen.reset()
	s.backwards()
	s.reach0 = append([]cellSet(nil), s.reach...)
	t.sc.rel.reset(len(obs)+1, t.g.cells)
	s.joinAt = joinFrom(obs, silences)
	s.paths = make([][]suffixPath, t.g.cells)
	s.pathsOK = make([]bool, t.g.cells)
	s.pruned = make([]int, t.g.cells)
	return s
}

// joinFrom is where the joined tail of obs starts: the longest tail of
// courses, silences (at most most) and answers about the cell,
// which a state without mines sails the same way whatever its route, except
// that the route blocks some runs.
func joinFrom(obs []Observation, most int) int {
	m, silences := len(obs), 0
	for ; m > 0; m-- {
		switch obs[m-1].Kind {
		case Silence:
			if silences == most {
				return m
			}
			silences++
		case Course, Drone, Sonar, Hit, EnemyTorpedo, EnemyArcher, EnemyTrigger:
			// A mine-free state: a trigger ends it, the rest test its cell.
		default: // a drop or a surfacing: walk it
			return m
		}
	}
	return m
}

// join settles the targets a mine-free state h at depth joinAt can end on:
// every run of the tail from h's cell that misses h's route is a history.
// The runs are made once per cell, as if the route were only that cell
// (suffix), so each state costs a few set tests instead of a walk.
func (s *search) join(h hyp) bool {
	paths := s.suffix(int(h.pos))
	if s.nodes > s.limit {
		return false // the runs are not all made
	}
	if s.pruned[h.pos] != s.found0() {
		// Targets were proven since: drop the runs that end on them.
		n := 0
		for _, sp := range paths {
			if s.targets.has(sp.end) {
				paths[n] = sp
				n++
			}
		}
		paths = paths[:n]
		s.paths[h.pos], s.pruned[h.pos] = paths, s.found0()
	}
	for _, sp := range paths {
		// A run tested is a few word operations: eight count as one node.
		if s.tests++; s.tests&7 == 0 {
			if s.nodes++; s.nodes > s.limit {
				return false
			}
		}
		if !s.targets.has(sp.end) || !sp.cells.and(h.vis).empty() {
			continue
		}
		f := h
		f.vis = f.vis.or(sp.cells)
		f.pos = uint8(sp.end)
		f.wit = f.vis
		s.targets.remove(sp.end)
		s.found = append(s.found, f)
		s.backwards()
		if s.targets.empty() {
			break
		}
	}
	return true
}

// suffix lists the runs of the tail from p that end on a target.
func (s *search) suffix(p int) []suffixPath {
	if s.pathsOK[p] {
		return s.paths[p]
	}
	start := hyp{pos: uint8(p), w: 1}
	start.vis.add(p)
	var out []suffixPath
	var walk func(depth int, h hyp)
	walk = func(depth int, h hyp) {
		if s.nodes++; s.nodes > s.limit {
			return // join gives the search up
		}
		if !s.reach0[depth].has(int(h.pos)) {
			return
		}
		if depth == len(s.obs) {
			cells := h.vis
			cells.remove(p)
			out = append(out, suffixPath{cells, int(h.pos)})
			return
		}
		from := len(s.bufs[depth])
		s.one[depth] = h
		s.bufs[depth] = s.t.update(s.one[depth:depth+1], s.obs[depth], s.bufs[depth])
		for i := from; i < len(s.bufs[depth]); i++ {
			walk(depth+1, s.bufs[depth][i])
		}
		s.bufs[depth] = s.bufs[depth][:from]
	}
	walk(s.joinAt, start)
	s.paths[p], s.pathsOK[p] = out, true
	return out
}
