package pocketsub

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strings"

	"periscope/games"
)

// Budget is a Sub's movement points in a turn; a Strong Current adds one.
const Budget = 3

// maxSteps is the longest path: 4 points, 1 point a step.
const maxSteps = Budget + 1

// What happens on a trip, in order.
const (
	hKill     = iota + 1 // a Hero Sub destroys an enemy Sub and sails on
	hTrade               // the Sub rams an enemy Sub: both destroyed
	hHero                // the Sub rams an enemy Hero Sub and is destroyed
	hMine                // the Sub enters an enemy Mine: both destroyed
	hCC                  // the Sub enters an enemy Command Centre: destroyed
	hOwnMine             // the Sub ends on its side's Mine: both destroyed
	hOwnSub              // the Sub ends on its side's Sub: both destroyed
	hStuck               // the Sub cannot spend all its points: destroyed
	hNoMine              // the Sub has nowhere to lay its Mine: destroyed
	hNoSupply            // its player has no Mine left to lay: destroyed
	hShelter             // it cannot finish its turn, but its Command Centre shelters it
)

// Loss codes, as views name why a Sub is destroyed.
var lossCodes = map[int]string{
	hTrade: "enemy_sub", hHero: "enemy_hero", hMine: "enemy_mine", hCC: "enemy_cc",
	hOwnMine: "own_mine", hOwnSub: "own_sub", hStuck: "stuck", hNoMine: "no_mine", hNoSupply: "no_mines_left",
}

type happening struct {
	what  int
	at    Region
	other int // the other Sub (index), or the Mine's or Command Centre's owner; -1 for none
}

// trip is one Sub's move worked out against the board without changing
// it: the regions entered, the pieces destroyed on the way, whether the Sub
// survives and whether the match ends. It is a value: copying it branches
// the search for every legal path.
type trip struct {
	g      *Game
	sub    int
	owner  int
	hero   bool
	tokens tokenSet
	start  Region
	at     Region
	budget int // the points it has this turn: 3, or 4 with a Strong Current
	left   int
	// spare is how many of the points left the Sub may leave unused: 1
	// with a Strong Current that allows a 4th point, else 0.
	spare int

	path  [maxSteps]Region
	steps int

	// deferred: the Sub entered the last region under a token's safe
	// passage; if it ends there, the normal rules still apply.
	deferred bool
	dead     bool
	lost     int // the happening that destroyed the Sub
	over     bool
	winner   int // the winning team once over; -1 for a draw

	goneSubs  uint64 // bit i: Sub i destroyed on this trip
	goneMines [2]Region
	nGone     int
	log       [8]happening
	nLog      int
}

func (g *Game) newTrip(sub int, tokens tokenSet) trip {
	u := g.subs[sub]
	t := trip{g: g, sub: sub, owner: u.owner, tokens: tokens, start: u.at, at: u.at, budget: Budget, winner: -1}
	if tokens&tokCurrent != 0 {
		t.budget++
		if g.opts.StrongCurrent == CurrentAllows {
			t.spare = 1
		}
	}
	t.left = t.budget
	t.hero = g.liveSubs(u.owner) == 1
	return t
}

func (t *trip) pathSlice() []Region { return t.path[:t.steps] }

func (t *trip) visited(r Region) bool {
	for _, p := range t.path[:t.steps] {
		if p == r {
			return true
		}
	}
	return false
}

func (t *trip) subGone(i int) bool { return t.goneSubs&(1<<i) != 0 }

// subAlive reports whether Sub i is in play at this point of the trip.
func (t *trip) subAlive(i int) bool {
	if i == t.sub {
		return !t.dead
	}
	return t.g.subs[i].alive && !t.subGone(i)
}

func (t *trip) mineAt(r Region) int {
	m := int(t.g.mineAt[r])
	for _, gm := range t.goneMines[:t.nGone] {
		if gm == r {
			return -1
		}
	}
	return m
}

func (t *trip) liveSubs(seat int) int {
	n := 0
	for i, u := range t.g.subs {
		if u.owner == seat && t.subAlive(i) {
			n++
		}
	}
	return n
}

