package radio

// Verifying merged cells. A merge keeps the cells a superset; hypotheses
// with a witness route prove their cells possible (hyp.wok). The cells left
// unproven are settled by a search for a real history ending there,
// replayed from the last hypotheses held before any merge (base), one
// hypothesis at a time, depth first:
//
//   - a branch is cut where its cell cannot reach an unproven cell by the
//     end even ignoring routes and mines (where, run backwards);
//   - a state met twice at one depth is explored once;
//   - the search stops after searchNodes states, and the tracker then says
//     it is inexact.
//
// A history found proves its cell, and joins the hypotheses as their
// witness (or as a hypothesis of its own, weight 0, when none admits it).
// A cell for which the completed search found none is impossible: the
// merged hypotheses there go. Either way the cells are then exact.

// searchNodes bounds one verification: 2.4 to 3.6 ms of work when met, on
// the project's loaded machine (docs/benchmarks.md).
const searchNodes = 8_000

// visited is the set of states a search met, per depth: an open-addressing
// table over the states themselves (stored with w = depth), kept by the
// tracker between searches. A search meets at most searchNodes states.
type visited struct {
	slots  []uint32 // index+1 into states; 0 is empty
	states []hyp
}

func (v *visited) reset() {
	if v.slots == nil {
		n := 1
		for n < 2*searchNodes {
			n <<= 1
		}
		v.slots = make([]uint32, n)
		v.states = make([]hyp, 0, searchNodes)
	}
	clear(v.slots)
	v.states = v.states[:0]
}

// add records h at depth and reports whether it was new there.
func (v *visited) add(h *hyp, depth int) bool {
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

type search struct {
	t       *Tracker
	obs     []Observation
	reach   []cellSet // reach[i]: cells a state after obs[:i] may be on to end on a target
	bufs    [][]hyp
	one     []hyp // one[depth]: the state whose children are being made
	targets cellSet
	found   []hyp // one history per proven target
	nodes   int
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
func (t *Tracker) settle(hs []hyp, obs []Observation) ([]hyp, bool) {
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
	s := &search{t: t, obs: obs, targets: all.andNot(sure)}
	s.reach = make([]cellSet, len(obs)+1)
	s.bufs = make([][]hyp, len(obs))
	s.one = make([]hyp, len(obs))
	t.seen.reset()
	s.backwards()
	for i := range t.base {
		if s.targets.empty() {
			break
		}
		if !s.visit(0, t.base[i]) {
			return hs, false
		}
	}
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
	if s.nodes++; s.nodes > searchNodes {
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
	if !s.t.seen.add(&h, depth) {
		return true
	}
	h.wit, h.wok = h.vis, true
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
