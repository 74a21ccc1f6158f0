package gridtactics

import (
	"encoding/json"
	"fmt"
	"time"

	"periscope/games"
)

// View is what one seat may know, ready for JSON. A page can draw the board
// from Board, and highlight each legal move and target (with its hit chance)
// from Legal without knowing the rules.
type View struct {
	Game    string       `json:"game"`
	Size    int          `json:"size"`
	Options Options      `json:"options"`
	Seat    int          `json:"seat"`  // the viewer; -1 for a spectator
	Phase   string       `json:"phase"` // waiting, setup, play or over
	Prompt  string       `json:"prompt"`
	Players []PlayerView `json:"players"`
	// Turn is the seat to play, -1 outside play; TurnNumber counts turns.
	Turn       int `json:"turn"`
	TurnNumber int `json:"turn_number"`
	// TurnLimit is the last turn: then more units wins (house rule).
	TurnLimit int     `json:"turn_limit"`
	Board     []Piece `json:"board"`
	// Setup is the viewer's own setup task while it still has to place.
	Setup *SetupView `json:"setup,omitempty"`
	// Active is the square of an artillery that has moved or fired and may
	// still do the other; acting with another unit ends its activation.
	Active  string       `json:"active,omitempty"`
	Pending *PendingView `json:"pending,omitempty"`
	// Legal are the viewer's units that may still act, with every legal
	// choice; present only on the viewer's turn. Every pocket game's view
	// names what its viewer may send "legal"; here it is grouped by unit,
	// and ending the turn is CanEndTurn.
	Legal      []UnitActions  `json:"legal,omitempty"`
	CanEndTurn bool           `json:"can_end_turn,omitempty"`
	Deadline   *time.Time     `json:"deadline,omitempty"`
	Outcome    *games.Outcome `json:"outcome,omitempty"`
	// Suggest is, in a guided match, the command the lessons suggest to
	// this seat now (its setup, or its next action): what the crew bot
	// would play at this seat from this seat's view, so always a command
	// the engine accepts. Absent outside a guided match and when the seat
	// has nothing to do.
	Suggest json.RawMessage `json:"suggest,omitempty"`
}

// PlayerView is one side's public summary.
type PlayerView struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Units  int    `json:"units"`
	Placed bool   `json:"placed"`
}

// Piece is a unit on the board as the viewer sees it. A face-down enemy
// unit has Kind "unit" and no ID.
type Piece struct {
	At       string `json:"at"`
	Owner    int    `json:"owner"`
	Kind     string `json:"kind"`
	ID       string `json:"id,omitempty"`
	FaceDown bool   `json:"face_down,omitempty"`
	Spent    bool   `json:"spent,omitempty"`
}

// SetupView tells a player where it may place which units.
type SetupView struct {
	Squares []string       `json:"squares"`
	Units   map[string]int `json:"units"`
}

// PendingView is a missed artillery attack that may be fired again.
type PendingView struct {
	Unit   string `json:"unit"`
	Target string `json:"target"`
	Needs  int    `json:"needs"`
	Chance string `json:"chance"`
	// IfShielded: the target is face down and might be a soldier in Shield
	// Formation: the chance if it is.
	IfShielded string `json:"if_shielded,omitempty"`
}

// UnitActions is one unit's legal choices this turn.
type UnitActions struct {
	Unit string `json:"unit"` // its square
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Moves are the squares a move can end on.
	Moves []string `json:"moves,omitempty"`
	// Attacks are targets from where the unit stands (for a tank, its
	// combat action without moving).
	Attacks []TargetView `json:"attacks,omitempty"`
	// MoveAttacks are tank combat actions and artillery turns that move one
	// square first, then attack one of the targets.
	MoveAttacks []MoveAttack `json:"move_attacks,omitempty"`
}

// MoveAttack is a square to move to and the targets in range from there.
type MoveAttack struct {
	To      string       `json:"to"`
	Targets []TargetView `json:"targets"`
}

