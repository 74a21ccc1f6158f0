package battles

import (
	"encoding/json"
	"hash/fnv"
	"slices"
	"strings"

	"periscope/games"
)

// BotCommand is the next command for a seat the bot plays, at the room's
// bot_level.
func (g *Game) BotCommand(seat int) (json.RawMessage, bool) {
	return g.BotCommandAt(seat, g.opts.BotLevel)
}

// BotCommandAt is the next command for seat at a strength. The bot decides
// from the seat's own View only (the very object the seat's phone gets):
// before the reveal it knows nothing of the enemy's stacks but their tops.
// It keeps no state and draws no dice: the learner's and the crew's slips
// come from a hash of the view, so it is deterministic.
//
// Every level plays carefully: it never loses a troop of its own when a
// choice that loses none exists (hits are taken on Wound tokens while
// tokens last, no troop is sacrificed while a token is unused, no shot
// falls on an engagement of its own units). The levels differ in how well
// they judge: the learner gives its orders at random among those that are
// no blunder, lets every charge come and never moves a unit on purpose;
// the crew weighs every order but gives a random one seven times in ten
// and only edges its units towards the enemy; the veteran always gives
// its best, uses the free redeployment and weighs where each unit can
// strike from and what it risks there, so guns and support units make
// Tactical Moves into range.
func (g *Game) BotCommandAt(seat int, level string) (json.RawMessage, bool) {
	if seat != SeatA && seat != SeatB {
		return nil, false
	}
	v := g.view(seat)
	if g.phase == building && v.Build != nil && !g.sides[seat].confirmed {
		return botBuild(v).Encode(), true
	}
	if len(v.Legal) == 0 {
		return nil, false
	}
	if !slices.Contains(games.BotLevels, level) {
		level = games.BotCrew
	}
	return botChoose(v, level).Encode(), true
}

// dice is the bot's deterministic chance: a number in [0,1) from the view
// and a salt, the same for the same view.
func dice(v View, salt string) float64 {
	h := fnv.New64a()
	b, _ := json.Marshal(struct {
		R     int
		S     []SideView
		U     []UnitView
		L     *Roll
		P     *PendingView
		Salt  string
		Legal int
	}{v.Round, v.Sides, v.Units, v.LastRoll, v.Pending, salt, len(v.Legal)})
	h.Write(b)
	return float64(h.Sum64()>>11) / float64(1<<53)
}

// botBuild takes the largest example army that fits, then fills what is
// left of the battle size with single troops, the dearest first.
func botBuild(v View) Command {
	b := v.Build
	if len(b.Units) == 0 {
		best := -1
		for i, p := range b.Presets {
			if best < 0 || p.DP > b.Presets[best].DP {
				best = i
			}
		}
		if best >= 0 {
			return Command{Type: TypeUsePreset, Preset: b.Presets[best].ID}
		}
	}
	army := content.Army(v.Sides[v.Seat].Army)
	var pick *Tile
	for _, id := range b.Free {
		t := army.Tile(id)
		if t.Wounds >= 1 && t.DP <= b.Size-b.DP && (pick == nil || t.DP > pick.DP) {
			pick = t
		}
	}
	if pick != nil {
		return Command{Type: TypeAddUnit, Tiles: []string{pick.ID}}
	}
	return Command{Type: TypeConfirm}
}

// reading is the bot's index of a view.
type reading struct {
	v     View
	level string
	units map[string]*UnitView
}

func read(v View, level string) *reading {
	r := &reading{v: v, level: level, units: map[string]*UnitView{}}
	for i := range v.Units {
		r.units[v.Units[i].ID] = &v.Units[i]
	}
	return r
}

func (r *reading) tiles(u *UnitView) []*Tile {
	a := content.Army(r.v.Sides[u.Owner].Army)
	var out []*Tile
	for _, t := range u.Troops {
		out = append(out, a.Tile(t.Tile))
	}
	return out
}

