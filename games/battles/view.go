package battles

import (
	"encoding/json"
	"fmt"

	"periscope/games"
)

// View is what one seat may know, ready for JSON. Before the reveal a seat
// sees of the enemy's army only whether it is ready and the top troop and
// height of each placed stack; the army being built and the troops under
// the top never leave the server. Legal lists every command the viewer may
// send now (with its cost and a label), so the page and the bot never work
// the rules out themselves; only add_unit, whose tiles are the viewer's
// free choice, is checked by the server when sent.
type View struct {
	Game     string         `json:"game"`
	Seat     int            `json:"seat"` // the viewer; -1 for a spectator
	Phase    string         `json:"phase"`
	Prompt   string         `json:"prompt"`
	Options  Options        `json:"options"`
	Round    int            `json:"round"`
	Turn     int            `json:"turn"`     // the seat whose turn it is; -1 when none
	Actor    int            `json:"actor"`    // the seat the battle waits for; -1 when none or both
	Player1  int            `json:"player_1"` // Player 1's seat; -1 before the roll
	Sides    []SideView     `json:"sides"`
	Units    []UnitView     `json:"units"`
	Build    *BuildView     `json:"build,omitempty"`
	Pending  *PendingView   `json:"pending,omitempty"`
	LastRoll *Roll          `json:"last_roll,omitempty"`
	Legal    []Legal        `json:"legal"`
	Outcome  *games.Outcome `json:"outcome,omitempty"`
	// Armies and Traits are the box's contents in play (public, and
	// unchanging: a phone gets them once, in its first view).
	Armies map[string]*Army `json:"armies"`
	Traits []Trait          `json:"traits"`
	// Suggest is, in a guided match, the command the lessons suggest to
	// this seat now (see View); absent otherwise.
	Suggest json.RawMessage `json:"suggest,omitempty"`
}

// SideView is one general's public state.
type SideView struct {
	Seat      int      `json:"seat"`
	Name      string   `json:"name"`
	Army      string   `json:"army"`
	Player    int      `json:"player"` // 1 or 2 once rolled, else 0
	Ready     bool     `json:"ready"`  // the army is built
	Tokens    int      `json:"tokens"`
	Unused    int      `json:"unused"`
	SetAside  int      `json:"set_aside"`
	Passed    int      `json:"passed"` // set aside by a Pass, spent as if on a unit
	Turns     int      `json:"turns"`  // turns taken this round
	MaxTurns  int      `json:"max_turns"`
	ArmyDP    int      `json:"army_dp"`   // 0 while hidden from the viewer
	Destroyed int      `json:"destroyed"` // DP of enemy troops it has destroyed
	Lost      []string `json:"lost"`      // its own tiles destroyed
	ToPlace   int      `json:"to_place"`  // units still to deploy
	Recovered bool     `json:"recovered"`
}

// UnitView is a unit as the viewer sees it. Sector is from the viewer's
// side (the spectator sees from seat A's); Zone is the owner's own name of
// its zone, as commands write it.
type UnitView struct {
	ID       string      `json:"id"`
	Owner    int         `json:"owner"`
	Name     string      `json:"name"`
	Placed   bool        `json:"placed"`
	Sector   string      `json:"sector,omitempty"`
	Position string      `json:"position,omitempty"`
	Zone     string      `json:"zone,omitempty"`
	Troops   []TroopView `json:"troops"`
	Hidden   int         `json:"hidden"` // troops under the top the viewer may not see
	Orders   int         `json:"orders"`
	Cost     int         `json:"cost"`
	Contacts []string    `json:"contacts"`
	Traits   []string    `json:"traits"`
}

// TroopView is a visible troop with its Wound tokens.
type TroopView struct {
	Tile   string `json:"tile"`
	Wounds int    `json:"wounds"`
}

// BuildView is the viewer's own army being built.
type BuildView struct {
	Size    int         `json:"size"`
	DP      int         `json:"dp"`
	Units   []DraftUnit `json:"units"`
	Free    []string    `json:"free"` // tiles in no unit yet
	Presets []Preset    `json:"presets"`
}

// DraftUnit is a unit of the draft.
type DraftUnit struct {
	ID    string   `json:"id"`
	Tiles []string `json:"tiles"`
	DP    int      `json:"dp"`
}

// PendingView is a step of an action waiting for a player.
type PendingView struct {
	Kind string `json:"kind"` // reaction, charge_target, wounds
	Seat int    `json:"seat"`
	Unit string `json:"unit"`
	Hits int    `json:"hits,omitempty"`
}

// Legal is a command the viewer may send now.
type Legal struct {
	Command Command `json:"command"`
	Label   string  `json:"label"`
	Cost    int     `json:"cost,omitempty"`
}