// TargetView is one target with the chance to hit it, as the attacker can
// know it.
type TargetView struct {
	At      string `json:"at"`
	Needs   int    `json:"needs"`
	Chance  string `json:"chance"` // "4+ = 50%"
	Percent int    `json:"percent"`
	// Shield: the target is known to be in Shield Formation (Needs includes it).
	Shield bool `json:"shield,omitempty"`
	// IfShielded is set when a face-down target might be a soldier in
	// Shield Formation: the chance if it is ("5+ = 33%").
	IfShielded string `json:"if_shielded,omitempty"`
	// WithSecond is artillery's chance in percent counting the second
	// attack it may fire after a miss.
	WithSecond int `json:"with_second,omitempty"`
}

// View is seat's view of the match; games.Spectator gets the public one.
func (g *Game) View(seat int) any {
	return g.view(seat)
}

func (g *Game) view(seat int) View {
	v := View{
		Game:       Definition.Name,
		Size:       g.size,
		Options:    g.publicOptions(),
		Seat:       seat,
		Phase:      g.phase.String(),
		Turn:       -1,
		TurnNumber: g.turns,
		TurnLimit:  TurnLimit,
		Board:      []Piece{},
		Outcome:    g.Outcome(),
	}
	if seat != Red && seat != Blue {
		v.Seat = games.Spectator
	}
	if d, ok := g.Deadline(); ok {
		v.Deadline = &d
	}
	for s := range 2 {
		v.Players = append(v.Players, PlayerView{Seat: s, Name: names[s], Units: g.count(s), Placed: g.placed[s]})
	}
	// Square order, not unit order: the latter would give away which
	// face-down unit is which.
	for _, sq := range g.squares() {
		i := g.at(sq)
		if i < 0 {
			continue
		}
		u := g.units[i]
		// While placing, nobody sees the other side's setup.
		if g.phase == placing && u.owner != v.Seat {
			continue
		}
		p := Piece{At: u.at.String(), Owner: u.owner, Kind: "unit", FaceDown: u.hidden, Spent: u.spent}
		if k := g.kindFor(v.Seat, i); k != 0 {
			p.Kind, p.ID = k.String(), u.id
		}
		v.Board = append(v.Board, p)
	}
	if g.phase == playing {
		v.Turn = g.turn
		if g.open >= 0 {
			v.Active = g.units[g.open].at.String()
		}
		if p := g.pending; p != nil {
			// The chance as the attacker can know it: a face-down target's
			// Shield Formation is not told.
			tv := g.targetView(g.units[p.attacker].owner, g.units[p.attacker].kind, p.target)
			v.Pending = &PendingView{
				Unit:       g.units[p.attacker].at.String(),
				Target:     g.units[p.target].at.String(),
				Needs:      tv.Needs,
				Chance:     tv.Chance,
				IfShielded: tv.IfShielded,
			}
		}
	}
	if g.phase == placing && (v.Seat == Red || v.Seat == Blue) && !g.placed[v.Seat] {
		sv := &SetupView{Units: map[string]int{}}
		for _, s := range g.setupSquares(v.Seat) {
			sv.Squares = append(sv.Squares, s.String())
		}
		for _, a := range army {
			sv.Units[a.kind.String()] = a.count
		}
		v.Setup = sv
	}
	if g.phase == playing && v.Seat == g.turn && g.pending == nil {
		v.Legal = g.legalView(v.Seat)
		v.CanEndTurn = true
	}
	v.Prompt = g.prompt(v)
	if g.opts.Guided && (v.Setup != nil || (g.phase == playing && v.Seat == g.turn)) {
		// A suggestion that waits on a missed artillery's second shot is
		// the bot's own: fire again (it costs nothing).
		if cmd, ok := g.BotCommandAt(v.Seat, games.BotCrew); ok {
			v.Suggest = cmd
		}
	}
	return v
}

// kindFor is what viewer knows of unit u's kind: 0 while it is face down
// and not the viewer's own.
func (g *Game) kindFor(viewer, u int) Kind {
	un := g.units[u]
	if un.owner == viewer || !un.hidden {
		return un.kind
	}
	return 0
}

