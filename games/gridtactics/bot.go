package gridtactics

import (
	"encoding/json"
	"math/rand/v2"
)

// BotCommand is the next command for a seat the bot plays: its setup while
// placing, one action at a time on its turn, and finally end-turn, so it
// never stalls the room. It sees only what the seat may see (face-down
// enemies stay unknown) and draws from its own source seeded by the match
// seed and the number of accepted commands, so it is deterministic given the
// state and never disturbs the match's dice.
func (g *Game) BotCommand(seat int) (json.RawMessage, bool) {
	if seat != Red && seat != Blue {
		return nil, false
	}
	switch g.phase {
	case placing:
		if g.placed[seat] {
			return nil, false
		}
		return g.botSetup(seat).Encode(), true
	case playing:
		if g.turn != seat {
			return nil, false
		}
		return g.botPlay(seat).Encode(), true
	}
	return nil, false
}

func (g *Game) botRand(seat int) *rand.Rand {
	return rand.New(rand.NewPCG(g.seed^0x2545f4914f6cdd1d, uint64(g.applied)<<1|uint64(seat)))
}

// Setup lines for the 8x8 back row, from the left; "." stays empty. The
// artillery stands between soldiers and tanks that screen it.
var backRows = []string{
	"TSAASST.",
	".TSAASST",
	"TSSAAST.",
	"TSASSAT.",
	".TSASAST",
}

// botSetup picks a line (or on the small board a two-row block with the
// soldiers in front of the artillery), mirrored at random.
func (g *Game) botSetup(seat int) Command {
	r := g.botRand(seat)
	squares := g.setupSquares(seat) // back row first, from file A
	var line string
	if g.opts.SmallBoard {
		line = ".TAAT." + [...]string{"SSS...", ".SSS..", "..SSS.", "...SSS"}[r.IntN(4)]
	} else {
		line = backRows[r.IntN(len(backRows))]
	}
	mirror := r.IntN(2) == 1
	place := map[string]string{}
	for i, sq := range squares {
		c := line[i]
		if mirror {
			row := i / g.size
			c = line[row*g.size+g.size-1-i%g.size]
		}
		switch c {
		case 'S':
			place[sq.String()] = "soldier"
		case 'T':
			place[sq.String()] = "tank"
		case 'A':
			place[sq.String()] = "artillery"
		}
	}
	return Command{Type: TypeSetup, Place: place}
}

// How the bot weighs things, in "units": a soldier is worth 1.
var unitValue = map[Kind]float64{Soldier: 1, Tank: 1.3, Artillery: 1.5, 0: 1.2}

const (
	attackWeight = 3    // an expected kill outweighs any move
	threatBonus  = 0.5  // extra for hitting a unit that threatens our artillery
	stepWeight   = 0.1  // per square nearer the fight
	shieldValue  = 0.15 // a soldier standing in Shield Formation
	guardValue   = 0.1  // a unit screening its own artillery
	reachValue   = 0.25 // per expected kill it could try next turn
	minGain      = 0.02 // a move must improve the position at least this much
	patience     = 6    // quiet turns after which danger is ignored
)

// botPlay scores every legal action of every ready unit and plays the best:
// attacks by expected value, moves by how much they improve the unit's
// position. When nothing helps, it ends the turn.
func (g *Game) botPlay(seat int) Command {
	if g.pending != nil {
		// Another roll at the same target costs nothing.
		return Command{Type: TypeSecondAttack}
	}
	r := g.botRand(seat)
	best, bestScore := Command{Type: TypeEndTurn}, minGain
	for _, o := range g.botOptions(seat) {
		// A tiny random nudge breaks ties between equal choices.
		if score := o.score + r.Float64()*1e-3; score > bestScore {
			best, bestScore = o.cmd, score
		}
	}
	return best
}

// botOption is one legal command and what the bot thinks it is worth.
type botOption struct {
	cmd   Command
	score float64
}

// botOptions scores every legal action of seat's ready units, from what
// seat may know.
func (g *Game) botOptions(seat int) []botOption {
	// Caution fades in quiet turns so that two careful bots still meet.
	caution := max(0, 1-float64(g.turns-g.lastFight)/patience)
	var out []botOption
	consider := func(c Command, score float64) { out = append(out, botOption{c, score}) }
	for u, un := range g.units {
		if un.owner != seat {
			continue
		}
		c := g.choicesFor(u)
		if c.none() {
			continue
		}
		here := g.position(seat, u, un.at, caution)
		ref := un.at.String()
		for _, t := range c.attacks {
			consider(Command{Type: TypeAttack, Unit: ref, Target: g.units[t].at.String()},
				g.attackValue(seat, u, t))
		}
		for _, cb := range c.combos {
			gain := g.position(seat, u, cb.to, caution) - here
			for _, t := range cb.targets {
				consider(Command{Type: un.kind.String(), Unit: ref, To: cb.to.String(), Target: g.units[t].at.String()},
					g.attackValue(seat, u, t)+gain)
			}
		}
		for _, m := range c.moves {
			consider(Command{Type: TypeMove, Unit: ref, To: m.String()},
				g.position(seat, u, m, caution)-here)
		}
	}
	return out
}

