package battles

import (
	"fmt"
	"slices"
	"strings"

	"periscope/games"
)

// awaiting is the step waiting for a player, or nil.
func (g *Game) awaiting() *op {
	if len(g.ops) == 0 {
		return nil
	}
	return &g.ops[0]
}

// actor is the seat whose command the battle waits for, or -1.
func (g *Game) actor() int {
	if g.phase != fighting {
		return -1
	}
	if w := g.awaiting(); w != nil {
		switch w.kind {
		case opAssign:
			return g.unit(w.a).owner
		case opReact:
			return 1 - g.unit(w.a).owner
		case opChargeTarget:
			return g.unit(w.a).owner
		}
	}
	return g.turn
}

func (g *Game) battleCommand(seat int, c Command, log *events) error {
	switch c.Type {
	case TypeSacrifice, TypeEndRecovery:
		return refuse("wrong_phase", "Sacrifices come at the end of a round, once both generals are out of tokens.")
	case TypeAddUnit, TypeRemoveUnit, TypeUsePreset, TypeConfirm, TypeDeploy:
		return refuse("wrong_phase", "The armies are on the battlefield: %s is over.", c.Type)
	}
	reaction := c.Type == TypeIntercept || c.Type == TypeFireAt || c.Type == TypeHold
	wounds := c.Type == TypeKill || c.Type == TypeWound
	if w := g.awaiting(); w != nil {
		who := g.actor()
		var want []string
		var what string
		switch w.kind {
		case opAssign:
			want, what = []string{TypeKill, TypeWound}, "wounds_pending"
		case opReact:
			want, what = []string{TypeIntercept, TypeFireAt, TypeHold}, "reaction_pending"
		case opChargeTarget:
			want, what = []string{TypeChargeAt}, "charge_target_pending"
		}
		if seat != who {
			return refuse(what, "Waiting for %s: %s.", g.name(who), g.waitSentence(w))
		}
		if !slices.Contains(want, c.Type) {
			return refuse(what, "First %s: send %s.", g.waitSentence(w), strings.Join(want, " or "))
		}
		switch w.kind {
		case opAssign:
			return g.assign(seat, c, log)
		case opReact:
			return g.react(seat, c, log)
		default:
			return g.chargeTarget(seat, c, log)
		}
	}
	switch {
	case reaction:
		return refuse("no_charge", "There is no charge to react to.")
	case wounds:
		return refuse("no_hits", "There are no hits to assign.")
	case c.Type == TypeChargeAt:
		return refuse("no_charge", "There is no charge waiting for a target.")
	case seat != g.turn:
		return refuse("not_your_turn", "It is %s's turn.", g.name(g.turn))
	}
	if c.Type == TypeRedeploy {
		u, col, at, err := g.checkRedeploy(seat, c)
		if err != nil {
			return err
		}
		from := zoneName(seat, u.col, u.at)
		u.col, u.at = col, at
		g.redeploy = u.id
		log.add("redeploy", "%s redeploys %s from its %s to its %s.", g.name(seat), u.name(), words(from), words(c.To))
		log.data(moved(seat, u, from))
		return nil
	}
	if err := g.checkAction(seat, c); err != nil {
		return err
	}
	g.act(seat, c, log)
	g.resolve(log)
	return nil
}

func words(zone string) string { return strings.ReplaceAll(zone, "_", " ") }

// counted is n of noun in words, singular or plural as a person writes
// it: "1 Order token", "2 Order tokens".
func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// comeOff says how many Wound tokens a heal took off: "1 Wound token
// comes", "2 Wound tokens come".
func comeOff(n int) string {
	if n == 1 {
		return "1 Wound token comes"
	}
	return counted(n, "Wound token") + " come"
}

func (g *Game) waitSentence(w *op) string {
	u := g.unit(w.a)
	switch w.kind {
	case opAssign:
		return fmt.Sprintf("%s assigns %s to %s", g.name(u.owner), hitWords(w.hits), u.name())
	case opReact:
		return fmt.Sprintf("%s answers the charge of %s (intercept, fire_at_charge or hold)", g.name(1-u.owner), u.name())
	}
	return fmt.Sprintf("%s picks the target of its charge", g.name(u.owner))
}