func (g *Game) legalView(seat int) []UnitActions {
	var out []UnitActions
	for u, un := range g.units {
		if un.owner != seat {
			continue
		}
		c := g.choicesFor(u)
		if c.none() {
			continue
		}
		ua := UnitActions{Unit: un.at.String(), ID: un.id, Kind: un.kind.String()}
		for _, m := range c.moves {
			ua.Moves = append(ua.Moves, m.String())
		}
		for _, t := range c.attacks {
			ua.Attacks = append(ua.Attacks, g.targetView(seat, un.kind, t))
		}
		for _, cb := range c.combos {
			ma := MoveAttack{To: cb.to.String()}
			for _, t := range cb.targets {
				ma.Targets = append(ma.Targets, g.targetView(seat, un.kind, t))
			}
			ua.MoveAttacks = append(ua.MoveAttacks, ma)
		}
		out = append(out, ua)
	}
	return out
}

// targetView is a target with its hit chance as the viewer can know it.
func (g *Game) targetView(viewer int, attacker Kind, t int) TargetView {
	needs, sure, maybe := g.estimate(viewer, attacker, t)
	tv := TargetView{
		At:      g.units[t].at.String(),
		Needs:   needs,
		Chance:  chance(needs),
		Percent: percent(needs),
		Shield:  sure,
	}
	if maybe {
		tv.IfShielded = chance(min(needs+shieldBonus, maxNeed))
	}
	if attacker == Artillery {
		tv.WithSecond = percentTwice(needs)
	}
	return tv
}

// estimate works out the number an attacker of the given kind needs to hit
// t from what the viewer knows: sure means Shield Formation certainly
// applies (and is in needs); maybe means a face-down unit could make it
// apply, adding 2 if so. The view thus leaks nothing the table could not see.
func (g *Game) estimate(viewer int, attacker Kind, t int) (needs int, sure, maybe bool) {
	needs = hitsOn(attacker)
	if !g.couldBeSoldier(viewer, t) {
		return needs, false, false
	}
	targetKnown := g.kindFor(viewer, t) == Soldier
	tu := g.units[t]
	for f, fu := range g.units {
		if f == t || !fu.alive || fu.owner != tu.owner || chebyshev(fu.at, tu.at) != 1 || !g.couldBeSoldier(viewer, f) {
			continue
		}
		if targetKnown && g.kindFor(viewer, f) == Soldier {
			return min(needs+shieldBonus, maxNeed), true, false
		}
		maybe = true
	}
	return needs, false, maybe
}

// couldBeSoldier: u is a soldier as far as viewer knows, or is face down
// while some of its owner's soldiers are still unaccounted for.
func (g *Game) couldBeSoldier(viewer, u int) bool {
	switch g.kindFor(viewer, u) {
	case Soldier:
		return true
	case 0:
		known := 0
		for i, o := range g.units {
			if o.owner == g.units[u].owner && o.kind == Soldier && g.kindFor(viewer, i) == Soldier {
				known++
			}
		}
		return known < 3
	}
	return false
}

func (g *Game) prompt(v View) string {
	rows := "back row"
	if g.opts.setupRows() == 2 {
		rows = "two back rows"
	}
	player := v.Seat == Red || v.Seat == Blue
	switch g.phase {
	case waiting:
		return "Waiting for the match to start"
	case placing:
		switch {
		case !player:
			return "The players are placing their units"
		case !g.placed[v.Seat]:
			return fmt.Sprintf("Place your 3 soldiers, 2 tanks and 2 artillery on your %s", rows)
		}
		return fmt.Sprintf("Waiting for %s to place its units", names[1-v.Seat])
	case over:
		return g.outcome.Reason
	}
	if v.Seat != g.turn {
		return fmt.Sprintf("%s is playing", names[g.turn])
	}
	if v.Pending != nil {
		return fmt.Sprintf("Your artillery on %s missed: fire again at %s (%s) or decline", v.Pending.Unit, v.Pending.Target, v.Pending.Chance)
	}
	if len(v.Legal) == 0 {
		return "None of your units can act: end your turn"
	}
	return "Your turn: act with each unit once, then end your turn"
}
