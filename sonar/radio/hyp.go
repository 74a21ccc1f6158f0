package radio

import "math/bits"

// maxMines is how many outstanding enemy mines a hypothesis tracks cell by
// cell. Past it the widest one is loosened (see hyp.loose): sound, no longer
// exact. Real games rarely hold more than three or four at once; a crew
// that lays a mine whenever its gauge fills reaches ten or twelve in a long
// match, which the tracker still follows exactly (a mine costs 2 bytes).
const maxMines = 12

// mine is the set of cells where one outstanding enemy mine may lie: the
// cell the submarine dropped it from (high byte) and which of the eight
// cells around it are still candidates (low byte, bits as dropOffsets).
// Candidates only shrink, so the center never changes.
type mine uint16

func newMine(center int, mask uint8) mine { return mine(center<<8 | int(mask)) }
func (m mine) center() int                { return int(m >> 8) }
func (m mine) mask() uint8                { return uint8(m) }

// holds reports whether x is one of m's candidate cells.
func (m mine) holds(g *geometry, x int) bool {
	k := g.dropBit(m.center(), x)
	return k >= 0 && m.mask()&(1<<k) != 0
}

// hyp is one hypothesis about the enemy: where it is, the route it has
// sailed since it last surfaced, where its outstanding mines may lie, and
// its probability weight.
//
// The mines are exact as a set of possibilities: every choice of one cell
// per mine from its candidates, all cells distinct, is a possible layout.
// Slots from nm on are zero so that whole arrays compare and hash.
//
// A merged hypothesis stands for several routes but blocks only the cells
// they share, so it may reach cells none of them can. Its witness is one
// real route among them (wok): while every move stays legal for that route
// too, (pos, wit, mines) is a history the observations allow, and pos is
// certainly possible. Cells the witnessed hypotheses reach are a lower
// bound of the exact answer, cells of all hypotheses an upper bound; when
// they agree the answer is exact though hypotheses were merged.
type hyp struct {
	vis   cellSet // route since the last surfacing, pos included
	wit   cellSet // the witness route when wok; a superset of vis
	w     float64
	pos   uint8
	nm    uint8 // tracked mines in mines[:nm], sorted
	loose uint8 // mines a merge forgot: they may lie anywhere and block nothing
	wok   bool  // wit is a real route: see above
	mines [maxMines]mine
}

// enter records that the sub sails into next (legal for vis): the witness
// stays real only if its own route is free there.
func (h *hyp) enter(next int) {
	if h.wok && h.wit.has(next) {
		h.wok = false
	}
	h.pos = uint8(next)
	h.vis.add(next)
	h.wit.add(next)
}

// join folds o's witness into h, both standing for the same hypothesis or
// h for a merge of both: a real witness is kept, the one that blocks fewer
// cells preferred.
func (h *hyp) join(o *hyp) {
	if o.wok && (!h.wok || o.wit.count() < h.wit.count()) {
		h.wit, h.wok = o.wit, true
	}
}

func (h *hyp) same(o *hyp) bool {
	return h.pos == o.pos && h.nm == o.nm && h.loose == o.loose && h.vis == o.vis && h.mines == o.mines
}

func (h *hyp) hash() uint64 {
	const k = 0x9E3779B97F4A7C15
	x := (uint64(h.pos) | uint64(h.nm)<<8 | uint64(h.loose)<<16) * k
	for _, w := range h.vis {
		x = (x ^ w) * k
		x ^= x >> 29
	}
	x = hashMines(x, h)
	return x ^ x>>32
}

// hashMines mixes the tracked mines into x, four at a time.
func hashMines(x uint64, h *hyp) uint64 {
	const k = 0x9E3779B97F4A7C15
	for i := 0; i < int(h.nm); i += 4 {
		m := h.mines[i:]
		a := uint64(m[0]) | uint64(m[1])<<16 | uint64(m[2])<<32 | uint64(m[3])<<48
		x = (x ^ a) * k
		x ^= x >> 29
	}
	return x
}

// sortMines restores the canonical order after a change, so that equal
// layouts compare equal.
func (h *hyp) sortMines() {
	for i := 1; i < int(h.nm); i++ {
		for j := i; j > 0 && h.mines[j] < h.mines[j-1]; j-- {
			h.mines[j], h.mines[j-1] = h.mines[j-1], h.mines[j]
		}
	}
}

func (h *hyp) removeMine(j int) {
	copy(h.mines[j:h.nm], h.mines[j+1:h.nm])
	h.nm--
	h.mines[h.nm] = 0
}

// exclude removes cell x from every mine's candidates (the submarine sailed
// through x, or another mine lies there). It reports whether a layout is
// still possible.
func (h *hyp) exclude(g *geometry, x int) bool {
	changed := false
	for j := 0; j < int(h.nm); j++ {
		m := h.mines[j]
		k := g.dropBit(m.center(), x)
		if k < 0 || m.mask()&(1<<k) == 0 {
			continue
		}
		if m.mask() == 1<<k {
			return false
		}
		h.mines[j] = m &^ (1 << k)
		changed = true
	}
	if !changed {
		return true
	}
	h.sortMines()
	return g.feasible(h)
}

// addMine records a mine just dropped with the given candidates. When all
// slots are taken the widest tracked mine is loosened; loosened reports it.
func (h *hyp) addMine(g *geometry, m mine) (ok, loosened bool) {
	if h.nm == maxMines {
		widest := 0
		for j := 1; j < maxMines; j++ {
			if bits.OnesCount8(h.mines[j].mask()) > bits.OnesCount8(h.mines[widest].mask()) {
				widest = j
			}
		}
		h.removeMine(widest)
		h.loose++
		h.wok = false // a forgotten mine blocks nothing: no longer one real story
		loosened = true
	}
	h.mines[h.nm] = m
	h.nm++
	h.sortMines()
	return g.feasible(h), loosened
}

// feasible reports whether the tracked mines can lie on distinct cells, one
// from each candidate set (a bipartite matching, found by augmenting paths).
func (g *geometry) feasible(h *hyp) bool {
	n := int(h.nm)
	if n == 0 {
		return true
	}
	// Hall's condition holds at once when every set has n cells or more.
	wide := true
	for j := 0; j < n; j++ {
		if bits.OnesCount8(h.mines[j].mask()) < n {
			wide = false
			break
		}
	}
	if wide {
		return true
	}
	var cands [maxMines][8]int16
	var ncand [maxMines]int
	for j := 0; j < n; j++ {
		m := h.mines[j]
		for mask := m.mask(); mask != 0; mask &= mask - 1 {
			cands[j][ncand[j]] = g.drop[m.center()][bits.TrailingZeros8(mask)]
			ncand[j]++
		}
	}
	var at [maxMines]int16 // cell held by mine j, -1 none
	for j := range at {
		at[j] = -1
	}
	owner := func(x int16) int {
		for j := 0; j < n; j++ {
			if at[j] == x {
				return j
			}
		}
		return -1
	}
	var seen cellSet
	var try func(j int) bool
	try = func(j int) bool {
		for _, x := range cands[j][:ncand[j]] {
			if seen.has(int(x)) {
				continue
			}
			seen.add(int(x))
			if o := owner(x); o < 0 || try(o) {
				at[j] = x
				return true
			}
		}
		return false
	}
	for j := 0; j < n; j++ {
		seen = cellSet{}
		if !try(j) {
			return false
		}
	}
	return true
}
