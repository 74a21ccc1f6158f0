package pocketsub

import (
	"cmp"
	"encoding/json"
	"math"
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
// seat sees it. Between moves of about the same worth it follows a whim
// drawn from the match seed and the turn: the seed hides nothing here (the
// board and the first player are on the table from the start), and without
// it every match on the same layout would be the same match.
//
// At every strength it plays like a careful person: it never loses a Sub
// of its side on a move when another move loses none, unless that move
// wins the match. Within that:
//   - a learner takes a win or a free kill when it sees one and otherwise
//     sails, and lays its Mine, where its whim takes it, without looking
//     at what anyone could do next turn;
//   - a crew lays its Mines near enemy Subs, plays its best few moves out
//     on copies of the board and prefers the one that leaves the enemy
//     fewest safe moves and its own players most (a player with none must
//     lose a Sub);
//   - a veteran plays more moves out, counts the Subs each side's Hero Sub
//     could sink next turn and the players left without a safe move, and
//     then plays its best dozen out two turns further, every player
//     answering as a crew would, keeping the one that leaves its side with
//     the most Subs, Mines and safe moves.
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
	g.walkReach(t, &out)
	return out
}

// walkReach is walk for reachOf: every complete path that continues t,
// without listing Mine spots.
func (g *Game) walkReach(t trip, out *reach) {
	if !t.canGoOn() {
		for _, r := range t.pathSlice() {
			out.entered |= 1 << uint(r)
		}
		t.settleQuick()
		if !t.dead {
			out.safe++
		}
		return
	}
	var buf [24]Region
	for _, r := range g.nextRegions(t.at, buf[:0]) {
		cost, code := t.stepCode(r)
		if code != "" {
			continue
		}
		u := t
		u.step(r, cost)
		g.walkReach(u, out)
	}
}

type botCandidate struct {
	plan  plan
	mine  Region
	score float64
	look  float64 // the score after lookAhead played it out; -Inf if it did not
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
	cands := g.plainCandidates(seat, true)
	if len(cands) == 0 {
		return Command{}, false
	}
	look, sharp := crewLook, false
	if level == games.BotVeteran {
		look, sharp = veteranLook, true
	}
	best := g.lookAhead(seat, cands, look, sharp)
	if level == games.BotVeteran {
		best = g.replyAhead(seat, cands, best)
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

// learnerMove is a learner's move: among the careful moves, a win, then
// the most enemy Subs sunk; the rest, its Mine included, is a whim.
func (g *Game) learnerMove(seat int) (Command, bool) {
	cands := g.plainCandidates(seat, false)
	if len(cands) == 0 {
		return Command{}, false
	}
	best := 0
	for i, c := range cands {
		if c.score > cands[best].score {
			best = i
		}
	}
	return g.commandOf(cands[best].plan, cands[best].mine), true
}

// plainCandidates scores seat's careful moves without looking ahead: a
// win, enemy Subs sunk, a token kept, a whim, and with aim a Mine laid
// near enemy Subs.
func (g *Game) plainCandidates(seat int, aim bool) []botCandidate {
	var enemies []int
	for i, u := range g.subs {
		if u.alive && !g.friends(u.owner, seat) {
			enemies = append(enemies, i)
		}
	}
	near := g.distances(enemies)
	var out []botCandidate
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
			c := botCandidate{plan: p, mine: m, score: score + whim(g.seed, uint64(g.turns), n)}
			if aim && m != NoRegion && near[m] <= 2 {
				c.score += 4
			}
			out = append(out, c)
		}
	}
	return out
}

// whim is a number in [0, 10) mixed from its inputs (splitmix64).
func whim(a, b, c uint64) float64 {
	x := a*0x9e3779b97f4a7c15 ^ b*0xbf58476d1ce4e5b9 ^ c*0x94d049bb133111eb
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x%1000) / 100
}

// How many of its best-scored moves a crew and a veteran play out, and
// the weights of a position's safe moves (mobility) and of the Subs each
// side's Hero could sink next turn and of a player left without a safe
// move (the veteran's sharper eye).
var (
	crewLook    = 6
	veteranLook = 20

	mobOwn, mobEnemy = 150.0, 150.0
	heroW, trapW     = 60.0, 60.0
)