// tileOf is one of the seat's own troops by tile id.
func (r *reading) tileOf(id string) *Tile {
	return content.Army(r.v.Sides[r.v.Seat].Army).Tile(id)
}

func (r *reading) faces(u *UnitView, white bool) int {
	n := 0
	for _, t := range r.tiles(u) {
		if white {
			n += len(t.White)
		} else {
			n += len(t.Black)
		}
	}
	return n
}

// worth is the Deployment Points a hit on u is worth, roughly.
func (r *reading) worth(u *UnitView) (perHit float64, wounds int) {
	dp := 0
	for i, t := range r.tiles(u) {
		dp += t.DP
		wounds += t.Wounds - u.Troops[i].Wounds
	}
	if wounds == 0 {
		return 0, 0
	}
	return float64(dp) / float64(wounds), wounds
}

func (r *reading) bonus(u *UnitView, hook string) int {
	n := 0
	for _, id := range u.Traits {
		if t := content.Trait(id); t.Hook == hook {
			n += max(t.Value, 1)
		}
	}
	return n
}

// damage is the expected worth of dice rolled by a at b.
func (r *reading) damage(a, b *UnitView, dice int, white bool) float64 {
	per, wounds := r.worth(b)
	hits := float64(dice*r.faces(a, white)) / 6
	return min(hits, float64(wounds)) * per
}

// exchange is an engagement's expected balance: a strikes with dice, b
// strikes back if it survives.
func (r *reading) exchange(a, b *UnitView, dice int) float64 {
	mine := r.damage(a, b, dice, false)
	back := r.damage(b, a, 1+r.bonus(b, HookStrikeBackDice), false)
	return mine - 0.8*back
}

// enemyIn counts enemy units in a sector (from the bot's side), by position.
func (r *reading) enemyIn(sec string, pos ...string) int {
	n := 0
	for _, u := range r.v.Units {
		if u.Owner != r.v.Seat && u.Placed && u.Sector == sec && (len(pos) == 0 || slices.Contains(pos, u.Position)) {
			n++
		}
	}
	return n
}

// place is how much the crew likes unit u standing in zone z of its side:
// fighting units in the Front, the nearer the enemy the better.
func (r *reading) place(u *UnitView, z string) float64 {
	if r.level == games.BotVeteran {
		return r.zoneValue(u, z)
	}
	sec, pos, _ := strings.Cut(z, "_")
	black, white := r.faces(u, false) > 0, r.faces(u, true) > 0
	if !black && !white {
		if pos == "rear" {
			return 1
		}
		return 0
	}
	if pos == "rear" {
		return 0
	}
	if r.enemyIn(sec) > 0 {
		return 2
	}
	for _, n := range neighbours(sec) {
		if r.enemyIn(n) > 0 {
			return 1
		}
	}
	return 0.5
}

func neighbours(sec string) []string {
	switch sec {
	case "left", "right":
		return []string{"center"}
	}
	return []string{"left", "right"}
}

// targets is what a unit in the Front of sector sec could shoot (white) or
// charge: the Front and Engagement zone of its sector, else its Rear, else
// (no enemy in the sector at all) the adjacent sectors.
func (r *reading) targets(sec string, white bool) []*UnitView {
	var near, rearOf []*UnitView
	var adj []*UnitView
	for i := range r.v.Units {
		e := &r.v.Units[i]
		if e.Owner == r.v.Seat || !e.Placed {
			continue
		}
		switch {
		case e.Sector == sec && e.Position != "rear":
			near = append(near, e)
		case e.Sector == sec:
			rearOf = append(rearOf, e)
		case slices.Contains(neighbours(sec), e.Sector):
			if !white || e.Position != "rear" || r.enemyIn(e.Sector, "front", "engagement") == 0 {
				adj = append(adj, e)
			}
		}
	}
	switch {
	case len(near) > 0:
		return near
	case len(rearOf) > 0:
		return rearOf
	}
	return adj
}

