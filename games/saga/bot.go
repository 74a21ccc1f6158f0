package saga

import (
	"encoding/json"
	"math/rand/v2"
	"sync"

	"periscope/games"
)

// BotCommand is the next command for a seat the bot plays, at the room's
// bot_level.
func (g *Game) BotCommand(seat int) (json.RawMessage, bool) {
	return g.BotCommandAt(seat, g.opts.BotLevel)
}

// BotCommandAt is the bot's next command for seat at a strength
// (games.BotLearner, BotCrew or BotVeteran; anything else plays as crew).
// The bot decides from the seat's own View only (the very object the
// seat's phone gets), so it cannot know the bag's order; its tie-breaks and
// misjudgements come from its own source seeded by the match seed and the
// number of accepted commands, so it is deterministic and never disturbs
// the match's dice.
func (g *Game) BotCommandAt(seat int, level string) (json.RawMessage, bool) {
	if seat != Raven && seat != Wolf {
		return nil, false
	}
	v := g.view(seat)
	if v.Turn != seat || len(v.Legal) == 0 {
		return nil, false
	}
	r := rand.New(rand.NewPCG(g.seed^0x2545f4914f6cdd1d, uint64(g.applied)<<1|uint64(seat)))
	return botChoose(v, r, styleOf(level)).Encode(), true
}

// style is how well a strength judges. Every strength keeps the careful
// player's rules (no needless drowning check, re-rolls knowing a pass is
// final, a map that keeps the bases apart, a likely capture taken). Above
// that:
//   - the learner is short-sighted: it misjudges where to stand by up to
//     noise points of unit cost, hurries towards the enemy's base, barely
//     looks at what the enemy threatens and assaults only with the odds in
//     its favour;
//   - the crew judges soundly with a little noise and thinks one die ahead
//     in an assault's re-rolls;
//   - the veteran knows that an enemy must already stand in reach to strike
//     next turn, so it keeps its units just out of reach and lets the enemy
//     come to it (whoever steps next to the other gives up the first strike),
//     counts both sides' assists and re-rolls, and looks through every
//     re-roll left in an assault.
//
// Measured with the balance tool (seeds 1-300) and TestStrengths: each
// level beats the one below it about four times in five.
type style struct {
	noise   float64 // a random misjudgement of each command, in points
	wary    float64 // how much the danger of a tile counts (1: fully)
	seeking float64 // how much next turn's chances to strike count
	push    float64 // how much nearing the enemy's base counts (1: fully)
	deep    bool    // looks ahead through every re-roll left in an assault
	counts  bool    // counts both sides' re-rolls into an assault's odds
	// exact: an enemy threatens a tile only from where it can strike it
	// now (not from a step further), with both sides' assists counted.
	exact bool
	// timid: assaults only when its strike is likelier than the
	// counter-strike, the enemy's base only at even odds or better
	timid bool
}

func styleOf(level string) style {
	switch level {
	case games.BotLearner:
		return style{noise: 70, wary: 0.2, push: 2, timid: true}
	case games.BotVeteran:
		return style{noise: 0.05, wary: 3, seeking: 1, push: 0.4, deep: true, counts: true, exact: true}
	}
	return style{noise: 8, wary: 1, seeking: 1, push: 1}
}

