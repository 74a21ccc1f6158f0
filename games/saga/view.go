package saga

import (
	"encoding/json"
	"fmt"
	"time"

	"periscope/games"
)

// View is what one seat may know, ready for JSON. Everything in Saga is in
// the open except the order of the tiles left in the bag, which no view
// holds. Legal lists every command the viewer may send now, so a page (or
// the bot) never works out the rules itself.
type View struct {
	Game       string         `json:"game"`
	Seat       int            `json:"seat"` // the viewer; -1 for a spectator
	Phase      string         `json:"phase"`
	Prompt     string         `json:"prompt"`
	Options    Options        `json:"options"`
	First      int            `json:"first"`       // the seat that placed and plays first; -1 before the roll
	Turn       int            `json:"turn"`        // the seat to act (in an assault, the one to re-roll); -1 when none
	TurnNumber int            `json:"turn_number"` // turns of play begun
	Players    []PlayerView   `json:"players"`
	Tiles      []TileView     `json:"tiles"`
	Units      []UnitView     `json:"units"` // units on the map
	Bag        BagView        `json:"bag"`
	Terrain    []Terrain      `json:"terrain"`
	Legal      []Legal        `json:"legal"`
	Fight      *FightView     `json:"fight,omitempty"`
	Deadline   *time.Time     `json:"deadline,omitempty"`
	Outcome    *games.Outcome `json:"outcome,omitempty"`
	TableWidth int            `json:"table_width"`
	// SecondBase, while the map is built, is where the second base would
	// go if the bag ran out now, so that a builder sees a careless map
	// coming.
	SecondBase *SecondBaseView `json:"second_base,omitempty"`
	// Suggest is, in a guided match, the command the lessons suggest to
	// this seat now (see View); absent otherwise.
	Suggest json.RawMessage `json:"suggest,omitempty"`
}

// SecondBaseView foresees the second base while the map is built.
type SecondBaseView struct {
	// Touching is how many tiles touch the first base: the second base
	// must touch as many (the nearest number where no spot does).
	Touching int `json:"touching"`
	// Apart is how many tiles from the first base it would stand.
	Apart int `json:"apart"`
	// Close: Apart is CloseBases or less, where units placed before play
	// can reach the enemy's base in their first turn or two, with
	// WarnTilesLeft tiles or fewer to place.
	Close bool `json:"close"`
	// Warning says it in words, when Close.
	Warning string `json:"warning,omitempty"`
}

// CloseBases is how near the bases are too near: at 4 tiles or fewer a
// unit placed next to its base stands one or two moves from the enemy's.
const CloseBases = 4

// WarnTilesLeft is how near the end of the bag the warning begins.
const WarnTilesLeft = 7

// PlayerView is one side: its faction's cards and where its units are.
type PlayerView struct {
	Seat     int       `json:"seat"`
	Name     string    `json:"name"`
	Faction  *Faction  `json:"faction"`
	Base     string    `json:"base,omitempty"` // position of its base once placed
	InPlay   int       `json:"in_play"`
	Reserves []UnitRef `json:"reserves"`
	Captured []UnitRef `json:"captured"` // its units the opponent has captured
}

// UnitRef names a unit off the map.
type UnitRef struct {
	ID   string `json:"id"`
	Card string `json:"card"`
}

// TileView is a tile on the table.
type TileView struct {
	At      string `json:"at"`
	Q       int    `json:"q"`
	R       int    `json:"r"`
	Terrain string `json:"terrain,omitempty"`
	Base    int    `json:"base"` // the owner of a base tile, or -1
}

// UnitView is a unit on the map.
type UnitView struct {
	ID    string `json:"id"`
	Owner int    `json:"owner"`
	Card  string `json:"card"`
	At    string `json:"at"`
}

// BagView is what the table knows of the bag: the tile in hand and how
// many of each terrain are left (the order stays secret).
type BagView struct {
	InHand string         `json:"in_hand,omitempty"`
	Left   int            `json:"left"`
	Counts map[string]int `json:"counts"`
}

