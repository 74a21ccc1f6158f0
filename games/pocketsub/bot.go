package pocketsub

import (
	"cmp"
	"encoding/json"
	"math"
	"math/bits"
	"slices"

	"periscope/games"
)

// BotCommand is the seat's next command when it is the seat to act, at
// the room's bot strength.
func (g *Game) BotCommand(seat int) (json.RawMessage, bool) {
	return g.BotCommandAt(seat, g.opts.BotLevel)
}

// BotCommandAt is the seat's next command at a strength (games.BotLearner,
// BotCrew or BotVeteran; anything else plays as crew). The bot plays
// through the same commands and the same legal lists as a player.
// Everything in Pocket Sub is on the table, so it reads the board as any
// seat sees it; it never looks at the seed.
//
// At every strength it plays like a careful person: it never loses a Sub
// of its side on a move when another move loses none, unless that move
// wins the match. Within that:
//   - a learner takes a win or a free kill when it sees one and otherwise
//     sails where it likes, laying its Mine towards the enemy, without
//     looking at what the enemy could do next turn;
//   - a crew scores every move and Mine: sinking enemy Subs; never ending
//     where an enemy Hero Sub (or, for a non-hero, any enemy Sub) can
//     reach it next turn; keeping a way out (above all for its Hero Sub);
//     threatening enemy Subs; laying Mines where enemy Subs must pass;
//   - a veteran also plays its best few moves out on a copy of the board
//     and prefers the one that leaves the enemy fewest safe moves and its
//     own fleet most.
func (g *Game) BotCommandAt(seat int, level string) (json.RawMessage, bool) {
	if seat < 0 || seat >= g.opts.Players || g.turn != seat {
		return nil, false
	}
	switch g.phase {
	case deploying, whirlpools:
		c, ok := g.botSetup(seat)
		if !ok {
			return nil, false
		}
		return c.Encode(), true
	case playing:
		c, ok := g.botMove(seat, level)
		if !ok {
			return nil, false
		}
		return c.Encode(), true
	}
	return nil, false
}

