package radio

import (
	"errors"
	"fmt"

	"periscope/sonar/chart"
)

// DefaultBudget is the number of hypotheses held before merging starts.
// Measured (docs/benchmarks.md): 0.1% of simulated matches reach it, and a
// silence at this size takes about 1.5 ms on the project's machine.
const DefaultBudget = 2048

// minBudget keeps the coarsest merge (one hypothesis per cell, at most 225)
// always within the budget.
const minBudget = 256

// ErrInconsistent is wrapped by the error of an observation that no
// position of the enemy can explain.
var ErrInconsistent = errors.New("inconsistent")

// Options are the room's rule choices the tracker must share with the
// engine, plus its own size limit. The zero value is the default game.
type Options struct {
	// SilenceMin is the shortest silence: 0 (the designer's errata, default)
	// or 1 (house rule). A silence is at most 4 cells.
	SilenceMin int `json:"silence_min,omitempty"`
	// MineOrthogonal restricts mine drops to the 4 cells beside the
	// submarine (the engine's mine_adjacency 4); by default all 8 around it
	// are allowed.
	MineOrthogonal bool `json:"mine_orthogonal,omitempty"`
	// TorpedoOrthogonal counts a torpedo's 4 spaces along rows and columns
	// over islands too (the engine's torpedo_range "orthogonal"); by
	// default they are steps over water, around islands.
	TorpedoOrthogonal bool `json:"torpedo_orthogonal,omitempty"`
	// Budget caps the hypotheses held; past it they are merged soundly.
	// 0 means DefaultBudget; smaller values are raised to 256.
	Budget int `json:"budget,omitempty"`
}

// Tracker follows one enemy submarine from the announcements it makes and
// the answers it gives. It is not safe for concurrent use.
type Tracker struct {
	g      *geometry
	opts   Options
	budget int

	hs     []hyp // current hypotheses, weights summing to 1
	prev   []hyp // hypotheses before the last observation, for a cheap undo
	prevOK bool
	spare  []hyp // buffer the next update writes into

	log       []Observation
	exact     bool
	prevExact bool

	// pure: hs are exact hypotheses (no merge, nothing loosened). Once
	// not, base holds the last pure hypotheses, before log[baseAt], for
	// the verifying search (verify.go).
	pure, prevPure bool
	base           []hyp
	baseAt         int

	// seg is the last clean start of the shape search (shapes.go): the
	// match's start or a surfacing after which the cells were exact and
	// every hypothesis mine-free; log[seg.at:] follows it.
	seg, prevSeg segment

	// deepOff: the deep stage of the verifying search (verify.go) failed
	// since the last surfacing; it is not tried again before the next one,
	// since each silence only makes it harder.
	deepOff, prevDeepOff bool

	sc       *scratch // the searches' working memory, held during settle (verify.go)
	tab      table
	rung     int // merge ladder rung that last brought the count within budget
	prevRung int

	heat  []float64 // cached probability per cell, nil when stale
	stats Stats
}

// segment is where a shape search may start: after log[:at], the sub is on
// one of cells with a route of that cell alone and, when ok, no mine.
type segment struct {
	at    int
	cells cellSet
	ok    bool
}

// mineFree reports whether no hypothesis holds an outstanding mine.
func mineFree(hs []hyp) bool {
	for i := range hs {
		if hs[i].nm != 0 || hs[i].loose != 0 {
			return false
		}
	}
	return true
}

// Stats counts what the tracker did, for benchmarks and diagnostics.
type Stats struct {
	MaxHypotheses int // most hypotheses held after an observation
	Merges        int // observations after which hypotheses were merged
	Searches      int // verifying searches run (verify.go)
	Settled       int // ... that made the cells exact
	ShapeSettled  int // ... settled by the shape search (shapes.go)
	DeepSettled   int // ... settled by the deep stage (verify.go)
}

