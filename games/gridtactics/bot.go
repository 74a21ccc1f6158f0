package gridtactics

import (
	"encoding/json"
	"math/rand/v2"

	"periscope/games"
)

// BotCommand is the next command for a seat the bot plays, at the room's
// bot_level (crew when the room left it out): its setup while placing, one
// action at a time on its turn, and finally end-turn, so it never stalls
// the room.
func (g *Game) BotCommand(seat int) (json.RawMessage, bool) {
	level := g.opts.BotLevel
	if level == "" {
		level = games.BotCrew
		if g.opts.Guided {
			level = games.BotLearner // the guided match is against the weakest bot
		}
	}
	return g.BotCommandAt(seat, level)
}

// BotCommandAt is the bot's next command for seat at a strength
// (games.LeveledBotter). It sees only what the seat may see (face-down
// enemies stay unknown) and draws from its own source seeded by the match
// seed and the number of accepted commands, so it is deterministic given
// the state and never disturbs the match's dice. An unknown level plays as
// crew.
func (g *Game) BotCommandAt(seat int, level string) (json.RawMessage, bool) {
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
		return g.botPlay(seat, level).Encode(), true
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
)

// botPlay scores every legal action of every ready unit and plays the best:
// attacks by expected value, moves by how much they improve the unit's
// position. When nothing helps, it ends the turn. Every level first drops
// the actions that put a unit in reach of the enemy for nothing (safe).
func (g *Game) botPlay(seat int, level string) Command {
	if g.pending != nil {
		// Another roll at the same target costs nothing.
		return Command{Type: TypeSecondAttack}
	}
	r := g.botRand(seat)
	st := styleOf(level)
	best, bestScore := Command{Type: TypeEndTurn}, minGain
	for _, o := range g.botOptions(seat, level) {
		if score := o.score + r.Float64()*st.noise; score > bestScore {
			best, bestScore = o.cmd, score
		}
	}
	return best
}

// style is how a strength weighs things.
type style struct {
	noise    float64 // random whim added to every score (ties at least)
	patience float64 // quiet turns after which it stops fearing the enemy
	hold     bool    // when ahead on units, keeps out of reach regardless
	press    bool    // when behind on units, casts off its caution
	shield   float64 // a soldier standing in Shield Formation
	guard    float64 // a unit screening its own artillery
	threat   float64 // extra for hitting a unit that threatens our artillery
	reach    float64 // per expected kill it could try next turn
	// artilleryMoveFire: it sees artillery's move-and-fire in one action
	// (a crew fires from where its artillery stands, or moves it).
	artilleryMoveFire bool
}

var styles = map[string]style{
	// A learner acts on whims worth up to two expected kills and loses
	// its caution fast.
	games.BotLearner: {noise: 2.0, patience: 3, reach: reachValue, artilleryMoveFire: true},
	games.BotCrew:    {noise: 1e-3, patience: 4, shield: shieldValue, guard: guardValue, threat: threatBonus, reach: reachValue},
	// A veteran lets the enemy come first, sits on a lead, presses when
	// behind, keeps its soldiers paired and strikes first at what
	// threatens its artillery.
	games.BotVeteran: {noise: 1e-3, patience: 18, hold: true, press: true, shield: 2 * shieldValue, guard: guardValue,
		threat: 2 * threatBonus, reach: reachValue, artilleryMoveFire: true},
}

// patience is st's patience on this board: the styles' turns are for the
// 8x8 board, whose armies start six empty rows apart; on the small board
// they start two apart and waiting buys a third as much, so caution fades
// three times as fast. (Waiting as long there hands the first step into
// reach, and the first shot, to the first player: it won 36% with the
// 8x8 patience.)
func (g *Game) patience(st style) float64 {
	gap := g.size - 2*g.opts.setupRows()
	return st.patience * float64(gap) / 6
}

func styleOf(level string) style {
	st, ok := styles[level]
	if !ok {
		st = styles[games.BotCrew]
	}
	return st
}

// botOption is one legal command and what the bot thinks it is worth.
type botOption struct {
	cmd   Command
	score float64
	unit  int // the acting unit
	// target is the attacked unit, or -1 for a move.
	target int
	// exposes are seat's units that the command would put within an
	// enemy's reach for the next turn (bits by unit index), counting the
	// target as still standing: the dice are not rolled yet.
	exposes uint16
}