// ownUnit finds seat's living placed unit id.
func (g *Game) ownUnit(seat int, id string) (*unit, error) {
	u := g.unit(id)
	if u == nil || u.gone || !u.placed {
		return nil, refuse("unknown_unit", "There is no unit %s on the battlefield.", games.Quote(id))
	}
	if u.owner != seat {
		return nil, refuse("not_your_unit", "%s belongs to %s.", u.name(), g.name(u.owner))
	}
	return u, nil
}

func (g *Game) enemyUnit(seat int, id string) (*unit, error) {
	u := g.unit(id)
	if u == nil || u.gone || !u.placed {
		return nil, refuse("unknown_target", "There is no unit %s on the battlefield.", games.Quote(id))
	}
	if u.owner == seat {
		return nil, refuse("own_unit", "%s is one of your own units.", u.name())
	}
	return u, nil
}

// cost is what an order to u costs now: its Order tokens plus one.
func (u *unit) cost() int { return u.orders + 1 }

func (g *Game) checkOrder(seat int, u *unit) error {
	if u.id == g.redeploy {
		return refuse("redeployed_unit", "%s was redeployed this turn: it takes no order until your next turn.", u.name())
	}
	if s := g.sides[seat]; u.cost() > s.unused {
		return refuse("not_enough_tokens", "An order to %s costs %s (its %s plus one): you have %d.", u.name(), counted(u.cost(), "token"), counted(u.orders, "Order token"), s.unused)
	}
	return nil
}

// checkStep is a move of u within its side: a Unit Redeployment (range 1)
// or a Tactical Move (range 1, or the Fast trait's).
func (g *Game) checkStep(seat int, u *unit, to string, reach int) (int, position, error) {
	if u.at == engaged {
		return 0, 0, refuse("engaged_unit", "%s is in an engagement: it leaves only with a Leave an Engagement order.", u.name())
	}
	col, at, err := parseZone(seat, to)
	if err != nil {
		return 0, 0, err
	}
	switch d := distance(u.col, u.at, col, at); {
	case d == 0:
		return 0, 0, refuse("same_zone", "%s is already in that zone.", u.name())
	case d > reach:
		if reach == 1 {
			return 0, 0, refuse("not_adjacent", "A unit moves to an adjacent zone: the Front or Rear of its sector, or the same row of a neighbouring sector.")
		}
		return 0, 0, refuse("too_far", "%s moves at most %d zones.", u.name(), reach)
	}
	return col, at, nil
}

func (g *Game) checkRedeploy(seat int, c Command) (*unit, int, position, error) {
	if g.redeploy != "" {
		return nil, 0, 0, refuse("one_redeployment", "You have already redeployed a unit this turn.")
	}
	u, err := g.ownUnit(seat, c.Unit)
	if err != nil {
		return nil, 0, 0, err
	}
	if u.has(HookNoRedeploy) {
		return nil, 0, 0, refuse("heavy_unit", "%s is Heavy: it moves only by a Tactical Move.", u.name())
	}
	col, at, err := g.checkStep(seat, u, c.To, 1)
	return u, col, at, err
}

func (u *unit) reach() int { return max(1, u.bonus(HookMoveRange)) }

// A charge's kind: at the Front or an engagement of its sector (the target
// comes after the reaction), at the Rear, or into an adjacent sector.
const (
	chargeFront    = "front"
	chargeRear     = "rear"
	chargeAdjacent = "adjacent"
)

func (g *Game) chargeKind(u *unit) string {
	if len(g.enemies(u.owner, func(e *unit) bool { return e.col == u.col && e.at != rear })) > 0 {
		return chargeFront
	}
	if len(g.enemies(u.owner, func(e *unit) bool { return e.col == u.col })) > 0 {
		return chargeRear
	}
	return chargeAdjacent
}

func (g *Game) checkCharge(seat int, u *unit, target string) (*unit, error) {
	if u.at != front {
		return nil, refuse("charge_from_front", "A unit charges from the Front of its sector.")
	}
	if len(u.faces(false)) == 0 {
		return nil, refuse("no_engagement_dice", "%s shows no Engagement dice (black): it cannot charge.", u.name())
	}
	kind := g.chargeKind(u)
	if kind == chargeFront {
		if target != "" {
			return nil, refuse("target_after_reaction", "A charge at the Front picks its target after the opponent's reaction: send the charge without a target.")
		}
		return nil, nil
	}
	if target == "" {
		if len(g.chargeTargets(u, kind)) == 0 {
			return nil, refuse("nothing_to_charge", "No enemy unit is within reach of a charge from the %s sector.", sector(seat, u.col))
		}
		return nil, refuse("charge_needs_target", "With no enemy in the Front or Engagement zone of its sector, a charge names its target.")
	}
	t, err := g.enemyUnit(seat, target)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(g.chargeTargets(u, kind), t) {
		if kind == chargeRear {
			return nil, refuse("not_a_charge_target", "Only an enemy unit in the Rear of this sector can be charged now.")
		}
		return nil, refuse("not_a_charge_target", "With no enemy in its own sector, a unit charges only a unit of an adjacent sector.")
	}
	return t, nil
}

