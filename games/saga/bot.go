package saga

import (
	"encoding/json"
	"math/rand/v2"
)

// BotCommand is the next command for a seat the bot plays. The bot decides
// from the seat's own View only (the very object the seat's phone gets), so
// it cannot know the bag's order; its tie-breaks come from its own source
// seeded by the match seed and the number of accepted commands, so it is
// deterministic and never disturbs the match's dice.
func (g *Game) BotCommand(seat int) (json.RawMessage, bool) {
	if seat != Raven && seat != Wolf {
		return nil, false
	}
	v := g.view(seat)
	if v.Turn != seat || len(v.Legal) == 0 {
		return nil, false
	}
	r := rand.New(rand.NewPCG(g.seed^0x2545f4914f6cdd1d, uint64(g.applied)<<1|uint64(seat)))
	return botChoose(v, r).Encode(), true
}

// bestReroll is the server's pick for a side that is out of time or plays
// in automatic mode: the bot's choice from that side's view.
func (g *Game) bestReroll(side int) rerollChoice {
	v := g.view(g.fight.seatOf(g, side))
	c := chooseReroll(v)
	if c.Type == TypePass {
		return rerollChoice{}
	}
	return rerollChoice{die: c.Dice, index: *c.Index}
}

// board is the bot's reading of a view.
type board struct {
	v      View
	tiles  map[Hex]TileView
	units  map[Hex]UnitView
	cards  [2]map[string]*Card
	bases  [2]Hex
	placed [2]bool
	// threats adds up the threats of the enemy's units to our base
	// (threat), summed once in the view's order so that the bot's
	// choice never depends on a map's.
	threats float64
}

func read(v View) *board {
	b := &board{v: v, tiles: map[Hex]TileView{}, units: map[Hex]UnitView{}}
	for _, t := range v.Tiles {
		h := Hex{t.Q, t.R}
		b.tiles[h] = t
		if t.Base >= 0 {
			b.bases[t.Base], b.placed[t.Base] = h, true
		}
	}
	for _, u := range v.Units {
		h, _ := parseHex(u.At)
		b.units[h] = u
	}
	for s, p := range v.Players {
		b.cards[s] = map[string]*Card{}
		for i := range p.Faction.Units {
			b.cards[s][p.Faction.Units[i].ID] = &p.Faction.Units[i]
		}
	}
	for _, u := range v.Units {
		if u.Owner != v.Seat {
			h, _ := parseHex(u.At)
			b.threats += b.threat(h, u)
		}
	}
	return b
}

func hexOf(s string) Hex {
	h, _ := parseHex(s)
	return h
}

// botChoose picks one of the view's legal commands.
func botChoose(v View, r *rand.Rand) Command {
	if v.Fight != nil {
		return chooseReroll(v)
	}
	b := read(v)
	best, bestScore := v.Legal[0].Command, -1e18
	for _, l := range v.Legal {
		s := b.score(l) + r.Float64()*0.05
		if s > bestScore {
			best, bestScore = l.Command, s
		}
	}
	return best
}

// score is how much the bot likes a legal command, in points of unit cost.
func (b *board) score(l Legal) float64 {
	me := b.v.Seat
	c := l.Command
	switch c.Type {
	case TypePlaceTile:
		// A compact map near the middle of the table: tiles go only
		// northwards, so it grows towards the second player about seven
		// rows long, bases about seven tiles apart (a map built back
		// towards the first base leaves them three or four apart, where a
		// unit can strike a base on its first turn).
		h := hexOf(c.At)
		n := 0
		for s := range 6 {
			if _, ok := b.tiles[h.neighbour(s)]; ok {
				n++
			}
		}
		return float64(n) - 0.2*float64(abs(h.Q))
	case TypePlaceBase, TypeSkipTurn:
		return 0
	case TypeDeploy:
		card := b.cardOf(me, c.Unit)
		s := float64(card.Cost)
		if b.tiles[hexOf(c.At)].Terrain == "water" {
			s -= 2
		}
		return s
	case TypeCloseAssault, TypeRangedAssault:
		return b.assaultValue(l)
	case TypeMove:
		return b.moveValue(l)
	case TypeSummon:
		return b.summonValue(l)
	}
	return 0
}

func (b *board) cardOf(seat int, id string) *Card {
	for _, p := range b.v.Players {
		if p.Seat != seat {
			continue
		}
		for _, ref := range p.Reserves {
			if ref.ID == id {
				return b.cards[seat][ref.Card]
			}
		}
	}
	for _, u := range b.units {
		if u.ID == id && u.Owner == seat {
			return b.cards[seat][u.Card]
		}
	}
	return &Card{}
}

