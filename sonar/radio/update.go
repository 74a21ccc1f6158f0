package radio

import (
	"fmt"
	"strconv"
	"strings"

	"periscope/sonar/chart"
)

// check refuses what this map cannot mean, before any hypothesis is touched.
func (t *Tracker) check(o Observation) error {
	m := t.g.m
	sector := func(s int) error {
		if s < 1 || s > m.Sectors() {
			return fmt.Errorf("sector %d does not exist (sectors 1 to %d)", s, m.Sectors())
		}
		return nil
	}
	onMap := func(c chart.Cell) error {
		if !m.Contains(c) {
			return fmt.Errorf("%s is off the map (A1 to %s)", c, m.At(m.Cells()-1))
		}
		return nil
	}
	result := func(r Result, optional bool) error {
		switch r {
		case Direct, Indirect, Clear:
			return nil
		case "":
			if optional {
				return nil
			}
		}
		return fmt.Errorf("%q is not an impact result (direct, indirect or clear)", string(r))
	}
	switch o.Kind {
	case Course:
		if o.Dir > chart.West {
			return fmt.Errorf("%s is not a heading (north, east, south or west)", o.Dir)
		}
	case Silence, EnemyDrop:
	case Surface, Drone:
		return sector(o.Sector)
	case Sonar:
		a, b := o.Facts[0], o.Facts[1]
		if a.Type == b.Type {
			return fmt.Errorf("sonar: the two facts must be of different types (row, column, sector), both are %ss", a.Type)
		}
		for _, f := range o.Facts {
			switch f.Type {
			case Row, Column:
				if f.Value < 1 || f.Value > m.Size {
					return fmt.Errorf("sonar: %s %d does not exist (1 to %d)", f.Type, f.Value, m.Size)
				}
			case Sector:
				if err := sector(f.Value); err != nil {
					return fmt.Errorf("sonar: %w", err)
				}
			default:
				return fmt.Errorf("sonar: %q is not a fact type (row, column or sector)", string(f.Type))
			}
		}
	case Hit:
		if err := onMap(o.Cell); err != nil {
			return err
		}
		return result(o.Result, false)
	case EnemyTorpedo, EnemyTrigger:
		if err := onMap(o.Cell); err != nil {
			return err
		}
		if m.Island(o.Cell) {
			what := "a torpedo cannot land there"
			if o.Kind == EnemyTrigger {
				what = "no mine can lie there"
			}
			return fmt.Errorf("%s is an island: %s", o.Cell, what)
		}
		return result(o.Result, true)
	case EnemyArcher:
		if err := onMap(o.Cell); err != nil {
			return err
		}
		if !m.Archer(o.Cell) {
			return fmt.Errorf("%s holds no Archer mine", o.Cell)
		}
		return result(o.Result, true)
	default:
		return fmt.Errorf("unknown observation kind %q", string(o.Kind))
	}
	return nil
}

// apply writes the hypotheses that survive o, updated, into out.
func (t *Tracker) apply(in []hyp, o Observation, out []hyp) ([]hyp, error) {
	out = t.update(in, o, out)
	if len(out) == 0 {
		return out, fmt.Errorf("%w: %s: %s", ErrInconsistent, o, t.explain(in, o))
	}
	return out, nil
}

// update is apply without the refusal: the verifying search calls it on
// one hypothesis at a time, where no survivor is an everyday answer.
func (t *Tracker) update(in []hyp, o Observation, out []hyp) []hyp {
	g := t.g
	switch o.Kind {
	case Course:
		out = t.course(in, o.Dir, out)
	case Silence:
		out = t.silence(in, out)
	case Surface:
		out = t.surface(in, o.Sector, out)
	case Drone:
		mask := g.sectors[o.Sector]
		if !o.Yes {
			mask = g.water.andNot(mask)
		}
		out = keep(in, mask, out)
	case Sonar:
		out = keep(in, t.fact(o.Facts[0]).xor(t.fact(o.Facts[1])), out)
	case Hit:
		out = keep(in, t.impact(o.Cell, o.Result), out)
	case EnemyTorpedo:
		// Range 1 to 4 water steps around islands (or, with TorpedoOrthogonal,
		// 4 spaces along rows and columns); the sub is never on the target.
		x := g.m.Index(o.Cell)
		reach := g.ball(x, 4)
		if t.opts.TorpedoOrthogonal {
			reach = g.diamond(x, 4)
		}
		reach.remove(x)
		if o.Result != "" {
			reach = reach.and(t.impact(o.Cell, o.Result))
		}
		out = t.torpedo(in, reach, x, out)
	case EnemyDrop:
		out = t.drop(in, out)
	case EnemyTrigger:
		mask := g.water
		if o.Result != "" {
			mask = t.impact(o.Cell, o.Result)
		}
		out = t.trigger(in, mask, g.m.Index(o.Cell), out)
	case EnemyArcher:
		// Anywhere on the map; like a torpedo it destroys its own mine there.
		out = t.torpedo(in, t.impact(o.Cell, o.Result), g.m.Index(o.Cell), out)
	}
	return out
}

