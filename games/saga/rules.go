package saga

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"periscope/games"
)

// Legal is one command the seat to act may send, with what a player
// should know before sending it. Pages send Command as it is.
type Legal struct {
	Command Command `json:"command"`
	// Hop: the move jumps over the tile between.
	Hop bool `json:"hop,omitempty"`
	// Home: the move ends on the unit's own base and sends it to reserves.
	Home bool `json:"home,omitempty"`
	// Water: the move (or the close assault) needs a drowning check: 1-3 drowns.
	Water bool `json:"water,omitempty"`
	// Base: the target is the enemy's base.
	Base bool `json:"base,omitempty"`
	// BasesApart: for a tile placement, how far apart the bases would end
	// if the bag ran out right after it (see View.SecondBase).
	BasesApart int `json:"bases_apart,omitempty"`
	// Distance of a ranged assault, in tiles.
	Distance int `json:"distance,omitempty"`
	// Hit is the chance in percent that the strike succeeds, before
	// re-rolls; Counter the chance of the counter-strike (0 when none).
	Hit     int  `json:"hit,omitempty"`
	Counter int  `json:"counter,omitempty"`
	Strikes bool `json:"counter_strikes,omitempty"`
}

// step is a place a unit's move may end.
type step struct {
	to        Hex
	hop, home bool
}

// moves lists where unit u may move: an adjacent free tile, a hop over one
// tile held by a friend (by anyone with hop_any) in a straight line, its
// own base (back to reserves), and with swift further through free land.
func (g *Game) moves(u int) []step {
	un := g.units[u]
	c := g.card(u)
	var out []step
	seen := map[Hex]bool{}
	add := func(h Hex, hop bool) {
		if seen[h] {
			return
		}
		t := g.tileAt(h)
		switch {
		case t == nil:
			return
		case t.base == un.owner:
			seen[h] = true
			out = append(out, step{to: h, hop: hop, home: true})
		case g.free(h):
			seen[h] = true
			out = append(out, step{to: h, hop: hop})
		}
	}
	for s := range 6 {
		n := un.at.neighbour(s)
		add(n, false)
	}
	for s := range 6 {
		n := un.at.neighbour(s)
		if o := g.occupant(n); o >= 0 && (g.units[o].owner == un.owner || c.hook(HookHopAny) != nil) {
			add(n.neighbour(s), true)
		}
	}
	if a := c.hook(HookSwift); a != nil {
		frontier := []Hex{un.at}
		reached := map[Hex]bool{un.at: true}
		for range a.Value {
			var next []Hex
			for _, h := range frontier {
				for s := range 6 {
					n := h.neighbour(s)
					if reached[n] {
						continue
					}
					reached[n] = true
					add(n, false)
					if t := g.tileAt(n); t != nil && g.free(n) && t.terrain != "water" {
						next = append(next, n)
					}
				}
			}
			frontier = next
		}
	}
	sortSteps(out)
	return out
}

func sortSteps(ss []step) {
	for i := 1; i < len(ss); i++ {
		for j := i; j > 0 && less(ss[j].to, ss[j-1].to); j-- {
			ss[j], ss[j-1] = ss[j-1], ss[j]
		}
	}
}

func less(a, b Hex) bool { return a.R < b.R || a.R == b.R && a.Q < b.Q }