// subsAt is the set of live Subs on r other than the mover: bit i for
// Sub i (a set, not a list: the bots ask it of thousands of paths).
func (t *trip) subsAt(r Region) uint64 {
	var out uint64
	for i, u := range t.g.subs {
		if i != t.sub && u.at == r && t.subAlive(i) {
			out |= 1 << i
		}
	}
	return out
}

func (t *trip) note(what int, at Region, other int) {
	if t.nLog < len(t.log) {
		t.log[t.nLog] = happening{what, at, other}
		t.nLog++
	}
}

func (t *trip) die(what int, at Region, other int) {
	t.dead = true
	t.lost = what
	t.note(what, at, other)
	t.checkOver()
}

func (t *trip) removeSub(i int) { t.goneSubs |= 1 << i }

func (t *trip) removeMine(r Region) {
	t.goneMines[t.nGone] = r
	t.nGone++
}

// checkOver ends the match on this trip when only one side has Subs left.
func (t *trip) checkOver() {
	var teams uint8 // bit k: team k has a Sub in play
	for i, u := range t.g.subs {
		if t.subAlive(i) {
			teams |= 1 << t.g.team[u.owner]
		}
	}
	switch {
	case teams == 0:
		t.over, t.winner = true, -1
	case teams&(teams-1) == 0:
		t.over, t.winner = true, bits.TrailingZeros8(teams)
	}
}

// nextRegions are the regions one step may reach from r: its neighbours,
// and from a deep region every deep region on another tile it may run to.
func (g *Game) nextRegions(r Region, buf []Region) []Region {
	buf = append(buf[:0], g.board.adj[r]...)
	if !g.deep(r) {
		return buf
	}
	for t := range g.board.tiles {
		c := regionAt(t, 0)
		if t != r.tile() && g.deep(c) && g.mayRunDeep(r, c) {
			buf = append(buf, c)
		}
	}
	return buf
}

// mayRunDeep reports whether running deep from a to b is allowed by the
// table's option: to any other tile, or only to a neighbouring one.
func (g *Game) mayRunDeep(a, b Region) bool {
	if g.opts.RunningDeep == RunDeepAny {
		return true
	}
	at := g.board.tiles[a.tile()].at
	for _, d := range directions {
		if at.add(d) == g.board.tiles[b.tile()].at {
			return true
		}
	}
	return false
}

// stepCode is "" when the Sub may enter r next, with the points it costs,
// or the rule code that forbids it.
func (t *trip) stepCode(r Region) (int, string) {
	g := t.g
	var cost int
	switch {
	case r == t.start:
		return 0, "back_to_start"
	case t.visited(r):
		return 0, "region_twice"
	case g.board.adjacent(t.at, r):
		cost = g.board.terrain(r).cost()
	case g.deep(t.at) && g.deep(r) && t.at.tile() != r.tile():
		if !g.mayRunDeep(t.at, r) {
			return 0, "run_deep_too_far"
		}
		cost = RunDeepCost
	case g.deep(r) && r.tile() != t.at.tile():
		return 0, "run_deep_from_shallow"
	default:
		return 0, "not_adjacent"
	}
	if cost > t.left {
		return cost, "not_enough_points"
	}
	return cost, ""
}

// mayStop reports whether the Sub has spent the points it must.
func (t *trip) mayStop() bool { return t.left <= t.spare }

// sheltered reports whether the Sub, still afloat, stands in its side's
// Command Centre, where (with the rulebook's reading) it cannot be
// destroyed.
func (t *trip) sheltered() bool {
	if t.dead || t.g.opts.Shelter != ShelterAll {
		return false
	}
	c := t.g.ccAt(t.at)
	return c >= 0 && t.g.friends(c, t.owner)
}

// canGoOn reports whether the Sub has any legal step left.
func (t *trip) canGoOn() bool {
	if t.dead || t.over || t.left == 0 {
		return false
	}
	var buf [24]Region
	for _, r := range t.g.nextRegions(t.at, buf[:0]) {
		if _, code := t.stepCode(r); code == "" {
			return true
		}
	}
	return false
}