func (g *Game) chargeTargets(u *unit, kind string) []*unit {
	return g.enemies(u.owner, func(e *unit) bool {
		switch kind {
		case chargeFront:
			return e.col == u.col && e.at != rear
		case chargeRear:
			return e.col == u.col && e.at == rear
		}
		return e.col == u.col-1 || e.col == u.col+1
	})
}

// shotBlock is why u may not shoot at t, or nil when it may.
func (g *Game) shotBlock(u, t *unit) error {
	screened := func(col int) bool {
		return len(g.enemies(u.owner, func(e *unit) bool { return e.col == col && e.at != rear })) > 0
	}
	switch t.col - u.col {
	case 0:
		if t.at == rear && screened(t.col) && !u.has(HookShootRear) {
			return refuse("rear_screened", "A unit in the Rear can be shot only when no enemy is in the Front or Engagement zone of its sector.")
		}
	case -1, 1:
		if len(g.enemies(u.owner, func(e *unit) bool { return e.col == u.col })) > 0 {
			return refuse("enemy_in_own_sector", "A unit shoots into an adjacent sector only when no enemy is in any zone of its own sector.")
		}
		if t.at == rear && screened(t.col) {
			return refuse("rear_screened", "A unit in the Rear can be shot only when no enemy is in the Front or Engagement zone of its sector.")
		}
	default:
		return refuse("out_of_range", "A unit shoots into its own sector or an adjacent one, not across the battlefield.")
	}
	return nil
}

// checkAction checks one of the turn's actions without changing anything.
func (g *Game) checkAction(seat int, c Command) error {
	if c.Type == TypePass {
		return nil
	}
	u, err := g.ownUnit(seat, c.Unit)
	if err != nil {
		return err
	}
	if err := g.checkOrder(seat, u); err != nil {
		return err
	}
	switch c.Type {
	case TypeMove:
		_, _, err := g.checkStep(seat, u, c.To, u.reach())
		return err
	case TypeCharge:
		_, err := g.checkCharge(seat, u, c.Target)
		return err
	case TypeCarryOn, TypeLeave:
		if u.at != engaged {
			return refuse("not_engaged", "%s is not in an engagement.", u.name())
		}
		if c.Type == TypeLeave {
			return nil
		}
		t, err := g.enemyUnit(seat, c.Target)
		if err != nil {
			return err
		}
		if !g.inContact(u, t) {
			return refuse("not_in_contact", "%s is not in contact with %s.", u.name(), t.name())
		}
		return nil
	case TypeShoot:
		if err := g.canShoot(u); err != nil {
			return err
		}
		t, err := g.enemyUnit(seat, c.Target)
		if err != nil {
			return err
		}
		return g.shotBlock(u, t)
	case TypeUseTrait:
		return g.checkTrait(seat, u, c)
	}
	return refuse("not_an_action", "%s is not an action of a turn.", c.Type)
}

func (g *Game) canShoot(u *unit) error {
	if u.at != front {
		return refuse("shoot_from_front", "A unit shoots from the Front of its sector.")
	}
	if len(u.faces(true)) == 0 {
		return refuse("no_shooting_dice", "%s shows no Shooting dice (white): it cannot shoot.", u.name())
	}
	return nil
}

func (g *Game) firstTurnOfPlayer1() bool { return g.round == 1 && g.turns == 0 }

