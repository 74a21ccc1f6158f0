package radio

import (
	"math/rand/v2"
	"slices"

	"periscope/sonar/chart"
)

// This file is a small legal-move simulator of the enemy crew and of our own
// crew's systems, written from the rules with package chart only, so that
// the tracker is checked against an independent model of the game.

// truth is the enemy's real state after an observation.
type truth struct {
	pos   int
	route []int // cells sailed since the last surfacing, pos included
	mines []int // outstanding mines
}

// step is one observation and the truth right after it.
type step struct {
	obs   Observation
	truth truth
}

// match is one simulated game, seen from our Radio Operator.
type match struct {
	m     *chart.Map
	opts  Options
	seed  uint64
	steps []step
}

// gauge sizes from the First Mate sheet.
const (
	gMine = iota
	gTorpedo
	gSilence
	gScenario
	gDrone
	gSonar
	gauges
)

var gaugeSize = [gauges]int{gMine: 3, gTorpedo: 3, gSilence: 6, gScenario: 4, gDrone: 4, gSonar: 3}

// sim plays one match. The enemy sails at random among legal courses, uses
// each system when it is charged (mostly), and surfaces on blackout and now
// and then by choice. We charge our drone, sonar and weapons and use them.
type sim struct {
	m      *chart.Map
	opts   Options
	rnd    *rand.Rand
	pos    int
	route  []bool
	mines  []int
	archer []int // Archer mines not yet used (Echo)
	their  [gauges]int
	ours   [gauges]int
	sizes  [gauges]int // gauge sizes (gaugeSize, or a smaller silence gauge)
	seen   map[Kind]bool
	steps  []step
	style  style
	// mineCap, when above 0, makes the enemy a mine layer: it charges its
	// mine gauge first and lays a mine whenever it is full, until mineCap
	// are outstanding; it sets one off now and then.
	mineCap int
}

// style is how the simulated crews play.
type style int

const (
	// balanced: the enemy's First Mate charges its gauges at random; we use
	// our drone, sonar and weapons when charged.
	balanced style = iota
	// silent: the enemy charges silence first (a silence every 7 turns or
	// so) and uses its other systems too; we use ours.
	silent
	// quiet is the tracker's worst case: the enemy charges silence first and
	// always uses it, and we use no system at all.
	quiet
)

// styleFor mixes the styles across simulated matches: one in five silent.
func styleFor(i int) style {
	if i%5 == 4 {
		return silent
	}
	return balanced
}

func (s *sim) water(c chart.Cell) bool { return s.m.Water(c) }

func (s *sim) holdsMine(i int) bool { return slices.Contains(s.mines, i) }

// legalNext is the cell one course away, or -1 when the rules forbid it.
func (s *sim) legalNext(from int, d chart.Dir) int {
	c := s.m.At(from).Add(d)
	if !s.water(c) {
		return -1
	}
	i := s.m.Index(c)
	if s.route[i] || s.holdsMine(i) {
		return -1
	}
	return i
}

func (s *sim) emit(o Observation) {
	s.seen[o.Kind] = true
	tr := truth{pos: s.pos, mines: slices.Clone(s.mines)}
	for i, on := range s.route {
		if on {
			tr.route = append(tr.route, i)
		}
	}
	s.steps = append(s.steps, step{obs: o, truth: tr})
}

func (s *sim) result(at, sub int) Result {
	switch chart.Chebyshev(s.m.At(at), s.m.At(sub)) {
	case 0:
		return Direct
	case 1:
		return Indirect
	}
	return Clear
}

// charge marks one empty gauge space, picked at random among those not full.
func charge(rnd *rand.Rand, g *[gauges]int, sizes *[gauges]int, which []int) {
	var open []int
	for _, k := range which {
		if g[k] < sizes[k] {
			open = append(open, k)
		}
	}
	if len(open) > 0 {
		g[open[rnd.IntN(len(open))]]++
	}
}

func (s *sim) full(g *[gauges]int, k int) bool { return g[k] >= s.sizes[k] }

func (s *sim) surface() {
	for i := range s.route {
		s.route[i] = false
	}
	s.route[s.pos] = true
	s.emit(Observation{Kind: Surface, Sector: s.m.Sector(s.m.At(s.pos))})
}

