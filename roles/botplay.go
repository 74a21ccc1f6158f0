package roles

import (
	"math"
	"math/rand/v2"
	"slices"

	"periscope/sonar"
	"periscope/sonar/chart"
)

// decider is one bot seat choosing its next order from its own view: its
// crew's state, the public state, and its crew's tracker (intel), which
// knows only what the crew heard.
type decider struct {
	v     View
	m     *chart.Map
	rules sonar.Options
	lvl   level
	in    *intel
	rng   *rand.Rand
	// awake: in real time, the crew's pace allows a Captain's order now.
	awake bool

	cells []cellP // the enemy's possible cells, once asked
	asked bool
}

// cellP is a cell where the enemy may be, with its likelihood.
type cellP struct {
	c chart.Cell
	p float64
}

func (d *decider) has(r sonar.Role) bool { return slices.Contains(d.v.Roles, r) }

func botOrder(t sonar.CommandType, r sonar.Role) sonar.Command {
	return sonar.Command{Type: t, Role: r}
}

// decide picks the seat's next order, or none. Answers owed to the table
// come first (sonar, inspection), then the duties after a course, then the
// Captain's orders.
func (d *decider) decide() (sonar.Command, bool) {
	o := d.v.Own
	switch {
	case d.has(sonar.Captain) && len(o.SonarAnswers) > 0:
		return d.answer(), true
	case d.has(sonar.Engineer) && o.Inspect != nil:
		return d.inspect(), true
	case d.has(sonar.FirstMate) && o.Duties.FirstMate:
		return d.charge()
	case d.has(sonar.Engineer) && o.Duties.Engineer && o.Duties.Panel != nil:
		return d.mark(*o.Duties.Panel)
	case !o.Placed:
		if d.has(sonar.Captain) && d.v.Public.Started {
			return d.place(), true
		}
		return sonar.Command{}, false
	case !d.v.Public.Playing:
		return sonar.Command{}, false
	case o.Surfacing != nil:
		return d.surfacing()
	case d.has(sonar.Captain):
		return d.captain()
	}
	return sonar.Command{}, false
}

// enemy is where the enemy may be: the tracker's cells, weighed by its
// likelihood (or evenly for a learner). Nil when the tracker is lost.
func (d *decider) enemy() []cellP {
	if d.asked {
		return d.cells
	}
	d.asked = true
	if d.in == nil {
		return nil
	}
	cells := d.in.enemy.Cells()
	for _, c := range cells {
		p := 1 / float64(len(cells))
		if d.lvl.heat {
			p = d.in.enemy.Probability(c)
		}
		d.cells = append(d.cells, cellP{c, p})
	}
	return d.cells
}

// expected is the damage an impact at t does to the enemy on average.
func expected(t chart.Cell, cells []cellP) float64 {
	sum := 0.0
	for _, x := range cells {
		switch chart.Chebyshev(x.c, t) {
		case 0:
			sum += 2 * x.p
		case 1:
			sum += x.p
		}
	}
	return sum
}

// bestImpact is the target among ts with the most expected damage that
// leaves our own submarine untouched.
func (d *decider) bestImpact(ts []chart.Cell) (chart.Cell, float64, bool) {
	cells := d.enemy()
	if len(cells) == 0 || len(cells) > d.lvl.fireCells || d.v.Own.Position == nil {
		return chart.Cell{}, 0, false
	}
	pos := *d.v.Own.Position
	var best chart.Cell
	bestE, found := -1.0, false
	for _, t := range ts {
		if chart.Chebyshev(t, pos) <= 1 {
			continue // never hit ourselves
		}
		if e := expected(t, cells); e > bestE {
			best, bestE, found = t, e, true
		}
	}
	return best, bestE, found && bestE >= d.lvl.minHit
}

// captain gives the Captain's orders: mines at any time they are allowed,
// then on its turn (or at its pace in real time) a move and a system.
func (d *decider) captain() (sonar.Command, bool) {
	o := d.v.Own
	tb := d.rules.Mode == sonar.TurnBased
	if tb && o.Turn == nil || !tb && !d.awake {
		return sonar.Command{}, false
	}
	if d.lvl.mines && len(o.Triggers) > 0 {
		if t, _, ok := d.bestImpact(o.Triggers); ok {
			c := botOrder(sonar.TypeTrigger, sonar.Captain)
			c.Cell = t
			return c, true
		}
	}
	if tb && !o.Turn.Current || d.v.Public.SonarPending != nil || o.Duties.FirstMate || o.Duties.Engineer {
		return sonar.Command{}, false
	}
	if tb {
		switch {
		case !o.Turn.Moved:
			return d.move()
		case !o.Turn.UsedSystem:
			if c, ok := d.system(); ok {
				return c, true
			}
		}
		return botOrder(sonar.TypeEndTurn, sonar.Captain), true
	}
	if !o.NeedsCourse {
		if c, ok := d.system(); ok {
			return c, true
		}
	}
	return d.move()
}

