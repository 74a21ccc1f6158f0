package radio

// Merging keeps the number of hypotheses within the budget without ever
// losing the enemy. Hypotheses that agree on a key are replaced by one whose
// route is the intersection of theirs: fewer route cells block fewer moves,
// so every future the members allow, the merged one allows too. The keys
// coarsen level by level until the budget holds:
//
//  1. cell, route within 2 cells (a 5x5 window), mines: what decides the
//     next few moves is kept exactly; only far route cells are forgotten.
//  2. cell, route within 1 cell; members whose mines differ are loosened.
//  3. cell alone: at most one hypothesis per water cell.
//
// Loosened mines (hyp.loose) block nothing and may explain any trigger, so
// they too only ever add possibilities.
const mergeLevels = 3

func (t *Tracker) compact(hs []hyp) []hyp {
	for level := 1; level <= mergeLevels && len(hs) > t.budget; level++ {
		hs = t.merge(hs, level)
	}
	return hs
}

// mergeKey is the part of h that must agree for a merge at level.
func (t *Tracker) mergeKey(h *hyp, level int) hyp {
	k := hyp{pos: h.pos}
	switch level {
	case 1:
		k.vis = h.vis.and(t.g.window[h.pos])
		k.nm, k.loose, k.mines = h.nm, h.loose, h.mines
	case 2:
		k.vis = h.vis.and(t.g.box[h.pos])
	}
	return k
}

func (t *Tracker) merge(hs []hyp, level int) []hyp {
	t.tab.reset(len(hs))
	keys := t.keys[:0]
	n := 0
	for i := range hs {
		k := t.mergeKey(&hs[i], level)
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