// ownInFight is whether an own unit is in contact with e: a shot at e
// would fall on it too.
func (r *reading) ownInFight(e *UnitView) bool {
	for _, id := range e.Contacts {
		if x := r.units[id]; x != nil && x.Owner == r.v.Seat {
			return true
		}
	}
	return false
}

// threat is the most damage u could deal next from the Front of sector sec.
func (r *reading) threat(u *UnitView, sec, pos string) float64 {
	if pos != "front" {
		return 0
	}
	best := 0.0
	if r.faces(u, true) > 0 {
		for _, t := range r.targets(sec, true) {
			if !r.ownInFight(t) {
				best = max(best, r.damage(u, t, 1+r.bonus(u, HookShootDice), true))
			}
		}
	}
	if r.faces(u, false) > 0 {
		for _, t := range r.targets(sec, false) {
			best = max(best, r.exchange(u, t, 2+r.bonus(u, HookChargeDice)))
		}
	}
	return best
}

// danger is the most damage one enemy unit could deal u in the Front of
// sector sec: a shot or a charge from the Front of that sector.
func (r *reading) danger(u *UnitView, sec, pos string) float64 {
	if pos != "front" {
		return 0
	}
	worst := 0.0
	for i := range r.v.Units {
		e := &r.v.Units[i]
		if e.Owner == r.v.Seat || !e.Placed || e.Sector != sec || e.Position != "front" {
			continue
		}
		worst = max(worst, r.damage(e, u, 1+r.bonus(e, HookShootDice), true), r.damage(e, u, 2+r.bonus(e, HookChargeDice), false))
	}
	return worst
}

// zoneValue is how much the veteran likes u in zone z: what it can strike
// from there less what it risks; support units keep to the Rear, healers
// where the wounded are.
func (r *reading) zoneValue(u *UnitView, z string) float64 {
	sec, pos, _ := strings.Cut(z, "_")
	if r.faces(u, false)+r.faces(u, true) == 0 {
		v := 0.0
		if pos == "rear" {
			v = 1
		}
		if r.bonus(u, HookHeal) > 0 {
			for _, o := range r.v.Units {
				if o.Owner == r.v.Seat && o.Placed && o.Sector == sec && o.ID != u.ID {
					for _, t := range o.Troops {
						v += 0.5 * float64(t.Wounds)
					}
				}
			}
		}
		return v
	}
	return r.threat(u, sec, pos) - 0.4*r.danger(u, sec, pos)
}

// score rates one legal command; the best is chosen, the first on a tie.
func (r *reading) score(l Legal) float64 {
	c := l.Command
	u := r.units[c.Unit]
	t := r.units[c.Target]
	tax := 0.6 * float64(max(l.Cost-1, 0))
	switch c.Type {
	case TypePass:
		return 0
	case TypeMove:
		gain := r.place(u, c.To) - r.place(u, u.Zone)
		if r.level == games.BotVeteran {
			return 0.7*gain - tax - 0.3
		}
		return 0.5*gain - tax - 0.2
	case TypeCharge:
		dice := 2 + r.bonus(u, HookChargeDice)
		if t != nil {
			return r.exchange(u, t, dice) - tax
		}
		best := -1e9
		for _, e := range r.v.Units {
			if e.Owner != r.v.Seat && e.Sector == u.Sector && (e.Position == "front" || e.Position == "engagement") {
				best = max(best, r.exchange(u, &e, dice))
			}
		}
		return best - 0.3 - tax
	case TypeCarryOn:
		return r.exchange(u, t, 1+r.bonus(u, HookCarryOnDice)) - tax
	case TypeLeave:
		if r.faces(u, false) == 0 {
			return 0.8 - tax
		}
		return -1
	case TypeShoot:
		if r.ownInFight(t) {
			// The hits would be shared with a unit of its own: a careful
			// general does not fire into the fight.
			return -100
		}
		d := r.damage(u, t, 1+r.bonus(u, HookShootDice), true)
		if len(t.Contacts) > 0 {
			d /= 2
		}
		return d - tax
	case TypeUseTrait:
		tr := content.Trait(c.Trait)
		switch tr.Hook {
		case HookRecallOrders:
			return 0.7*float64(min(t.Orders, l.Cost)) - 0.5 - tax
		case HookHeal:
			w := 0
			for _, x := range t.Troops {
				w += x.Wounds
			}
			return 0.9*float64(min(w, max(tr.Value, 1))) - tax
		case HookRelayMove:
			return 0.5*(r.place(t, c.To)-r.place(t, t.Zone)) - tax
		}
	}
	return -1
}

