package pocketsub

import (
	"encoding/json"
	"fmt"

	"periscope/games"
)

// View is what one seat may know, ready for JSON. Everything in Pocket Sub
// is in the open (Subs, Mines, Command Centres, tokens), so every seat sees
// the same board; only the seat to act gets its legal commands. Legal and
// Moves list every command it may send, worked out by the rules, so a page
// (or the bot) never works out the rules itself.
type View struct {
	Game    string  `json:"game"`
	Seat    int     `json:"seat"` // the viewer; -1 for a spectator
	Phase   string  `json:"phase"`
	Prompt  string  `json:"prompt"`
	Options Options `json:"options"`
	// HouseLayout is set when the board is our introductory layout.
	HouseLayout bool            `json:"house_layout"`
	First       int             `json:"first"` // the first player (the Captain's hat)
	Turn        int             `json:"turn"`  // the seat to act; -1 when none
	Round       int             `json:"round"`
	Players     []PlayerView    `json:"players"`
	Tiles       []TileView      `json:"tiles"`
	Centres     []PieceView     `json:"command_centres"`
	Subs        []SubView       `json:"subs"` // Subs in play
	Mines       []PieceView     `json:"mines"`
	Whirlpools  []WhirlpoolView `json:"whirlpools"`
	// Legal lists the setup commands the viewer may send now.
	Legal []Command `json:"legal"`
	// Moves lists every move the viewer may make now, one per path.
	Moves   []MoveView     `json:"moves"`
	Outcome *games.Outcome `json:"outcome,omitempty"`
	// Suggest is, in a guided match, the command the lessons suggest to
	// this seat now: what the crew bot would play at this seat (it reads only
	// the open board), so always a command the engine accepts. Absent
	// outside a guided match and when the seat has nothing to do.
	Suggest json.RawMessage `json:"suggest,omitempty"`
}

// PlayerView is one seat at the table.
type PlayerView struct {
	Seat   int      `json:"seat"`
	Colour string   `json:"colour"`
	Letter string   `json:"letter"` // R, W, B or K, beside its colour
	Shape  string   `json:"shape"`  // its pieces' shape, so colour is never the only cue
	Team   int      `json:"team"`
	Subs   int      `json:"subs"`   // Subs in play
	Placed int      `json:"placed"` // Subs placed so far (setup)
	Mines  int      `json:"mines"`  // Mines left to lay; -1 when they never run out
	Tokens []string `json:"tokens"` // expansion tokens not yet used
	Out    bool     `json:"out"`    // has no Subs left
}

// TileView is an Ocean tile on the table.
type TileView struct {
	Name    string   `json:"name"` // its letter: regions are named A0-A6
	Tile    string   `json:"tile"` // which printed tile: T1-T8
	Q       int      `json:"q"`
	R       int      `json:"r"`
	Rot     int      `json:"rot"`     // turned clockwise this many 60-degree steps
	Players []int    `json:"players"` // the player counts on its back
	Terrain []string `json:"terrain"` // slot 0 (centre) to 6, as the board shows them now
}

// SubView is a Sub in play.
type SubView struct {
	ID    string `json:"id"`    // as commands name it: red1
	Label string `json:"label"` // as the table names it: Red 1
	Owner int    `json:"owner"`
	At    string `json:"at"`
	Hero  bool   `json:"hero"` // its player's last Sub
}

// PieceView is a Command Centre or a Mine.
type PieceView struct {
	Owner int    `json:"owner"`
	At    string `json:"at"`
}

// WhirlpoolView is a Whirlpool on a tile centre.
type WhirlpoolView struct {
	At   string `json:"at"`
	Spin string `json:"spin"` // cw or ccw
}