// heading is one course the Captain weighs.
type heading struct {
	dir    chart.Dir
	to     chart.Cell
	room   int
	damage bool
	score  float64
}

// blocked is what the submarine may not enter: its route and its mines.
func (d *decider) blocked() []bool {
	b := make([]bool, d.m.Cells())
	for _, c := range d.v.Own.Route {
		b[d.m.Index(c)] = true
	}
	for _, c := range d.v.Own.Mines {
		b[d.m.Index(c)] = true
	}
	return b
}

// roomCap bounds the flood fill: past it, a heading is open enough.
const roomCap = 60

// room counts the water cells the submarine could still reach from c
// without crossing blocked: its room to manoeuvre.
func (d *decider) room(c chart.Cell, blocked []bool) int {
	seen := slices.Clone(blocked)
	seen[d.m.Index(c)] = true
	queue := []chart.Cell{c}
	n := 0
	for len(queue) > 0 && n < roomCap {
		x := queue[0]
		queue = queue[1:]
		n++
		for _, dir := range chart.Dirs {
			y, ok := d.m.Step(x, dir)
			if !ok || !d.m.Water(y) || seen[d.m.Index(y)] {
				continue
			}
			seen[d.m.Index(y)] = true
			queue = append(queue, y)
		}
	}
	return n
}

// panelDamages reports whether every symbol left in the panel of heading
// dir would overload the sheet: a course that way costs 1 damage.
func (d *decider) panelDamages(dir chart.Dir) bool {
	for _, s := range d.v.Own.Sheet {
		if s.Panel == dir && !s.Marked && s.Damage == "" {
			return false
		}
	}
	return true
}

// target is the centre of the enemy's likely cells, when worth steering to.
func (d *decider) target() (float64, float64, bool) {
	cells := d.enemy()
	if !d.lvl.hunt || len(cells) == 0 || len(cells) > 40 {
		return 0, 0, false
	}
	for _, g := range d.v.Own.Gauges {
		if g.System == sonar.Torpedo && g.Marks < g.Size-1 {
			return 0, 0, false
		}
	}
	var x, y, w float64
	for _, c := range cells {
		x += float64(c.c.Col) * c.p
		y += float64(c.c.Row) * c.p
		w += c.p
	}
	if w == 0 {
		return 0, 0, false
	}
	return x / w, y / w, true
}