// Weights of the bot's judgement, in points of unit cost.
const (
	baseWorth    = 200  // taking the enemy's base wins the match
	advanceWorth = 0.8  // per tile nearer the enemy's base
	friendWorth  = 0.6  // per friend next to a tile (assists)
	homeGuard    = 4    // per enemy next to our own base
	urgency      = 0.02 // the longer the match, the bolder the bot
)

func (b *board) assaultValue(l Legal) float64 {
	me := b.v.Seat
	att := b.cardOf(me, l.Command.Unit)
	hit, counter := float64(l.Hit)/100, float64(l.Counter)/100
	target := hexOf(l.Command.Target)
	worth := float64(baseWorth)
	if !l.Base {
		e := b.units[target]
		worth = float64(b.cards[e.Owner][e.Card].Cost)
		// A unit that could take our base next turn is worth a share of
		// the match.
		worth += b.threat(target, e) * baseWorth * 0.5
	}
	// Friends around the target give re-rolls; count them a little.
	hit = min(1, hit+0.05*float64(b.friendsNext(target, me)))
	ev := hit*worth - counter*float64(att.Cost)
	ev *= 1 + urgency*float64(b.v.TurnNumber)
	if l.Water {
		ev = 0.5*ev - 0.5*float64(att.Cost)
	}
	return ev
}

func (b *board) moveValue(l Legal) float64 {
	me := b.v.Seat
	att := b.cardOf(me, l.Command.Unit)
	from := b.unitAt(me, l.Command.Unit)
	to := hexOf(l.Command.To)
	if l.Home {
		// Only worth it to rescue a unit about to fall.
		// A unit next to a threatened base assists it; gone home, it cannot.
		return b.danger(from, att, me)*float64(att.Cost)*b.caution() - 6 - b.threats*baseWorth*0.1
	}
	s := b.position(to, att, from) - b.position(from, att, from)
	if l.Water {
		s -= 0.5 * float64(att.Cost)
	}
	return s
}

// caution fades as the match goes on, so that two careful bots still meet.
func (b *board) caution() float64 {
	return max(0.15, 1-float64(b.v.TurnNumber)/40)
}

// position values the unit of card c (now on self) standing on h: near
// the enemy's base, among friends, safe, with targets for next turn, and
// home while enemies threaten the base.
func (b *board) position(h Hex, c *Card, self Hex) float64 {
	me := b.v.Seat
	s := 0.0
	if b.placed[1-me] {
		s -= advanceWorth * float64(distance(h, b.bases[1-me])) * (1 + urgency*float64(b.v.TurnNumber))
	}
	friends := 0
	for n := range 6 {
		nh := h.neighbour(n)
		if u, ok := b.units[nh]; ok && u.Owner == me && nh != self {
			friends++
		}
	}
	s += friendWorth * float64(friends)
	s -= b.danger(h, c, me) * float64(c.Cost) * 0.6 * b.caution()
	s += b.opportunity(h, c, me)
	if n := b.enemiesNext(b.bases[me], me); n > 0 {
		s -= float64(distance(h, b.bases[me])) * homeGuard * float64(n) * 0.5
	}
	// Next to a threatened base a unit grants it a re-roll per threat.
	if t := b.threats; t > 0 && b.placed[me] && b.nextTo(h, b.bases[me]) {
		s += t * baseWorth * 0.1
	}
	return s
}

func (b *board) summonValue(l Legal) float64 {
	me := b.v.Seat
	card := b.cardOf(me, l.Command.Unit)
	inPlay := 0
	for _, u := range b.units {
		if u.Owner == me {
			inPlay++
		}
	}
	at := hexOf(l.Command.At)
	// Below three in play a summon restores the force, but a likely
	// capture is worth more than the tempo.
	s := float64(3-inPlay)*2 + float64(card.Cost)*0.1
	// Next to the base it assists it: a re-roll against each threat.
	if b.nextTo(at, b.bases[me]) {
		s += b.threats * baseWorth * 0.1
	}
	s -= b.danger(at, card, me) * float64(card.Cost) * 0.6 * b.caution()
	if b.tiles[at].Terrain == "water" {
		s -= 1
	}
	return s
}

// threat is the chance that enemy unit e on h defeats our base if it
// assaults it next turn (0 when it cannot reach the base).
func (b *board) threat(h Hex, e UnitView) float64 {
	me := b.v.Seat
	if !b.placed[me] {
		return 0
	}
	c := b.cards[e.Owner][e.Card]
	d := distance(h, b.bases[me])
	best := 0.0
	for _, k := range combats {
		reach := 1
		if k != Melee {
			reach = c.reach(k)
		}
		if d <= reach && (k != Ballistics || d >= 1) {
			best = max(best, strikeChance(c.stat(k).Off, BaseDefence))
		}
	}
	return best
}