// move plays the enemy's course, silence or surfacing; it reports whether
// the submarine dove on (no system after surfacing).
func (s *sim) move() bool {
	type run struct {
		d chart.Dir
		k int
	}
	var runs []run
	if s.full(&s.their, gSilence) && (s.style == quiet || s.rnd.IntN(2) == 0) {
		if s.opts.SilenceMin == 0 {
			runs = append(runs, run{})
		}
		for _, d := range chart.Dirs {
			at := s.pos
			for k := 1; k <= 4; k++ {
				if at = s.legalNext(at, d); at < 0 {
					break
				}
				runs = append(runs, run{d, k})
			}
		}
	}
	if len(runs) > 0 {
		r := runs[s.rnd.IntN(len(runs))]
		for range r.k {
			s.pos = s.legalNext(s.pos, r.d)
			s.route[s.pos] = true
		}
		s.their[gSilence] = 0
		s.emit(Observation{Kind: Silence})
	} else {
		var dirs []chart.Dir
		for _, d := range chart.Dirs {
			if s.legalNext(s.pos, d) >= 0 {
				dirs = append(dirs, d)
			}
		}
		if len(dirs) == 0 || s.rnd.IntN(60) == 0 {
			s.surface()
			return false
		}
		d := dirs[s.rnd.IntN(len(dirs))]
		s.pos = s.legalNext(s.pos, d)
		s.route[s.pos] = true
		s.emit(Observation{Kind: Course, Dir: d})
	}
	which := []int{gMine, gTorpedo, gSilence}
	if len(s.archer) > 0 {
		which = append(which, gScenario)
	}
	if s.style != balanced && !s.full(&s.their, gSilence) {
		which = []int{gSilence}
	}
	if s.mineCap > 0 && !s.full(&s.their, gMine) && len(s.mines) < s.mineCap {
		which = []int{gMine}
		if s.style == quiet && !s.full(&s.their, gSilence) && s.rnd.IntN(2) == 0 {
			which = []int{gSilence} // a quiet mine layer still silences
		}
	}
	charge(s.rnd, &s.their, &s.sizes, which)
	return true
}

// maybeResult drops the enemy's own damage now and then: a hand-entered
// observation may leave it out.
func (s *sim) maybeResult(r Result) Result {
	if s.rnd.IntN(5) == 0 {
		return ""
	}
	return r
}

// system lets the enemy use at most one system after its course.
func (s *sim) system() {
	var drops []int
	if s.full(&s.their, gMine) {
		for _, c := range s.m.Neighbours(s.m.At(s.pos), !s.opts.MineOrthogonal) {
			i := s.m.Index(c)
			if s.water(c) && !s.route[i] && !s.holdsMine(i) {
				drops = append(drops, i)
			}
		}
	}
	layer := s.mineCap > 0
	if layer && len(s.mines) >= s.mineCap {
		drops = nil
	}
	switch {
	case len(drops) > 0 && (layer || s.rnd.IntN(3) > 0):
		s.mines = append(s.mines, drops[s.rnd.IntN(len(drops))])
		s.their[gMine] = 0
		s.emit(Observation{Kind: EnemyDrop})
	case s.full(&s.their, gTorpedo) && s.rnd.IntN(2) == 0:
		var targets []chart.Cell
		for c, d := range s.m.Reach(s.m.At(s.pos), 4) {
			if d > 0 {
				targets = append(targets, c)
			}
		}
		chart.SortCells(targets) // map order is random; the seed must decide
		x := s.m.Index(targets[s.rnd.IntN(len(targets))])
		if j := slices.Index(s.mines, x); j >= 0 {
			s.mines = slices.Delete(s.mines, j, j+1) // a torpedo destroys its own mine
		}
		s.their[gTorpedo] = 0
		s.emit(Observation{Kind: EnemyTorpedo, Cell: s.m.At(x), Result: s.maybeResult(s.result(x, s.pos))})
	case len(s.mines) > 0 && s.rnd.IntN(4) == 0 && (!layer || s.rnd.IntN(3) == 0):
		j := s.rnd.IntN(len(s.mines))
		x := s.mines[j]
		s.mines = slices.Delete(s.mines, j, j+1)
		s.emit(Observation{Kind: EnemyTrigger, Cell: s.m.At(x), Result: s.maybeResult(s.result(x, s.pos))})
	case s.full(&s.their, gScenario) && s.rnd.IntN(2) == 0:
		j := s.rnd.IntN(len(s.archer))
		x := s.archer[j]
		s.archer = slices.Delete(s.archer, j, j+1)
		if k := slices.Index(s.mines, x); k >= 0 {
			s.mines = slices.Delete(s.mines, k, k+1) // like a torpedo, it destroys its own mine
		}
		s.their[gScenario] = 0
		s.emit(Observation{Kind: EnemyArcher, Cell: s.m.At(x), Result: s.maybeResult(s.result(x, s.pos))})
	}
}

// ourTurn charges and uses our own drone, sonar and weapons.
func (s *sim) ourTurn() {
	if s.style == quiet {
		return
	}
	charge(s.rnd, &s.ours, &s.sizes, []int{gDrone, gSonar, gTorpedo})
	switch {
	case s.full(&s.ours, gDrone) && s.rnd.IntN(2) == 0:
		sector := 1 + s.rnd.IntN(s.m.Sectors())
		s.ours[gDrone] = 0
		s.emit(Observation{Kind: Drone, Sector: sector, Yes: s.m.Sector(s.m.At(s.pos)) == sector})
	case s.full(&s.ours, gSonar) && s.rnd.IntN(2) == 0:
		s.ours[gSonar] = 0
		s.emit(Observation{Kind: Sonar, Facts: s.sonarAnswer()})
	case s.full(&s.ours, gTorpedo) && s.rnd.IntN(2) == 0:
		s.ours[gTorpedo] = 0
		// Aim near the enemy half the time, so that hits happen.
		target := s.m.At(s.rnd.IntN(s.m.Cells()))
		if s.rnd.IntN(2) == 0 {
			c := s.m.At(s.pos)
			target = chart.Cell{Col: c.Col + s.rnd.IntN(5) - 2, Row: c.Row + s.rnd.IntN(5) - 2}
			target.Col = min(max(target.Col, 0), s.m.Size-1)
			target.Row = min(max(target.Row, 0), s.m.Size-1)
		}
		x := s.m.Index(target)
		s.emit(Observation{Kind: Hit, Cell: target, Result: s.result(x, s.pos)})
	}
}