// tileDistance is the number of steps from a to b over tiles only (bare
// table blocks), or -1 when b is further than most.
func (g *Game) tileDistance(a, b Hex, most int) int {
	frontier := []Hex{a}
	seen := map[Hex]bool{a: true}
	for d := 0; d <= most; d++ {
		var next []Hex
		for _, h := range frontier {
			if h == b {
				return d
			}
			for s := range 6 {
				n := h.neighbour(s)
				if !seen[n] && g.tileAt(n) != nil {
					seen[n] = true
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return -1
}

// enemyAt is what of seat's enemy stands on h: a unit, its base, or neither.
func (g *Game) enemyAt(seat int, h Hex) (u int, base bool) {
	if o := g.occupant(h); o >= 0 && g.units[o].owner != seat {
		return o, false
	}
	if t := g.tileAt(h); t != nil && t.base == 1-seat {
		return -1, true
	}
	return -1, false
}

// legal lists every command seat may send on its turn of play.
func (g *Game) legal(seat int) []Legal {
	if g.phase != playing || g.fight != nil || seat != g.turn {
		return nil
	}
	var out []Legal
	for u, un := range g.units {
		if un.owner != seat || un.where != onMap {
			continue
		}
		c := g.card(u)
		for _, st := range g.moves(u) {
			l := Legal{Command: Command{Type: TypeMove, Unit: un.id, To: st.to.String()}, Hop: st.hop, Home: st.home}
			l.Water = !st.home && g.tileAt(st.to).terrain == "water" && c.hook(HookNoDrowning) == nil
			out = append(out, l)
		}
		for s := range 6 {
			n := un.at.neighbour(s)
			e, base := g.enemyAt(seat, n)
			if e < 0 && !base {
				continue
			}
			for _, k := range []string{Melee, Arcane} {
				if c.stat(k).Off == 0 {
					continue
				}
				l := Legal{Command: Command{Type: TypeCloseAssault, Unit: un.id, Target: n.String(), Combat: k}, Base: base}
				l.Water = g.tileAt(n).terrain == "water" && c.hook(HookNoDrowning) == nil
				g.odds(&l, u, e, k, 1, true)
				out = append(out, l)
			}
		}
		for _, k := range []string{Ballistics, Arcane} {
			if c.stat(k).Off == 0 {
				continue
			}
			reach := c.reach(k)
			for _, t := range g.tiles {
				e, base := g.enemyAt(seat, t.at)
				if e < 0 && !base {
					continue
				}
				if distance(un.at, t.at) > reach {
					continue
				}
				d := g.tileDistance(un.at, t.at, reach)
				if d < 1 {
					continue
				}
				l := Legal{Command: Command{Type: TypeRangedAssault, Unit: un.id, Target: t.at.String(), Combat: k}, Base: base, Distance: d}
				g.odds(&l, u, e, k, d, false)
				out = append(out, l)
			}
		}
	}
	spots := g.summonSpots(seat)
	if len(spots) > 0 {
		done := map[int]bool{}
		for u, un := range g.units {
			if un.owner != seat || un.where != inReserve || done[un.card] {
				continue
			}
			done[un.card] = true // one of each card is enough to offer
			for _, h := range spots {
				out = append(out, Legal{Command: Command{Type: TypeSummon, Unit: g.units[u].id, At: h.String()}})
			}
		}
	}
	return out
}

// odds fills in the chances of an assault by u on enemy e (-1: the base).
func (g *Game) odds(l *Legal, u, e int, combat string, dist int, close bool) {
	att := g.card(u).stat(combat)
	def := Stat{Def: BaseDefence}
	if e >= 0 {
		def = g.card(e).stat(combat)
	}
	l.Hit = percent(strikeChance(att.Off, def.Def))
	if g.counters(e, combat, dist, close) {
		l.Strikes = true
		l.Counter = percent(strikeChance(def.Off, att.Def))
	}
}

// BaseDefence is how many DEF dice a base always rolls.
const BaseDefence = 3

// counters: defender e (-1: a base) strikes back in this assault. A base
// never does; a unit needs OFF dice in the combat and, in a ranged
// assault, a reach of its own up to the attacker.
func (g *Game) counters(e int, combat string, dist int, close bool) bool {
	if e < 0 {
		return false
	}
	c := g.card(e)
	if c.stat(combat).Off == 0 {
		return false
	}
	return close || c.reach(combat) >= dist
}

// summonSpots are the free Terrain tiles next to seat's base.
func (g *Game) summonSpots(seat int) []Hex {
	var out []Hex
	for s := range 6 {
		if h := g.bases[seat].neighbour(s); g.free(h) {
			out = append(out, h)
		}
	}
	sortHexes(out)
	return out
}

// act runs a move, an assault or a summon.
func (g *Game) act(seat int, c Command, now time.Time) ([]games.Event, error) {
	u, err := g.ownUnit(seat, c.Unit)
	if err != nil {
		return nil, err
	}
	if c.Type == TypeSummon {
		return g.summon(seat, u, c.At)
	}
	switch g.units[u].where {
	case inReserve:
		return nil, games.Refuse("not_in_play", "Your %s is in reserve: summon it next to your base first.", g.card(u).Name)
	case captured:
		return nil, games.Refuse("not_in_play", "Your %s has been captured.", g.card(u).Name)
	}
	if c.Type == TypeMove {
		return g.move(seat, u, c.To)
	}
	return g.assault(seat, u, c, now)
}

func (g *Game) summon(seat, u int, at string) ([]games.Event, error) {
	if w := g.units[u].where; w != inReserve {
		what := "is on the map"
		if w == captured {
			what = "has been captured"
		}
		return nil, games.Refuse("not_in_reserve", "Only reserves are summoned: your %s %s.", g.card(u).Name, what)
	}
	h, err := parseHex(at)
	if err != nil {
		return nil, games.Refuse("bad_position", "%v.", err)
	}
	if err := g.destination(h); err != nil {
		return nil, err
	}
	if distance(h, g.bases[seat]) != 1 {
		return nil, games.Refuse("not_next_to_base", "A summoned unit goes on an empty tile next to your base; %s is not.", h.Label())
	}
	g.units[u].where, g.units[u].at = onMap, h
	// Summoning onto Water needs no drowning check.
	evs := []games.Event{{Text: fmt.Sprintf("%s summons %s to %s", names[seat], g.card(u).Name, h.Label()), Kind: "summon", Data: moveData(g.units[u].id, seat, Hex{}, h)}}
	return append(evs, g.endTurn()...), nil
}

func (g *Game) move(seat, u int, to string) ([]games.Event, error) {
	h, err := parseHex(to)
	if err != nil {
		return nil, games.Refuse("bad_position", "%v.", err)
	}
	from := g.units[u].at
	t := g.tileAt(h)
	switch {
	case t == nil:
		return nil, games.Refuse("no_tile", "There is no tile on %s: units move over tiles only.", h.Label())
	case t.base == 1-seat:
		return nil, games.Refuse("tile_taken", "%s stands on %s: assault it instead of moving there.", g.fac[1-seat].Base, h.Label())
	case t.base < 0 && g.occupant(h) >= 0:
		return nil, games.Refuse("tile_taken", "%s already stands on %s.", g.name(g.occupant(h)), h.Label())
	}
	var st *step
	for _, s := range g.moves(u) {
		if s.to == h {
			st = &s
		}
	}
	if st == nil {
		if distance(from, h) == 2 {
			for s := range 6 {
				mid := from.neighbour(s)
				if mid.neighbour(s) == h {
					if o := g.occupant(mid); o >= 0 && g.units[o].owner != seat {
						return nil, games.Refuse("hop_needs_friend", "A unit hops only over a tile held by a friendly unit; %s holds %s.", g.name(o), mid.Label())
					}
				}
			}
		}
		return nil, games.Refuse("too_far", "Your %s moves to an adjacent tile, or hops one tile held by a friend in a straight line; %s is out of reach.", g.card(u).Name, h.Label())
	}
	name := g.card(u).Name
	data := moveData(g.units[u].id, seat, from, h)
	if st.home {
		g.units[u].where = inReserve
		evs := []games.Event{{Text: fmt.Sprintf("%s's %s goes home to %s and back to the reserves", names[seat], name, g.fac[seat].Base), Kind: "home", Data: data}}
		return append(evs, g.endTurn()...), nil
	}
	g.units[u].at = h
	verb := "moves"
	if st.hop {
		verb = "hops"
	}
	evs := []games.Event{{Text: fmt.Sprintf("%s's %s %s from %s to %s", names[seat], name, verb, from.Label(), h.Label()), Kind: "move", Data: data}}
	if t.terrain == "water" && g.card(u).hook(HookNoDrowning) == nil {
		evs = append(evs, g.drowningCheck(u)...)
	}
	if done := g.checkForces(); done != nil {
		return append(evs, *done), nil
	}
	return append(evs, g.endTurn()...), nil
}

func moveData(id string, seat int, from, to Hex) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"unit": id, "seat": seat, "from": from.String(), "to": to.String()})
	return b
}

// drowningCheck rolls for unit u entering Water: 1-3 drowns it.
func (g *Game) drowningCheck(u int) []games.Event {
	roll := g.d6()
	drowned := roll <= 3
	data, _ := json.Marshal(map[string]any{"unit": g.units[u].id, "seat": g.units[u].owner, "roll": roll, "drowned": drowned})
	if !drowned {
		return []games.Event{{Text: fmt.Sprintf("Drowning check for %s: %d, it keeps its head above water", g.name(u), roll), Kind: "drowning", Data: data}}
	}
	evs := []games.Event{{Text: fmt.Sprintf("Drowning check for %s: %d, it drowns", g.name(u), roll), Kind: "drowning", Data: data}}
	return append(evs, g.capture(u)...)
}

// capture takes unit u off the map into its opponent's captures, unless a
// return_on_capture ability sends it back to the reserves.
func (g *Game) capture(u int) []games.Event {
	if a := g.card(u).hook(HookReturnOnCapture); a != nil {
		roll := g.d6()
		data, _ := json.Marshal(map[string]any{"unit": g.units[u].id, "seat": g.units[u].owner, "roll": roll, "ability": a.ID})
		if roll >= a.Value {
			g.units[u].where = inReserve
			return []games.Event{{Text: fmt.Sprintf("%s: %s rolls %d and goes back to the reserves instead of being captured", a.Name, g.name(u), roll), Kind: "returned", Data: data}}
		}
		g.units[u].where = captured
		return []games.Event{{Text: fmt.Sprintf("%s: %s rolls %d and is captured", a.Name, g.name(u), roll), Kind: "captured", Data: data}}
	}
	g.units[u].where = captured
	data, _ := json.Marshal(map[string]any{"unit": g.units[u].id, "seat": g.units[u].owner})
	return []games.Event{{Text: fmt.Sprintf("%s is captured", g.name(u)), Kind: "captured", Data: data}}
}

// checkForces ends the match when a whole force has been captured.
func (g *Game) checkForces() *games.Event {
	gone := [2]bool{true, true}
	for _, u := range g.units {
		if u.where != captured {
			gone[u.owner] = false
		}
	}
	switch {
	case gone[0] && gone[1]:
		e := g.finish(games.Outcome{Winners: []int{}, Reason: "Both forces are captured at once: a draw", Kind: KindDraw})
		return &e
	case gone[0] || gone[1]:
		w := Raven
		if gone[Raven] {
			w = Wolf
		}
		e := g.finish(games.Outcome{Winners: []int{w}, Reason: fmt.Sprintf("%s captured %s's entire force", names[w], names[1-w]), Kind: KindForce})
		return &e
	}
	return nil
}

func (g *Game) finish(o games.Outcome) games.Event {
	g.outcome = &o
	g.phase = over
	g.fight = nil
	data, _ := json.Marshal(o)
	return games.Event{Text: o.Reason, Kind: "over", Data: data}
}

// endTurn passes the turn, and ends the match once MaxTurns turns have
// been played (a house rule: the rulebook's win conditions alone let two
// careful players shuffle for ever).
func (g *Game) endTurn() []games.Event {
	g.turn = 1 - g.turn
	g.turns++
	if g.turns <= MaxTurns {
		return nil
	}
	pts := g.capturedPoints()
	switch {
	case pts[Raven] == pts[Wolf]:
		return []games.Event{g.finish(games.Outcome{Winners: []int{}, Kind: KindTurnLimit,
			Reason: fmt.Sprintf("%d turns are played and both sides captured %d points of units: a draw", MaxTurns, pts[Raven])})}
	default:
		w := Raven
		if pts[Wolf] > pts[Raven] {
			w = Wolf
		}
		return []games.Event{g.finish(games.Outcome{Winners: []int{w}, Kind: KindTurnLimit,
			Reason: fmt.Sprintf("%d turns are played: %s captured %d points of units to %s's %d and wins", MaxTurns, names[w], pts[w], names[1-w], pts[1-w])})}
	}
}

// capturedPoints is what each seat has captured, in unit cost.
func (g *Game) capturedPoints() [2]int {
	var pts [2]int
	for i, u := range g.units {
		if u.where == captured {
			pts[1-u.owner] += g.card(i).Cost
		}
	}
	return pts
}

func validCombat(k string) error {
	for _, c := range combats {
		if c == k {
			return nil
		}
	}
	return games.Refuse("unknown_combat", "%s is not a combat ability: declare melee, ballistics or arcane.", quote(k))
}

func (g *Game) assault(seat, u int, c Command, now time.Time) ([]games.Event, error) {
	if err := validCombat(c.Combat); err != nil {
		return nil, err
	}
	close := c.Type == TypeCloseAssault
	if close && c.Combat == Ballistics {
		return nil, games.Refuse("combat_not_close", "A close assault is Melee or Arcane; Ballistics assaults are ranged.")
	}
	if !close && c.Combat == Melee {
		return nil, games.Refuse("combat_not_ranged", "A ranged assault is Ballistics or Arcane; Melee assaults are close.")
	}
	h, err := parseHex(c.Target)
	if err != nil {
		return nil, games.Refuse("bad_position", "%v.", err)
	}
	e, base := g.enemyAt(seat, h)
	if e < 0 && !base {
		return nil, games.Refuse("no_enemy_there", "There is no enemy unit or base on %s to assault.", h.Label())
	}
	card := g.card(u)
	from := g.units[u].at
	dist := 1
	if close {
		if distance(from, h) != 1 {
			return nil, games.Refuse("not_adjacent", "A close assault moves onto an adjacent enemy; %s is not next to your %s.", h.Label(), card.Name)
		}
	} else {
		reach := card.reach(c.Combat)
		dist = g.tileDistance(from, h, reach)
		if dist < 1 {
			more := ""
			if reach > 1 {
				more = fmt.Sprintf(" within %d tiles over land (bare table blocks the line)", reach)
			}
			return nil, games.Refuse("out_of_range", "Your %s's %s assaults reach adjacent enemies%s; %s is out of range.", card.Name, title(c.Combat), more, h.Label())
		}
	}
	if card.stat(c.Combat).Off == 0 {
		return nil, games.Refuse("no_offense", "Your %s has no %s OFF dice to assault with.", card.Name, title(c.Combat))
	}
	kind := "close"
	if !close {
		kind = "ranged"
	}
	target := names[1-seat] + "'s " + g.fac[1-seat].Base
	if e >= 0 {
		target = g.name(e)
	}
	evs := []games.Event{{Text: fmt.Sprintf("%s's %s makes a %s %s assault on %s at %s", names[seat], card.Name, kind, title(c.Combat), target, h.Label()),
		Kind: "assault", Data: moveData(g.units[u].id, seat, from, h)}}
	if close && g.tileAt(h).terrain == "water" && card.hook(HookNoDrowning) == nil {
		evs = append(evs, g.drowningCheck(u)...)
		if g.units[u].where != onMap {
			if done := g.checkForces(); done != nil {
				return append(evs, *done), nil
			}
			return append(evs, g.endTurn()...), nil
		}
	}
	return append(evs, g.roll(u, e, c.Combat, close, from, h, dist, now)...), nil
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
