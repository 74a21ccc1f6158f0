package battles

import (
	"fmt"
	"strconv"
	"strings"

	"periscope/games"
)

// draftDP is the Deployment Points of a draft.
func (s *side) draftDP() int {
	dp := 0
	for _, u := range s.draft {
		for _, id := range u {
			dp += s.army.Tile(id).DP
		}
	}
	return dp
}

func (s *side) inDraft(id string) bool {
	for _, u := range s.draft {
		for _, t := range u {
			if t == id {
				return true
			}
		}
	}
	return false
}

func (g *Game) buildCommand(seat int, c Command, log *events) error {
	s := g.sides[seat]
	switch c.Type {
	case TypeAddUnit, TypeRemoveUnit, TypeUsePreset, TypeConfirm:
	default:
		return refuse("wrong_phase", "Army building now: compose your units (add_unit, remove_unit, use_preset, confirm_army), not %s.", c.Type)
	}
	if s.confirmed {
		return refuse("army_confirmed", "Your army is final: wait for the other general.")
	}
	switch c.Type {
	case TypeAddUnit:
		if err := g.checkAddUnit(seat, c.Tiles); err != nil {
			return err
		}
		s.draft = append(s.draft, append([]string(nil), c.Tiles...))
	case TypeRemoveUnit:
		i, err := draftIndex(s, c.Unit)
		if err != nil {
			return err
		}
		s.draft = append(s.draft[:i], s.draft[i+1:]...)
	case TypeUsePreset:
		p := content.preset(s.army.ID, c.Preset)
		if p == nil {
			return refuse("unknown_preset", "%s is not an example army of the %s.", games.Quote(c.Preset), s.army.Name)
		}
		if p.DP > g.opts.Size {
			return refuse("over_budget", "The %s costs %d DP: more than this battle's %d.", p.Name, p.DP, g.opts.Size)
		}
		s.draft = nil
		for _, u := range p.Units {
			s.draft = append(s.draft, append([]string(nil), u...))
		}
	case TypeConfirm:
		if len(s.draft) == 0 {
			return refuse("empty_army", "Compose at least one unit before you confirm your army.")
		}
		s.confirmed = true
		s.armyDP = s.draftDP()
		log.add("army_ready", "%s's army is ready.", g.name(seat))
		log.private(seat, "army_ready", "Your army: %d units, %d of %d DP.", len(s.draft), s.armyDP, g.opts.Size)
		if g.sides[1-seat].confirmed {
			g.startDeployment(log)
		}
	}
	return nil
}

func (g *Game) checkAddUnit(seat int, tiles []string) error {
	s := g.sides[seat]
	if err := content.checkUnit(s.army, tiles); err != nil {
		return err
	}
	dp := 0
	for _, id := range tiles {
		if s.inDraft(id) {
			return refuse("tile_in_use", "%s is already in another unit of your army.", s.army.Tile(id).Name)
		}
		dp += s.army.Tile(id).DP
	}
	if total := s.draftDP() + dp; total > g.opts.Size {
		return refuse("over_budget", "That unit costs %d DP: your army would reach %d, more than the battle's %d.", dp, total, g.opts.Size)
	}
	return nil
}

// Draft units are named u1, u2, ... in the order of the draft.
func draftIndex(s *side, id string) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(id, "u"))
	if !strings.HasPrefix(id, "u") || err != nil || n < 1 || n > len(s.draft) {
		return 0, refuse("unknown_unit", "Your draft has no unit %s.", games.Quote(id))
	}
	return n - 1, nil
}

// startDeployment turns both drafts into units and rolls for Player 1.
func (g *Game) startDeployment(log *events) {
	for seat, s := range g.sides {
		for i, tiles := range s.draft {
			u := &unit{id: fmt.Sprintf("%c%d", 'a'+seat, i+1), owner: seat}
			for _, id := range tiles {
				u.troops = append(u.troops, troop{tile: s.army.Tile(id)})
			}
			g.units = append(g.units, u)
		}
		s.unused = s.tokens
	}
	for {
		a, b := g.die(), g.die()
		log.add("roll_first", "%s rolls %d, %s rolls %d.", g.name(SeatA), a, g.name(SeatB), b)
		if a != b {
			g.p1 = SeatA
			if b > a {
				g.p1 = SeatB
			}
			break
		}
	}
	g.phase = deploying
	g.deployer = g.p1
	log.add("player_one", "%s is Player 1 and places the first unit.", g.name(g.p1))
}