// New starts tracking an enemy that may be on any water cell of m.
func New(m *chart.Map, opts Options) (*Tracker, error) {
	if m == nil {
		return nil, errors.New("radio: no map")
	}
	if opts.SilenceMin < 0 || opts.SilenceMin > 1 {
		return nil, fmt.Errorf("radio: a silence starts at 0 or 1 cells, not %d", opts.SilenceMin)
	}
	if opts.Budget < 0 {
		return nil, fmt.Errorf("radio: negative budget %d", opts.Budget)
	}
	t := &Tracker{g: geometryFor(m, opts.MineOrthogonal), opts: opts, budget: opts.Budget}
	if t.budget == 0 {
		t.budget = DefaultBudget
	}
	t.budget = max(t.budget, minBudget)
	t.reset()
	return t, nil
}

func (t *Tracker) reset() {
	water := t.g.water.count()
	if t.hs == nil {
		// Room for a silence on every start cell before any buffer grows.
		t.hs = make([]hyp, 0, 4*water)
		t.prev = make([]hyp, 0, 4*water)
		t.spare = make([]hyp, 0, 4*water)
	}
	t.hs = t.hs[:0]
	t.g.water.each(func(i int) {
		h := hyp{pos: uint8(i), w: 1 / float64(water), wok: true}
		h.vis.add(i)
		h.wit = h.vis
		t.hs = append(t.hs, h)
	})
	t.prevOK = false
	t.exact = true
	t.pure = true
	t.base = t.base[:0]
	t.heat = nil
	t.log = t.log[:0]
	t.rung = 0
	t.seg = segment{cells: t.g.water, ok: true}
	t.deepOff = false
	t.stats = Stats{MaxHypotheses: len(t.hs)}
}

// Observe takes in the next announcement. An observation that is malformed
// for this map, or that no position of the enemy can explain, returns an
// error and changes nothing.
func (t *Tracker) Observe(o Observation) error {
	if err := t.check(o); err != nil {
		return err
	}
	rung, stats, deepOff := t.rung, t.stats, t.deepOff
	if o.Kind == Surface {
		t.deepOff = false
	}
	out, err := t.apply(t.hs, o, t.spare[:0])
	if err != nil {
		t.spare, t.deepOff = out[:0], deepOff
		return err
	}
	if len(out) > t.budget {
		out = t.compact(out)
		t.stats.Merges++
	} else if o.Kind == Silence {
		t.rung = max(t.rung-1, 0) // less pressure: merge finer next time
	}
	normalize(out)
	// Hypotheses that are all real states are the exact set again (every
	// real state is still covered by one with the same cell and mines and a
	// route no larger, which has every future it has): a surfacing makes
	// merged hypotheses pure when each kept a witness, and the verifying
	// search then starts from there instead of from before the first merge.
	outPure := pure(out)
	exact := true
	if !outPure {
		if t.pure { // the first merge: keep what came before for the search
			t.base = append(t.base[:0], t.hs...)
			t.baseAt = len(t.log)
		}
		out, exact = t.settle(out, append(t.log[t.baseAt:len(t.log):len(t.log)], o),
			append(t.log[t.seg.at:len(t.log):len(t.log)], o))
		if len(out) == 0 {
			t.spare, t.rung, t.stats, t.deepOff = out[:0], rung, stats, deepOff
			return fmt.Errorf("%w: %s: no history of the enemy explains it", ErrInconsistent, o)
		}
	}
	t.prev, t.hs, t.spare = t.hs, out, t.prev[:0]
	t.prevOK = true
	t.prevExact, t.prevRung, t.prevPure, t.prevSeg, t.prevDeepOff = t.exact, rung, t.pure, t.seg, deepOff
	t.exact, t.pure = exact, outPure
	if o.Kind == Surface && exact {
		// Every real state is (cell, route of that cell): a clean start.
		t.seg = segment{at: len(t.log) + 1, ok: mineFree(out)}
		for i := range out {
			t.seg.cells.add(int(out[i].pos))
		}
	}
	t.heat = nil
	t.log = append(t.log, o)
	t.stats.MaxHypotheses = max(t.stats.MaxHypotheses, len(out))
	return nil
}