// style is how a level plays: how often it gives an order picked at
// random among those that are no blunder instead of its best (slip),
// whether it answers charges and uses the free redeployment.
type style struct {
	slip     float64
	react    bool
	redeploy bool
}

// fairFloor is the score below which an order is a blunder that no level
// gives by chance.
const fairFloor = -2.5

var styles = map[string]style{
	games.BotLearner: {slip: 1},
	games.BotCrew:    {slip: 0.7, react: true},
	games.BotVeteran: {react: true, redeploy: true},
}

func botChoose(v View, level string) Command {
	r := read(v, level)
	switch {
	case v.Phase == "deployment":
		return r.deploy()
	case v.Phase == "recovery":
		return r.recover()
	case v.Pending != nil:
		switch v.Pending.Kind {
		case "wounds":
			return r.wounds()
		case "reaction":
			if !styles[level].react {
				return Command{Type: TypeHold}
			}
			return r.react()
		case "charge_target":
			best, bestScore := v.Legal[0].Command, -1e9
			charger := r.units[v.Pending.Unit]
			for _, l := range v.Legal {
				if s := r.exchange(charger, r.units[l.Command.Target], 2+r.bonus(charger, HookChargeDice)); s > bestScore {
					best, bestScore = l.Command, s
				}
			}
			return best
		}
	}
	var best, move *Legal
	bestScore, moveGain := -1e9, 0.1
	var fair []*Legal // orders that are no blunder, for the learner's guesses
	for i := range v.Legal {
		l := &v.Legal[i]
		if l.Command.Type == TypeRedeploy {
			if !styles[level].redeploy {
				continue
			}
			u := r.units[l.Command.Unit]
			if gain := r.place(u, l.Command.To) - r.place(u, u.Zone); gain > moveGain {
				move, moveGain = l, gain
			}
			continue
		}
		s := r.score(*l)
		if s > bestScore {
			best, bestScore = l, s
		}
		if s > fairFloor && l.Command.Type != TypeMove {
			fair = append(fair, l)
		}
	}
	if len(fair) > 0 && dice(v, "slip") < styles[level].slip {
		return fair[int(dice(v, "pick")*float64(len(fair)))].Command
	}
	if move != nil && (best == nil || best.Command.Unit != move.Command.Unit) {
		return move.Command
	}
	if best.Command.Type == TypeMove {
		// Where the free redeployment goes as far, it saves the tokens.
		for _, l := range v.Legal {
			if c := l.Command; c.Type == TypeRedeploy && c.Unit == best.Command.Unit && c.To == best.Command.To && styles[level].redeploy {
				return c
			}
		}
	}
	return best.Command
}

func (r *reading) deploy() Command {
	v := r.v
	count := map[string]int{}
	for _, u := range v.Units {
		if u.Owner == v.Seat && u.Placed {
			count[u.Zone]++
		}
	}
	// The first unit still in hand; the legal list holds only those.
	u := r.units[v.Legal[0].Command.Unit]
	pos := "front"
	if r.faces(u, false)+r.faces(u, true) == 0 {
		pos = "rear"
	}
	best, bestScore := "", -1e9
	for _, sec := range []string{"center", "left", "right"} {
		z := sec + "_" + pos
		s := -float64(count[z])
		if r.level == games.BotVeteran && pos == "front" {
			// The veteran reads the enemy's visible tops: it faces what it
			// beats and keeps clear of what beats it.
			s += 0.5 * r.zoneValue(u, z)
		}
		if s > bestScore {
			best, bestScore = z, s
		}
	}
	return Command{Type: TypeDeploy, Unit: u.ID, To: best}
}