// View is seat's view; games.Spectator gets the public one.
func (g *Game) View(seat int) any {
	v := g.view(seat)
	// In a guided match the seat the battle waits for is told what the
	// veteran bot (the one that always gives its best order) would do
	// there, from this very view: always a command the engine accepts.
	// (Here, not in view, which the bot itself reads.)
	if g.opts.Guided && (v.Seat == SeatA || v.Seat == SeatB) {
		if cmd, ok := g.BotCommandAt(v.Seat, games.BotVeteran); ok {
			v.Suggest = cmd
		}
	}
	return v
}

// revealed is whether the stacks are open.
func (g *Game) revealed() bool { return g.phase >= fighting }

func (g *Game) view(seat int) View {
	if seat != SeatA && seat != SeatB {
		seat = games.Spectator
	}
	v := View{Game: Definition.Name, Seat: seat, Phase: g.phase.String(), Options: g.opts, Round: g.round,
		Turn: -1, Actor: -1, Player1: g.p1, Units: []UnitView{}, Legal: []Legal{}, LastRoll: g.last, Outcome: g.Outcome(),
		Armies: map[string]*Army{}, Traits: content.Traits}
	for _, sd := range g.sides {
		v.Armies[sd.army.ID] = sd.army
	}
	switch g.phase {
	case deploying:
		v.Turn, v.Actor = g.deployer, g.deployer
	case fighting:
		v.Turn, v.Actor = g.turn, g.actor()
	}
	for s, sd := range g.sides {
		sv := SideView{Seat: s, Name: g.name(s), Army: sd.army.ID, Ready: sd.confirmed, Tokens: sd.tokens,
			Unused: sd.unused, SetAside: sd.aside, Passed: sd.passed, Turns: sd.turns, MaxTurns: g.maxTurns(s), Destroyed: g.destroyed(s), Lost: append([]string{}, sd.lost...),
			ToPlace: g.toPlace(s), Recovered: sd.recovered}
		if g.p1 >= 0 {
			sv.Player = 1
			if s != g.p1 {
				sv.Player = 2
			}
		}
		if s == seat || g.revealed() {
			sv.ArmyDP = sd.armyDP
		}
		v.Sides = append(v.Sides, sv)
	}
	persp := max(seat, 0)
	for _, u := range g.units {
		if u.gone || (!u.placed && u.owner != seat) {
			continue
		}
		uv := UnitView{ID: u.id, Owner: u.owner, Placed: u.placed, Troops: []TroopView{}, Contacts: []string{},
			Orders: u.orders, Cost: u.cost(), Traits: []string{}}
		if u.placed {
			uv.Sector, uv.Position = sector(persp, u.col), u.at.String()
			if u.at != engaged {
				uv.Zone = zoneName(u.owner, u.col, u.at)
			}
		}
		shown := u.live()
		if u.owner != seat && !g.revealed() {
			if g.opts.Stacks == StacksHeight {
				uv.Hidden = len(shown) - 1
			}
			shown = shown[:1]
			uv.Name = shown[0].tile.Name
		} else {
			uv.Name = u.name()
			for _, t := range u.traits() {
				uv.Traits = append(uv.Traits, t.ID)
			}
		}
		for _, t := range shown {
			uv.Troops = append(uv.Troops, TroopView{Tile: t.tile.ID, Wounds: t.wounds})
		}
		for _, c := range g.contactsOf(u) {
			uv.Contacts = append(uv.Contacts, c.id)
		}
		v.Units = append(v.Units, uv)
	}
	if g.phase == building && seat >= 0 {
		v.Build = g.buildView(seat)
	}
	if w := g.awaiting(); w != nil && g.phase == fighting {
		p := &PendingView{Seat: g.actor(), Unit: w.a}
		switch w.kind {
		case opAssign:
			p.Kind, p.Hits = "wounds", w.hits
		case opReact:
			p.Kind = "reaction"
		case opChargeTarget:
			p.Kind = "charge_target"
		}
		v.Pending = p
	}
	if seat >= 0 {
		v.Legal = g.legalFor(seat)
	}
	v.Prompt = g.prompt(v)
	return v
}

func (g *Game) buildView(seat int) *BuildView {
	s := g.sides[seat]
	b := &BuildView{Size: g.opts.Size, DP: s.draftDP(), Units: []DraftUnit{}, Free: []string{}, Presets: content.presetsOf(s.army.ID, g.opts.Size)}
	for i, u := range s.draft {
		dp := 0
		for _, id := range u {
			dp += s.army.Tile(id).DP
		}
		b.Units = append(b.Units, DraftUnit{ID: fmt.Sprintf("u%d", i+1), Tiles: append([]string{}, u...), DP: dp})
	}
	for _, t := range s.army.Tiles {
		if !s.inDraft(t.ID) {
			b.Free = append(b.Free, t.ID)
		}
	}
	if b.Presets == nil {
		b.Presets = []Preset{}
	}
	return b
}