// step enters r, which stepCode allowed.
func (t *trip) step(r Region, cost int) {
	t.left -= cost
	t.path[t.steps] = r
	t.steps++
	t.at = r
	t.deferred = false
	t.enter(r, false)
}

// enter resolves what the Sub meets on entering r. At the end of the move
// (final) the tokens' safe passage no longer applies.
func (t *trip) enter(r Region, final bool) {
	g := t.g
	if c := g.ccAt(r); c >= 0 {
		if g.friends(c, t.owner) {
			return
		}
		if t.tokens&tokMap != 0 && !final {
			t.deferred = true
			return
		}
		t.die(hCC, r, c)
		return
	}
	if m := t.mineAt(r); m >= 0 && !g.friends(m, t.owner) {
		if t.tokens&tokIntel != 0 && !final {
			t.deferred = true
			return
		}
		t.removeMine(r)
		t.die(hMine, r, m)
		return
	}
	for set := t.subsAt(r); set != 0; set &= set - 1 {
		e := bits.TrailingZeros64(set)
		owner := g.subs[e].owner
		if g.friends(owner, t.owner) {
			continue
		}
		if t.tokens&tokIntel != 0 && !final {
			t.deferred = true
			return
		}
		switch {
		case t.hero:
			t.removeSub(e)
			t.note(hKill, r, e)
			t.checkOver()
		case t.liveSubs(owner) == 1:
			t.die(hHero, r, e)
		default:
			t.removeSub(e)
			t.die(hTrade, r, e)
		}
		return
	}
}

// end resolves where the Sub stops: a token's safe passage ends, and
// ending on its own side's Mine or Sub destroys both (but not in its
// side's Command Centre). A Sub that could not spend every point is
// destroyed.
func (t *trip) end() {
	if t.dead || t.over {
		return
	}
	g := t.g
	if t.deferred {
		t.deferred = false
		t.enter(t.at, true)
		if t.dead || t.over {
			return
		}
	}
	if t.steps > 0 {
		if m := t.mineAt(t.at); m >= 0 && g.friends(m, t.owner) {
			t.removeMine(t.at)
			t.die(hOwnMine, t.at, m)
			return
		}
		if c := g.ccAt(t.at); c < 0 || !g.friends(c, t.owner) {
			for set := t.subsAt(t.at); set != 0; set &= set - 1 {
				o := bits.TrailingZeros64(set)
				if g.friends(g.subs[o].owner, t.owner) {
					t.removeSub(o)
					t.die(hOwnSub, t.at, o)
					return
				}
			}
		}
	}
	if !t.mayStop() {
		if t.sheltered() {
			t.note(hShelter, t.at, hStuck)
			return
		}
		t.die(hStuck, t.at, -1)
	}
}

// mineSpots are the regions where the Mine may go once the move is over:
// empty shallow or rocky regions the Sub moved out of. There are none when
// the match has ended or the player has no Mine left.
func (t *trip) mineSpots() []Region {
	if t.over || t.g.mines[t.owner] == 0 {
		return nil
	}
	var out []Region
	for _, r := range t.movedOutOf() {
		if t.mineCode(r) == "" {
			out = append(out, r)
		}
	}
	return out
}

// hasMineSpot reports whether mineSpots would list any, without listing
// them (the bots ask it of thousands of paths a move).
func (t *trip) hasMineSpot() bool {
	if t.over || t.g.mines[t.owner] == 0 || t.steps == 0 {
		return false
	}
	if t.mineCode(t.start) == "" {
		return true
	}
	for _, r := range t.path[:t.steps-1] {
		if t.mineCode(r) == "" {
			return true
		}
	}
	return false
}

// movedOutOf lists the regions the Sub left: its start and every region
// of the path but the last.
func (t *trip) movedOutOf() []Region {
	if t.steps == 0 {
		return nil
	}
	return append([]Region{t.start}, t.path[:t.steps-1]...)
}