// View is seat's view; games.Spectator gets the public one.
func (g *Game) View(seat int) any {
	v := g.view(seat)
	// In a guided match the seat to act is told what the crew bot would
	// play there, from this very view: always a command the engine
	// accepts. (Here, not in view, which the bot itself reads.)
	if g.opts.Guided && v.Seat >= 0 && v.Turn == v.Seat && len(v.Legal) > 0 {
		if cmd, ok := g.BotCommandAt(v.Seat, games.BotCrew); ok {
			v.Suggest = cmd
		}
	}
	return v
}

func (g *Game) view(seat int) View {
	if seat != Raven && seat != Wolf {
		seat = games.Spectator
	}
	v := View{
		Game: Definition.Name, Seat: seat, Phase: g.phase.String(), Options: g.opts,
		First: -1, Turn: -1, TurnNumber: g.turns, Tiles: []TileView{}, Units: []UnitView{},
		Terrain: g.set.Terrain, Legal: []Legal{}, Outcome: g.Outcome(), TableWidth: 2*TableHalfWidth + 1,
	}
	if g.phase != waiting {
		v.First = g.first
	}
	if g.phase != waiting && g.phase != over {
		v.Turn = g.turn
	}
	for s := range 2 {
		p := PlayerView{Seat: s, Name: names[s], Faction: g.fac[s], Reserves: []UnitRef{}, Captured: []UnitRef{}}
		if t := g.tileAt(g.bases[s]); t != nil && t.base == s {
			p.Base = g.bases[s].String()
		}
		for i, u := range g.units {
			if u.owner != s {
				continue
			}
			ref := UnitRef{ID: u.id, Card: g.card(i).ID}
			switch u.where {
			case onMap:
				p.InPlay++
			case inReserve:
				p.Reserves = append(p.Reserves, ref)
			case captured:
				p.Captured = append(p.Captured, ref)
			}
		}
		v.Players = append(v.Players, p)
	}
	for _, t := range g.tiles {
		v.Tiles = append(v.Tiles, TileView{At: t.at.String(), Q: t.at.Q, R: t.at.R, Terrain: t.terrain, Base: t.base})
	}
	for i, u := range g.units {
		if u.where == onMap {
			v.Units = append(v.Units, UnitView{ID: u.id, Owner: u.owner, Card: g.card(i).ID, At: u.at.String()})
		}
	}
	v.Bag.Counts = map[string]int{}
	if g.phase == waiting {
		for _, b := range g.set.Bag {
			v.Bag.Counts[b.Terrain] += b.Count
			v.Bag.Left += b.Count
		}
	} else {
		for i := g.drawn; i < len(g.bag); i++ {
			if i == g.drawn && g.phase == building {
				v.Bag.InHand = g.bag[i]
				continue
			}
			v.Bag.Counts[g.bag[i]]++
			v.Bag.Left++
		}
	}
	if f := g.fight; f != nil {
		fv := g.fightView(f, nil)
		v.Fight = &fv
		v.Turn = fv.ToAct
		if d, ok := g.Deadline(); ok {
			v.Deadline = &d
		}
	}
	if g.phase == building {
		v.SecondBase = g.foresee()
	}
	if seat >= 0 && v.Turn == seat {
		v.Legal = g.legalFor(seat)
	}
	v.Prompt = g.prompt(v)
	return v
}