func (g *Game) checkTrait(seat int, u *unit, c Command) error {
	tr := u.trait(c.Trait)
	if tr == nil {
		return refuse("unit_lacks_trait", "%s has no trait %s.", u.name(), games.Quote(c.Trait))
	}
	if !tr.Special {
		return refuse("not_special", "%s works by itself: it needs no order.", tr.Name)
	}
	if g.firstTurnOfPlayer1() {
		return refuse("no_trait_first_turn", "No special trait can be used in Player 1's very first turn of the battle.")
	}
	if c.Target == "" {
		return refuse("trait_needs_target", "%s names a unit of yours as its target.", tr.Name)
	}
	t, err := g.ownUnit(seat, c.Target)
	if err != nil {
		return err
	}
	if tr.Hook != HookRelayMove && c.To != "" {
		return refuse("trait_takes_no_zone", "%s takes no zone.", tr.Name)
	}
	switch tr.Hook {
	case HookRecallOrders:
		if t == u {
			return refuse("not_another_unit", "%s recalls the Order tokens of another unit.", tr.Name)
		}
		if t.orders == 0 {
			return refuse("nothing_to_recall", "%s carries no Order token.", t.name())
		}
		if t.recalled {
			return refuse("already_recalled", "Command has already taken back the Order tokens of %s this round: a unit's tokens come back once a round (house rule).", t.name())
		}
	case HookHeal:
		if t.col != u.col {
			return refuse("not_same_sector", "%s reaches only units of its own sector.", tr.Name)
		}
		w := 0
		for _, tp := range t.live() {
			w += tp.wounds
		}
		if w == 0 {
			return refuse("no_wounds_to_heal", "%s carries no Wound token.", t.name())
		}
	case HookRelayMove:
		if t == u {
			return refuse("not_another_unit", "%s moves another unit.", tr.Name)
		}
		if t.id == g.redeploy {
			return refuse("redeployed_unit", "%s was redeployed this turn.", t.name())
		}
		if c.To == "" {
			return refuse("trait_needs_zone", "%s names the zone the unit moves to.", tr.Name)
		}
		if _, _, err := g.checkStep(seat, t, c.To, t.reach()); err != nil {
			return err
		}
	}
	return nil
}

// pay puts an order's tokens on u and says how many.
func (g *Game) pay(u *unit) int {
	c := u.cost()
	g.sides[u.owner].unused -= c
	u.orders += c
	return c
}

// act starts a checked action: pays and queues its steps.
func (g *Game) act(seat int, c Command, log *events) {
	me := g.name(seat)
	if c.Type == TypePass {
		s := g.sides[seat]
		s.unused--
		if g.opts.PassToken == PassAside {
			s.aside++
			log.add("pass", "%s passes and sets a token aside until the next round.", me)
		} else {
			s.passed++
			log.add("pass", "%s passes and sets a token aside, spent as if on a unit.", me)
		}
		log.data(acted(seat, nil, nil))
		g.ops = append(g.ops, op{kind: opEndTurn})
		return
	}
	u := g.unit(c.Unit)
	paid := g.pay(u)
	switch c.Type {
	case TypeMove:
		col, at, _ := parseZone(seat, c.To)
		log.add("move", "%s moves %s to its %s (%s on it now).", me, u.name(), words(c.To), counted(u.orders, "Order token"))
		from := zoneOf(u)
		u.col, u.at = col, at
		log.data(moved(seat, u, from))
		g.ops = append(g.ops, op{kind: opEndTurn})
	case TypeCharge:
		kind := g.chargeKind(u)
		from := zoneOf(u)
		u.at = engaged
		if kind == chargeFront {
			log.add("charge", "%s charges with %s in its %s sector!", me, u.name(), sector(seat, u.col))
			log.data(moved(seat, u, from))
			g.ops = append(g.ops, op{kind: opReact, a: u.id}, op{kind: opChargeTarget, a: u.id}, op{kind: opEndTurn})
			return
		}
		t := g.unit(c.Target)
		log.add("charge", "%s charges with %s at %s in %s's %s %s!", me, u.name(), t.name(), g.name(t.owner), sector(t.owner, t.col), t.at)
		u.col = t.col
		g.engage(u, t)
		log.data(movedAt(seat, u, from, t))
		g.ops = append(g.ops, fight(u, t, "charge")...)
	case TypeCarryOn:
		t := g.unit(c.Target)
		log.add("carry_on", "%s carries on the engagement of %s against %s.", me, u.name(), t.name())
		log.data(acted(seat, u, t))
		g.ops = append(g.ops, fight(u, t, "carry_on")...)
	case TypeLeave:
		log.add("leave", "%s orders %s to leave its engagement.", me, u.name())
		a := acted(seat, u, nil)
		a.From, a.To = a.Zone, zoneName(seat, u.col, front)
		log.data(a)
		if !u.has(HookNoLeaveStrike) {
			for _, e := range g.contactsOf(u) {
				g.ops = append(g.ops, op{kind: opStrike, a: e.id, b: u.id, why: "free_strike"})
			}
		}
		g.ops = append(g.ops, op{kind: opLeave, a: u.id}, op{kind: opSettle}, op{kind: opEndTurn})
	case TypeShoot:
		t := g.unit(c.Target)
		log.add("shoot", "%s shoots with %s at %s.", me, u.name(), t.name())
		log.data(acted(seat, u, t))
		g.ops = append(g.ops, op{kind: opShoot, a: u.id, b: t.id}, op{kind: opSettle}, op{kind: opEndTurn})
	case TypeUseTrait:
		g.useTrait(seat, u, c, paid, log)
		g.ops = append(g.ops, op{kind: opEndTurn})
	}
}