// wounds picks the cheapest way to absorb the next hit: a Wound token is
// worth about 1.5 DP, an eliminated troop its DP (and those that fall
// with it) spread over the hits it absorbs.
func (r *reading) wounds() Command {
	v := r.v
	u := r.units[v.Pending.Unit]
	tiles := r.tiles(u)
	standing := 0
	for _, t := range tiles {
		if t.Wounds > 0 {
			standing++
		}
	}
	// Take every hit on Wound tokens when the tokens and the troops' Wound
	// points can hold them all: no troop need fall.
	me := v.Sides[v.Seat]
	tokens, room := me.Unused+me.Passed, 0
	for _, o := range v.Units {
		if o.Owner == v.Seat {
			tokens += o.Orders
		}
	}
	for i, t := range tiles {
		room += max(t.Wounds-u.Troops[i].Wounds-1, 0)
	}
	if min(tokens, room) >= v.Pending.Hits {
		var pick *Command
		pickLeft := 0
		for _, l := range v.Legal {
			c := l.Command
			if c.Type != TypeWound {
				continue
			}
			i := slices.IndexFunc(u.Troops, func(t TroopView) bool { return t.Tile == c.Troop })
			left := tiles[i].Wounds - u.Troops[i].Wounds
			if pick == nil || left > pickLeft {
				pick, pickLeft = &c, left
			}
		}
		if pick != nil {
			return *pick
		}
	}
	best, bestCost := v.Legal[0].Command, 1e9
	for _, l := range v.Legal {
		c := l.Command
		i := slices.IndexFunc(u.Troops, func(t TroopView) bool { return t.Tile == c.Troop })
		t := tiles[i]
		var cost float64
		if c.Type == TypeWound {
			cost = 1.5
			if c.From != "" {
				cost = 2.5
			}
		} else {
			loss := float64(t.DP)
			if standing == 1 {
				for _, x := range tiles {
					if x.Wounds == 0 {
						loss += float64(x.DP)
					}
				}
			}
			cost = loss / float64(min(v.Pending.Hits, t.Wounds-u.Troops[i].Wounds))
		}
		if cost < bestCost {
			best, bestCost = c, cost
		}
	}
	return best
}

// react shoots at a charge when it can, else intercepts with a unit that
// wins the exchange, else lets it come.
func (r *reading) react() Command {
	v := r.v
	charger := r.units[v.Pending.Unit]
	var best *Legal
	bestScore := 0.2
	for i := range v.Legal {
		l := &v.Legal[i]
		u := r.units[l.Command.Unit]
		var s float64
		switch l.Command.Type {
		case TypeFireAt:
			s = r.damage(u, charger, 1+r.bonus(u, HookShootDice), true)
		case TypeIntercept:
			s = r.damage(u, charger, 1+r.bonus(u, HookStrikeBackDice), false) - 0.8*r.damage(charger, u, 2, false) + 0.5
		default:
			continue
		}
		s -= 0.6 * float64(l.Cost-1)
		if s > bestScore {
			best, bestScore = l, s
		}
	}
	if best == nil {
		return Command{Type: TypeHold}
	}
	return best.Command
}

// recover sacrifices a troop only when every token is a Wound token (the
// cheapest one): a general without a token would sit out the whole next
// round. Otherwise it keeps its troops.
func (r *reading) recover() Command {
	v := r.v
	me := v.Sides[v.Seat]
	if me.Unused == 0 {
		var best *Legal
		bestDP := 0
		for i, l := range v.Legal {
			if l.Command.Type != TypeSacrifice {
				continue
			}
			if dp := r.tileOf(l.Command.Troop).DP; best == nil || dp < bestDP {
				best, bestDP = &v.Legal[i], dp
			}
		}
		if best != nil {
			return best.Command
		}
	}
	return Command{Type: TypeEndRecovery}
}