// botOptions scores every safe legal action of seat's ready units, from
// what seat may know. Safe: a move never puts a unit in the enemy's reach
// that was not in it (ending the turn is always possible and exposes
// nothing), and an attack that moves first goes from a square that exposes
// nothing whenever the same unit may attack the same target from one.
func (g *Game) botOptions(seat int, level string) []botOption {
	// Caution fades in quiet turns so that two bots still meet; a veteran
	// that is ahead keeps it.
	st := styleOf(level)
	caution := max(0, 1-float64(g.turns-g.lastFight)/g.patience(st))
	switch mine, theirs := g.count(seat), g.count(1-seat); {
	case st.hold && mine > theirs:
		caution = 1 // ahead: let the enemy come, or win on the turn limit
	case st.press && mine < theirs:
		// Behind: waiting loses on the turn limit, so it seeks the trades
		// that can win it back (it still puts nothing in reach for
		// nothing).
		caution = 0
	}
	before := g.danger(seat)
	var out []botOption
	for u, un := range g.units {
		if un.owner != seat {
			continue
		}
		c := g.choicesFor(u)
		if c.none() {
			continue
		}
		here := g.position(seat, u, un.at, caution, st)
		ref := un.at.String()
		var attacks []botOption
		for _, t := range c.attacks {
			attacks = append(attacks, botOption{Command{Type: TypeAttack, Unit: ref, Target: g.units[t].at.String()},
				g.attackValue(seat, u, t, st), u, t, 0})
		}
		for _, cb := range c.combos {
			if un.kind == Artillery && !st.artilleryMoveFire {
				continue
			}
			gain := g.position(seat, u, cb.to, caution, st) - here
			exposes := g.dangerAfter(seat, u, cb.to) &^ before
			for _, t := range cb.targets {
				attacks = append(attacks, botOption{Command{Type: un.kind.String(), Unit: ref, To: cb.to.String(), Target: g.units[t].at.String()},
					g.attackValue(seat, u, t, st) + gain, u, t, exposes})
			}
		}
		for _, a := range attacks {
			if a.exposes == 0 || !safeAttackOn(attacks, a.target) {
				out = append(out, a)
			}
		}
		for _, m := range c.moves {
			if g.dangerAfter(seat, u, m)&^before != 0 {
				continue
			}
			out = append(out, botOption{Command{Type: TypeMove, Unit: ref, To: m.String()},
				g.position(seat, u, m, caution, st) - here, u, -1, 0})
		}
	}
	return out
}

// safeAttackOn: one of a unit's attacks on target exposes nothing.
func safeAttackOn(attacks []botOption, target int) bool {
	for _, a := range attacks {
		if a.target == target && a.exposes == 0 {
			return true
		}
	}
	return false
}

// danger is the set of seat's units (bits by unit index) that some enemy
// could attack on its next turn while they could attack no enemy on theirs
// ("in reach for nothing"), as seat knows the enemy: a face-down unit
// counts as any kind it could be.
func (g *Game) danger(seat int) uint16 {
	var set uint16
	for i, un := range g.units {
		if un.owner != seat || !un.alive {
			continue
		}
		inReach, answer := false, false
		for e, eu := range g.units {
			if !eu.alive || eu.owner == seat {
				continue
			}
			inReach = inReach || g.threat(seat, e, un.at, false) > 0
			answer = answer || g.canThreaten(un.kind, un.at, eu.at)
		}
		if inReach && !answer {
			set |= 1 << i
		}
	}
	return set
}

// dangerAfter is danger with unit u moved to the empty square to.
func (g *Game) dangerAfter(seat, u int, to Square) uint16 {
	from := g.units[u].at
	g.grid[g.cell(from)], g.grid[g.cell(to)] = -1, int8(u)
	g.units[u].at = to
	set := g.danger(seat)
	g.units[u].at = from
	g.grid[g.cell(to)], g.grid[g.cell(from)] = -1, int8(u)
	return set
}

// attackValue is the expected worth of u attacking t, as seat knows it.
func (g *Game) attackValue(seat, u, t int, st style) float64 {
	p := g.hitChance(seat, g.units[u].kind, t)
	if g.units[u].kind == Artillery {
		p = 1 - (1-p)*(1-p)
	}
	v := unitValue[g.kindFor(seat, t)]
	if g.threatensArtillery(seat, t) {
		v += st.threat
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
func (g *Game) position(seat, u int, sq Square, caution float64, st style) float64 {
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
		nearest = min(nearest, g.stepsToAttack(un.kind, sq, eu.at))
		if g.couldAttackNext(un.kind, sq, eu.at) {
			opportunity = max(opportunity, g.hitChance(seat, un.kind, e)*unitValue[g.kindFor(seat, e)])
		}
	}
	score := -caution * (1 - survive) * unitValue[un.kind]
	score -= stepWeight * float64(nearest)
	if shielded {
		score += st.shield
	}
	if guarding {
		score += st.guard
	}
	return score + st.reach*opportunity
}

// stepsToAttack is about how many steps a unit of kind k on sq needs to
// reach a square from which it may attack target (blocking ignored).
func (g *Game) stepsToAttack(k Kind, sq, target Square) int {
	if k == Soldier {
		return chebyshev(sq, target) - 1
	}
	best := 4 * g.size
	for df := -2; df <= 2; df++ {
		for dr := -2; dr <= 2; dr++ {
			s := Square{target.File + df, target.Rank + dr}
			if s.on(g.size) && g.inRange(k, s, target) {
				best = min(best, manhattan(sq, s))
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
		if g.inRange(Tank, sq, target) {
			return true
		}
		for _, d := range orthogonal {
			if g.inRange(Tank, sq.add(d), target) {
				return true
			}
		}
		return false
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
		if g.inRange(Tank, from, sq) {
			return true
		}
	case Artillery:
		if chebyshev(from, sq) == 2 {
			return true
		}
	}
	for _, d := range orthogonal {
		n := from.add(d)
		if g.empty(n) && g.inRange(k, n, sq) {
			return true
		}
	}
	return false
}