// sonarAnswer picks two fact types, makes one true and the other false.
func (s *sim) sonarAnswer() [2]Fact {
	c := s.m.At(s.pos)
	types := []FactType{Row, Column, Sector}
	s.rnd.Shuffle(len(types), func(i, j int) { types[i], types[j] = types[j], types[i] })
	value := func(t FactType) (int, int) { // the true value and how many exist
		switch t {
		case Row:
			return c.Row + 1, s.m.Size
		case Column:
			return c.Col + 1, s.m.Size
		}
		return s.m.Sector(c), s.m.Sectors()
	}
	tv, _ := value(types[0])
	fv, n := value(types[1])
	lie := 1 + s.rnd.IntN(n-1)
	if lie >= fv {
		lie++
	}
	facts := [2]Fact{{types[0], tv}, {types[1], lie}}
	if s.rnd.IntN(2) == 0 {
		facts[0], facts[1] = facts[1], facts[0]
	}
	return facts
}

// simulate plays a balanced match of at least minTurns enemy turns, going
// on (up to maxTurns) until every kind of observation this map allows has
// happened.
func simulate(m *chart.Map, opts Options, seed uint64, minTurns, maxTurns int) match {
	return play(m, opts, seed, minTurns, maxTurns, balanced)
}

// simulateQuiet plays the tracker's worst case for turns enemy turns: only
// the enemy's own announcements, and a silence every sixth turn.
func simulateQuiet(m *chart.Map, opts Options, seed uint64, turns int) match {
	return play(m, opts, seed, turns, turns, quiet)
}

// matchFor is the i-th match on map side mi of TestNeverLosesTheEnemy; the
// benchmarks replay the same matches.
func matchFor(m *chart.Map, mi, i int) match {
	return play(m, optionsFor(i), uint64(mi)<<32|uint64(i), 30, 200, styleFor(i))
}

func play(m *chart.Map, opts Options, seed uint64, minTurns, maxTurns int, st style) match {
	return playMines(m, opts, seed, minTurns, maxTurns, st, 0)
}

// playMines is play with a mine-laying enemy when mineCap > 0 (see
// sim.mineCap): it plays on until ten turns after mineCap mines were
// outstanding at once, or maxTurns.
func playMines(m *chart.Map, opts Options, seed uint64, minTurns, maxTurns int, st style, mineCap int) match {
	return playGauges(m, opts, seed, minTurns, maxTurns, st, mineCap, gaugeSize)
}

// playGauges is playMines with the given gauge sizes: a silence gauge of 3
// makes a quiet enemy silence after every third course.
func playGauges(m *chart.Map, opts Options, seed uint64, minTurns, maxTurns int, st style, mineCap int, sizes [gauges]int) match {
	want := len(kinds)
	if len(m.ArcherMines()) == 0 {
		want-- // no Archer mines off Echo
	}
	if st == quiet {
		want = 0 // nothing to wait for
	}
	s := &sim{
		m: m, opts: opts, style: st,
		rnd:     rand.New(rand.NewPCG(seed, 0x5ad10)),
		route:   make([]bool, m.Cells()),
		seen:    map[Kind]bool{},
		mineCap: mineCap,
		sizes:   sizes,
	}
	for _, c := range m.ArcherMines() {
		s.archer = append(s.archer, m.Index(c))
	}
	water := m.WaterCells()
	s.pos = m.Index(water[s.rnd.IntN(len(water))])
	s.route[s.pos] = true
	capAt := -1 // the turn mineCap mines were first outstanding; ten more follow
	for turn := 0; turn < maxTurns && (turn < minTurns || len(s.seen) < want || (mineCap > 0 && (capAt < 0 || turn < capAt+10))); turn++ {
		if capAt < 0 && mineCap > 0 && len(s.mines) >= mineCap {
			capAt = turn
		}
		if s.move() {
			s.system()
		}
		s.ourTurn()
	}
	return match{m: m, opts: opts, seed: seed, steps: s.steps}
}

func (mt match) observations() []Observation {
	out := make([]Observation, len(mt.steps))
	for i, st := range mt.steps {
		out[i] = st.obs
	}
	return out
}

// allMaps lists the ten map sides.
func allMaps() []*chart.Map {
	var out []*chart.Map
	for _, name := range chart.Names() {
		for _, side := range []chart.Side{chart.RealTime, chart.TurnBased} {
			out = append(out, chart.MustLoad(name, side))
		}
	}
	return out
}