// bestReroll is the server's pick for a side that is out of time or plays
// in automatic mode: the bot's choice from that side's view.
func (g *Game) bestReroll(side int) rerollChoice {
	v := g.view(g.fight.seatOf(g, side))
	c := chooseReroll(v, styleOf(games.BotVeteran))
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
	st     style
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
func botChoose(v View, r *rand.Rand, st style) Command {
	if v.Fight != nil {
		return chooseReroll(v, st)
	}
	b := read(v)
	b.st = st
	legal := careful(v)
	// A likely capture is plain to see at every strength: a weaker
	// player misjudges where to stand, not a sure strike, and the
	// veteran takes it rather than step out of reach.
	// (Unless another assault, such as one on the enemy's base, is worth
	// more.)
	var sure *Legal
	other := 0.0
	for i, l := range legal {
		t := l.Command.Type
		if t != TypeCloseAssault && t != TypeRangedAssault {
			continue
		}
		if l.Hit >= 80 && l.Counter <= 20 && (sure == nil || b.score(l) > b.score(*sure)) {
			sure = &legal[i]
		}
		other = max(other, b.score(l))
	}
	if sure != nil && b.score(*sure) > 0 && b.score(*sure) >= other {
		return sure.Command
	}
	best, bestScore := legal[0].Command, -1e18
	for _, l := range legal {
		noise := st.noise
		if v.Phase != playing.String() {
			// Building and placing are plain: every strength builds a
			// map that keeps the bases apart.
			noise = 0
		}
		s := b.score(l) + r.Float64()*max(0.05, noise)
		if s > bestScore {
			best, bestScore = l.Command, s
		}
	}
	return best
}

// careful drops the commands that risk a unit for nothing a careful player
// would risk it for: a drowning check (moving, or close assaulting, into
// Water) while a command without one exists, unless the assault would win
// the match by capturing the enemy's last unit.
func careful(v View) []Legal {
	var safe []Legal
	for _, l := range v.Legal {
		if !l.Water || winsMatch(v, l) {
			safe = append(safe, l)
		}
	}
	if len(safe) == 0 {
		return v.Legal
	}
	return safe
}

// winsMatch: l is a close assault on the enemy's last unit (none in
// reserve, one on the map), so its success ends the match.
func winsMatch(v View, l Legal) bool {
	if l.Command.Type != TypeCloseAssault || l.Base || v.Seat < 0 {
		return false
	}
	enemy := v.Players[1-v.Seat]
	return len(enemy.Reserves) == 0 && enemy.InPlay == 1
}

// score is how much the bot likes a legal command, in points of unit cost.
func (b *board) score(l Legal) float64 {
	me := b.v.Seat
	c := l.Command
	switch c.Type {
	case TypePlaceTile:
		// A compact map near the middle of the table: tiles go only
		// northwards, so it grows towards the second player about seven
		// rows long. A careful builder also keeps the second base far:
		// it goes where it touches as many tiles as the first base does,
		// and on a careless map the only such spot is next to the first.
		h := hexOf(c.At)
		n := 0
		for s := range 6 {
			if _, ok := b.tiles[h.neighbour(s)]; ok {
				n++
			}
		}
		s := float64(n) - 0.2*float64(abs(h.Q))
		if l.BasesApart > 0 {
			// The later in the bag, the more the spot of the second
			// base is settled.
			late := 1 - float64(b.v.Bag.Left)/float64(max(1, b.v.Bag.Left+len(b.v.Tiles)))
			s += float64(min(l.BasesApart, 7)) * (0.3 + 2*late)
		}
		return s
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
		if b.st.timid && (l.Base && l.Hit < 50 || !l.Base && l.Hit <= l.Counter) {
			return -10
		}
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

// drownChance is the chance that a unit entering Water drowns (1-3 on a die).
const drownChance = 0.5

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
	if b.st.counts {
		// Count the re-rolls each side will have, as a seasoned player
		// does before committing.
		hit = b.oddsWithRerolls(l, att, target)
	} else {
		// Friends around the target give re-rolls; count them a little.
		hit = min(1, hit+0.05*float64(b.friendsNext(target, me)))
	}
	ev := hit*worth - counter*float64(att.Cost)
	ev *= 1 + urgency*float64(b.v.TurnNumber)
	if l.Water {
		// The drowning check comes first: half the time there is no
		// assault, and the unit is lost.
		ev = (1-drownChance)*ev - drownChance*float64(att.Cost)
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
		// Half the time the unit drowns: its worth, and whatever the
		// new tile would have given it.
		s = 0.5*s - drownChance*float64(att.Cost)
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
		s -= b.st.push * advanceWorth * float64(distance(h, b.bases[1-me])) * (1 + urgency*float64(b.v.TurnNumber))
	}
	friends := 0
	for n := range 6 {
		nh := h.neighbour(n)
		if u, ok := b.units[nh]; ok && u.Owner == me && nh != self {
			friends++
		}
	}
	s += friendWorth * float64(friends)
	s -= b.danger(h, c, me) * float64(c.Cost) * 0.6 * b.caution() * b.st.wary
	s += b.opportunity(h, c, me) * b.st.seeking
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

// assists is how many re-rolls seat's units next to h (but the one on
// skip) grant in an assault on h.
func (b *board) assists(h, skip Hex, seat int) int {
	n := 0
	for s := range 6 {
		nh := h.neighbour(s)
		if u, ok := b.units[nh]; ok && nh != skip && u.Owner == seat {
			n++
			if a := b.cards[u.Owner][u.Card].hook(HookAssistBonus); a != nil {
				n += a.Value
			}
		}
		if b.placed[seat] && b.bases[seat] == nh {
			n += 2
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
			if b.st.exact {
				reach = ec.reach(k)
			}
			if d <= reach && ec.stat(k).Off > 0 {
				p := strikeChance(ec.stat(k).Off, c.stat(k).Def)
				if b.st.exact && b.st.counts {
					// Assists count: each unit next to h helps its side.
					ra, rd := b.assists(h, eh, 1-seat), b.assists(h, eh, seat)
					p = rerollOdds(ec.stat(k).Off, c.stat(k).Def, ra, rd)
				}
				worst = max(worst, p)
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

// chooseReroll plays the viewer's side of the re-roll rounds as well as
// it can: it looks ahead through every re-roll both sides have left, each
// side playing its best, and knows that a pass is final (the side re-rolls
// no more this round while the opponent may go on), so with the result as
// it wants it, it re-rolls a die that cannot hurt rather than pass and
// leave the last word to the opponent.
func chooseReroll(v View, sty style) Command {
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
	b.st = sty
	worth := func(s FightSide) float64 {
		if s.Card == "" {
			return baseWorth
		}
		return float64(b.cards[s.Seat][s.Card].Cost)
	}
	if !b.st.deep {
		return quickReroll(f, me, worth(f.Sides[0]), worth(f.Sides[1]))
	}
	sr := &rerollSearch{attW: worth(f.Sides[0]), defW: worth(f.Sides[1]), base: f.Sides[1].Card == "", counter: f.Counter,
		memo: map[uint64]float64{}}
	st := rstate{actor: int8(me)}
	for s, sd := range f.Sides {
		st.pool[2*s] = sortedPool(sd.Dice.Off)
		st.pool[2*s+1] = sortedPool(sd.Dice.Def)
		st.special[s], st.situation[s], st.passed[s] = int8(sd.Special), int8(sd.Situational), sd.Passed
	}
	if f.Stage == "situational" {
		st.stage = stageSituational
	}
	sign := 1.0
	if me == 1 {
		sign = -1
	}
	// A re-roll as good as the pass is taken while the opponent may still
	// re-roll: it keeps the right to answer.
	bestEV := sign * sr.value(st.pass(me))
	if st.canAct(1 - me) {
		bestEV -= 1e-6
	}
	best := pass
	for p := 2 * me; p < 2*me+2; p++ {
		for i := range st.pool[p].n {
			if i > 0 && st.pool[p].d[i] == st.pool[p].d[i-1] {
				continue // the same value: the same re-roll
			}
			if ev := sign * sr.reroll(st, p, i); ev > bestEV+1e-9 {
				kind := "off"
				if p%2 == 1 {
					kind = "def"
				}
				// The view's dice are unsorted: find the die shown.
				idx := 0
				dd := f.Sides[me].Dice.Off
				if kind == "def" {
					dd = f.Sides[me].Dice.Def
				}
				for j, x := range dd {
					if x == int(st.pool[p].d[i]) {
						idx = j
						break
					}
				}
				best, bestEV = Command{Type: TypeReroll, Dice: kind, Index: intp(idx)}, ev
			}
		}
	}
	if sr.truncated {
		// Too many re-rolls left to see through: think one die ahead.
		return quickReroll(f, me, worth(f.Sides[0]), worth(f.Sides[1]))
	}
	if best.Type == TypePass && st.canAct(1-me) {
		// The search may find a pass as good as any re-roll; a careful
		// player still keeps the last word while a die cannot hurt.
		if c, ok := harmlessReroll(f, me, sr, st); ok {
			return c
		}
	}
	return best
}

// harmlessReroll is a die of side me whose re-roll leaves the result as it
// is or better whatever it shows, if there is one.
func harmlessReroll(f *FightView, me int, sr *rerollSearch, st rstate) (Command, bool) {
	sign := 1.0
	if me == 1 {
		sign = -1
	}
	now := sign * sr.outcome(st)
	for p := 2 * me; p < 2*me+2; p++ {
		for i := range st.pool[p].n {
			ok := true
			for x := int8(1); x <= 6 && ok; x++ {
				m := st
				m.pool[p] = st.pool[p].with(i, x)
				ok = sign*sr.outcome(m) >= now-1e-9
			}
			if !ok {
				continue
			}
			kind, dd := "off", f.Sides[me].Dice.Off
			if p%2 == 1 {
				kind, dd = "def", f.Sides[me].Dice.Def
			}
			for j, x := range dd {
				if x == int(st.pool[p].d[i]) {
					return Command{Type: TypeReroll, Dice: kind, Index: intp(j)}, true
				}
			}
		}
	}
	return Command{}, false
}

// pool is up to three dice, highest first.
type pool struct {
	d [3]int8
	n int
}

func sortedPool(xs []int) pool {
	var p pool
	for _, x := range sortedDesc(xs) {
		if p.n < 3 {
			p.d[p.n] = int8(x)
			p.n++
		}
	}
	return p
}

// hits is match(off, def).Hit for sorted pools, without allocating: the
// search calls it millions of times.
func hits(off, def pool) bool {
	topOff, topDef := int8(0), int8(0)
	for i := range max(off.n, def.n) {
		var o, d int8
		if i < off.n {
			o = off.d[i]
		}
		if i < def.n {
			d = def.d[i]
		}
		if o != 0 && o == d {
			continue
		}
		topOff, topDef = max(topOff, o), max(topDef, d)
	}
	return topOff > topDef
}

// with is the pool with die i showing x, kept sorted.
func (p pool) with(i int, x int8) pool {
	p.d[i] = x
	for j := i; j > 0 && p.d[j] > p.d[j-1]; j-- {
		p.d[j], p.d[j-1] = p.d[j-1], p.d[j]
	}
	for j := i; j+1 < p.n && p.d[j] < p.d[j+1]; j++ {
		p.d[j], p.d[j+1] = p.d[j+1], p.d[j]
	}
	return p
}

// rstate is an assault's re-roll rounds as the search sees them: pools
// 0-1 the attacker's OFF and DEF dice, 2-3 the defender's.
type rstate struct {
	pool      [4]pool
	special   [2]int8
	situation [2]int8
	passed    [2]bool
	stage     int
	actor     int8
}

func (s rstate) left(side int) int8 {
	if s.stage == stageSpecial {
		return s.special[side]
	}
	return s.situation[side]
}

func (s rstate) canAct(side int) bool { return !s.passed[side] && s.left(side) > 0 }

func (s rstate) pass(side int) rstate {
	s.passed[side] = true
	return s
}

func (s rstate) key() uint64 {
	k := uint64(0)
	for _, p := range s.pool {
		for i := range 3 {
			k = k<<3 | uint64(p.d[i])
		}
	}
	for side := range 2 {
		k = k<<4 | uint64(min(s.special[side], 15))
		k = k<<4 | uint64(min(s.situation[side], 15))
	}
	// 36 + 16 bits so far.
	for side := range 2 {
		if s.passed[side] {
			k = k<<1 | 1
		} else {
			k <<= 1
		}
	}
	return k<<2 | uint64(s.stage)<<1 | uint64(s.actor)
}

// rerollSearch values re-roll positions for the attacker (the defender
// wants the least), each side playing its best.
type rerollSearch struct {
	attW, defW    float64
	base, counter bool
	memo          map[uint64]float64
	truncated     bool // the search stopped at maxSearch positions
}

// outcome is the attacker's gain from the dice as they lie.
func (r *rerollSearch) outcome(s rstate) float64 {
	strike := hits(s.pool[0], s.pool[3])
	counter := r.counter && hits(s.pool[2], s.pool[1])
	switch result(strike, counter, r.base) {
	case ResultBaseDefeated:
		return baseWorth
	case ResultCaptured:
		return r.defW
	case ResultBothCaptured:
		return r.defW - r.attW
	case ResultAttackerCaptured:
		return -r.attW
	}
	return 0
}

// maxSearch bounds the positions one decision looks at; beyond it the
// search takes the dice as they lie.
const maxSearch = 5000

// value is the attacker's expected gain from s, as advance plays the
// rounds on.
func (r *rerollSearch) value(s rstate) float64 {
	if !s.canAct(0) && !s.canAct(1) {
		if s.stage == stageSpecial {
			s.stage, s.actor, s.passed = stageSituational, attackerSide, [2]bool{}
			return r.value(s)
		}
		return r.outcome(s)
	}
	if !s.canAct(int(s.actor)) {
		s.actor = 1 - s.actor
	}
	k := s.key()
	if v, ok := r.memo[k]; ok {
		return v
	}
	if len(r.memo) > maxSearch {
		r.truncated = true
		return r.outcome(s)
	}
	side := int(s.actor)
	best := r.value(s.pass(side))
	for p := 2 * side; p < 2*side+2; p++ {
		for i := range s.pool[p].n {
			if i > 0 && s.pool[p].d[i] == s.pool[p].d[i-1] {
				continue
			}
			v := r.reroll(s, p, i)
			if side == attackerSide && v > best || side == defenderSide && v < best {
				best = v
			}
		}
	}
	r.memo[k] = best
	return best
}

// reroll is the attacker's expected gain after the actor re-rolls die i of
// pool p.
func (r *rerollSearch) reroll(s rstate, p, i int) float64 {
	side := p / 2
	n := s
	if s.stage == stageSpecial {
		n.special[side]--
	} else {
		n.situation[side]--
	}
	n.actor = int8(1 - side)
	ev := 0.0
	for x := int8(1); x <= 6; x++ {
		m := n
		m.pool[p] = s.pool[p].with(i, x)
		ev += r.value(m) / 6
	}
	return ev
}

// quickReroll is the re-roll of a player who thinks one die ahead: it
// re-rolls the die that most improves the expected result, and since a
// pass is final while the opponent may go on re-rolling, with nothing to
// gain it still re-rolls a die that cannot make things worse on average,
// keeping its right to answer. It passes when every re-roll would be worse
// or the opponent has nothing left.
func quickReroll(f *FightView, me int, attW, defW float64) Command {
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
	var best *Command
	bestEV := -1e18
	try := func(kind string, pool []int) {
		for i := range pool {
			ev := 0.0
			old := pool[i]
			for x := 1; x <= 6; x++ {
				pool[i] = x
				ev += util(cur) / 6
			}
			pool[i] = old
			if ev > bestEV+1e-9 {
				best, bestEV = &Command{Type: TypeReroll, Dice: kind, Index: intp(i)}, ev
			}
		}
	}
	mine := dice{Off: append([]int{}, cur[me].Off...), Def: append([]int{}, cur[me].Def...)}
	cur[me] = mine
	try("off", mine.Off)
	try("def", mine.Def)
	other := f.Sides[1-me]
	left := other.Special
	if f.Stage == "situational" {
		left = other.Situational
	}
	switch {
	case best == nil:
		return Command{Type: TypePass}
	case bestEV > now+1e-9:
		return *best
	case bestEV > now-1e-9 && !other.Passed && left > 0:
		return *best
	}
	return Command{Type: TypePass}
}

// oddsWithRerolls is the chance that the strike of legal assault l
// succeeds once both sides have used their re-rolls: special ones, terrain
// advantage, and assists (friends next to the assaulted tile, two for a
// base next to it).
func (b *board) oddsWithRerolls(l Legal, att *Card, target Hex) float64 {
	me := b.v.Seat
	c := l.Command
	close := c.Type == TypeCloseAssault
	from := b.unitAt(me, c.Unit)
	var r [2]int
	r[0] = att.specialRerolls(true)
	attTile := target
	if !close {
		attTile = from
	}
	if t, ok := b.tiles[attTile]; ok && t.Terrain != "" && att.advantage(t.Terrain) {
		r[0]++
	}
	def := Stat{Def: BaseDefence}
	if e, ok := b.units[target]; ok && !l.Base {
		ec := b.cards[e.Owner][e.Card]
		def = ec.stat(c.Combat)
		r[1] = ec.specialRerolls(false)
		if t := b.tiles[target]; t.Terrain != "" && ec.advantage(t.Terrain) {
			r[1]++
		}
	}
	for s := range 6 {
		n := target.neighbour(s)
		if u, ok := b.units[n]; ok && n != from {
			side := 0
			if u.Owner != me {
				side = 1
			}
			r[side]++
			if a := b.cards[u.Owner][u.Card].hook(HookAssistBonus); a != nil {
				r[side] += a.Value
			}
		}
		for seat := range 2 {
			if b.placed[seat] && b.bases[seat] == n {
				side := 0
				if seat != me {
					side = 1
				}
				r[side] += 2
			}
		}
	}
	return rerollOdds(att.stat(c.Combat).Off, def.Def, r[0], r[1])
}

// rerollOdds is the chance that off OFF dice beat def DEF dice when the
// striker may re-roll ra dice and the defender rd, one at a time, each
// re-rolling its lowest die while the strike goes against it. It is
// sampled once (a fixed seed) and kept.
func rerollOdds(off, def, ra, rd int) float64 {
	if off <= 0 {
		return 0
	}
	t := rerollTable()
	return t[min(off, 3)][min(def, 3)][min(ra, maxTableRerolls)][min(rd, maxTableRerolls)]
}

const maxTableRerolls = 5

var rerollTable = sync.OnceValue(func() *[4][4][maxTableRerolls + 1][maxTableRerolls + 1]float64 {
	var t [4][4][maxTableRerolls + 1][maxTableRerolls + 1]float64
	r := rand.New(rand.NewPCG(7, 11))
	const samples = 400
	for o := 1; o <= 3; o++ {
		for d := 0; d <= 3; d++ {
			for ra := range maxTableRerolls + 1 {
				for rd := range maxTableRerolls + 1 {
					hit := 0
					for range samples {
						op := pool{n: o}
						dp := pool{n: d}
						for i := range o {
							op = op.with(i, int8(r.IntN(6)+1))
						}
						for i := range d {
							dp = dp.with(i, int8(r.IntN(6)+1))
						}
						left := [2]int{ra, rd}
						for {
							h := hits(op, dp)
							if !h && left[0] > 0 {
								left[0]--
								op = op.with(op.n-1, int8(r.IntN(6)+1))
								continue
							}
							if h && left[1] > 0 && dp.n > 0 {
								left[1]--
								dp = dp.with(dp.n-1, int8(r.IntN(6)+1))
								continue
							}
							break
						}
						if hits(op, dp) {
							hit++
						}
					}
					t[o][d][ra][rd] = float64(hit) / samples
				}
			}
		}
	}
	return &t
})