// legalFor is every command seat may send now (add_unit aside).
func (g *Game) legalFor(seat int) []Legal {
	out := []Legal{}
	add := func(c Command, cost int, format string, args ...any) {
		out = append(out, Legal{Command: c, Cost: cost, Label: fmt.Sprintf(format, args...)})
	}
	switch g.phase {
	case building:
		s := g.sides[seat]
		if s.confirmed {
			return out
		}
		for _, p := range content.presetsOf(s.army.ID, g.opts.Size) {
			add(Command{Type: TypeUsePreset, Preset: p.ID}, 0, "Take the %s (%d DP)", p.Name, p.DP)
		}
		for i := range s.draft {
			add(Command{Type: TypeRemoveUnit, Unit: fmt.Sprintf("u%d", i+1)}, 0, "Break up unit %d", i+1)
		}
		if len(s.draft) > 0 {
			add(Command{Type: TypeConfirm}, 0, "Confirm this army (%d DP)", s.draftDP())
		}
	case deploying:
		if g.deployer != seat {
			return out
		}
		for _, u := range g.units {
			if u.owner != seat || u.placed {
				continue
			}
			for _, z := range ownZones(seat) {
				add(Command{Type: TypeDeploy, Unit: u.id, To: z}, 0, "Place %s in your %s", u.name(), words(z))
			}
		}
	case recovery:
		s := g.sides[seat]
		if s.recovered {
			return out
		}
		for _, u := range g.own(seat) {
			for _, t := range u.live() {
				if t.wounds > 0 {
					add(Command{Type: TypeSacrifice, Troop: t.tile.ID}, 0, "Sacrifice %s (recover %s)", t.tile.Name, counted(t.wounds, "token"))
				}
			}
		}
		add(Command{Type: TypeEndRecovery}, 0, "Ready for the next round")
	case fighting:
		if g.actor() != seat {
			return out
		}
		if w := g.awaiting(); w != nil {
			u := g.unit(w.a)
			switch w.kind {
			case opAssign:
				for _, a := range g.assignOptions(u) {
					t := u.troop(a.troop)
					switch {
					case a.kill:
						add(a.command(), 0, "Eliminate %s (absorbs %d)", t.tile.Name, min(w.hits, t.tile.Wounds-t.wounds))
					case a.from == "":
						add(a.command(), 0, "Wound %s (one unused token)", t.tile.Name)
					case a.from == FromPass:
						add(a.command(), 0, "Wound %s (a token you set aside by passing)", t.tile.Name)
					default:
						add(a.command(), 0, "Wound %s (an Order token of %s)", t.tile.Name, g.unit(a.from).name())
					}
				}
			case opReact:
				for _, c := range g.reactOptions(u) {
					switch c.Type {
					case TypeIntercept:
						x := g.unit(c.Unit)
						add(c, x.cost(), "Intercept with %s (an order: it costs tokens, house rule)", x.name())
					case TypeFireAt:
						x := g.unit(c.Unit)
						add(c, x.cost(), "Shoot at the charge with %s (an order: it costs tokens, house rule)", x.name())
					default:
						add(c, 0, "Let the charge come")
					}
				}
			case opChargeTarget:
				for _, t := range g.chargeTargets(u, chargeFront) {
					add(Command{Type: TypeChargeAt, Target: t.id}, 0, "Charge %s", t.name())
				}
			}
			return out
		}
		g.turnOptions(seat, add)
	}
	return out
}

func ownZones(seat int) []string {
	var out []string
	for _, s := range sectorNames {
		out = append(out, s+"_front", s+"_rear")
	}
	return out
}

