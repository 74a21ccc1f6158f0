package gridtactics

// choices is what one unit may still do this turn, as the rules allow it.
// The view, the bot and the tests all read legal play from here.
type choices struct {
	moves   []Square // a move on its own
	attacks []int    // targets from where the unit stands
	combos  []combo  // tank or artillery: move 1 square, then attack
}

type combo struct {
	to      Square
	targets []int
}

func (c choices) none() bool {
	return len(c.moves) == 0 && len(c.attacks) == 0 && len(c.combos) == 0
}

// choicesFor lists unit u's legal actions now, assuming it is its owner's
// turn and no second attack is pending.
func (g *Game) choicesFor(u int) choices {
	var c choices
	un := g.units[u]
	if !un.alive || un.spent {
		return c
	}
	switch un.kind {
	case Soldier:
		c.moves = g.reach(u)
		c.attacks = g.targets(un.owner, Soldier, un.at)
	case Tank:
		c.moves = g.reach(u)
		if g.opts.TankAttackInPlace {
			c.attacks = g.targets(un.owner, Tank, un.at)
		}
		for _, d := range orthogonal {
			n := un.at.add(d)
			if !g.empty(n) {
				continue
			}
			if ts := g.targets(un.owner, Tank, n); len(ts) > 0 {
				c.combos = append(c.combos, combo{n, ts})
			}
		}
		sortCombos(c.combos)
	case Artillery:
		canMove := g.open != u || !g.openMoved
		canFire := g.open != u || !g.openFired
		if canMove {
			c.moves = g.reach(u)
		}
		if canFire {
			c.attacks = g.targets(un.owner, Artillery, un.at)
		}
		if canMove && canFire {
			for _, n := range c.moves {
				if ts := g.targets(un.owner, Artillery, n); len(ts) > 0 {
					c.combos = append(c.combos, combo{n, ts})
				}
			}
		}
	}
	return c
}

func sortCombos(cs []combo) {
	sqs := make([]Square, len(cs))
	byTo := map[Square]combo{}
	for i, c := range cs {
		sqs[i] = c.to
		byTo[c.to] = c
	}
	sortSquares(sqs)
	for i, s := range sqs {
		cs[i] = byTo[s]
	}
}

// legal lists every command seat may send now, one per distinct outcome.
// Setup is left out: any arrangement of the army is legal.
func (g *Game) legal(seat int) []Command {
	if g.phase != playing || seat != g.turn {
		return nil
	}
	if g.pending != nil {
		return []Command{{Type: TypeSecondAttack}, {Type: TypeDeclineSecond}}
	}
	var out []Command
	for u, un := range g.units {
		if un.owner != seat {
			continue
		}
		c := g.choicesFor(u)
		ref := un.at.String()
		for _, m := range c.moves {
			out = append(out, Command{Type: TypeMove, Unit: ref, To: m.String()})
		}
		for _, t := range c.attacks {
			out = append(out, Command{Type: TypeAttack, Unit: ref, Target: g.units[t].at.String()})
		}
		for _, cb := range c.combos {
			for _, t := range cb.targets {
				out = append(out, Command{Type: un.kind.String(), Unit: ref, To: cb.to.String(), Target: g.units[t].at.String()})
			}
		}
	}
	return append(out, Command{Type: TypeEndTurn})
}