// headings weighs every legal course, best first.
func (d *decider) headings() []heading {
	o := d.v.Own
	blocked := d.blocked()
	tx, ty, hunting := d.target()
	var out []heading
	for _, co := range o.Courses {
		if !co.Legal || co.To == nil {
			continue
		}
		h := heading{dir: co.Dir, to: *co.To, room: d.room(*co.To, blocked), damage: d.panelDamages(co.Dir)}
		if d.lvl.route {
			h.score = float64(h.room)
		} else {
			h.score = float64(min(h.room, 4)) // a learner only avoids dead ends it can see
		}
		if h.damage {
			h.score -= 40
		}
		if hunting && o.Position != nil {
			far := func(c chart.Cell) float64 { return math.Abs(float64(c.Col)-tx) + math.Abs(float64(c.Row)-ty) }
			h.score += 4 * (far(*o.Position) - far(h.to))
		}
		h.score += d.rng.Float64() * 3
		out = append(out, h)
	}
	slices.SortStableFunc(out, func(a, b heading) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	return out
}

// move is the Captain's course, silence or surfacing.
func (d *decider) move() (sonar.Command, bool) {
	o := d.v.Own
	surface := botOrder(sonar.TypeSurface, sonar.Captain)
	if o.Blackout {
		return surface, o.SurfaceBlocked == ""
	}
	hs := d.headings()
	if c, ok := d.hide(); ok {
		return c, true
	}
	if len(hs) == 0 {
		return surface, o.SurfaceBlocked == ""
	}
	best := hs[0]
	// A planner surfaces before it is cornered, or rather than take damage
	// from its own sheet.
	if d.lvl.route && o.SurfaceBlocked == "" && (best.room <= 2 || best.damage) {
		return surface, true
	}
	c := botOrder(sonar.TypeCourse, sonar.Captain)
	c.Dir = best.dir
	return c, true
}

// hide is a silence when the enemy may be close to knowing our cell: the
// run that leaves the most room, long enough to blur the track.
func (d *decider) hide() (sonar.Command, bool) {
	o := d.v.Own
	if d.lvl.hide == 0 || d.in == nil || o.Position == nil {
		return sonar.Command{}, false
	}
	ready := false
	for _, g := range o.Gauges {
		ready = ready || g.System == sonar.Silence && g.Ready
	}
	if !ready || d.in.self.Count() == 0 || len(d.in.self.Cells()) > d.lvl.hide {
		return sonar.Command{}, false
	}
	blocked := d.blocked()
	bestScore, found := math.Inf(-1), false
	var best sonar.Command
	for _, s := range o.Silences {
		if s.Reason != "" {
			continue
		}
		at := *o.Position
		extra := slices.Clone(blocked)
		for n := 1; n <= s.Max; n++ {
			at = at.Add(s.Dir)
			extra[d.m.Index(at)] = true
			if n < s.Min {
				continue
			}
			score := float64(d.room(at, extra)) + 2*float64(n) + d.rng.Float64()
			if d.panelDamages(s.Dir) {
				score -= 40
			}
			if score > bestScore {
				bestScore, found = score, true
				best = botOrder(sonar.TypeSilence, sonar.Captain)
				best.Dir, best.Distance = s.Dir, n
			}
		}
	}
	return best, found
}

func (d *decider) ready(sys sonar.System) bool {
	for _, g := range d.v.Own.Gauges {
		if g.System == sys {
			return g.Ready
		}
	}
	return false
}

// system is the Captain's system this turn (or after this course), if one
// is worth it: a torpedo or an Archer mine at likely cells, a drone or a
// sonar when the enemy is lost, a mine to lay.
func (d *decider) system() (sonar.Command, bool) {
	o := d.v.Own
	if t, _, ok := d.bestImpact(o.TorpedoTargets); ok {
		c := botOrder(sonar.TypeTorpedo, sonar.Captain)
		c.Cell = t
		return c, true
	}
	if t, _, ok := d.bestImpact(o.ArcherTargets); ok {
		c := botOrder(sonar.TypeArcher, sonar.Captain)
		c.Cell = t
		return c, true
	}
	cells := d.enemy()
	if d.lvl.detect && cells != nil && d.ready(sonar.Drone) && len(cells) > d.lvl.droneCells {
		if s, ok := d.droneSector(cells); ok {
			c := botOrder(sonar.TypeDrone, sonar.Captain)
			c.Sector = s
			return c, true
		}
	}
	if d.lvl.detect && cells != nil && d.ready(sonar.Sonar) && len(cells) > d.lvl.sonarCells {
		return botOrder(sonar.TypeSonar, sonar.Captain), true
	}
	if d.lvl.mines && len(o.MineCells) > 0 {
		if t, ok := d.mineCell(o.MineCells, cells); ok {
			c := botOrder(sonar.TypeMine, sonar.Captain)
			c.Cell = t
			return c, true
		}
	}
	return sonar.Command{}, false
}

// droneSector is the sector whose answer splits the enemy's likelihood most
// evenly: either answer then removes the most.
func (d *decider) droneSector(cells []cellP) (int, bool) {
	in := map[int]float64{}
	for _, c := range cells {
		in[d.m.Sector(c.c)] += c.p
	}
	best, bestGap := 0, 2.0
	for s := 1; s <= d.m.Sectors(); s++ {
		p := in[s]
		if p <= 0 || p >= 0.999 {
			continue
		}
		if gap := math.Abs(p - 0.5); gap < bestGap {
			best, bestGap = s, gap
		}
	}
	return best, best != 0
}

// spareMines is how many mines a Captain keeps in the water where no
// possible enemy cell is beside them (its tracker lost, or a pocket the
// enemy cannot be in): mines stay after surfacing and narrow its water.
const spareMines = 4

// mineCell lays a mine where the enemy is most likely to pass, or anywhere
// while it has few; never where it walls the submarine in (it never enters
// its own mines): the water it can still reach, counted up to roomCap
// cells, may lose only the mine's own cell.
func (d *decider) mineCell(ts []chart.Cell, cells []cellP) (chart.Cell, bool) {
	blocked := d.blocked()
	pos := *d.v.Own.Position
	open := d.room(pos, blocked)
	best, bestE, found := chart.Cell{}, -1.0, false
	for _, i := range d.rng.Perm(len(ts)) {
		t := ts[i]
		k := d.m.Index(t)
		was := blocked[k]
		blocked[k] = true // room copies blocked: no copy here
		cut := d.room(pos, blocked) < open-1
		blocked[k] = was
		if cut {
			continue // it would cut off more water than its own cell
		}
		if e := expected(t, cells); e > bestE {
			best, bestE, found = t, e, true
		}
	}
	return best, found && (bestE > 0 || len(d.v.Own.Mines) < spareMines)
}

// answer is the sonar answer that tells the enemy least: the one that
// leaves it the most cells it already thought possible.
func (d *decider) answer() sonar.Command {
	as := d.v.Own.SonarAnswers
	pick := as[d.rng.IntN(len(as))]
	if d.lvl.plan && d.in != nil {
		cells := d.in.self.Cells()
		best := -1
		for _, a := range as {
			n := 0
			for _, c := range cells {
				if a[0].Holds(d.m, c) != a[1].Holds(d.m, c) {
					n++
				}
			}
			if n > best {
				best, pick = n, a
			}
		}
	}
	c := botOrder(sonar.TypeSonarAnswer, sonar.Captain)
	c.Facts = []sonar.Fact{pick[0], pick[1]}
	return c
}

// charge is the First Mate's gauge: the Captain's next need first.
func (d *decider) charge() (sonar.Command, bool) {
	prio := d.lvl.charges
	if d.lvl.hunt {
		// Lost enemy: the drone first, to find it.
		if cells := d.enemy(); len(cells) > 30 && d.lvl.detect {
			prio = append([]sonar.System{sonar.Torpedo, sonar.Drone}, prio...)
		}
	}
	for _, sys := range prio {
		for _, g := range d.v.Own.Gauges {
			if g.System == sys && g.Marks < g.Size {
				c := botOrder(sonar.TypeCharge, sonar.FirstMate)
				c.System = sys
				return c, true
			}
		}
	}
	return sonar.Command{}, false
}

// mark is the Engineer's symbol in the course's panel: never one that
// overloads the sheet if another will do; a planner also closes circuits
// (they repair themselves), spares the reactor and the colours the
// Captain needs.
func (d *decider) mark(panel chart.Dir) (sonar.Command, bool) {
	sheet := d.v.Own.Sheet
	marked := map[sonar.Circuit]int{}
	for _, s := range sheet {
		if s.Marked && s.Circuit != sonar.NoCircuit {
			marked[s.Circuit]++
		}
	}
	charged := map[sonar.System]bool{}
	for _, g := range d.v.Own.Gauges {
		charged[g.System] = g.Marks == g.Size
	}
	broken := map[sonar.Colour]bool{}
	for _, c := range d.v.Own.Broken {
		broken[c] = true
	}
	bestScore, best := math.Inf(-1), -1
	for _, s := range sheet {
		if s.Panel != panel || s.Marked {
			continue
		}
		score := d.rng.Float64()
		if s.Damage != "" {
			score -= 100
		}
		if d.lvl.sheet {
			// A circuit's progress is worth a mark, but not a loaded
			// weapon's or silence's colour until the mark closes it.
			ready := s.Colour == sonar.RedSymbol && (charged[sonar.Torpedo] || charged[sonar.Mine]) ||
				s.Colour == sonar.YellowSymbol && charged[sonar.Silence]
			if s.Circuit != sonar.NoCircuit && (!ready || marked[s.Circuit] == 3) {
				score += 6 + 4*float64(marked[s.Circuit])
			}
			switch {
			case s.Circuit != sonar.NoCircuit && marked[s.Circuit] == 3:
				score += 10 // closes the circuit: it repairs itself, nothing breaks
			case s.Colour == sonar.RadiationSymbol:
				score -= 5
			case broken[s.Colour]:
				score += 3 // that system is down already
			case s.Colour == sonar.RedSymbol && (charged[sonar.Torpedo] || charged[sonar.Mine]):
				score -= 12 // the Captain's weapon is ready: keep it
			case s.Colour == sonar.RedSymbol:
				score -= 4
			case s.Colour == sonar.YellowSymbol && charged[sonar.Silence]:
				score -= 8
			case s.Colour == sonar.YellowSymbol:
				score -= 2
			}
		}
		if score > bestScore {
			bestScore, best = score, s.Index
		}
	}
	if best < 0 {
		return sonar.Command{}, false
	}
	c := botOrder(sonar.TypeMark, sonar.Engineer)
	c.Panel, c.Symbol = panel, best
	return c, true
}

// place is the secret start: open water, away from the edges for a planner.
func (d *decider) place() sonar.Command {
	var cells []chart.Cell
	bestOpen := 0
	open := map[chart.Cell]int{}
	for _, c := range d.m.WaterCells() {
		n := 0
		for dr := -2; dr <= 2; dr++ {
			for dc := -2; dc <= 2; dc++ {
				if d.m.Water(chart.Cell{Col: c.Col + dc, Row: c.Row + dr}) {
					n++
				}
			}
		}
		open[c] = n
		bestOpen = max(bestOpen, n)
	}
	least := 10
	if d.lvl.plan {
		least = bestOpen - 3
	}
	for _, c := range d.m.WaterCells() {
		if open[c] >= least {
			cells = append(cells, c)
		}
	}
	if len(cells) == 0 {
		cells = d.m.WaterCells()
	}
	c := botOrder(sonar.TypePlace, sonar.Captain)
	c.Cell = cells[d.rng.IntN(len(cells))]
	return c
}

// sectionShapes are the four sections' outlines as the pages draw them
// (static/js/sonar/surface.js), in the TraceWidth x TraceHeight box.
var sectionShapes = [sonar.SurfaceSections][]sonar.TracePoint{
	{{40, 90}, {95, 40}, {260, 40}, {260, 140}, {95, 140}},
	{{40, 70}, {110, 70}, {110, 25}, {190, 25}, {190, 70}, {260, 70}, {260, 150}, {40, 150}},
	{{40, 50}, {130, 50}, {150, 28}, {170, 50}, {260, 50}, {260, 145}, {40, 145}},
	{{40, 45}, {200, 45}, {240, 75}, {270, 50}, {270, 130}, {240, 105}, {200, 135}, {40, 135}},
}

// strayTolerance is how far from the outline a traced point may stray
// before a bot Engineer rejects the section: the page's own tolerance (18)
// and a little more, since a finger is not a pen.
const strayTolerance = 24

// surfacing secures the sections this seat's roles owe, at the crew's
// pace, then the Captain dives (real time; turn-based crews dive by
// themselves).
func (d *decider) surfacing() (sonar.Command, bool) {
	sf := d.v.Own.Surfacing
	if d.rules.Mode != sonar.RealTime || !d.awake {
		return sonar.Command{}, false
	}
	if sf.Inspected {
		return botOrder(sonar.TypeDive, sonar.Captain), d.has(sonar.Captain)
	}
	secure := func(r sonar.Role, section int) (sonar.Command, bool) {
		c := botOrder(sonar.TypeSecure, r)
		c.Section = section
		c.Trace = append(slices.Clone(sectionShapes[section-1]), sectionShapes[section-1][0])
		return c, true
	}
	owes := func(r sonar.Role) bool {
		for i := range sf.Sections {
			if sf.Sections[i] != nil && *sf.Sections[i] == r || sf.Redo[i] != nil && *sf.Redo[i] == r {
				return true
			}
		}
		return false
	}
	for _, r := range d.v.Roles {
		for i, by := range sf.Redo {
			if by != nil && *by == r {
				return secure(r, i+1)
			}
		}
	}
	for _, r := range d.v.Roles {
		// The Engineer starts; when the sheet passes hand to hand, only its
		// holder traces.
		if owes(r) || sf.EngineerFirst && r != sonar.Engineer || sf.Holder != nil && *sf.Holder != r {
			continue
		}
		for i := range sf.Sections {
			if sf.Sections[i] == nil && sf.Redo[i] == nil {
				return secure(r, i+1)
			}
		}
	}
	return sonar.Command{}, false
}

// inspect judges the enemy's traced sheet: the first section with a point
// far off its outline is rejected while rejections are left; else it passes.
func (d *decider) inspect() sonar.Command {
	in := d.v.Own.Inspect
	c := botOrder(sonar.TypeInspect, sonar.Engineer)
	c.OK = true
	if in.RejectionsLeft <= 0 {
		return c
	}
	for i, s := range in.Sections {
		if stray(s.Trace, sectionShapes[i]) {
			c.OK, c.Section = false, i+1
			return c
		}
	}
	return c
}

// stray reports whether a trace leaves its outline's channel.
func stray(t sonar.Trace, shape []sonar.TracePoint) bool {
	if len(t) < 2 {
		return true
	}
	for _, p := range t {
		best := math.Inf(1)
		for i := range shape {
			a, b := shape[i], shape[(i+1)%len(shape)]
			best = min(best, segmentDistance(p, a, b))
		}
		if best > strayTolerance {
			return true
		}
	}
	return false
}

func segmentDistance(p, a, b sonar.TracePoint) float64 {
	px, py := float64(p[0]), float64(p[1])
	ax, ay, bx, by := float64(a[0]), float64(a[1]), float64(b[0]), float64(b[1])
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/l))
	}
	return math.Hypot(px-(ax+t*dx), py-(ay+t*dy))
}