// turnOptions lists the Active Player's redeployments and actions.
func (g *Game) turnOptions(seat int, add func(Command, int, string, ...any)) {
	mine := g.own(seat)
	ok := func(c Command) bool { return g.checkAction(seat, c) == nil }
	for _, u := range mine {
		if !u.placed {
			continue
		}
		if g.redeploy == "" {
			for _, z := range ownZones(seat) {
				c := Command{Type: TypeRedeploy, Unit: u.id, To: z}
				if _, _, _, err := g.checkRedeploy(seat, c); err == nil {
					add(c, 0, "Redeploy %s to your %s (free)", u.name(), words(z))
				}
			}
		}
		if g.checkOrder(seat, u) != nil {
			continue
		}
		cost := u.cost()
		for _, z := range ownZones(seat) {
			if c := (Command{Type: TypeMove, Unit: u.id, To: z}); ok(c) {
				add(c, cost, "Move %s to your %s", u.name(), words(z))
			}
		}
		if c := (Command{Type: TypeCharge, Unit: u.id}); ok(c) {
			add(c, cost, "Charge with %s", u.name())
		}
		if u.at == front && len(u.faces(false)) > 0 {
			kind := g.chargeKind(u)
			if kind != chargeFront {
				for _, t := range g.chargeTargets(u, kind) {
					add(Command{Type: TypeCharge, Unit: u.id, Target: t.id}, cost, "Charge with %s at %s (it is drawn into the Engagement zone of its sector: house rule)", u.name(), t.name())
				}
			}
		}
		for _, t := range g.contactsOf(u) {
			add(Command{Type: TypeCarryOn, Unit: u.id, Target: t.id}, cost, "Carry on: %s strikes %s", u.name(), t.name())
		}
		if u.at == engaged && len(g.contactsOf(u)) > 0 {
			if u.has(HookNoLeaveStrike) {
				add(Command{Type: TypeLeave, Unit: u.id}, cost, "Leave the engagement with %s (Elusive: no enemy strikes it)", u.name())
			} else {
				add(Command{Type: TypeLeave, Unit: u.id}, cost, "Leave the engagement with %s (each enemy in contact strikes it once: house rule)", u.name())
			}
		}
		if g.canShoot(u) == nil {
			for _, t := range g.enemies(seat, func(*unit) bool { return true }) {
				if g.shotBlock(u, t) == nil {
					if len(g.contactsOf(t)) > 0 {
						add(Command{Type: TypeShoot, Unit: u.id, Target: t.id}, cost, "Shoot with %s at %s (in an engagement: the hits split over all its units, yours included: house rule)", u.name(), t.name())
					} else {
						add(Command{Type: TypeShoot, Unit: u.id, Target: t.id}, cost, "Shoot with %s at %s", u.name(), t.name())
					}
				}
			}
		}
		for _, tr := range u.traits() {
			if !tr.Special {
				continue
			}
			for _, t := range mine {
				if !t.placed {
					continue
				}
				c := Command{Type: TypeUseTrait, Unit: u.id, Trait: tr.ID, Target: t.id}
				if tr.Hook == HookRelayMove {
					for _, z := range ownZones(seat) {
						c.To = z
						if ok(c) {
							add(c, cost, "%s: %s moves %s to your %s", tr.Name, u.name(), t.name(), words(z))
						}
					}
					continue
				}
				if !ok(c) {
					continue
				}
				if tr.Hook == HookRecallOrders {
					add(c, cost, "%s: %s takes back %d of %s's Order tokens (at most what this order costs, once a round: house rule)", tr.Name, u.name(), min(t.orders, cost), t.name())
					continue
				}
				add(c, cost, "%s: %s helps %s", tr.Name, u.name(), t.name())
			}
		}
	}
	if g.opts.PassToken == PassAside {
		add(Command{Type: TypePass}, 1, "Pass (set one token aside; it stays out of play until the next round: house rule)")
	} else {
		add(Command{Type: TypePass}, 1, "Pass (set one token aside, spent as if on a unit: it may still become a Wound token)")
	}
}

func (g *Game) prompt(v View) string {
	mine := v.Seat >= 0 && v.Actor == v.Seat
	switch g.phase {
	case waiting:
		return "Waiting for the battle to start"
	case over:
		return g.outcome.Reason
	case building:
		if v.Seat >= 0 && g.sides[v.Seat].confirmed {
			return "Your army is ready: waiting for the other general"
		}
		if v.Seat < 0 {
			return "The generals are building their armies"
		}
		return fmt.Sprintf("Build your army: up to %d DP, or tap an example army", g.opts.Size)
	case deploying:
		if mine {
			return "Place a unit in the Front or Rear of a sector of your side"
		}
		return fmt.Sprintf("%s is placing a unit", g.name(g.deployer))
	case recovery:
		if v.Seat >= 0 && !g.sides[v.Seat].recovered {
			return "End of the round: sacrifice wounded troops to recover tokens, or go on"
		}
		return "End of the round: waiting for the other general"
	}
	if p := v.Pending; p != nil {
		u := g.unit(p.Unit)
		switch {
		case p.Kind == "wounds" && mine:
			return fmt.Sprintf("%s takes %s: eliminate troops or place Wound tokens", u.name(), hitWords(p.Hits))
		case p.Kind == "reaction" && mine:
			return fmt.Sprintf("%s charges you: intercept, shoot at it, or let it come", u.name())
		case p.Kind == "charge_target" && mine:
			return fmt.Sprintf("Pick the enemy unit %s charges", u.name())
		}
		return "Waiting for " + g.name(v.Actor)
	}
	if mine {
		return fmt.Sprintf("Your turn (round %d): redeploy a unit for free if you like, then give one order", g.round)
	}
	return fmt.Sprintf("%s's turn (round %d)", g.name(v.Turn), g.round)
}