// where is the set of cells the sub may be on after o given that it is in
// after: the cells o allows, ignoring routes and mines (a superset, for
// pruning the verifying search backwards).
func (t *Tracker) where(o Observation, after cellSet) cellSet {
	g := t.g
	var out cellSet
	switch o.Kind {
	case Course:
		return g.before(after.and(g.water), o.Dir)
	case Silence:
		if t.opts.SilenceMin == 0 {
			out = after
		}
		for _, d := range chart.Dirs {
			x := after.and(g.water)
			for range 4 { // runs of 1 to 4 cells, each on water
				x = g.before(x, d)
				out = out.or(x)
			}
		}
		return out
	case Surface:
		return after.and(g.sectors[o.Sector])
	case Drone:
		mask := g.sectors[o.Sector]
		if !o.Yes {
			mask = g.water.andNot(mask)
		}
		return after.and(mask)
	case Sonar:
		return after.and(t.fact(o.Facts[0]).xor(t.fact(o.Facts[1])))
	case Hit, EnemyArcher:
		return after.and(t.impact(o.Cell, o.Result))
	case EnemyTrigger:
		if o.Result != "" {
			return after.and(t.impact(o.Cell, o.Result))
		}
	case EnemyTorpedo:
		if o.Result != "" {
			return after.and(t.impact(o.Cell, o.Result))
		}
	}
	return after
}

// explain says, in the table's words, why no hypothesis survives o.
func (t *Tracker) explain(in []hyp, o Observation) string {
	g := t.g
	var where cellSet
	for i := range in {
		where.add(int(in[i].pos))
	}
	if where.count() == 1 && o.Kind == Course {
		h := &in[0]
		from := g.m.At(int(h.pos))
		to := from.Add(o.Dir)
		switch {
		case !g.m.Contains(to):
			return fmt.Sprintf("from %s that leaves the map", from)
		case g.m.Island(to):
			return fmt.Sprintf("from %s that runs onto the island %s", from, to)
		case h.vis.has(g.m.Index(to)):
			return fmt.Sprintf("from %s that crosses its own route at %s", from, to)
		}
		return fmt.Sprintf("from %s that sails onto its own mine at %s", from, to)
	}
	var sectors []string
	for s := 1; s < len(g.sectors); s++ {
		if !g.sectors[s].and(where).empty() {
			sectors = append(sectors, strconv.Itoa(s))
		}
	}
	only := "the enemy can only be in sector " + sectors[0]
	if len(sectors) > 1 {
		only = "the enemy can only be in sectors " + strings.Join(sectors, ", ")
	}
	damage := ""
	if o.Result != "" {
		damage = " with that damage"
	}
	switch o.Kind {
	case Course:
		return fmt.Sprintf("from every possible position (%d cells) it would leave the map, run onto an island, cross its own route or sail onto its own mine", where.count())
	case Silence:
		return "no possible position has a straight run of 1 to 4 free cells"
	case Surface, Drone, Sonar:
		return only
	case Hit, EnemyArcher:
		return fmt.Sprintf("none of the %d possible cells takes that damage from %s", where.count(), o.Cell)
	case EnemyTorpedo:
		return fmt.Sprintf("none of the %d possible cells is 1 to 4 water steps from %s%s", where.count(), o.Cell, damage)
	case EnemyDrop:
		return "no possible position has a free cell beside it for a new mine (water, off its route, not needed by its other mines)"
	case EnemyTrigger:
		return fmt.Sprintf("no possible position has an outstanding mine that can lie at %s%s", o.Cell, damage)
	}
	return "no possible position fits"
}

// fact is the set of cells where a sonar fact is true.
func (t *Tracker) fact(f Fact) cellSet {
	switch f.Type {
	case Row:
		return t.g.rows[f.Value-1]
	case Column:
		return t.g.cols[f.Value-1]
	}
	return t.g.sectors[f.Value]
}

// impact is the set of cells where a submarine takes result from an impact
// at c; an empty result means any.
func (t *Tracker) impact(c chart.Cell, r Result) cellSet {
	i := t.g.m.Index(c)
	switch r {
	case Direct:
		var s cellSet
		s.add(i)
		return s
	case Indirect:
		s := t.g.box[i]
		s.remove(i)
		return s
	case Clear:
		return t.g.water.andNot(t.g.box[i])
	}
	return t.g.water
}

func keep(in []hyp, mask cellSet, out []hyp) []hyp {
	for i := range in {
		if mask.has(int(in[i].pos)) {
			out = append(out, in[i])
		}
	}
	return out
}

// course moves every hypothesis one cell. Distinct (cell, route) pairs stay
// distinct, so only a change in mine candidates can create duplicates.
func (t *Tracker) course(in []hyp, d chart.Dir, out []hyp) []hyp {
	g := t.g
	mines := false
	for i := range in {
		next := int(g.step[in[i].pos][d])
		if next < 0 || in[i].vis.has(next) {
			continue
		}
		out = append(out, in[i])
		h := &out[len(out)-1]
		h.enter(next)
		if h.nm > 0 {
			mines = true
			if !h.exclude(g, next) {
				out = out[:len(out)-1]
			}
		}
	}
	if mines {
		out = t.tab.dedup(out)
	}
	return out
}

