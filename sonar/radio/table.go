package radio

// table is an open-addressing hash index over a slice of hypotheses, used to
// merge duplicates. Each slot holds the upper half of the hash as a tag and
// the index plus one (0 marks an empty slot). It is reused between updates.
type table struct {
	slots []uint64
	mask  int
}

func (t *table) reset(n int) {
	size := 64
	for size < 2*n {
		size <<= 1
	}
	if cap(t.slots) >= size {
		t.slots = t.slots[:size]
		clear(t.slots)
	} else {
		t.slots = make([]uint64, size)
	}
	t.mask = size - 1
}

// find returns the index in keys of an entry equal to k; when there is none
// it records k as keys[idx] (the caller stores it there) and returns -1.
func (t *table) find(keys []hyp, k *hyp, idx int) int {
	h := k.hash()
	tag := h >> 32
	for i := int(h) & t.mask; ; i = (i + 1) & t.mask {
		s := t.slots[i]
		if s == 0 {
			t.slots[i] = tag<<32 | uint64(idx+1)
			return -1
		}
		if s>>32 == tag {
			if j := int(uint32(s)) - 1; keys[j].same(k) {
				return j
			}
		}
	}
}

// dedup merges equal hypotheses in place, summing their weights, and keeps
// the first occurrence's position so the order stays deterministic.
func (t *table) dedup(hs []hyp) []hyp {
	t.reset(len(hs))
	n := 0
	for i := range hs {
		if j := t.find(hs, &hs[i], n); j >= 0 {
			hs[j].w += hs[i].w
			hs[j].join(&hs[i])
			continue
		}
		hs[n] = hs[i]
		n++
	}
	return hs[:n]
}