func (b *board) unitAt(seat int, id string) Hex {
	for h, u := range b.units {
		if u.ID == id && u.Owner == seat {
			return h
		}
	}
	return Hex{}
}

func (b *board) nextTo(a, c Hex) bool { return distance(a, c) == 1 }

func (b *board) friendsNext(h Hex, seat int) int {
	n := 0
	for s := range 6 {
		if u, ok := b.units[h.neighbour(s)]; ok && u.Owner == seat {
			n++
		}
	}
	return n
}

func (b *board) enemiesNext(h Hex, seat int) int {
	n := 0
	for s := range 6 {
		if u, ok := b.units[h.neighbour(s)]; ok && u.Owner != seat {
			n++
		}
	}
	return n
}

// danger is about the chance that some enemy strikes a unit of this card
// on h next turn (close assault or ranged, counter-strikes ignored).
func (b *board) danger(h Hex, c *Card, seat int) float64 {
	worst := 0.0
	for eh, e := range b.units {
		if e.Owner == seat {
			continue
		}
		ec := b.cards[e.Owner][e.Card]
		d := distance(eh, h)
		for _, k := range combats {
			reach := 2 // an adjacent enemy may step next to it first
			if k != Melee {
				reach = max(2, ec.reach(k)+1)
			}
			if d <= reach && ec.stat(k).Off > 0 {
				worst = max(worst, strikeChance(ec.stat(k).Off, c.stat(k).Def))
			}
		}
	}
	return worst
}

// opportunity is the best assault the unit could make from h next turn.
func (b *board) opportunity(h Hex, c *Card, seat int) float64 {
	best := 0.0
	for eh, e := range b.units {
		if e.Owner == seat {
			continue
		}
		ec := b.cards[e.Owner][e.Card]
		for _, k := range combats {
			if distance(eh, h) <= max(1, c.reach(k)) && c.stat(k).Off > 0 {
				worth := float64(ec.Cost) + b.threat(eh, e)*baseWorth*0.5
				best = max(best, 0.3*strikeChance(c.stat(k).Off, ec.stat(k).Def)*worth)
			}
		}
	}
	if b.placed[1-seat] && distance(h, b.bases[1-seat]) == 1 {
		best = max(best, 0.3*strikeChance(max(c.Melee.Off, c.Arcane.Off), BaseDefence)*baseWorth*0.2)
	}
	return best
}

// chooseReroll re-rolls the die that most improves the expected result for
// the viewer's side, or passes when no die would.
func chooseReroll(v View) Command {
	f := v.Fight
	pass := Command{Type: TypePass}
	if f == nil {
		return pass
	}
	me := 0
	if f.Sides[1].Seat == v.Seat {
		me = 1
	}
	b := read(v)
	worth := func(s FightSide) float64 {
		if s.Card == "" {
			return baseWorth
		}
		return float64(b.cards[s.Seat][s.Card].Cost)
	}
	attW, defW := worth(f.Sides[0]), worth(f.Sides[1])
	util := func(sides [2]dice) float64 {
		strike := match(sides[0].Off, sides[1].Def).Hit
		counter := f.Counter && match(sides[1].Off, sides[0].Def).Hit
		u := 0.0
		switch result(strike, counter, f.Sides[1].Card == "") {
		case ResultBaseDefeated:
			u = baseWorth
		case ResultCaptured:
			u = defW
		case ResultBothCaptured:
			u = defW - attW
		case ResultAttackerCaptured:
			u = -attW
		}
		if me == 1 {
			u = -u
		}
		return u
	}
	cur := [2]dice{f.Sides[0].Dice, f.Sides[1].Dice}
	now := util(cur)
	best, bestEV := pass, now+1e-9
	try := func(kind string, pool []int) {
		for i := range pool {
			ev := 0.0
			old := pool[i]
			for x := 1; x <= 6; x++ {
				pool[i] = x
				ev += util(cur) / 6
			}
			pool[i] = old
			if ev > bestEV {
				best, bestEV = Command{Type: TypeReroll, Dice: kind, Index: intp(i)}, ev
			}
		}
	}
	mine := dice{Off: append([]int{}, cur[me].Off...), Def: append([]int{}, cur[me].Def...)}
	cur[me] = mine
	try("off", mine.Off)
	try("def", mine.Def)
	return best
}