// mineCode is "" when a Mine may go on r, which the Sub moved out of, or
// the rule code that forbids it.
func (t *trip) mineCode(r Region) string {
	g := t.g
	switch {
	case g.board.terrain(r) == Deep:
		return "mine_deep"
	case g.ccAt(r) >= 0 || t.mineAt(r) >= 0 || t.subsAt(r) != 0:
		return "mine_occupied"
	}
	return ""
}

// settle finishes the trip: the end of the move, then the Mine. A Sub
// that survives its move but cannot lay a Mine is destroyed.
func (t *trip) settle() []Region {
	t.end()
	spots := t.mineSpots()
	t.noMine(len(spots) > 0)
	return spots
}

// settleQuick is settle without the list of Mine spots.
func (t *trip) settleQuick() {
	t.end()
	t.noMine(t.hasMineSpot())
}

// noMine destroys a Sub that survived its move with nowhere to lay its
// Mine (spot is false), unless its Command Centre shelters it.
func (t *trip) noMine(spot bool) {
	if !spot && !t.dead && !t.over {
		if t.sheltered() {
			// "While one of your Subs is in the region with your own
			// Command Centre, the Sub cannot be destroyed": no Mine.
			cause := hNoMine
			if t.g.mines[t.owner] == 0 {
				cause = hNoSupply
			}
			t.note(hShelter, t.at, cause)
			return
		}
		if t.g.mines[t.owner] == 0 {
			t.die(hNoSupply, t.at, -1)
		} else {
			t.die(hNoMine, t.at, -1)
		}
	}
}

// plan is one legal way to move a Sub this turn, fully worked out.
type plan struct {
	trip
	mines []Region
}

// plans lists every legal move of a Sub: every path, with the fewest
// tokens that allow it. Paths that destroy the Sub are included (the
// player may choose them; the page asks first).
func (g *Game) plans(sub int) []plan {
	var out []plan
	seen := map[[maxSteps + 1]Region]bool{}
	have := g.tokens[g.subs[sub].owner]
	// Fewer tokens first, so that each path keeps its cheapest way.
	var sets []tokenSet
	for n := 0; n <= 3; n++ {
		for s := tokenSet(0); s <= allTokens; s++ {
			if s.count() == n && s&^have == 0 {
				sets = append(sets, s)
			}
		}
	}
	for _, set := range sets {
		g.walk(g.newTrip(sub, set), func(p plan) {
			var key [maxSteps + 1]Region
			key[0] = Region(p.steps)
			copy(key[1:], p.pathSlice())
			if !seen[key] {
				seen[key] = true
				out = append(out, p)
			}
		})
	}
	return out
}

// walk visits every complete legal path that continues t.
func (g *Game) walk(t trip, visit func(plan)) {
	if !t.canGoOn() {
		mines := t.settle()
		visit(plan{trip: t, mines: mines})
		return
	}
	if t.steps > 0 && t.mayStop() {
		// A Strong Current allows a 4th point: stopping after 3 is legal.
		u := t
		mines := u.settle()
		visit(plan{trip: u, mines: mines})
	}
	var buf [24]Region
	for _, r := range g.nextRegions(t.at, buf[:0]) {
		cost, code := t.stepCode(r)
		if code != "" {
			continue
		}
		u := t
		u.step(r, cost)
		g.walk(u, visit)
	}
}