// fight is an engagement: a strikes, b strikes back, survivors settle.
func fight(a, b *unit, why string) []op {
	return []op{{kind: opStrike, a: a.id, b: b.id, why: why}, {kind: opStrike, a: b.id, b: a.id, why: "strike_back"}, {kind: opSettle}, {kind: opEndTurn}}
}

// useTrait runs a special trait whose order cost paid tokens.
func (g *Game) useTrait(seat int, u *unit, c Command, paid int, log *events) {
	tr := u.trait(c.Trait)
	t := g.unit(c.Target)
	s := g.sides[seat]
	switch tr.Hook {
	case HookRecallOrders:
		// House rule: Command takes back no more than its own order cost,
		// once a unit a round, so it never makes tokens: a round ends.
		n := min(t.orders, paid)
		log.add("trait", "%s uses %s with %s: %s back from %s.", g.name(seat), tr.Name, u.name(), counted(n, "Order token"), t.name())
		log.data(traitData(seat, u, t, tr, ""))
		s.unused += n
		t.orders -= n
		t.recalled = true
	case HookHeal:
		n := 0
		for _, tp := range t.live() {
			for tp.wounds > 0 && n < tr.Value {
				tp.wounds--
				n++
			}
		}
		s.unused += n
		log.add("trait", "%s uses %s with %s: %s off %s.", g.name(seat), tr.Name, u.name(), comeOff(n), t.name())
		log.data(traitData(seat, u, t, tr, ""))
	case HookRelayMove:
		col, at, _ := parseZone(seat, c.To)
		log.add("trait", "%s uses %s with %s: %s moves to its %s.", g.name(seat), tr.Name, u.name(), t.name(), words(c.To))
		from := zoneOf(t)
		t.col, t.at = col, at
		log.data(traitData(seat, u, t, tr, from))
	}
}