// Undo forgets the last observation, as if it had never been entered.
func (t *Tracker) Undo() error {
	if len(t.log) == 0 {
		return errors.New("nothing to undo")
	}
	if t.prevOK {
		t.hs, t.prev = t.prev, t.hs[:0]
		t.prevOK = false
		t.exact, t.rung, t.pure, t.seg, t.deepOff = t.prevExact, t.prevRung, t.prevPure, t.prevSeg, t.prevDeepOff
		t.log = t.log[:len(t.log)-1]
		t.heat = nil
		return nil
	}
	// Older steps are not kept: replay the log, which is deterministic.
	log := append([]Observation(nil), t.log[:len(t.log)-1]...)
	stats := t.stats
	t.reset()
	for _, o := range log {
		if err := t.Observe(o); err != nil {
			return fmt.Errorf("radio: replay failed at %s: %w", o, err)
		}
	}
	t.stats = stats
	return nil
}

// Observations lists what was observed so far, oldest first.
func (t *Tracker) Observations() []Observation { return append([]Observation(nil), t.log...) }

// Map is the map the enemy sails.
func (t *Tracker) Map() *chart.Map { return t.g.m }

// Options are the options the tracker was made with.
func (t *Tracker) Options() Options { return t.opts }

// Count is the number of hypotheses held.
func (t *Tracker) Count() int { return len(t.hs) }

// Exact reports whether the possible cells are exactly those the
// observations allow. When false (a merge whose cells the verifying search
// could not settle in its bound) they are a superset: never missing the
// enemy, sometimes holding a few cells it cannot be on.
func (t *Tracker) Exact() bool { return t.exact }

// Stats reports counters since New.
func (t *Tracker) Stats() Stats { return t.stats }

func normalize(hs []hyp) {
	sum := 0.0
	for i := range hs {
		sum += hs[i].w
	}
	if sum <= 0 {
		return
	}
	for i := range hs {
		hs[i].w /= sum
	}
}

func (t *Tracker) ensureHeat() {
	if t.heat != nil {
		return
	}
	t.heat = make([]float64, t.g.cells)
	for i := range t.hs {
		t.heat[t.hs[i].pos] += t.hs[i].w
	}
}

// Heat is the probability of each cell, indexed by chart.Map.Index; it sums
// to 1. The prior is documented in doc.go.
func (t *Tracker) Heat() []float64 {
	t.ensureHeat()
	return append([]float64(nil), t.heat...)
}

// Probability is the chance that the enemy is at c.
func (t *Tracker) Probability(c chart.Cell) float64 {
	if !t.g.m.Contains(c) {
		return 0
	}
	t.ensureHeat()
	return t.heat[t.g.m.Index(c)]
}

// Cells lists the cells the enemy may be on, row by row.
func (t *Tracker) Cells() []chart.Cell {
	var seen cellSet
	for i := range t.hs {
		seen.add(int(t.hs[i].pos))
	}
	out := make([]chart.Cell, 0, seen.count())
	seen.each(func(i int) { out = append(out, t.g.m.At(i)) })
	return out
}

// Sectors lists the sectors the enemy may be in, in increasing order.
func (t *Tracker) Sectors() []int {
	in := make([]bool, len(t.g.sectors))
	for i := range t.hs {
		in[t.g.sector[t.hs[i].pos]] = true
	}
	var out []int
	for s, ok := range in {
		if ok {
			out = append(out, s)
		}
	}
	return out
}

// Snapshot is the tracker's answer in one JSON-ready value, for a page.
type Snapshot struct {
	Hypotheses int          `json:"hypotheses"`
	Exact      bool         `json:"exact"`
	Cells      []chart.Cell `json:"cells"`   // possible cells, row by row
	Heat       []float64    `json:"heat"`    // probability of each of Cells
	Sectors    []int        `json:"sectors"` // possible sectors
}

// Snapshot summarises the current state.
func (t *Tracker) Snapshot() Snapshot {
	t.ensureHeat()
	s := Snapshot{Hypotheses: len(t.hs), Exact: t.exact, Cells: t.Cells(), Sectors: t.Sectors()}
	s.Heat = make([]float64, len(s.Cells))
	for i, c := range s.Cells {
		s.Heat[i] = t.heat[t.g.m.Index(c)]
	}
	return s
}