func (g *Game) toPlace(seat int) int {
	n := 0
	for _, u := range g.units {
		if u.owner == seat && !u.placed {
			n++
		}
	}
	return n
}

func (g *Game) checkDeploy(seat int, c Command) (*unit, int, position, error) {
	if seat != g.deployer {
		return nil, 0, 0, refuse("not_your_turn", "%s is placing a unit.", g.name(g.deployer))
	}
	u := g.unit(c.Unit)
	if u == nil || u.owner != seat {
		return nil, 0, 0, refuse("unknown_unit", "You have no unit %s.", games.Quote(c.Unit))
	}
	if u.placed {
		return nil, 0, 0, refuse("already_placed", "That unit is already on the battlefield.")
	}
	col, at, err := parseZone(seat, c.To)
	return u, col, at, err
}

func (g *Game) deploy(seat int, c Command, log *events) error {
	u, col, at, err := g.checkDeploy(seat, c)
	if err != nil {
		return err
	}
	u.placed, u.col, u.at = true, col, at
	top := u.troops[0].tile
	if g.opts.Stacks == StacksHeight {
		log.add("deploy", "%s places a stack of %d in its %s %s, showing %s.", g.name(seat), len(u.troops), sector(seat, col), at, top.Name)
		log.data(map[string]any{"seat": seat, "unit": u.id, "top": top.ID, "troops": len(u.troops), "to": zoneOf(u)})
	} else {
		// The rulebook shows the enemy only the top troop; the owner
		// hears how many it placed.
		log.add("deploy", "%s places a stack in its %s %s, showing %s.", g.name(seat), sector(seat, col), at, top.Name)
		log.data(map[string]any{"seat": seat, "unit": u.id, "top": top.ID, "to": zoneOf(u)})
		log.private(seat, "deploy_own", "Your stack of %d in your %s %s.", len(u.troops), sector(seat, col), at)
	}
	switch {
	case g.toPlace(1-seat) > 0:
		g.deployer = 1 - seat
	case g.toPlace(seat) > 0:
	default:
		g.reveal(log)
	}
	return nil
}

// reveal breaks up the stacks and opens the first round.
func (g *Game) reveal(log *events) {
	for _, u := range g.units {
		names := make([]string, len(u.troops))
		for i, t := range u.troops {
			names[i] = t.tile.Name
		}
		log.add("reveal", "%s's %s %s: %s.", g.name(u.owner), sector(u.owner, u.col), u.at, strings.Join(names, ", "))
		log.data(map[string]any{"unit": u.id, "tiles": u.tileIDs()})
	}
	g.deployer = -1
	g.phase = fighting
	g.round = 0
	g.newRound(log)
}

// newRound gives every token back (but those on wounded troops) and hands
// the first turn to Player 1 in odd rounds, Player 2 in even ones.
func (g *Game) newRound(log *events) {
	g.round++
	g.phase = fighting
	for seat, s := range g.sides {
		s.unused = s.tokens - g.woundTokens(seat)
		s.aside, s.passed, s.turns = 0, 0, 0
		s.recovered = false
	}
	for _, u := range g.units {
		u.orders, u.recalled = 0, false
	}
	first := g.p1
	if g.round%2 == 0 {
		first = 1 - g.p1
	}
	log.add("round", "Battle round %d: %s takes the first turn.", g.round, g.name(first))
	g.turn = first
	g.redeploy = ""
	g.nextTurn(first, log)
}

// woundTokens counts the Wound tokens on seat's living troops.
func (g *Game) woundTokens(seat int) int {
	n := 0
	for _, u := range g.own(seat) {
		for _, t := range u.live() {
			n += t.wounds
		}
	}
	return n
}

// maxTurns is the most turns seat takes in one round (house rule).
func (g *Game) maxTurns(seat int) int { return TurnsPerToken * g.sides[seat].tokens }

// canTurn is whether seat takes another turn this round: it has a token
// and has not reached the turn limit.
func (g *Game) canTurn(seat int) bool {
	s := g.sides[seat]
	return s.unused > 0 && s.turns < g.maxTurns(seat)
}