// lookAhead plays the best look moves out on copies of the board and
// returns the index of the one that leaves the position best: the enemy
// with fewest safe moves (a player with none must lose a Sub), its own
// Subs with most.
func (g *Game) lookAhead(seat int, cands []botCandidate, look int, sharp bool) int {
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(cands[b].score, cands[a].score) })
	best, bestScore := order[0], math.Inf(-1)
	for i := range cands {
		cands[i].look = math.Inf(-1)
	}
	for _, i := range order[:min(look, len(order))] {
		c := cands[i]
		if c.plan.over {
			if g.wins(seat, &c.plan) {
				return i
			}
			continue
		}
		h := g.clone()
		h.silent = true
		if _, err := h.move(seat, g.commandOf(c.plan, c.mine)); err != nil {
			continue // cannot happen: the plan is legal
		}
		score := c.score + h.mobility(seat, sharp)
		cands[i].look = score
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// mobility values a position for seat's side by the safe moves each
// player has: one with few is hemmed in, one with none must lose a Sub.
func (g *Game) mobility(seat int, sharp bool) float64 {
	safe := make([]int, g.opts.Players)
	reaches := make([]reach, len(g.subs))
	for i, u := range g.subs {
		if u.alive {
			reaches[i] = g.reachOf(i, u.at)
			safe[u.owner] += reaches[i].safe
		}
	}
	score := 0.0
	if sharp {
		// A Hero Sub sinks any Sub it reaches and sails on: count the Subs
		// each side's Heroes could take next turn.
		for i, u := range g.subs {
			if !u.alive || g.liveSubs(u.owner) != 1 {
				continue
			}
			for j, v := range g.subs {
				if !v.alive || g.friends(u.owner, v.owner) || reaches[i].entered&(1<<uint(v.at)) == 0 {
					continue
				}
				if c := g.ccAt(v.at); c >= 0 && g.friends(c, v.owner) {
					continue // sheltered
				}
				_ = j
				if g.friends(u.owner, seat) {
					score += heroW / 2 // it will flee, but it must spend its turn on it
				} else {
					score -= heroW
				}
			}
		}
		for s, n := range safe {
			if g.liveSubs(s) > 0 && n == 0 {
				if g.friends(s, seat) {
					score -= trapW
				} else {
					score += trapW
				}
			}
		}
	}
	for s, n := range safe {
		if g.liveSubs(s) == 0 {
			continue
		}
		v := mobOwn / float64(1+min(n, 20))
		if g.friends(s, seat) {
			score -= v
		} else {
			score += mobEnemy / float64(1+min(n, 20))
		}
	}
	return score
}

// A veteran plays its best veteranReplies moves out replyPlies turns
// further, each player answering as a crew would; mineW is what each of a
// player's last 6 Mines is worth then.
var (
	veteranReplies = 12
	replyPlies     = 2
	mineW          = 8.0
)

// replyAhead plays a veteran's best moves (as lookAhead ranks them) out
// on copies of the board for replyPlies more turns, every player answering
// as a crew would, and returns the move that leaves its side best off:
// Subs in play, Mines left, then safe moves. first is lookAhead's choice,
// kept when nothing is better.
func (g *Game) replyAhead(seat int, cands []botCandidate, first int) int {
	type ranked struct {
		i     int
		score float64
	}
	var top []ranked
	for i, c := range cands {
		if g.wins(seat, &c.plan) {
			return i
		}
		top = append(top, ranked{i, c.look})
	}
	slices.SortStableFunc(top, func(a, b ranked) int { return cmp.Compare(b.score, a.score) })
	best, bestScore := first, math.Inf(-1)
	for _, r := range top[:min(veteranReplies, len(top))] {
		c := cands[r.i]
		if c.plan.over || math.IsInf(c.look, -1) {
			continue
		}
		h := g.clone()
		h.silent = true
		if _, err := h.move(seat, g.commandOf(c.plan, c.mine)); err != nil {
			continue
		}
		for ply := 0; ply < replyPlies && h.Outcome() == nil; ply++ {
			next := h.turn
			body, ok := h.BotCommandAt(next, games.BotCrew)
			if !ok {
				break
			}
			var cmd Command
			if err := json.Unmarshal(body, &cmd); err != nil {
				break
			}
			if _, err := h.move(next, cmd); err != nil {
				break
			}
		}
		score := h.standing(seat)
		if score > bestScore {
			best, bestScore = r.i, score
		}
	}
	return best
}

// standing values a position for seat's side: Subs in play on each side,
// then the safe moves each player has.
func (g *Game) standing(seat int) float64 {
	if o := g.Outcome(); o != nil {
		for _, w := range o.Winners {
			if w == g.team[seat] {
				return 1e6
			}
		}
		return -1e6
	}
	score := 0.0
	enemies := 0
	for s := range g.opts.Players {
		if !g.friends(s, seat) && g.liveSubs(s) > 0 {
			enemies++
		}
	}
	for s := range g.opts.Players {
		// Mines left are turns left: a player whose run out first loses a
		// Sub with every move.
		mines := 0.0
		if g.mines[s] != unlimited && g.liveSubs(s) > 0 {
			mines = mineW * float64(min(g.mines[s], 6))
		}
		if g.friends(s, seat) {
			score += 100*float64(g.liveSubs(s)) + mines
		} else {
			score -= (100*float64(g.liveSubs(s)) + mines) / float64(max(enemies, 1))
		}
	}
	return score + g.mobility(seat, true)
}