// hexDistance is the number of tile steps between two positions.
func hexDistance(a, b Hex) int {
	dq, dr := a.Q-b.Q, a.R-b.R
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func (g *Game) tileDistance(a, b Region) int {
	return hexDistance(g.board.tiles[a.tile()].at, g.board.tiles[b.tile()].at)
}

// botSetup picks a Command Centre far from the enemy's, Subs near its own
// Command Centre and away from enemy pieces, and a Whirlpool on the tile
// with the most enemy pieces.
func (g *Game) botSetup(seat int) (Command, bool) {
	legal := g.legalSetup(seat)
	best, bestScore := -1, math.MinInt
	for i, c := range legal {
		r, _ := g.board.parse(c.At)
		score := 0
		switch c.Type {
		case TypePlaceCC:
			near := 10
			for s, cc := range g.ccs {
				if cc != NoRegion && s != seat {
					near = min(near, g.tileDistance(r, cc))
				}
			}
			score = near
		case TypePlaceSub:
			own := g.ccs[seat]
			score = -10 * g.tileDistance(r, own)
			if g.ccAt(r) >= 0 {
				// One Sub may wait safely in the Command Centre.
				score = 5
				for _, u := range g.subs {
					if u.placed && u.at == r {
						score = -100
					}
				}
			}
			for _, u := range g.subs {
				if !u.placed || u.owner == seat {
					continue
				}
				if !g.friends(u.owner, seat) && g.board.adjacent(r, u.at) {
					score -= 30
				}
			}
			for _, n := range g.board.adj[r] {
				if g.board.terrain(n) == Rocky {
					score-- // rocky neighbours slow the way out
				}
			}
		case TypePlaceWhirlpool:
			for _, u := range g.subs {
				if u.alive && u.at.tile() == r.tile() {
					if g.friends(u.owner, seat) {
						score -= 2
					} else {
						score += 3
					}
				}
			}
			if c.Spin == SpinCW {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return Command{}, false
	}
	return legal[best], true
}

// reach is what one Sub could do on its next turn from a region.
type reach struct {
	entered uint64 // every region it could enter
	safe    int    // complete moves that keep it afloat
}

// reachOf walks every path of Sub i as if it started from from, on the
// board as it is, without tokens.
func (g *Game) reachOf(i int, from Region) reach {
	t := g.newTrip(i, 0)
	t.start, t.at = from, from
	var out reach
	g.walk(t, func(p plan) {
		for _, r := range p.pathSlice() {
			out.entered |= 1 << uint(r)
		}
		if !p.dead {
			out.safe++
		}
	})
	return out
}

type botCandidate struct {
	plan  plan
	mine  Region
	score float64
}

// loses reports whether a plan destroys a Sub of seat's side.
func (g *Game) loses(seat int, p *plan) bool {
	if p.dead {
		return true
	}
	for i, u := range g.subs {
		if p.subGone(i) && g.friends(u.owner, seat) {
			return true
		}
	}
	return false
}

// wins reports whether a plan wins the match for seat's side.
func (g *Game) wins(seat int, p *plan) bool { return p.over && p.winner == g.team[seat] }

// carefulPlans lists seat's legal moves without those that lose a Sub of
// its side, when some move loses none, unless they win: the moves a
// careful player considers.
func (g *Game) carefulPlans(seat int) []plan {
	var all []plan
	safe := false
	for i, u := range g.subs {
		if u.owner != seat || !u.alive {
			continue
		}
		for _, p := range g.plans(i) {
			all = append(all, p)
			safe = safe || !g.loses(seat, &p)
		}
	}
	if !safe {
		return all
	}
	out := all[:0]
	for _, p := range all {
		if !g.loses(seat, &p) || g.wins(seat, &p) {
			out = append(out, p)
		}
	}
	return out
}

func (g *Game) botMove(seat int, level string) (Command, bool) {
	if level == games.BotLearner {
		return g.learnerMove(seat)
	}
	cands := g.crewCandidates(seat)
	if len(cands) == 0 {
		return Command{}, false
	}
	best := 0
	for i, c := range cands {
		if c.score > cands[best].score {
			best = i
		}
	}
	if level == games.BotVeteran {
		best = g.veteranPick(seat, cands)
	}
	return g.commandOf(cands[best].plan, cands[best].mine), true
}

// commandOf is the move command of a plan and its Mine.
func (g *Game) commandOf(p plan, mine Region) Command {
	cmd := Command{Type: TypeMove, Sub: g.subs[p.sub].id, Tokens: p.tokens.names()}
	for _, r := range p.pathSlice() {
		cmd.Path = append(cmd.Path, g.board.name(r))
	}
	if mine != NoRegion {
		cmd.Mine = g.board.name(mine)
	}
	return cmd
}

// crewCandidates scores every careful move and Mine of seat.
func (g *Game) crewCandidates(seat int) []botCandidate {
	myTeam := g.team[seat]
	// Where each enemy Sub could strike next turn, from the board as it is.
	threat := map[int]uint64{}
	var enemies []int
	for i, u := range g.subs {
		if u.alive && g.team[u.owner] != myTeam {
			enemies = append(enemies, i)
			threat[i] = g.reachOf(i, u.at).entered
		}
	}
	// How close each region is to the nearest enemy Sub, for Mines.
	near := g.distances(enemies)

	var cands []botCandidate
	for _, p := range g.carefulPlans(seat) {
		base := g.scorePlan(seat, &p, threat)
		if len(p.mines) == 0 {
			cands = append(cands, botCandidate{plan: p, mine: NoRegion, score: base})
			continue
		}
		for _, m := range p.mines {
			cands = append(cands, botCandidate{plan: p, mine: m, score: base + g.scoreMine(seat, m, near, &p)})
		}
	}
	return cands
}

// distances is each region's fewest steps from any of the given Subs.
func (g *Game) distances(subs []int) []int {
	d := make([]int, g.board.regions())
	for i := range d {
		d[i] = math.MaxInt32
	}
	var queue []Region
	for _, i := range subs {
		d[g.subs[i].at] = 0
		queue = append(queue, g.subs[i].at)
	}
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		for _, n := range g.board.adj[r] {
			if d[n] > d[r]+1 {
				d[n] = d[r] + 1
				queue = append(queue, n)
			}
		}
	}
	return d
}

// urgency grows from 0 to 4 as the seat's last Mines run out before its
// enemies' do: once they are gone, every Sub it moves sinks, so a fleet
// that will run dry first must fight while it can.
func (g *Game) urgency(seat int) float64 {
	left := g.mines[seat]
	if left == unlimited || left > 4 {
		return 0
	}
	for s := range g.opts.Players {
		if !g.friends(s, seat) && g.liveSubs(s) > 0 && g.mines[s] != unlimited && g.mines[s] < left {
			return 0
		}
	}
	return float64(5 - max(left, 1))
}

// scorePlan values a move before its Mine.
func (g *Game) scorePlan(seat int, p *plan, threat map[int]uint64) float64 {
	if p.over {
		if p.winner == g.team[seat] {
			return 1e6
		}
		return -1e6
	}
	urge := g.urgency(seat)
	score := 0.0
	own := g.liveSubs(seat)
	for i, u := range g.subs {
		if !p.subGone(i) {
			continue
		}
		if g.friends(u.owner, seat) {
			score -= 100
		} else {
			score += 100 + 15*urge
			if g.liveSubs(u.owner) == 1 {
				score += 50 // knocks a player out
			}
		}
	}
	// Tokens are worth keeping for when they save a Sub.
	score -= 6 * float64(p.tokens.count())
	if p.dead {
		score -= 100
		if own == 1 {
			score -= 400 // the Hero Sub: the player would be out
		}
		return score
	}
	at := p.at
	hero := own == 1
	home := g.ccAt(at) >= 0 && g.friends(g.ccAt(at), seat)
	if !home {
		for e, reachable := range threat {
			if p.subGone(e) || reachable&(1<<uint(at)) == 0 {
				continue
			}
			enemyHero := g.liveSubs(g.subs[e].owner) == 1
			switch {
			case enemyHero:
				score -= 90 // it sinks us and sails on
			case !hero:
				score -= 45 - 8*urge // a trade at best
			}
		}
	}
	r := g.reachOf(p.sub, at)
	switch {
	case r.safe == 0:
		score -= 80
		if hero {
			score -= 300
		}
	case r.safe < 4:
		score -= float64(4-r.safe) * 5
		if hero {
			score -= float64(4-r.safe) * 15
		}
	}
	// Threaten enemy Subs: a Hero Sub sinks any it reaches; others trade.
	for i, u := range g.subs {
		if !u.alive || p.subGone(i) || g.friends(u.owner, seat) || r.entered&(1<<uint(u.at)) == 0 {
			continue
		}
		if c := g.ccAt(u.at); c >= 0 {
			continue
		}
		lone := g.liveSubs(u.owner) == 1
		switch {
		case hero:
			score += 30
		case lone:
			// A lone enemy Sub is a Hero: attacking it sinks us.
		default:
			score += 8 + 6*urge
		}
	}
	return score + float64(bits.OnesCount64(r.entered))*0.2
}

// scoreMine values laying the Mine on m: near enemy Subs, away from its
// own side's Subs.
func (g *Game) scoreMine(seat int, m Region, near []int, p *plan) float64 {
	score := 0.0
	switch d := near[m]; {
	case d <= 1:
		score += 10
	case d == 2:
		score += 5
	case d == 3:
		score += 2
	}
	for i, u := range g.subs {
		if i != p.sub && u.alive && g.friends(u.owner, seat) && g.board.adjacent(m, u.at) {
			score -= 3
		}
	}
	if !p.dead && g.board.adjacent(m, p.at) {
		score -= 2 // a Mine next to the Sub hems it in
	}
	return score
}

// learnerMove is a learner's move: among the careful moves, a win, then
// the most enemy Subs sunk, then a Mine towards the enemy; the rest is a
// whim, drawn from the state of the board (never from the seed), so the
// same position always gets the same move.
func (g *Game) learnerMove(seat int) (Command, bool) {
	var enemies []int
	for i, u := range g.subs {
		if u.alive && !g.friends(u.owner, seat) {
			enemies = append(enemies, i)
		}
	}
	near := g.distances(enemies)
	var best botCandidate
	found := false
	n := uint64(0)
	for _, p := range g.carefulPlans(seat) {
		score := -6 * float64(p.tokens.count())
		switch {
		case g.wins(seat, &p):
			score += 1e6
		case g.loses(seat, &p):
			score -= 100
		}
		for i, u := range g.subs {
			if p.subGone(i) && !g.friends(u.owner, seat) {
				score += 100
			}
		}
		mines := p.mines
		if len(mines) == 0 {
			mines = []Region{NoRegion}
		}
		for _, m := range mines {
			n++
			c := botCandidate{plan: p, mine: m, score: score + whim(uint64(g.turns), uint64(seat), n)}
			if m != NoRegion && near[m] <= 2 {
				c.score += 4
			}
			if !found || c.score > best.score {
				best, found = c, true
			}
		}
	}
	if !found {
		return Command{}, false
	}
	return g.commandOf(best.plan, best.mine), true
}

// whim is a number in [0, 10) mixed from its inputs (splitmix64).
func whim(a, b, c uint64) float64 {
	x := a*0x9e3779b97f4a7c15 + b*0xbf58476d1ce4e5b9 + c*0x94d049bb133111eb
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x%1000) / 100
}

// veteranLook is how many of the crew's best moves a veteran plays out.
const veteranLook = 6

// veteranPick plays the crew's best few moves out on copies of the board
// and returns the index of the one that leaves the position best: the
// enemy with fewest safe moves (a player with none must lose a Sub), its
// own Subs with most.
func (g *Game) veteranPick(seat int, cands []botCandidate) int {
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(cands[b].score, cands[a].score) })
	best, bestScore := order[0], math.Inf(-1)
	for _, i := range order[:min(veteranLook, len(order))] {
		c := cands[i]
		if c.plan.over {
			if g.wins(seat, &c.plan) {
				return i
			}
			continue
		}
		h := g.clone()
		if _, err := h.move(seat, g.commandOf(c.plan, c.mine)); err != nil {
			continue // cannot happen: the plan is legal
		}
		score := c.score + h.mobility(seat)
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// mobility values a position for seat's side by the safe moves each side
// has: a player with few is hemmed in, one with none must lose a Sub.
func (g *Game) mobility(seat int) float64 {
	score := 0.0
	enemy := map[int]int{}
	for i, u := range g.subs {
		if !u.alive {
			continue
		}
		safe := g.reachOf(i, u.at).safe
		if g.friends(u.owner, seat) {
			score -= 30 / float64(1+min(safe, 8))
		} else {
			enemy[u.owner] += safe
		}
	}
	for _, safe := range enemy {
		score += 60 / float64(1+min(safe, 12))
	}
	return score
}