// silence branches every hypothesis into each straight run of 0..4 cells
// that obeys the course rules at every cell, sharing its weight evenly.
func (t *Tracker) silence(in []hyp, out []hyp) []hyp {
	out = t.silenceNoDedup(in, out)
	if len(out) > t.budget {
		return out // the merge that follows removes duplicates too
	}
	return t.tab.dedup(out)
}

func (t *Tracker) silenceNoDedup(in []hyp, out []hyp) []hyp {
	g := t.g
	if need := 17 * len(in); cap(out) < need {
		out = make([]hyp, 0, need) // one allocation, not a series of doublings
	}
	for i := range in {
		p := &in[i]
		first := len(out)
		if t.opts.SilenceMin == 0 {
			out = append(out, *p)
		}
		for d := range 4 {
			run := *p
			for k := 1; k <= 4; k++ {
				next := int(g.step[run.pos][d])
				if next < 0 || run.vis.has(next) {
					break
				}
				run.enter(next)
				if run.nm > 0 && !run.exclude(g, next) {
					break // every longer run passes here too
				}
				out = append(out, run)
			}
		}
		if n := len(out) - first; n > 0 {
			w := p.w / float64(n)
			for j := first; j < len(out); j++ {
				out[j].w = w
			}
		}
	}
	return out
}

// surface keeps the hypotheses in the announced sector and erases their
// routes; mines stay.
func (t *Tracker) surface(in []hyp, sector int, out []hyp) []hyp {
	for i := range in {
		if t.g.sector[in[i].pos] != sector {
			continue
		}
		out = append(out, in[i])
		h := &out[len(out)-1]
		h.vis = cellSet{}
		h.vis.add(int(h.pos))
		h.wit = h.vis
	}
	return t.tab.dedup(out)
}

// drop keeps the hypotheses with a legal cell for a new mine and records its
// candidates: water next to the sub, off its route, and (checked by the
// matching) not needed by every layout of its other mines.
func (t *Tracker) drop(in []hyp, out []hyp) []hyp {
	g := t.g
	loosened := false
	for i := range in {
		pos := int(in[i].pos)
		var mask, witMask uint8
		for k := range 8 {
			if c := g.drop[pos][k]; c >= 0 && !in[i].vis.has(int(c)) {
				mask |= 1 << k
				if !in[i].wit.has(int(c)) {
					witMask |= 1 << k
				}
			}
		}
		if mask == 0 {
			continue
		}
		out = append(out, in[i])
		if witMask != mask {
			out[len(out)-1].wok = false // the witness would have fewer places for it
		}
		ok, l := out[len(out)-1].addMine(g, newMine(pos, mask))
		loosened = loosened || l
		if !ok {
			out = out[:len(out)-1]
		}
	}
	if loosened {
		out = t.tab.dedup(out)
	}
	return out
}

// trigger keeps the hypotheses at a cell in mask where one of the enemy's
// mines may lie at x, branching over which mine it was, and removes it.
func (t *Tracker) trigger(in []hyp, mask cellSet, x int, out []hyp) []hyp {
	g := t.g
	for i := range in {
		p := &in[i]
		if !mask.has(int(p.pos)) {
			continue
		}
		first := len(out)
		for j := 0; j < int(p.nm); j++ {
			if !p.mines[j].holds(g, x) {
				continue
			}
			b := *p
			b.removeMine(j)
			if b.exclude(g, x) {
				out = append(out, b)
			}
		}
		if p.loose > 0 {
			b := *p
			b.loose--
			if b.exclude(g, x) {
				out = append(out, b)
			}
		}
		share(out[first:], p.w)
	}
	return t.tab.dedup(out)
}

// torpedo keeps the hypotheses at a cell in reach. A torpedo (or Archer
// mine) destroys the enemy's own mine at the impact cell x, unannounced:
// branch into "no mine at x" and "mine j was at x" for each candidate j.
func (t *Tracker) torpedo(in []hyp, reach cellSet, x int, out []hyp) []hyp {
	g := t.g
	branched := false
	for i := range in {
		p := &in[i]
		if !reach.has(int(p.pos)) {
			continue
		}
		if p.nm == 0 {
			out = append(out, *p)
			continue
		}
		branched = true
		first := len(out)
		b := *p
		if b.exclude(g, x) {
			out = append(out, b)
		}
		for j := 0; j < int(p.nm); j++ {
			if !p.mines[j].holds(g, x) {
				continue
			}
			b := *p
			b.removeMine(j)
			if b.exclude(g, x) {
				out = append(out, b)
			}
		}
		share(out[first:], p.w)
	}
	if branched {
		out = t.tab.dedup(out)
	}
	return out
}

// share splits a parent's weight evenly over its branches.
func share(branches []hyp, w float64) {
	for i := range branches {
		branches[i].w = w / float64(len(branches))
	}
}