// attackValue is the expected worth of u attacking t, as seat knows it.
func (g *Game) attackValue(seat, u, t int) float64 {
	p := g.hitChance(seat, g.units[u].kind, t)
	if g.units[u].kind == Artillery {
		p = 1 - (1-p)*(1-p)
	}
	v := unitValue[g.kindFor(seat, t)]
	if g.threatensArtillery(seat, t) {
		v += threatBonus
	}
	return attackWeight * p * v
}

// hitChance is the chance of one attack hitting t, as seat knows it.
func (g *Game) hitChance(seat int, attacker Kind, t int) float64 {
	needs, _, maybe := g.estimate(seat, attacker, t)
	p := float64(7-needs) / 6
	if maybe {
		p -= 1.0 / 6 // it may be shielded: take the middle
	}
	return p
}

// threatensArtillery: enemy t could attack one of seat's artillery next turn.
func (g *Game) threatensArtillery(seat, t int) bool {
	for _, a := range g.units {
		if a.owner == seat && a.alive && a.kind == Artillery && g.threat(seat, t, a.at, false) > 0 {
			return true
		}
	}
	return false
}

// position values unit u of seat standing on sq: safe, in formation,
// screening its artillery, near the enemy (artillery: 2 away) and with
// targets for next turn.
func (g *Game) position(seat, u int, sq Square, caution float64) float64 {
	un := g.units[u]
	shielded := false
	guarding := false
	for i, f := range g.units {
		if i == u || !f.alive || f.owner != seat || chebyshev(f.at, sq) != 1 {
			continue
		}
		if un.kind == Soldier && f.kind == Soldier {
			shielded = true
		}
		if un.kind != Artillery && f.kind == Artillery {
			guarding = true
		}
	}
	// The chance that some enemy hits it next turn.
	survive := 1.0
	nearest := 4 * g.size
	opportunity := 0.0
	for e, eu := range g.units {
		if !eu.alive || eu.owner == seat {
			continue
		}
		survive *= 1 - g.threat(seat, e, sq, shielded)
		nearest = min(nearest, stepsToAttack(un.kind, sq, eu.at, g.size))
		if g.couldAttackNext(un.kind, sq, eu.at) {
			opportunity = max(opportunity, g.hitChance(seat, un.kind, e)*unitValue[g.kindFor(seat, e)])
		}
	}
	score := -caution * (1 - survive) * unitValue[un.kind]
	score -= stepWeight * float64(nearest)
	if shielded {
		score += shieldValue
	}
	if guarding {
		score += guardValue
	}
	return score + reachValue*opportunity
}

// stepsToAttack is about how many steps a unit of kind k on sq needs to
// reach a square from which it may attack target (blocking ignored).
func stepsToAttack(k Kind, sq, target Square, size int) int {
	switch k {
	case Soldier:
		return chebyshev(sq, target) - 1
	case Tank:
		return manhattan(sq, target) - 1
	}
	best := 4 * size
	for df := -2; df <= 2; df++ {
		for dr := -2; dr <= 2; dr++ {
			ring := Square{target.File + df, target.Rank + dr}
			if max(abs(df), abs(dr)) == 2 && ring.on(size) {
				best = min(best, manhattan(sq, ring))
			}
		}
	}
	return best
}

// couldAttackNext: a unit of kind k on sq could attack a unit on target
// next turn, if nothing moves in between.
func (g *Game) couldAttackNext(k Kind, sq, target Square) bool {
	switch k {
	case Soldier:
		return chebyshev(sq, target) == 1
	case Tank:
		return manhattan(sq, target) <= 2
	}
	return chebyshev(sq, target) >= 1 && chebyshev(sq, target) <= 3
}

// threat is the chance that enemy e hits a unit of seat on sq on its next
// turn (artillery firing twice). A face-down enemy counts as the most
// dangerous kind it could be.
func (g *Game) threat(seat, e int, sq Square, shielded bool) float64 {
	kinds := []Kind{g.kindFor(seat, e)}
	if kinds[0] == 0 {
		kinds = []Kind{Soldier, Tank, Artillery}
	}
	worst := 0.0
	for _, k := range kinds {
		if !g.canThreaten(k, g.units[e].at, sq) {
			continue
		}
		needs := hitsOn(k)
		if shielded {
			needs = min(needs+shieldBonus, maxNeed)
		}
		p := float64(7-needs) / 6
		if k == Artillery {
			p = 1 - (1-p)*(1-p)
		}
		worst = max(worst, p)
	}
	return worst
}

// canThreaten: a unit of kind k on from could attack sq on its next turn.
func (g *Game) canThreaten(k Kind, from, sq Square) bool {
	switch k {
	case Soldier:
		return chebyshev(from, sq) == 1
	case Tank:
		if manhattan(from, sq) == 1 {
			return true
		}
	case Artillery:
		if chebyshev(from, sq) == 2 {
			return true
		}
	}
	for _, d := range orthogonal {
		n := from.add(d)
		if g.empty(n) && inRange(k, n, sq) {
			return true
		}
	}
	return false
}
