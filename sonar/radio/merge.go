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
	radius int  // route kept within this Chebyshev distance; -1 none
	mines  bool // mines must agree
}{{6, true}, {5, true}, {4, true}, {3, true}, {2, true}, {1, true}, {1, false}, {-1, false}}

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

func (t *Tracker) merge(hs []hyp, radius int, mines bool) []hyp {
	t.tab.reset(len(hs))
	keys := t.keys[:0]
	n := 0
	for i := range hs {
		k := hyp{pos: hs[i].pos}
		if radius >= 0 {
			k.vis = hs[i].vis.and(t.g.window[radius][hs[i].pos])
		}
		if mines {
			k.nm, k.loose, k.mines = hs[i].nm, hs[i].loose, hs[i].mines
		}
		j := t.tab.find(keys, &k, n)
		if j < 0 {
			keys = append(keys, k)
			hs[n] = hs[i]
			n++
			continue
		}
		m, h := &hs[j], &hs[i]
		m.w += h.w
		m.vis = m.vis.and(h.vis)
		if m.nm != h.nm || m.loose != h.loose || m.mines != h.mines {
			total := max(int(m.nm)+int(m.loose), int(h.nm)+int(h.loose))
			m.nm, m.mines, m.loose = 0, [maxMines]mine{}, uint8(min(total, 255))
		}
		t.lossy = true
	}
	t.keys = keys
	return hs[:n]
}
