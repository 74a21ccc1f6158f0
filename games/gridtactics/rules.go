package gridtactics

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"periscope/games"
)

// setup places all of seat's units at once. When both players have placed,
// the die decides who starts.
func (g *Game) setup(seat int, place map[string]string) ([]games.Event, error) {
	if g.placed[seat] {
		return nil, games.Refuse("already_placed", "you have already placed your units")
	}
	rows := "your back row"
	if g.opts.setupRows() == 2 {
		rows = "your two back rows"
	}
	keys := make([]string, 0, len(place))
	for k := range place {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	type placement struct {
		sq   Square
		kind Kind
	}
	var ps []placement
	seen := map[Square]bool{}
	counts := map[Kind]int{}
	for _, k := range keys {
		sq, err := g.square(k)
		if err != nil {
			return nil, err
		}
		if !g.canSetUpOn(seat, sq) {
			return nil, games.Refuse("not_setup_square", "%s is not on %s", sq, rows)
		}
		if seen[sq] {
			return nil, games.Refuse("square_named_twice", "%s is named twice", sq)
		}
		seen[sq] = true
		kind, ok := parseKind(place[k])
		if !ok {
			return nil, games.Refuse("not_a_unit", "%s is not a unit: use soldier, tank or artillery", quote(place[k]))
		}
		counts[kind]++
		ps = append(ps, placement{sq, kind})
	}
	for _, a := range army {
		if counts[a.kind] != a.count {
			return nil, games.Refuse("wrong_army", "place 3 soldiers, 2 tanks and 2 artillery on %s (you placed %s)", rows, describe(counts))
		}
	}

	sort.Slice(ps, func(i, j int) bool {
		if ps[i].sq.Rank != ps[j].sq.Rank {
			return ps[i].sq.Rank < ps[j].sq.Rank
		}
		return ps[i].sq.File < ps[j].sq.File
	})
	// Units are numbered by kind in the order of their squares.
	next := seat * armySize
	for _, a := range army {
		for _, p := range ps {
			if p.kind == a.kind {
				u := &g.units[next]
				u.at, u.alive, u.hidden = p.sq, true, g.opts.HiddenSetup
				g.grid[g.cell(p.sq)] = int8(next)
				next++
			}
		}
	}
	g.placed[seat] = true
	evs := []games.Event{{Text: names[seat] + " has placed its units", Kind: "setup"}}
	if g.placed[1-seat] {
		evs = append(evs, g.firstTurn()...)
	}
	return evs, nil
}

func describe(counts map[Kind]int) string {
	var parts []string
	for _, a := range army {
		n := counts[a.kind]
		name := a.kind.String()
		if n != 1 && a.kind != Artillery {
			name += "s"
		}
		parts = append(parts, fmt.Sprintf("%d %s", n, name))
	}
	return strings.Join(parts, ", ")
}

// firstTurn rolls the die for both players until one rolls higher; that
// player starts.
func (g *Game) firstTurn() []games.Event {
	var evs []games.Event
	for {
		r := [2]int{g.d6(), g.d6()}
		text := fmt.Sprintf("Red rolls %d, Blue rolls %d for the first turn", r[Red], r[Blue])
		data, _ := json.Marshal(map[string]int{"red": r[Red], "blue": r[Blue]})
		if r[Red] == r[Blue] {
			evs = append(evs, games.Event{Text: text + ": a tie, roll again", Kind: "first_roll", Data: data})
			continue
		}
		g.turn = Red
		if r[Blue] > r[Red] {
			g.turn = Blue
		}
		evs = append(evs, games.Event{Text: fmt.Sprintf("%s: %s goes first", text, names[g.turn]), Kind: "first_roll", Data: data})
		break
	}
	g.phase = playing
	g.turns, g.first = 1, g.turn
	return evs
}

// canAct checks that unit u has not acted this turn.
func (g *Game) canAct(u int) error {
	if g.units[u].spent {
		return games.Refuse("already_acted", "your %s on %s has already acted this turn", g.units[u].kind, g.units[u].at)
	}
	return nil
}

// move is a unit's move action (for artillery, the move part of its turn).
func (g *Game) move(u int, toText string) ([]games.Event, error) {
	if err := g.canAct(u); err != nil {
		return nil, err
	}
	if g.units[u].kind == Artillery && g.open == u && g.openMoved {
		return nil, games.Refuse("already_moved", "your artillery on %s has already moved this turn", g.units[u].at)
	}
	to, err := g.square(toText)
	if err != nil {
		return nil, err
	}
	if err := g.checkMove(u, to); err != nil {
		return nil, err
	}
	g.activate(u)
	ev := g.relocate(u, to)
	if g.units[u].kind == Artillery {
		g.openMoved = true
		g.finishArtillery()
	} else {
		g.units[u].spent = true
	}
	return []games.Event{ev}, nil
}

// relocate moves u, turning it face up.
func (g *Game) relocate(u int, to Square) games.Event {
	un := &g.units[u]
	from := un.at
	g.grid[g.cell(from)] = -1
	g.grid[g.cell(to)] = int8(u)
	un.at, un.hidden = to, false
	data, _ := json.Marshal(map[string]any{"seat": un.owner, "from": from.String(), "to": to.String(), "kind": un.kind.String()})
	return games.Event{
		Text: fmt.Sprintf("%s %s moves from %s to %s", names[un.owner], un.kind, from, to),
		Kind: "move",
		Data: data,
	}
}

// reach lists the squares u's move can end on: paths of empty squares,
// diagonal steps for soldiers only.
func (g *Game) reach(u int) []Square {
	un := g.units[u]
	switch un.kind {
	case Soldier:
		return g.paths(un.at, kingSteps, 3)
	case Tank:
		return g.paths(un.at, orthogonal, 2)
	}
	return g.paths(un.at, orthogonal, 1)
}

// paths is a breadth-first search over empty squares up to depth steps.
// Boards have at most 64 squares, so a bit set per square index (see cell)
// holds the squares seen; reading it in index order sorts the answer.
func (g *Game) paths(from Square, steps []Square, depth int) []Square {
	var seen, frontier uint64
	start := uint64(1) << g.cell(from)
	seen, frontier = start, start
	for range depth {
		var next uint64
		for c := range g.size * g.size {
			if frontier&(1<<c) == 0 {
				continue
			}
			s := Square{c % g.size, c / g.size}
			for _, d := range steps {
				n := s.add(d)
				if !g.empty(n) {
					continue
				}
				if bit := uint64(1) << g.cell(n); seen&bit == 0 {
					seen |= bit
					next |= bit
				}
			}
		}
		frontier = next
	}
	var out []Square
	for c := range g.size * g.size {
		if seen&^start&(1<<c) != 0 {
			out = append(out, Square{c % g.size, c / g.size})
		}
	}
	return out
}

func sortSquares(s []Square) {
	sort.Slice(s, func(i, j int) bool {
		if s[i].Rank != s[j].Rank {
			return s[i].Rank < s[j].Rank
		}
		return s[i].File < s[j].File
	})
}

// checkMove explains why u cannot move to sq, if it cannot.
func (g *Game) checkMove(u int, to Square) error {
	for _, s := range g.reach(u) {
		if s == to {
			return nil
		}
	}
	un := g.units[u]
	if to == un.at {
		return games.Refuse("already_there", "your %s is already on %s", un.kind, to)
	}
	if o := g.at(to); o >= 0 {
		if g.units[o].owner == un.owner {
			return games.Refuse("square_taken", "%s is taken by your %s", to, g.units[o].kind)
		}
		return games.Refuse("square_taken", "%s is taken by a %s unit", to, names[g.units[o].owner])
	}
	switch un.kind {
	case Soldier:
		if d := chebyshev(un.at, to); d > 3 {
			return games.Refuse("too_far", "a soldier moves at most 3 squares: %s to %s is %d", un.at, to, d)
		}
		return games.Refuse("path_blocked", "units block every path of 3 steps from %s to %s", un.at, to)
	case Tank:
		if d := manhattan(un.at, to); d > 2 {
			return games.Refuse("too_far", "a tank moves at most 2 squares orthogonally: %s to %s is %d", un.at, to, d)
		}
		return games.Refuse("path_blocked", "units block the tank's way from %s to %s", un.at, to)
	}
	return games.Refuse("too_far", "artillery moves 1 square orthogonally: %s to %s is not one step", un.at, to)
}

// inRange reports whether a kind of unit standing on from may attack to in
// this match.
func (g *Game) inRange(k Kind, from, to Square) bool {
	return reaches(k, g.opts.TankAttacksStraight, from, to)
}

// reaches reports whether a kind of unit standing on from may attack to.
// Soldiers attack any of the 8 neighbours, and so do tanks ("a unit 1
// space away", a diagonal counting as 1 space as for soldiers), or only an
// orthogonal neighbour under the house option; artillery a square exactly 2
// away (Chebyshev, over anything between).
func reaches(k Kind, straightTank bool, from, to Square) bool {
	switch {
	case k == Soldier:
		return chebyshev(from, to) == 1
	case k == Tank && straightTank:
		return manhattan(from, to) == 1
	case k == Tank:
		return chebyshev(from, to) == 1
	}
	return chebyshev(from, to) == 2
}

// targets are the enemy units a kind of unit of owner could attack from sq.
func (g *Game) targets(owner int, k Kind, from Square) []int {
	// In square order: unit order would tell face-down kinds apart.
	var out []int
	for _, i := range g.grid {
		if i >= 0 && g.units[i].owner != owner && g.inRange(k, from, g.units[i].at) {
			out = append(out, int(i))
		}
	}
	return out
}

// squares lists the board from A1, rank by rank.
func (g *Game) squares() []Square {
	out := make([]Square, 0, g.size*g.size)
	for r := range g.size {
		for f := range g.size {
			out = append(out, Square{f, r})
		}
	}
	return out
}

// shielders are the soldiers that put soldier t in Shield Formation: its
// friendly soldiers on any of the 8 neighbouring squares.
func (g *Game) shielders(t int) []int {
	tu := g.units[t]
	if tu.kind != Soldier {
		return nil
	}
	var out []int
	for i, f := range g.units {
		if i != t && f.alive && f.owner == tu.owner && f.kind == Soldier && chebyshev(f.at, tu.at) == 1 {
			out = append(out, i)
		}
	}
	return out
}

// needs is the roll attacker a needs to hit t, Shield Formation included.
func (g *Game) needs(a, t int) (n int, shield bool) {
	n = hitsOn(g.units[a].kind)
	if len(g.shielders(t)) > 0 {
		return min(n+shieldBonus, maxNeed), true
	}
	return n, false
}

// attack is every attack: a soldier's, a tank's combat action (with its
// optional 1-square move first) and artillery fire (with its move first when
// toText is given).
func (g *Game) attack(u int, toText, targetText string) ([]games.Event, error) {
	if err := g.canAct(u); err != nil {
		return nil, err
	}
	un := g.units[u]
	if un.kind == Tank && toText == "" && !g.opts.TankAttackInPlace {
		return nil, games.Refuse("tank_must_move", "a tank's combat action is to move 1 square orthogonally and then attack: name the square your tank on %s moves to first", un.at)
	}
	isOpen := un.kind == Artillery && g.open == u
	if isOpen && g.openFired {
		return nil, games.Refuse("already_fired", "your artillery on %s has already fired this turn", un.at)
	}
	from := un.at
	if toText != "" {
		to, err := g.square(toText)
		if err != nil {
			return nil, err
		}
		if un.kind == Tank {
			if manhattan(un.at, to) != 1 {
				return nil, games.Refuse("too_far", "a tank's combat move is 1 square orthogonally: %s to %s is not one step", un.at, to)
			}
			if !g.empty(to) {
				return nil, games.Refuse("square_taken", "%s is taken", to)
			}
		} else {
			if isOpen && g.openMoved {
				return nil, games.Refuse("already_moved", "your artillery on %s has already moved this turn", un.at)
			}
			if err := g.checkMove(u, to); err != nil {
				return nil, err
			}
		}
		from = to
	}
	tsq, err := g.square(targetText)
	if err != nil {
		return nil, err
	}
	t := g.at(tsq)
	switch {
	case t < 0:
		return nil, games.Refuse("no_target", "there is no unit on %s to attack", tsq)
	case g.units[t].owner == un.owner:
		return nil, games.Refuse("own_unit", "the %s on %s is your own", g.units[t].kind, tsq)
	case !g.inRange(un.kind, from, tsq):
		return nil, rangeError(un.kind, g.opts.TankAttacksStraight, from, tsq, toText != "")
	}

	g.activate(u)
	var evs []games.Event
	if toText != "" {
		evs = append(evs, g.relocate(u, from))
	}
	fired, hit, needs := g.fire(u, t, false)
	evs = append(evs, fired...)
	if g.phase == over {
		return evs, nil
	}
	if un.kind != Artillery {
		g.units[u].spent = true
		return evs, nil
	}
	g.openFired = true
	if toText != "" {
		g.openMoved = true
	}
	if !hit {
		g.pending = &shot{attacker: u, target: t, needs: needs}
	}
	g.finishArtillery()
	return evs, nil
}

func rangeError(k Kind, straightTank bool, from, to Square, moved bool) error {
	where := ""
	if moved {
		where = fmt.Sprintf("after moving to %s, ", from)
	}
	switch k {
	case Soldier:
		return games.Refuse("out_of_range", "a soldier attacks only an adjacent enemy: %s is %d squares from %s", to, chebyshev(from, to), from)
	case Tank:
		if straightTank {
			return games.Refuse("out_of_range", "%sa tank attacks only an enemy on an orthogonally neighbouring square (house rule), and %s is not next to %s along a row or column", where, to, from)
		}
		return games.Refuse("out_of_range", "%sa tank attacks only an enemy 1 square away, and %s is not next to %s", where, to, from)
	}
	return games.Refuse("out_of_range", "%sartillery fires at exactly 2 squares away: %s is %d from %s", where, to, chebyshev(from, to), from)
}

// fire rolls one attack of a on t and removes t on a hit. The attacker is
// turned face up (it attacked); a face-down target stays face down, as the
// rulebook reveals a unit only when it moves or attacks: the Shield
// Formation bonus still applies, but the roll says neither the number
// needed nor the formation, which would tell a soldier from the rest.
func (g *Game) fire(a, t int, second bool) (evs []games.Event, hit bool, needs int) {
	needs, shield := g.needs(a, t)
	g.units[a].hidden = false
	secret := g.units[t].hidden
	roll := g.d6()
	hit = roll >= needs
	verb := "attacks"
	switch {
	case second:
		verb = "fires again at"
	case g.units[a].kind == Artillery:
		verb = "fires at"
	}
	note, result := "", "MISS"
	if shield {
		note = " in Shield Formation"
	}
	if hit {
		result = "HIT"
	}
	r := Roll{
		Seat:     g.units[a].owner,
		Text:     fmt.Sprintf("%s %s %s%s: needs %d+, rolled %d: %s", g.label(a), verb, g.label(t), note, needs, roll, result),
		Roll:     roll,
		Needs:    needs,
		Hit:      hit,
		Attacker: g.units[a].at.String(),
		Target:   g.units[t].at.String(),
		Shield:   shield,
		Second:   second,

		AttackerKind: g.units[a].kind.String(),
		TargetKind:   g.units[t].kind.String(),
	}
	if secret {
		r.Text = fmt.Sprintf("%s %s %s: rolled %d: %s", g.label(a), verb, g.label(t), roll, result)
		r.Needs, r.Shield = 0, false
		r.TargetKind = "unit"
	}
	g.lastFight = g.turns
	data, _ := json.Marshal(r)
	evs = append(evs, games.Event{Text: r.Text, Kind: "roll", Data: data})
	if !hit {
		return evs, false, needs
	}
	g.units[t].alive = false
	g.grid[g.cell(g.units[t].at)] = -1
	loser := g.units[t].owner
	// The square and owner let a page mark the loss on the board; the kind
	// only where the roll told it (a face-down unit stays "unit").
	lostKind := r.TargetKind
	lost, _ := json.Marshal(map[string]any{"at": g.units[t].at.String(), "owner": loser, "kind": lostKind})
	evs = append(evs, games.Event{
		Text: fmt.Sprintf("%s is destroyed", g.label(t)),
		Kind: "destroyed",
		Data: lost,
	})
	if g.count(loser) == 0 {
		w := 1 - loser
		evs = append(evs, g.finish(games.Outcome{
			Winners: []int{w},
			Reason:  fmt.Sprintf("%s has no units left: %s wins", names[loser], names[w]),
			Scores:  map[int]int{w: 3, loser: 0},
			Kind:    "destroyed",
		}))
	}
	return evs, true, needs
}

// secondAttack fires the missed artillery again at the same target.
func (g *Game) secondAttack() ([]games.Event, error) {
	p := g.pending
	if p == nil {
		return nil, games.Refuse("no_missed_attack", "there is no missed artillery attack to repeat")
	}
	g.pending = nil
	evs, _, _ := g.fire(p.attacker, p.target, true)
	if g.phase != over {
		g.finishArtillery()
	}
	return evs, nil
}

func (g *Game) declineSecond() ([]games.Event, error) {
	p := g.pending
	if p == nil {
		return nil, games.Refuse("no_missed_attack", "there is no missed artillery attack to decline")
	}
	g.pending = nil
	g.finishArtillery()
	return []games.Event{{Text: g.label(p.attacker) + " does not fire again", Kind: "decline"}}, nil
}

// endTurn hands over: the other player's units are all ready again.
func (g *Game) endTurn() []games.Event {
	g.closeOpen()
	prev := g.turn
	if g.turns >= TurnLimit {
		return []games.Event{g.finishOnUnits("turn_limit", fmt.Sprintf("The last turn (%d) is over", TurnLimit))}
	}
	g.turn = 1 - prev
	g.turns++
	for i := range g.units {
		if g.units[i].owner == g.turn {
			g.units[i].spent = false
		}
	}
	return []games.Event{{Text: fmt.Sprintf("%s ends the turn: %s to play", names[prev], names[g.turn]), Kind: "turn"}}
}

// activate makes u the acting unit; an artillery still open is done.
func (g *Game) activate(u int) {
	if g.open >= 0 && g.open != u {
		g.closeOpen()
	}
	if g.units[u].kind == Artillery && g.open != u {
		g.open, g.openMoved, g.openFired = u, false, false
	}
}

// finishArtillery closes the open artillery once it has moved and fired.
func (g *Game) finishArtillery() {
	if g.open >= 0 && g.openMoved && g.openFired && g.pending == nil {
		g.closeOpen()
	}
}

func (g *Game) closeOpen() {
	if g.open >= 0 {
		g.units[g.open].spent = true
	}
	g.open, g.openMoved, g.openFired = -1, false, false
}