// resolve runs queued steps until one waits for a player or none is left.
func (g *Game) resolve(log *events) {
	for len(g.ops) > 0 && g.phase == fighting {
		o := g.ops[0]
		switch o.kind {
		case opAssign:
			u := g.unit(o.a)
			if u.gone || o.hits <= 0 {
				g.ops = g.ops[1:]
				continue
			}
			opts := g.assignOptions(u)
			if len(opts) != 1 {
				return
			}
			g.applyAssign(u, opts[0], log)
			continue
		case opReact:
			if len(g.reactOptions(g.unit(o.a))) > 1 {
				return
			}
			g.ops = g.ops[1:]
			continue
		case opChargeTarget:
			u := g.unit(o.a)
			if u.gone {
				g.ops = g.ops[1:]
				continue
			}
			ts := g.chargeTargets(u, chargeFront)
			if len(ts) > 1 {
				return
			}
			g.ops = g.ops[1:]
			if len(ts) == 1 {
				g.hit(u, ts[0], log)
			}
			continue
		}
		g.ops = g.ops[1:]
		switch o.kind {
		case opStrike:
			a, b := g.unit(o.a), g.unit(o.b)
			if a.gone || b.gone {
				continue
			}
			n := 1
			switch o.why {
			case "charge":
				n = 2 + a.bonus(HookChargeDice)
			case "strike_back":
				n += a.bonus(HookStrikeBackDice)
			case "carry_on":
				n += a.bonus(HookCarryOnDice)
			}
			hits := g.roll(a, b, o.why, n, false, log)
			if hits > 0 {
				g.ops = slices.Insert(g.ops, 0, op{kind: opAssign, a: b.id, hits: hits})
			}
		case opShoot:
			a, b := g.unit(o.a), g.unit(o.b)
			if a.gone || b.gone {
				continue
			}
			hits := g.roll(a, b, "shoot", 1+a.bonus(HookShootDice), true, log)
			if hits == 0 {
				continue
			}
			if len(g.contactsOf(b)) == 0 {
				g.ops = slices.Insert(g.ops, 0, op{kind: opAssign, a: b.id, hits: hits})
				continue
			}
			grp := g.group(b)
			each := (hits + len(grp) - 1) / len(grp)
			var as []op
			for _, x := range grp {
				as = append(as, op{kind: opAssign, a: x.id, hits: each})
			}
			log.add("split", "The shot falls on an engagement of %d units: %s on each.", len(grp), hitWords(each))
			g.ops = slices.Insert(g.ops, 0, as...)
		case opLeave:
			u := g.unit(o.a)
			if !u.gone {
				g.dropContacts(u)
				u.at = front
				log.add("left", "%s falls back to its %s front.", u.name(), sector(u.owner, u.col))
				log.data(struck(u, ""))
			}
		case opSettle:
			g.settle()
		case opEndTurn:
			g.redeploy = ""
			g.turns++
			s := g.sides[g.turn]
			s.turns++
			if s.turns == g.maxTurns(g.turn) && s.unused > 0 {
				log.add("turn_limit", "%s has taken %d turns this round, the most a general takes in one round (house rule): no more orders until the next round.", g.name(g.turn), s.turns)
			}
			g.nextTurn(1-g.turn, log)
		}
	}
}

// hit brings a front charge into contact with its target and queues the
// engagement (the charge's own end of turn is already queued).
func (g *Game) hit(u, t *unit, log *events) {
	log.add("contact", "%s comes into contact with %s.", u.name(), t.name())
	g.engage(u, t)
	log.data(acted(u.owner, u, t))
	f := fight(u, t, "charge")
	g.ops = slices.Insert(g.ops, 0, f[:3]...)
}

// roll throws n dice for a striking or shooting unit: a hit for every
// printed face (black, or white when shooting) equal to a rolled die.
func (g *Game) roll(a, b *unit, kind string, n int, white bool, log *events) int {
	faces := a.faces(white)
	if faces == nil {
		faces = []int{} // a unit without dice of this colour still rolls, for nothing
	}
	r := &Roll{Seat: a.owner, Unit: a.id, Target: b.id, Kind: kind, Faces: faces}
	for range n {
		d := g.die()
		r.Dice = append(r.Dice, d)
		for _, f := range faces {
			if f == d {
				r.Hits++
			}
		}
	}
	g.last = r
	what := map[string]string{"charge": "charges", "strike_back": "strikes back", "carry_on": "strikes",
		"free_strike": "strikes the leaving unit", "shoot": "shoots"}[kind]
	against := "against its faces " + ints(faces)
	if len(faces) == 0 {
		against = "with no face to hit on"
	}
	// A sentence: "Union's Iron Brigade charges and rolls 1 and 4 against
	// its faces 4, 5 and 6: one hit."
	log.add("roll", "%s's %s %s and rolls %s %s: %s.", g.name(a.owner), a.name(), what, ints(r.Dice), against, hitWords(r.Hits))
	log.data(RollData{Roll: *r, Zone: zoneOf(a), TargetZone: zoneOf(b)})
	return r.Hits
}