// legalFor is every command seat may send now, whatever the phase.
func (g *Game) legalFor(seat int) []Legal {
	out := []Legal{}
	if g.phase == over || g.phase == waiting {
		return out
	}
	if f := g.fight; f != nil {
		if f.seatOf(g, f.actor) != seat {
			return out
		}
		d := f.dice[f.actor]
		for i := range d.Off {
			out = append(out, Legal{Command: Command{Type: TypeReroll, Dice: "off", Index: intp(i)}})
		}
		for i := range d.Def {
			out = append(out, Legal{Command: Command{Type: TypeReroll, Dice: "def", Index: intp(i)}})
		}
		return append(out, Legal{Command: Command{Type: TypePass}})
	}
	if seat != g.turn {
		return out
	}
	switch g.phase {
	case building:
		for _, h := range g.tileOptions() {
			out = append(out, Legal{Command: Command{Type: TypePlaceTile, At: h.String()}, BasesApart: g.basesApartWith(h)})
		}
	case basing:
		for _, h := range g.baseOptions() {
			out = append(out, Legal{Command: Command{Type: TypePlaceBase, At: h.String()}})
		}
	case deploying:
		spots := g.deployOptions(seat)
		done := map[int]bool{}
		for u, un := range g.units {
			if un.owner != seat || un.where != inReserve || done[un.card] {
				continue
			}
			done[un.card] = true
			for _, h := range spots {
				l := Legal{Command: Command{Type: TypeDeploy, Unit: g.units[u].id, At: h.String()}}
				out = append(out, l)
			}
		}
	case playing:
		out = append(out, g.legal(seat)...)
		if len(out) == 0 {
			out = append(out, Legal{Command: Command{Type: TypeSkipTurn}})
		}
	}
	return out
}

// foresee is where the second base would stand if the bag ran out now.
func (g *Game) foresee() *SecondBaseView {
	first := g.bases[g.first]
	_, d := secondBase(func(h Hex) bool { return g.tileAt(h) != nil }, g.tiles, first)
	// Early on every map is small and the bases would stand close: the
	// figure is worth a warning only once the map is nearly built.
	left := len(g.bag) - g.drawn // the tile in hand included
	v := &SecondBaseView{Touching: g.touching(first), Apart: d, Close: d <= CloseBases && left <= WarnTilesLeft}
	if v.Close {
		tiles := "tiles"
		if v.Touching == 1 {
			tiles = "tile"
		}
		second := names[1-g.first]
		v.Warning = fmt.Sprintf("Careful: if the bag ran out now, %s's base would stand only %d tiles from %s's. "+
			"The second base goes as far away as it can while touching as many tiles as %s (now %d), "+
			"so leave a spot far away that touches %d %s.",
			second, d, names[g.first], g.fac[g.first].Base, v.Touching, v.Touching, tiles)
	}
	return v
}

// basesApartWith is how far apart the bases would stand if a tile went on
// h and the bag ran out then.
func (g *Game) basesApartWith(h Hex) int {
	extra := tile{at: h, terrain: "?"}
	has := func(p Hex) bool { return p == h || g.tileAt(p) != nil }
	_, d := secondBase(has, append(g.tiles[:len(g.tiles):len(g.tiles)], extra), g.bases[g.first])
	return d
}

func intp(i int) *int { return &i }

func (g *Game) prompt(v View) string {
	mine := v.Seat >= 0 && v.Turn == v.Seat
	who := ""
	if v.Turn >= 0 {
		who = names[v.Turn]
	}
	switch g.phase {
	case waiting:
		return "Waiting for the match to start"
	case over:
		return g.outcome.Reason
	case building:
		t := g.set.terrainName(g.bag[g.drawn])
		if mine {
			return fmt.Sprintf("Place the %s tile you drew: tap a marked space (build towards %s)", t, names[1-g.first])
		}
		return fmt.Sprintf("%s is placing a %s tile", who, t)
	case basing:
		if mine {
			return fmt.Sprintf("The bag is empty: place %s on a marked space", g.fac[v.Seat].Base)
		}
		return fmt.Sprintf("%s is placing its base", who)
	case deploying:
		if mine {
			return fmt.Sprintf("Place a unit on a marked tile closest to your base (%d of %d)", g.deployed[v.Seat]+1, UnitsInPlay)
		}
		return fmt.Sprintf("%s is placing a unit", who)
	}
	if f := v.Fight; f != nil {
		if mine {
			return fmt.Sprintf("Assault: re-roll one of your dice (%s re-roll) or pass", f.Stage)
		}
		return fmt.Sprintf("Assault: %s is choosing a re-roll", who)
	}
	if mine {
		if len(v.Legal) == 1 && v.Legal[0].Command.Type == TypeSkipTurn {
			return "None of your units can act: skip your turn"
		}
		return "Your turn: move, assault or summon with one unit"
	}
	return fmt.Sprintf("%s's turn", who)
}