// MoveView is one legal move: send {"type":"move","sub":...,"path":...,
// "mine": one of Mines, "tokens": Tokens}.
type MoveView struct {
	Sub    string   `json:"sub"`
	Path   []string `json:"path"`
	Tokens []string `json:"tokens,omitempty"` // the tokens the path needs
	Cost   int      `json:"cost"`             // movement points spent
	Mines  []string `json:"mines"`            // where the Mine may go; empty: none can be laid
	// Lost names why the Sub is destroyed on this move (a code: enemy_mine,
	// enemy_sub, enemy_hero, enemy_cc, own_mine, own_sub, stuck, no_mine,
	// no_mines_left); Why is the sentence.
	Lost  string   `json:"lost,omitempty"`
	Why   string   `json:"why,omitempty"`
	Kills []string `json:"kills,omitempty"` // where enemy Subs are destroyed
	// Ends is "win", "loss" or "draw" when the move ends the match.
	Ends string `json:"ends,omitempty"`
}

// View is seat's view; games.Spectator gets the public one.
func (g *Game) View(seat int) any { return g.view(seat) }

func (g *Game) view(seat int) View {
	if seat < 0 || seat >= g.opts.Players {
		seat = games.Spectator
	}
	v := View{
		Game: Definition.Name, Seat: seat, Phase: g.phase.String(), Options: g.opts,
		HouseLayout: g.opts.Setup == SetupIntro, First: g.first, Turn: -1, Round: g.round,
		Tiles: []TileView{}, Centres: []PieceView{}, Subs: []SubView{}, Mines: []PieceView{},
		Whirlpools: []WhirlpoolView{}, Legal: []Command{}, Moves: []MoveView{}, Outcome: g.Outcome(),
	}
	if g.phase != waiting && g.phase != over {
		v.Turn = g.turn
	}
	for s := range g.opts.Players {
		p := PlayerView{Seat: s, Colour: g.colours[s], Letter: letters[g.colours[s]], Shape: shapes[g.colours[s]], Team: g.team[s],
			Subs: g.liveSubs(s), Mines: g.mines[s], Tokens: g.tokens[s].names()}
		if p.Tokens == nil {
			p.Tokens = []string{}
		}
		for _, u := range g.subs {
			if u.owner == s && u.placed {
				p.Placed++
			}
		}
		p.Out = p.Placed == g.opts.subsEach() && p.Subs == 0
		v.Players = append(v.Players, p)
	}
	for t, tl := range g.board.tiles {
		tv := TileView{Name: tl.name, Tile: tl.face.ID, Q: tl.at.Q, R: tl.at.R, Rot: tl.rot, Players: tl.face.Players}
		for s := range slots {
			tv.Terrain = append(tv.Terrain, g.board.terrain(regionAt(t, s)).String())
		}
		v.Tiles = append(v.Tiles, tv)
	}
	for s, c := range g.ccs {
		if c != NoRegion {
			v.Centres = append(v.Centres, PieceView{Owner: s, At: g.board.name(c)})
		}
	}
	for _, u := range g.subs {
		if u.alive {
			v.Subs = append(v.Subs, SubView{ID: u.id, Label: u.label, Owner: u.owner, At: g.board.name(u.at), Hero: g.liveSubs(u.owner) == 1})
		}
	}
	for r, m := range g.mineAt {
		if m >= 0 {
			v.Mines = append(v.Mines, PieceView{Owner: int(m), At: g.board.name(Region(r))})
		}
	}
	for _, w := range g.whirls {
		v.Whirlpools = append(v.Whirlpools, WhirlpoolView{At: g.board.name(w.at), Spin: spinWire(w.spin)})
	}
	if seat >= 0 && v.Turn == seat {
		v.Legal = g.legalSetup(seat)
		if g.phase == playing {
			v.Moves = g.moveViews(seat)
		}
	}
	v.Prompt = g.prompt(v)
	if g.opts.Guided && seat >= 0 && v.Turn == seat {
		if cmd, ok := g.BotCommandAt(seat, games.BotCrew); ok {
			v.Suggest = cmd
		}
	}
	return v
}

