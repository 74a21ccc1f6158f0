package radio

// Merging keeps the number of hypotheses within the budget without ever
// losing the enemy. Hypotheses that agree on a key are replaced by one whose
// route is the intersection of theirs: fewer route cells block fewer moves,
// so every future the members allow, the merged one allows too. The key
// coarsens step by step until the budget holds:
//
//	cell, route within 6 cells (13x13), mines
//	cell, route within 5, 4, 3, 2, then 1 cell (3x3), mines
//	cell, route within 1 cell; members whose mines differ are loosened
//	cell alone, mines loosened: at most one hypothesis per water cell
//
// The route near the submarine decides its next moves, so it is forgotten
// last. Loosened mines (hyp.loose) block nothing and may explain any
// trigger, so they too only ever add possibilities.
var mergeLadder = []struct {
	radius int  // route kept within this Chebyshev distance; -1 none, exact whole route
	mines  bool // mines must agree
}{{exact, true}, {6, true}, {5, true}, {4, true}, {3, true}, {2, true}, {1, true}, {1, false}, {-1, false}}

// exact is the radius of the first rung: equal hypotheses only, which loses
// nothing (a silence leaves duplicates to the merge when one is needed).
const exact = 99

// compact merges until the budget holds. Pressure changes slowly from one
// silence to the next, so it starts one rung finer than the rung that
// sufficed last time instead of walking the whole ladder each time.
func (t *Tracker) compact(hs []hyp) []hyp {
	for i := max(t.rung-1, 0); i < len(mergeLadder) && len(hs) > t.budget; i++ {
		hs = t.merge(hs, mergeLadder[i].radius, mergeLadder[i].mines)
		t.rung = i
	}
	return hs
}

// sameKey reports whether a and b agree on what a rung keeps. The key of a
// merged hypothesis is its members' key: they agreed on the kept route
// cells, so the intersection keeps them.
func (t *Tracker) sameKey(a, b *hyp, radius int, mines bool) bool {
	if a.pos != b.pos || (mines && (a.nm != b.nm || a.loose != b.loose || a.mines != b.mines)) {
		return false
	}
	switch {
	case radius == exact:
		return a.vis == b.vis
	case radius >= 0:
		w := &t.g.window[radius][a.pos]
		return a.vis.and(*w) == b.vis.and(*w)
	}
	return true
}

func (t *Tracker) keyHash(h *hyp, radius int, mines bool) uint64 {
	const k = 0x9E3779B97F4A7C15
	x := uint64(h.pos) * k
	if radius >= 0 {
		v := h.vis
		if radius != exact {
			v = v.and(t.g.window[radius][h.pos])
		}
		x = mix(mix(mix(mix(x, v[0]), v[1]), v[2]), v[3])
	}
	if mines {
		x = hashMines(mix(x, uint64(h.nm)|uint64(h.loose)<<8), h)
	}
	return x ^ x>>32
}

func mix(x, w uint64) uint64 {
	x = (x ^ w) * 0x9E3779B97F4A7C15
	return x ^ x>>29
}

func (t *Tracker) merge(hs []hyp, radius int, mines bool) []hyp {
	t.tab.reset(len(hs))
	slots, mask := t.tab.slots, t.tab.mask
	n := 0
	for i := range hs {
		h := &hs[i]
		hash := t.keyHash(h, radius, mines)
		tag := hash >> 32
		j := -1
		for p := int(hash) & mask; ; p = (p + 1) & mask {
			s := slots[p]
			if s == 0 {
				slots[p] = tag<<32 | uint64(n+1)
				break
			}
			if s>>32 == tag && t.sameKey(&hs[int(uint32(s))-1], h, radius, mines) {
				j = int(uint32(s)) - 1
				break
			}
		}
		if j < 0 {
			hs[n] = *h
			n++
			continue
		}
		m := &hs[j]
		m.w += h.w
		m.join(h)
		if m.vis != h.vis {
			m.vis = m.vis.and(h.vis)
		}
		if m.nm != h.nm || m.loose != h.loose || m.mines != h.mines {
			total := max(int(m.nm)+int(m.loose), int(h.nm)+int(h.loose))
			m.nm, m.mines, m.loose = 0, [maxMines]mine{}, uint8(min(total, 255))
			m.wok = false
		}
	}
	return hs[:n]
}