// move runs a move command: check it all on a trip, then carry it out.
func (g *Game) move(seat int, c Command) ([]games.Event, error) {
	i := g.subByID(c.Sub)
	switch {
	case i < 0:
		return nil, games.Refuse("unknown_sub", "There is no Sub %s: yours are %s.", quote(c.Sub), strings.Join(g.subLabels(seat), ", "))
	case !g.friends(g.subs[i].owner, seat):
		return nil, games.Refuse("not_your_sub", "%s is %s's Sub: move one of yours (%s).", g.subs[i].label, g.colours[g.subs[i].owner], strings.Join(g.subLabels(seat), ", "))
	case g.subs[i].owner != seat:
		return nil, games.Refuse("teammate_sub", "%s is your team-mate's Sub: on your turn you move only your own.", g.subs[i].label)
	case !g.subs[i].alive:
		return nil, games.Refuse("sub_destroyed", "%s has been destroyed: move %s.", g.subs[i].label, strings.Join(g.subLabels(seat), " or "))
	}
	var tokens tokenSet
	for _, name := range c.Tokens {
		b := tokenBit(name)
		if !g.opts.Captain {
			return nil, games.Refuse("no_expansion", "Tokens come with the Captain's mini expansion, which this match does not play.")
		}
		if g.tokens[seat]&b == 0 {
			return nil, games.Refuse("token_used", "You have already used your %s token: each is used once.", tokenTitle(name))
		}
		tokens |= b
	}
	t := g.newTrip(i, tokens)
	for _, name := range c.Path {
		r, err := g.region(name)
		if err != nil {
			return nil, err
		}
		if t.dead {
			return nil, games.Refuse("path_after_loss", "%s is destroyed on %s: its move ends there, so the path cannot go on to %s.", g.subs[i].label, g.board.name(t.at), g.board.name(r))
		}
		if t.over {
			return nil, games.Refuse("path_after_win", "The match is won on %s: the move ends there, so the path cannot go on to %s.", g.board.name(t.at), g.board.name(r))
		}
		cost, code := t.stepCode(r)
		if code != "" {
			return nil, g.stepRefusal(&t, r, cost, code)
		}
		t.step(r, cost)
	}
	if t.canGoOn() && !t.mayStop() {
		return nil, games.Refuse("path_short", "%s has %d movement point%s left on %s: every point must be used, so the path goes on.", g.subs[i].label, t.left, plural(t.left), g.board.name(t.at))
	}
	spots := t.settle()
	if err := g.checkMine(&t, spots, c.Mine); err != nil {
		return nil, err
	}
	return g.carryOut(&t, c.Mine), nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func tokenTitle(name string) string {
	switch name {
	case TokenIntel:
		return "Intelligence Report"
	case TokenMap:
		return "Map"
	}
	return "Strong Current"
}

func (g *Game) subLabels(seat int) []string {
	var out []string
	for _, u := range g.subs {
		if u.owner == seat && u.alive {
			out = append(out, u.label)
		}
	}
	return out
}

// stepRefusal phrases why the Sub may not enter r.
func (g *Game) stepRefusal(t *trip, r Region, cost int, code string) error {
	b := g.board
	from, to := b.name(t.at), b.name(r)
	switch code {
	case "back_to_start":
		return games.Refuse(code, "%s started this turn on %s: a Sub may not return to the region it started in.", g.subs[t.sub].label, to)
	case "region_twice":
		return games.Refuse(code, "%s already entered %s this turn: no region twice in one move.", g.subs[t.sub].label, to)
	case "run_deep_too_far":
		return games.Refuse(code, "%s is not on a tile next to %s: at this table, running deep reaches only a neighbouring tile.", to, from)
	case "run_deep_from_shallow":
		return games.Refuse(code, "%s is %s: running deep to %s starts from a deep region.", from, b.terrain(t.at), to)
	case "not_adjacent":
		return games.Refuse(code, "%s is not next to %s.", to, from)
	}
	what := b.terrain(r).String()
	if !b.adjacent(t.at, r) {
		what = "a run deep"
	}
	return games.Refuse("not_enough_points", "%s is %s: %d points, you have %d left.", to, what, cost, t.left)
}

// checkMine judges the command's Mine against the spots the move leaves.
func (g *Game) checkMine(t *trip, spots []Region, mine string) error {
	id := g.subs[t.sub].label
	if mine == "" {
		if len(spots) > 0 {
			return games.Refuse("mine_required", "Lay a Mine: %s may take one on %s.", id, g.names(spots, " or "))
		}
		return nil
	}
	r, err := g.region(mine)
	if err != nil {
		return err
	}
	for _, s := range spots {
		if s == r {
			return nil
		}
	}
	if t.over {
		return games.Refuse("mine_after_end", "The match ends during this move: no Mine is laid.")
	}
	if g.mines[t.owner] == 0 {
		return games.Refuse("no_mines_left", "You have laid all %d of your Mines: destroyed Mines are gone for good.", g.supply[t.owner])
	}
	out := t.movedOutOf()
	on := false
	for _, o := range out {
		on = on || o == r
	}
	if !on {
		if len(out) == 0 {
			return games.Refuse("mine_not_on_path", "%s did not move out of any region: there is nowhere to lay a Mine.", id)
		}
		if r == t.at {
			return games.Refuse("mine_not_on_path", "%s stopped on %s: a Mine goes in a region the Sub moved out of (%s).", id, g.board.name(r), g.names(out, ", "))
		}
		return games.Refuse("mine_not_on_path", "%s did not move out of %s this turn: a Mine goes on %s.", id, g.board.name(r), g.names(out, ", "))
	}
	if t.mineCode(r) == "mine_deep" {
		return games.Refuse("mine_deep", "%s is deep: Mines go only in shallow or rocky regions.", g.board.name(r))
	}
	what := "another piece"
	switch {
	case g.ccAt(r) >= 0:
		what = g.whose(g.ccAt(r), t.owner) + " Command Centre"
	case t.mineAt(r) >= 0:
		what = g.whose(t.mineAt(r), t.owner) + " Mine"
	default:
		for set := t.subsAt(r); set != 0; set &= set - 1 {
			o := bits.TrailingZeros64(set)
			what = g.subs[o].label
		}
	}
	return games.Refuse("mine_occupied", "%s holds %s: a Mine goes only in an empty region.", g.board.name(r), what)
}

func (g *Game) names(rs []Region, sep string) string {
	var out []string
	for _, r := range rs {
		out = append(out, g.board.name(r))
	}
	return strings.Join(out, sep)
}

// carryOut changes the game as the checked trip says.
func (g *Game) carryOut(t *trip, mine string) []games.Event {
	seat := t.owner
	u := &g.subs[t.sub]
	from := u.at
	var evs []games.Event
	for i := range g.subs {
		if t.subGone(i) {
			g.subs[i].alive = false
		}
	}
	for _, r := range t.goneMines[:t.nGone] {
		g.mineAt[r] = -1
	}
	if t.dead {
		u.alive = false
	} else {
		u.at = t.at
	}
	for _, n := range t.tokens.names() {
		g.tokens[seat] &^= tokenBit(n)
	}
	g.turns++

	var laid Region = NoRegion
	if mine != "" {
		laid, _ = g.board.parse(mine)
		g.mineAt[laid] = int8(seat)
		if g.mines[seat] > 0 {
			g.mines[seat]--
		}
	}
	if !g.silent {
		evs = g.moveEvents(t, from, laid)
	}
	if t.over {
		kind := "destroyed"
		if t.winner < 0 {
			kind = "draw"
		}
		evs = append(evs, g.finish(t.winner, kind, g.overReason(t)))
		return evs
	}
	if laid != NoRegion || t.dead || t.goneSubs != 0 {
		g.lively = true
	}
	evs = append(evs, g.endTurn()...)
	if g.quiet >= QuietRounds {
		evs = append(evs, g.stalemate())
	}
	return evs
}

// moveEvents are the events of a carried-out move: the move, then what
// happened on the way.
func (g *Game) moveEvents(t *trip, from, laid Region) []games.Event {
	seat := t.owner
	u := &g.subs[t.sub]
	var evs []games.Event
	names := []string{g.board.name(from)}
	for _, r := range t.pathSlice() {
		names = append(names, g.board.name(r))
	}
	text := fmt.Sprintf("%s moves %s", u.label, strings.Join(names, " → "))
	if t.steps == 0 {
		text = fmt.Sprintf("%s cannot move", u.label)
	}
	if len(t.tokens.names()) > 0 {
		var ts []string
		for _, n := range t.tokens.names() {
			ts = append(ts, tokenTitle(n))
		}
		text += " with the " + strings.Join(ts, " and ") + " token" + plural(len(ts))
	}
	if laid != NoRegion {
		text += fmt.Sprintf(" and lays a Mine on %s", g.board.name(laid))
	}
	data, _ := json.Marshal(moveData{Seat: seat, Sub: u.id, From: g.board.name(from), Path: names[1:], Mine: g.nameOr(laid), Tokens: t.tokens.names()})
	evs = append(evs, games.Event{Text: text + ".", Kind: "move", Data: data})
	for _, h := range t.log[:t.nLog] {
		kind := "destroyed"
		if h.what == hShelter {
			kind = "sheltered"
		}
		// Where it happened, so a page can mark the loss on the board.
		at, _ := json.Marshal(map[string]any{"seat": seat, "at": g.nameOr(h.at)})
		evs = append(evs, games.Event{Text: g.happened(t, h), Kind: kind, Data: at})
	}
	return evs
}

// moveData is a move event's data, for pages that animate it.
type moveData struct {
	Seat   int      `json:"seat"`
	Sub    string   `json:"sub"`
	From   string   `json:"from"`
	Path   []string `json:"path"`
	Mine   string   `json:"mine,omitempty"`
	Tokens []string `json:"tokens,omitempty"`
}

func (g *Game) nameOr(r Region) string {
	if r == NoRegion {
		return ""
	}
	return g.board.name(r)
}

// happened phrases one happening of a trip for the table.
func (g *Game) happened(t *trip, h happening) string {
	who := g.subs[t.sub].label
	at := g.board.name(h.at)
	other := func() string { return g.subs[h.other].label }
	switch h.what {
	case hKill:
		return fmt.Sprintf("Hero Sub %s destroys %s on %s and sails on.", who, other(), at)
	case hTrade:
		return fmt.Sprintf("%s rams %s on %s: both are destroyed.", who, other(), at)
	case hHero:
		return fmt.Sprintf("%s attacks Hero Sub %s on %s and is destroyed.", who, other(), at)
	case hMine:
		return fmt.Sprintf("%s hits %s's Mine on %s: both are destroyed.", who, g.colours[h.other], at)
	case hCC:
		return fmt.Sprintf("%s enters %s's Command Centre on %s and is destroyed.", who, g.colours[h.other], at)
	case hOwnMine:
		return fmt.Sprintf("%s ends its move on a friendly Mine (%s's) on %s: both are destroyed.", who, g.colours[h.other], at)
	case hOwnSub:
		return fmt.Sprintf("%s ends its move on %s on %s: both are destroyed.", who, other(), at)
	case hStuck:
		return fmt.Sprintf("%s cannot use all its movement points on %s and is destroyed.", who, at)
	case hNoMine:
		return fmt.Sprintf("%s has nowhere to lay its Mine and is destroyed.", who)
	case hShelter:
		// other is what would have destroyed the Sub anywhere else.
		switch h.other {
		case hStuck:
			return fmt.Sprintf("%s cannot use all its movement points, but in its own Command Centre it cannot be destroyed.", who)
		case hNoSupply:
			return fmt.Sprintf("%s has no Mines left to lay, but in its own Command Centre %s cannot be destroyed.", g.colours[t.owner], who)
		}
		return fmt.Sprintf("%s has nowhere to lay its Mine, but in its own Command Centre it cannot be destroyed.", who)
	default: // hNoSupply
		return fmt.Sprintf("%s has no Mines left to lay: %s is destroyed.", g.colours[t.owner], who)
	}
}

// why is the sentence a page shows before a move that destroys the Sub.
func (g *Game) why(t *trip) string {
	for _, h := range t.log[:t.nLog] {
		if h.what == t.lost {
			return g.happened(t, h)
		}
	}
	return ""
}

func (g *Game) overReason(t *trip) string {
	if t.winner < 0 {
		return "No Sub is left in play: the match is a draw."
	}
	if g.opts.Players == 4 {
		return fmt.Sprintf("%s have the last Subs in play and win.", g.teamName(t.winner))
	}
	return fmt.Sprintf("%s has the last Subs in play and wins.", g.teamName(t.winner))
}