// legalSetup lists the setup commands seat may send now.
func (g *Game) legalSetup(seat int) []Command {
	out := []Command{}
	switch g.phase {
	case deploying:
		for r := Region(0); int(r) < g.board.regions(); r++ {
			c := Command{Type: g.expected(), At: g.board.name(r)}
			if g.clone().tryPlace(seat, c) {
				out = append(out, c)
			}
		}
	case whirlpools:
		for t := range g.board.tiles {
			for _, spin := range []string{SpinCW, SpinCCW} {
				c := Command{Type: TypePlaceWhirlpool, At: g.board.name(regionAt(t, 0)), Spin: spin}
				if g.clone().tryPlace(seat, c) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// tryPlace reports whether a setup command is accepted, on a copy.
func (g *Game) tryPlace(seat int, c Command) bool {
	var err error
	switch c.Type {
	case TypePlaceCC:
		_, err = g.placeCC(seat, c.At)
	case TypePlaceSub:
		_, err = g.placeSub(seat, c.At)
	default:
		_, err = g.placeWhirlpool(seat, c.At, c.Spin)
	}
	return err == nil
}

// clone is a deep copy of the match, for trying commands out.
func (g *Game) clone() *Game {
	c := *g
	c.board = g.board.clone()
	c.team = append([]int(nil), g.team...)
	c.ccs = append([]Region(nil), g.ccs...)
	c.subs = append([]sub(nil), g.subs...)
	c.mineAt = append([]int8(nil), g.mineAt...)
	c.mines = append([]int(nil), g.mines...)
	c.tokens = append([]tokenSet(nil), g.tokens...)
	c.whirls = append([]whirl(nil), g.whirls...)
	if g.outcome != nil {
		c.outcome = g.Outcome()
	}
	return &c
}

// moveViews lists every legal move of seat's Subs.
func (g *Game) moveViews(seat int) []MoveView {
	out := []MoveView{}
	for i, u := range g.subs {
		if u.owner != seat || !u.alive {
			continue
		}
		for _, p := range g.plans(i) {
			out = append(out, g.moveView(&p))
		}
	}
	return out
}

func (g *Game) moveView(p *plan) MoveView {
	m := MoveView{Sub: g.subs[p.sub].id, Path: []string{}, Tokens: p.tokens.names(), Mines: []string{}}
	for _, r := range p.pathSlice() {
		m.Path = append(m.Path, g.board.name(r))
	}
	m.Cost = p.budget - p.left
	for _, r := range p.mines {
		m.Mines = append(m.Mines, g.board.name(r))
	}
	if p.dead {
		m.Lost = lossCodes[p.lost]
		m.Why = g.why(&p.trip)
	}
	for _, h := range p.log[:p.nLog] {
		if h.what == hKill || h.what == hTrade {
			m.Kills = append(m.Kills, g.board.name(h.at))
		}
	}
	if p.over {
		switch {
		case p.winner < 0:
			m.Ends = "draw"
		case p.winner == g.team[p.owner]:
			m.Ends = "win"
		default:
			m.Ends = "loss"
		}
	}
	return m
}

func (g *Game) prompt(v View) string {
	mine := v.Seat >= 0 && v.Turn == v.Seat
	who := ""
	if v.Turn >= 0 {
		who = g.colours[v.Turn]
	}
	switch g.phase {
	case waiting:
		return "Waiting for the match to start"
	case over:
		return g.outcome.Reason
	case deploying:
		if g.expected() == TypePlaceCC {
			if mine {
				return "Setup: place your Command Centre on a marked deep region"
			}
			return fmt.Sprintf("Setup: %s is placing a Command Centre", who)
		}
		if mine {
			return "Setup: place a Sub on a marked region"
		}
		return fmt.Sprintf("Setup: %s is placing a Sub", who)
	case whirlpools:
		if mine {
			if len(g.whirls) == 0 {
				return "Place a Whirlpool on a tile centre and choose its spin"
			}
			return "Place the other Whirlpool on a different tile centre"
		}
		return fmt.Sprintf("%s is placing a Whirlpool", who)
	}
	if mine {
		return "Your turn: tap a Sub, then where it goes; then lay a Mine on its path"
	}
	return fmt.Sprintf("%s's turn", who)
}