func ints(v []int) string {
	if len(v) == 0 {
		return "nothing"
	}
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	if len(s) == 1 {
		return s[0]
	}
	// A list read as a sentence: "1, 4 and 6".
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// hitWords counts hits in words: "no hit", "one hit", "3 hits".
func hitWords(n int) string {
	switch n {
	case 0:
		return "no hit"
	case 1:
		return "one hit"
	}
	return fmt.Sprintf("%d hits", n)
}

// settle sends every engaged unit left without contact to its Front.
func (g *Game) settle() {
	for _, u := range g.units {
		if !u.gone && u.at == engaged && len(g.contactsOf(u)) == 0 {
			u.at = front
		}
	}
}

// kill removes a troop: its Wound tokens are set aside for the round, and
// troops without Wound points fall with the last one that has some.
func (g *Game) kill(u *unit, t *troop, log *events) {
	s := g.sides[u.owner]
	t.dead = true
	s.aside += t.wounds
	t.wounds = 0
	s.lost = append(s.lost, t.tile.ID)
	log.add("killed", "%s's %s is eliminated.", g.name(u.owner), t.tile.Name)
	log.data(struck(u, t.tile.ID))
	standing := false
	for _, x := range u.live() {
		if x.tile.Wounds > 0 {
			standing = true
		}
	}
	if !standing {
		for _, x := range u.live() {
			x.dead = true
			s.lost = append(s.lost, x.tile.ID)
			log.add("killed", "%s's %s falls with the last troop of its unit.", g.name(u.owner), x.tile.Name)
			log.data(struck(u, x.tile.ID))
		}
	}
	if len(u.live()) == 0 {
		u.gone = true
		s.aside += u.orders
		u.orders = 0
		g.dropContacts(u)
		// Named by its troops, as the battlefield showed it: no id.
		log.add("destroyed", "%s's unit of %s is destroyed.", g.name(u.owner), andWords(u.troopNames()))
		log.data(struck(u, ""))
		if g.redeploy == u.id {
			g.redeploy = ""
		}
	}
}

// FromPass names, as a wound's source, a token set aside by a Pass.
const FromPass = "pass"

// An assignment choice: kill a troop, or wound it with a token taken from
// the unused ones (from == ""), a unit's Order tokens, or those set aside
// by a Pass (FromPass).
type assignChoice struct {
	kill  bool
	troop string
	from  string
}

func (a assignChoice) command() Command {
	if a.kill {
		return Command{Type: TypeKill, Troop: a.troop}
	}
	return Command{Type: TypeWound, Troop: a.troop, From: a.from}
}

func (g *Game) assignOptions(u *unit) []assignChoice {
	s := g.sides[u.owner]
	var out []assignChoice
	for _, t := range u.live() {
		left := t.tile.Wounds - t.wounds
		if left >= 1 {
			out = append(out, assignChoice{kill: true, troop: t.tile.ID})
		}
		if left >= 2 {
			if s.unused > 0 {
				out = append(out, assignChoice{troop: t.tile.ID})
				continue
			}
			for _, o := range g.own(u.owner) {
				if o.orders > 0 {
					out = append(out, assignChoice{troop: t.tile.ID, from: o.id})
				}
			}
			if s.passed > 0 {
				out = append(out, assignChoice{troop: t.tile.ID, from: FromPass})
			}
		}
	}
	return out
}

func (g *Game) assign(seat int, c Command, log *events) error {
	w := g.awaiting()
	u := g.unit(w.a)
	t := u.troop(c.Troop)
	if t == nil {
		return refuse("troop_not_in_unit", "%s is not a troop of the struck unit %s.", games.Quote(c.Troop), u.name())
	}
	left := t.tile.Wounds - t.wounds
	s := g.sides[seat]
	if c.Type == TypeKill {
		if left < 1 {
			return refuse("no_wound_points", "%s has no Wound points: it falls only with the last troop of its unit that has some.", t.tile.Name)
		}
		g.applyAssign(u, assignChoice{kill: true, troop: c.Troop}, log)
		g.resolve(log)
		return nil
	}
	if left < 2 {
		return refuse("wound_needs_two_points", "A Wound token goes only on a troop with more than 1 Wound point left: eliminate %s instead.", t.tile.Name)
	}
	switch {
	case s.unused > 0 && c.From != "":
		return refuse("unused_tokens_first", "Wound tokens come from your unused tokens while you have any.")
	case s.unused == 0 && c.From == "":
		if s.passed > 0 || slices.ContainsFunc(g.own(seat), func(o *unit) bool { return o.orders > 0 }) {
			return refuse("name_token_source", "Your unused tokens are gone: name the unit whose Order token becomes the Wound token, or a token you set aside by passing.")
		}
		return refuse("no_tokens_left", "Every token is already a Wound token: troops must be eliminated instead.")
	case c.From == FromPass:
		if s.passed == 0 {
			if g.opts.PassToken == PassAside {
				return refuse("pass_token_aside", "At this table a token set aside by a Pass stays out of play until the next round (house rule).")
			}
			return refuse("no_passed_token", "You have no token set aside by a Pass.")
		}
	case c.From != "":
		o, err := g.ownUnit(seat, c.From)
		if err != nil {
			return err
		}
		if o.orders == 0 {
			return refuse("no_order_tokens", "%s carries no Order token.", o.name())
		}
	}
	g.applyAssign(u, assignChoice{troop: c.Troop, from: c.From}, log)
	g.resolve(log)
	return nil
}

func (g *Game) applyAssign(u *unit, a assignChoice, log *events) {
	w := g.awaiting()
	t := u.troop(a.troop)
	if a.kill {
		absorbed := min(w.hits, t.tile.Wounds-t.wounds)
		w.hits -= absorbed
		g.kill(u, t, log)
	} else {
		s := g.sides[u.owner]
		switch a.from {
		case "":
			s.unused--
		case FromPass:
			s.passed--
		default:
			g.unit(a.from).orders--
		}
		t.wounds++
		w.hits--
		log.add("wounded", "%s places a Wound token on %s.", g.name(u.owner), t.tile.Name)
		log.data(struck(u, t.tile.ID))
	}
	if w.hits <= 0 || u.gone {
		g.ops = g.ops[1:]
	}
}

// reactOptions is every answer to a front charge: each intercept and shot
// the opponent can afford, and holding.
func (g *Game) reactOptions(charger *unit) []Command {
	seat := 1 - charger.owner
	out := []Command{}
	for _, u := range g.own(seat) {
		if !u.placed || u.at != front || u.col != charger.col || u.cost() > g.sides[seat].unused {
			continue
		}
		if len(u.faces(false)) > 0 {
			out = append(out, Command{Type: TypeIntercept, Unit: u.id})
		}
		if len(u.faces(true)) > 0 {
			out = append(out, Command{Type: TypeFireAt, Unit: u.id})
		}
	}
	return append(out, Command{Type: TypeHold})
}

func (g *Game) react(seat int, c Command, log *events) error {
	charger := g.unit(g.awaiting().a)
	if c.Type == TypeHold {
		log.add("hold", "%s lets the charge come.", g.name(seat))
		log.data(acted(seat, nil, charger))
		g.ops = g.ops[1:]
		g.resolve(log)
		return nil
	}
	u, err := g.ownUnit(seat, c.Unit)
	if err != nil {
		return err
	}
	if u.at != front || u.col != charger.col {
		return refuse("not_facing_charge", "Only a unit in the Front of the charged sector can answer the charge.")
	}
	if c.Type == TypeIntercept && len(u.faces(false)) == 0 {
		return refuse("no_engagement_dice", "%s shows no Engagement dice (black): it cannot intercept.", u.name())
	}
	if c.Type == TypeFireAt && len(u.faces(true)) == 0 {
		return refuse("no_shooting_dice", "%s shows no Shooting dice (white): it cannot shoot.", u.name())
	}
	if u.cost() > g.sides[seat].unused {
		return refuse("not_enough_tokens", "An order to %s costs %s: you have %d.", u.name(), counted(u.cost(), "token"), g.sides[seat].unused)
	}
	g.pay(u)
	if c.Type == TypeIntercept {
		log.add("intercept", "%s intercepts with %s.", g.name(seat), u.name())
		from := zoneOf(u)
		u.at = engaged
		log.data(movedAt(seat, u, from, charger))
		g.contacts = append(g.contacts, [2]string{charger.id, u.id})
		f := fight(charger, u, "charge")
		g.ops = slices.Replace(g.ops, 0, 2, f[:3]...)
	} else {
		log.add("fire_at_charge", "%s shoots at the charging %s with %s.", g.name(seat), charger.name(), u.name())
		log.data(acted(seat, u, charger))
		g.ops = slices.Replace(g.ops, 0, 1, op{kind: opShoot, a: u.id, b: charger.id})
	}
	g.resolve(log)
	return nil
}

func (g *Game) chargeTarget(seat int, c Command, log *events) error {
	u := g.unit(g.awaiting().a)
	t, err := g.enemyUnit(seat, c.Target)
	if err != nil {
		return err
	}
	if !slices.Contains(g.chargeTargets(u, chargeFront), t) {
		return refuse("not_a_charge_target", "The charge reaches an enemy unit in the Front or the Engagement zone of its sector.")
	}
	g.ops = g.ops[1:]
	g.hit(u, t, log)
	g.resolve(log)
	return nil
}