// nextTurn gives the turn to seat if it can take one, else to the other
// player, else ends the round.
func (g *Game) nextTurn(seat int, log *events) {
	switch {
	case g.canTurn(seat):
		g.turn = seat
	case g.canTurn(1 - seat):
		g.turn = 1 - seat
	default:
		g.endRound(log)
	}
}

// endRound checks for a winner, then recovers tokens and asks for
// sacrifices.
func (g *Game) endRound(log *events) {
	g.turn = -1
	d := [2]int{g.destroyed(SeatA), g.destroyed(SeatB)}
	half := [2]bool{2*d[0] >= g.sides[1].armyDP, 2*d[1] >= g.sides[0].armyDP}
	log.add("round_end", "End of round %d: %s has destroyed %d of %d DP, %s %d of %d DP.", g.round,
		g.name(SeatA), d[0], g.sides[1].armyDP, g.name(SeatB), d[1], g.sides[0].armyDP)
	p2 := 1 - g.p1
	winner := -1
	why, kind := "", ""
	switch {
	case half[0] && half[1]:
		winner = p2
		if d[g.p1] > d[p2] {
			winner = g.p1
		}
		why, kind = "both destroyed half of the enemy army", "both_half_destroyed"
	case half[0]:
		winner, why, kind = SeatA, "half of the enemy army destroyed", "half_destroyed"
	case half[1]:
		winner, why, kind = SeatB, "half of the enemy army destroyed", "half_destroyed"
	case g.round >= g.opts.RoundLimit:
		winner = p2
		if d[g.p1] > d[p2] {
			winner = g.p1
		}
		why, kind = fmt.Sprintf("the round limit of %d is reached", g.opts.RoundLimit), "round_limit"
	}
	if winner >= 0 {
		g.finish([]int{winner}, kind, fmt.Sprintf("%s wins: %s (%d DP to %d)", g.name(winner), why, d[winner], d[1-winner]), log)
		return
	}
	g.phase = recovery
	for seat, s := range g.sides {
		s.unused = s.tokens - g.woundTokens(seat)
		s.aside, s.passed = 0, 0
		s.recovered = g.woundTokens(seat) == 0
	}
	for _, u := range g.units {
		u.orders = 0
	}
	if g.sides[0].recovered && g.sides[1].recovered {
		g.newRound(log)
		return
	}
	log.add("recovery", "Tokens come back; a general may sacrifice wounded troops to recover their Wound tokens.")
}

func (g *Game) recoveryCommand(seat int, c Command, log *events) error {
	s := g.sides[seat]
	switch c.Type {
	case TypeSacrifice, TypeEndRecovery:
	default:
		return refuse("wrong_phase", "The round is over: sacrifice wounded troops or end_recovery, not %s.", c.Type)
	}
	if s.recovered {
		return refuse("recovery_done", "You are done for this round: wait for the other general.")
	}
	if c.Type == TypeEndRecovery {
		s.recovered = true
		log.add("recovered", "%s is ready for the next round.", g.name(seat))
	} else {
		u, t, err := g.checkSacrifice(seat, c.Troop)
		if err != nil {
			return err
		}
		s.unused += t.wounds
		log.add("sacrifice", "%s sacrifices %s to recover %s.", g.name(seat), t.tile.Name, counted(t.wounds, "Wound token"))
		log.data(struck(u, t.tile.ID))
		t.wounds = 0
		g.kill(u, t, log)
		g.settle()
		if g.woundTokens(seat) == 0 {
			s.recovered = true
		}
	}
	if g.sides[0].recovered && g.sides[1].recovered {
		g.newRound(log)
	}
	return nil
}

func (g *Game) checkSacrifice(seat int, id string) (*unit, *troop, error) {
	for _, u := range g.own(seat) {
		if t := u.troop(id); t != nil {
			if t.wounds == 0 {
				return nil, nil, refuse("not_wounded", "Only wounded troops can be sacrificed: %s carries no Wound token.", t.tile.Name)
			}
			return u, t, nil
		}
	}
	return nil, nil, refuse("unknown_troop", "You have no troop %s on the battlefield.", games.Quote(id))
}
