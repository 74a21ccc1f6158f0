package pocketsub

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"periscope/games"
)

// Definition puts Pocket Sub in the lobby.
var Definition = games.Definition{
	Name:       "pocketsub",
	Title:      "Pocket Sub",
	Summary:    "2-4 fleet commanders move Subs through shallow, deep and rocky water, lay Mines behind them and sink each other; the last fleet afloat wins.",
	MinPlayers: 1,
	MaxPlayers: MaxPlayers,
	Page:       "/pocketsub.html",
	Bots:       true,
	Options:    lobbyOptions,
	House: []string{
		"The faces and back icons of the 8 Ocean tiles",
		"The introductory layouts for 2, 3 and 4 players",
		"Whirlpools turn tiles clockwise or counter-clockwise as drawn on the phones",
		"How many Mines each player may lay, and that destroyed Mines are gone for good",
	},
	HouseRules: allHouseRules,
	New: func(options json.RawMessage, seed uint64) (games.Game, error) {
		o, err := ParseOptions(options)
		if err != nil {
			return nil, err
		}
		return New(o, seed), nil
	},
}

// The lobby's options and the house rules, for Definition and New.
var (
	lobbyOptions  = optionList()
	allHouseRules = houseRules()
)

// Game is a room game with bots and no clock.
var (
	_ games.Game          = (*Game)(nil)
	_ games.Botter        = (*Game)(nil)
	_ games.LeveledBotter = (*Game)(nil)
	_ games.Starter       = (*Game)(nil)
)

// QuietRounds ends a match in which this many rounds in a row pass with no
// Mine laid and no Sub destroyed (house). Only Subs sheltering in their
// side's Command Centres can make a round quiet, and each Sub must leave
// its own the turn after; so with 2 or 3 players no more than 3 rounds in
// a row are ever quiet, and the rule bites only when team-mates shuttle
// between their two Command Centres for ever.
const QuietRounds = 4

// FirstTeam is the team of the first player (the Captain's hat): known
// from New, since the seat is fixed or drawn from the seed there.
func (g *Game) FirstTeam() (int, bool) { return g.team[g.first], true }

type phase uint8

const (
	waiting    phase = iota // before the room's start command
	deploying               // standard setup: Command Centres, then Subs, one per setup turn
	whirlpools              // the expansion: the second, then the first player place a Whirlpool
	playing
	over
)

func (p phase) String() string {
	return [...]string{"waiting", "setup", "whirlpools", "playing", "over"}[p]
}

// The colours, in clockwise seating order, by player count.
var palettes = map[int][]string{
	2: {"Red", "Blue"},
	3: {"Red", "White", "Blue"},
	4: {"Red", "White", "Blue", "Black"},
}

// letters name each colour beside it, so that colour is never the only cue.
var letters = map[string]string{"Red": "R", "White": "W", "Blue": "B", "Black": "K"}

// shapes are drawn for each colour's pieces on the phones.
var shapes = map[string]string{"Red": "circle", "White": "square", "Blue": "triangle", "Black": "diamond"}

type sub struct {
	id     string // "red1": the colour and a number, as commands name it
	label  string // "Red 1", as the table names it
	owner  int
	at     Region
	alive  bool // in play: placed and not destroyed
	placed bool
}

type whirl struct {
	at   Region
	spin int // +1 clockwise, -1 counter-clockwise
}

// tokenSet is a set of expansion tokens.
type tokenSet uint8

const (
	tokIntel tokenSet = 1 << iota
	tokMap
	tokCurrent
	allTokens = tokIntel | tokMap | tokCurrent
)

func tokenBit(name string) tokenSet {
	for i, n := range tokenNames {
		if n == name {
			return 1 << i
		}
	}
	return 0
}

func (t tokenSet) names() []string {
	var out []string
	for i, n := range tokenNames {
		if t&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

func (t tokenSet) count() int {
	n := 0
	for ; t != 0; t &= t - 1 {
		n++
	}
	return n
}

// Game is one match. It is a pure state machine: New with the same options
// and seed, fed the same commands, always reaches the same state.
type Game struct {
	opts    Options
	seed    uint64
	board   *Board
	phase   phase
	colours []string
	team    []int // seat -> team

	first  int // the first player: the Captain's hat
	turn   int // the seat to act
	step   int // setup or whirlpool turns taken so far
	round  int // rounds of play begun; the first is 1
	turns  int // turns of play taken
	ccs    []Region
	subs   []sub // seat 0's, then seat 1's, ...
	mineAt []int8
	mines  []int // Mines each seat still has to lay
	supply []int // Mines each seat had at the start; never changes
	tokens []tokenSet
	whirls []whirl
	// lively is set when a Mine is laid or a Sub destroyed this round;
	// quiet counts the rounds in a row that ended without either.
	lively bool
	quiet  int
	// silent copies (the bots' look ahead) skip the events' sentences.
	silent bool

	outcome *games.Outcome
}

// New starts a match. Options must come from ParseOptions. Everything
// random (the standard board, a random first player) is drawn here from
// the seed, so the table sees the board before the start.
func New(o Options, seed uint64) *Game {
	o, err := o.withDefaults()
	if err != nil {
		panic(err)
	}
	pcg := rand.NewPCG(seed, seed^0x3c6ef372fe94f82b)
	rng := rand.New(pcg)
	l := layouts[o.Players]
	var tiles []placed
	if o.Setup == SetupIntro {
		for _, t := range l.Tiles {
			tiles = append(tiles, placed{at: Hex{t.Q, t.R}, face: face(t.Tile), rot: t.Rot})
		}
	} else {
		var marked []*TileFace
		for _, f := range faces {
			for _, p := range f.Players {
				if p == o.Players {
					marked = append(marked, f)
				}
			}
		}
		rng.Shuffle(len(marked), func(i, j int) { marked[i], marked[j] = marked[j], marked[i] })
		for i, t := range l.Tiles {
			tiles = append(tiles, placed{at: Hex{t.Q, t.R}, face: marked[i], rot: rng.IntN(6)})
		}
	}
	g := &Game{opts: o, seed: seed, board: newBoard(tiles), colours: palettes[o.Players]}
	if o.FirstPlayer == FirstRandom {
		g.first = rng.IntN(o.Players)
	}
	g.turn = g.first
	g.team = make([]int, o.Players)
	g.ccs = make([]Region, o.Players)
	g.mines = make([]int, o.Players)
	g.tokens = make([]tokenSet, o.Players)
	for s := range o.Players {
		g.team[s] = s
		if o.Players == 4 {
			g.team[s] = s % 2 // Red and Blue against White and Black
		}
		g.ccs[s] = NoRegion
		g.mines[s] = minesOf(o, (s-g.first+o.Players)%o.Players)
		g.supply = append(g.supply, g.mines[s])
		if o.Captain {
			g.tokens[s] = allTokens
		}
		for n := 1; n <= o.subsEach(); n++ {
			g.subs = append(g.subs, sub{id: fmt.Sprintf("%s%d", strings.ToLower(g.colours[s]), n), label: fmt.Sprintf("%s %d", g.colours[s], n), owner: s, at: NoRegion})
		}
	}
	g.mineAt = make([]int8, g.board.regions())
	for i := range g.mineAt {
		g.mineAt[i] = -1
	}
	if o.Setup == SetupIntro {
		for s, ls := range l.Seats {
			g.ccs[s] = g.mustParse(ls.CommandCentre)
			for i, at := range ls.Subs {
				u := &g.subs[s*o.subsEach()+i]
				u.at, u.placed, u.alive = g.mustParse(at), true, true
			}
		}
	}
	return g
}

// minesOf is the supply of Mines of the player who takes turns in this
// place of the turn order (0 for the first player).
func minesOf(o Options, place int) int {
	if o.MineSupply == MinesUnlimited {
		return unlimited
	}
	if o.Setup == SetupStandard {
		return layouts[o.Players].StandardMines[place]
	}
	return layouts[o.Players].Mines[place]
}

func (g *Game) mustParse(name string) Region {
	r, ok := g.board.parse(name)
	if !ok {
		panic(fmt.Sprintf("layouts.json: %q is not a region of the %d-player board", name, g.opts.Players))
	}
	return r
}

// Seats are the players in clockwise order; with 4, Red and Blue are team
// 0, White and Black team 1.
func (g *Game) Seats() []games.SeatSpec {
	out := make([]games.SeatSpec, g.opts.Players)
	for s := range out {
		label := g.colours[s]
		if g.opts.Players == 4 {
			label = fmt.Sprintf("%s (with %s)", g.colours[s], g.colours[(s+2)%4])
		}
		out[s] = games.SeatSpec{Team: g.team[s], Label: label, Roles: []string{"player"}}
	}
	return out
}

// Outcome is nil while the match is on.
func (g *Game) Outcome() *games.Outcome {
	if g.outcome == nil {
		return nil
	}
	o := *g.outcome
	o.Winners = append([]int{}, o.Winners...)
	if o.Scores != nil {
		o.Scores = map[int]int{}
		for k, v := range g.outcome.Scores {
			o.Scores[k] = v
		}
	}
	return &o
}

// Apply runs one command. A refused command returns a *games.RuleError and
// changes nothing: every check comes before the first change.
func (g *Game) Apply(cmd games.Command) ([]games.Event, error) {
	c, err := Decode(cmd.Body)
	if err != nil {
		return nil, err
	}
	return g.run(cmd.Seat, c, cmd.Time)
}

func (g *Game) run(seat int, c Command, _ time.Time) ([]games.Event, error) {
	if c.Type == TypeStart {
		return g.begin(seat)
	}
	switch {
	case seat == games.System:
		return nil, games.Refuse("room_command", "The room does not send %s commands.", c.Type)
	case seat == games.Spectator:
		return nil, games.Refuse("spectator", "Spectators watch; they cannot play.")
	case seat < 0 || seat >= g.opts.Players:
		return nil, games.Refuse("no_such_seat", "Seat %d is not a seat of this match.", seat)
	}
	switch g.phase {
	case waiting:
		return nil, games.Refuse("not_started", "The match has not started yet.")
	case over:
		return nil, games.Refuse("match_over", "The match is over: %s.", g.outcome.Reason)
	}
	if seat != g.turn {
		return nil, games.Refuse("not_your_turn", "It is %s's turn, not yours.", g.colours[g.turn])
	}
	want := g.expected()
	if c.Type != want {
		return nil, games.Refuse("wrong_step", "%s", g.wrongStep(want))
	}
	switch c.Type {
	case TypePlaceCC:
		return g.placeCC(seat, c.At)
	case TypePlaceSub:
		return g.placeSub(seat, c.At)
	case TypePlaceWhirlpool:
		return g.placeWhirlpool(seat, c.At, c.Spin)
	default:
		return g.move(seat, c)
	}
}

// expected is the command type the seat to act must send now.
func (g *Game) expected() string {
	switch g.phase {
	case deploying:
		if g.step < g.opts.Players {
			return TypePlaceCC
		}
		return TypePlaceSub
	case whirlpools:
		return TypePlaceWhirlpool
	}
	return TypeMove
}

func (g *Game) wrongStep(want string) string {
	switch want {
	case TypePlaceCC:
		return "Setup: first place your Command Centre on an empty deep region."
	case TypePlaceSub:
		return "Setup: place one of your Subs on an empty shallow or rocky region, or on your team's Command Centre."
	case TypePlaceWhirlpool:
		return "Place a Whirlpool on a tile centre first."
	}
	return "The setup is over: move one of your Subs and lay a Mine."
}

// begin is the room's start command.
func (g *Game) begin(seat int) ([]games.Event, error) {
	if seat != games.System {
		return nil, games.Refuse("room_only", "Only the room starts the match.")
	}
	if g.phase != waiting {
		return nil, games.Refuse("already_started", "The match has already started.")
	}
	var text string
	if g.opts.Setup == SetupStandard {
		g.phase = deploying
		text = fmt.Sprintf("The tiles marked for %d players are shuffled and laid out. %s places a Command Centre first.", g.opts.Players, g.colours[g.first])
	} else {
		text = fmt.Sprintf("The %d-player introductory layout (house) is laid out.", g.opts.Players)
		g.afterDeploy()
		if g.phase == playing {
			text += fmt.Sprintf(" %s moves first.", g.colours[g.first])
		}
	}
	evs := []games.Event{{Text: text, Kind: "start"}}
	if g.phase == whirlpools {
		evs = append(evs, games.Event{Text: fmt.Sprintf("%s places the first Whirlpool.", g.colours[g.turn]), Kind: "setup"})
	}
	return evs, nil
}

// afterDeploy begins the Whirlpool placing (with the expansion) or play.
func (g *Game) afterDeploy() {
	g.step = 0
	if g.opts.Captain {
		g.phase = whirlpools
		g.turn = (g.first + 1) % g.opts.Players
		return
	}
	g.phase = playing
	g.turn = g.first
	g.round = 1
}

func (g *Game) region(text string) (Region, error) {
	r, ok := g.board.parse(text)
	if !ok {
		return NoRegion, games.Refuse("unknown_region", "%s is not a region of this board: name a tile letter A-%c and 0 (the centre) to 6, like C4.", quote(text), 'A'+len(g.board.tiles)-1)
	}
	return r, nil
}

// friends reports whether two seats play on the same side.
func (g *Game) friends(a, b int) bool { return g.team[a] == g.team[b] }

// ccAt is the seat whose Command Centre is on r, or -1.
func (g *Game) ccAt(r Region) int {
	for s, c := range g.ccs {
		if c == r {
			return s
		}
	}
	return -1
}

// deep reports whether r is a deep region; a Command Centre counts as one.
func (g *Game) deep(r Region) bool { return g.board.terrain(r) == Deep || g.ccAt(r) >= 0 }

// occupant describes what stands on r for a sentence, or "" when r is empty.
func (g *Game) occupant(r Region, seat int) string {
	if c := g.ccAt(r); c >= 0 {
		return g.whose(c, seat) + " Command Centre"
	}
	if m := g.mineAt[r]; m >= 0 {
		return g.whose(int(m), seat) + " Mine"
	}
	for _, u := range g.subs {
		if u.alive && u.at == r {
			return "Sub " + u.label
		}
	}
	return ""
}

// whose is "your" for seat's own pieces, else the colour's possessive.
func (g *Game) whose(owner, seat int) string {
	if owner == seat {
		return "your"
	}
	return g.colours[owner] + "'s"
}

func (g *Game) placeCC(seat int, at string) ([]games.Event, error) {
	r, err := g.region(at)
	if err != nil {
		return nil, err
	}
	if g.board.terrain(r) != Deep {
		return nil, games.Refuse("cc_not_deep", "%s is %s: a Command Centre goes on a deep region.", g.board.name(r), g.board.terrain(r))
	}
	if o := g.occupant(r, seat); o != "" {
		return nil, games.Refuse("region_taken", "%s already holds %s: a Command Centre goes on an empty deep region.", g.board.name(r), o)
	}
	g.ccs[seat] = r
	text := fmt.Sprintf("%s places its Command Centre on %s.", g.colours[seat], g.board.name(r))
	return []games.Event{g.setupDone(text)}, nil
}

func (g *Game) placeSub(seat int, at string) ([]games.Event, error) {
	r, err := g.region(at)
	if err != nil {
		return nil, err
	}
	home := g.ccAt(r) >= 0 && g.friends(g.ccAt(r), seat)
	switch {
	case home:
		// A team's Command Centre takes any number of its Subs.
	case g.ccAt(r) >= 0:
		return nil, games.Refuse("enemy_cc", "%s is %s Command Centre: place your Subs on your own side's.", g.board.name(r), g.whose(g.ccAt(r), seat))
	case g.board.terrain(r) == Deep:
		return nil, games.Refuse("sub_not_deep", "%s is deep: place a Sub on a shallow or rocky region, or on your team's Command Centre.", g.board.name(r))
	case g.occupant(r, seat) != "":
		return nil, games.Refuse("region_taken", "%s already holds %s: place a Sub on an empty region.", g.board.name(r), g.occupant(r, seat))
	}
	var u *sub
	for i := range g.subs {
		if g.subs[i].owner == seat && !g.subs[i].placed {
			u = &g.subs[i]
			break
		}
	}
	u.at, u.placed, u.alive = r, true, true
	text := fmt.Sprintf("%s places %s on %s.", g.colours[seat], u.label, g.board.name(r))
	return []games.Event{g.setupDone(text)}, nil
}

// setupDone passes the setup turn on, clockwise.
func (g *Game) setupDone(text string) games.Event {
	g.step++
	if g.step == g.opts.Players*(1+g.opts.subsEach()) {
		g.afterDeploy()
		switch g.phase {
		case whirlpools:
			text += fmt.Sprintf(" Every piece is placed: %s places the first Whirlpool.", g.colours[g.turn])
		default:
			text += fmt.Sprintf(" Every piece is placed: %s moves first.", g.colours[g.turn])
		}
	} else {
		g.turn = (g.first + g.step) % g.opts.Players
	}
	return games.Event{Text: text, Kind: "setup"}
}

func (g *Game) placeWhirlpool(seat int, at, spin string) ([]games.Event, error) {
	r, err := g.region(at)
	if err != nil {
		return nil, err
	}
	dir := 1
	if spin == SpinCCW {
		dir = -1
	}
	switch {
	case !r.centre():
		return nil, games.Refuse("whirlpool_not_centre", "%s is an edge region: a Whirlpool goes in the centre of a tile, like %s0.", g.board.name(r), g.board.tiles[r.tile()].name)
	case g.ccAt(r) >= 0:
		return nil, games.Refuse("whirlpool_on_cc", "Tile %s holds %s Command Centre: a Whirlpool goes on a tile without one.", g.board.tiles[r.tile()].name, g.whose(g.ccAt(r), seat))
	}
	for _, w := range g.whirls {
		if w.at == r {
			return nil, games.Refuse("whirlpool_same_tile", "%s already has a Whirlpool: place this one in a different centre.", g.board.name(r))
		}
		if w.spin == dir {
			return nil, games.Refuse("whirlpool_spin_taken", "The %s Whirlpool is already placed: this one spins %s.", spinName(dir), spinName(-dir))
		}
	}
	g.whirls = append(g.whirls, whirl{at: r, spin: dir})
	g.step++
	text := fmt.Sprintf("%s places the %s Whirlpool on tile %s.", g.colours[seat], spinName(dir), g.board.tiles[r.tile()].name)
	if g.step == 1 {
		g.turn = g.first
		text += fmt.Sprintf(" %s places the other.", g.colours[g.turn])
	} else {
		g.phase = playing
		g.turn = g.first
		g.round = 1
		text += fmt.Sprintf(" %s moves first.", g.colours[g.turn])
	}
	return []games.Event{{Text: text, Kind: "setup"}}, nil
}

func spinName(dir int) string {
	if dir > 0 {
		return "clockwise"
	}
	return "counter-clockwise"
}

// liveSubs counts seat's Subs in play.
func (g *Game) liveSubs(seat int) int {
	n := 0
	for _, u := range g.subs {
		if u.alive && u.owner == seat {
			n++
		}
	}
	return n
}

// subByID finds a Sub by its id ("red1") or its label ("Red 1"), in any
// case.
func (g *Game) subByID(id string) int {
	id = strings.TrimSpace(id)
	for i, u := range g.subs {
		if strings.EqualFold(u.id, id) || strings.EqualFold(u.label, id) {
			return i
		}
	}
	return -1
}

// endTurn hands the turn to the next player clockwise who still has Subs.
// When the walk passes the first player, a round has ended: the tiles
// with a Whirlpool turn first.
func (g *Game) endTurn() []games.Event {
	var evs []games.Event
	n := g.opts.Players
	s := g.turn
	for range n {
		s = (s + 1) % n
		if s == g.first {
			evs = append(evs, g.endRound()...)
		}
		if g.liveSubs(s) > 0 {
			break
		}
	}
	g.turn = s
	return evs
}

// endRound turns every tile with a Whirlpool 60 degrees its way, with
// everything on it, and begins the next round.
func (g *Game) endRound() []games.Event {
	var evs []games.Event
	for _, w := range g.whirls {
		t := w.at.tile()
		g.board.tiles[t].rot = ((g.board.tiles[t].rot+w.spin)%6 + 6) % 6
		var moved []string
		for j := range g.subs {
			u := &g.subs[j]
			if u.alive && u.at.tile() == t && !u.at.centre() {
				to := turnRegion(u.at, w.spin)
				moved = append(moved, fmt.Sprintf("%s %s → %s", u.label, g.board.name(u.at), g.board.name(to)))
				u.at = to
			}
		}
		// Mines turn together: read the old ring before writing the new.
		var ring [6]int8
		for s := range 6 {
			ring[s] = g.mineAt[regionAt(t, s+1)]
		}
		for s := range 6 {
			g.mineAt[turnRegion(regionAt(t, s+1), w.spin)] = ring[s]
		}
		for s := range 6 {
			if ring[s] >= 0 {
				from := regionAt(t, s+1)
				moved = append(moved, fmt.Sprintf("%s's Mine %s → %s", g.colours[ring[s]], g.board.name(from), g.board.name(turnRegion(from, w.spin))))
			}
		}
		text := fmt.Sprintf("End of round %d: the Whirlpool turns tile %s %s", g.round, g.board.tiles[t].name, spinName(w.spin))
		if len(moved) > 0 {
			text += " (" + strings.Join(moved, ", ") + ")"
		}
		data, _ := json.Marshal(map[string]any{"tile": g.board.tiles[t].name, "spin": spinWire(w.spin)})
		evs = append(evs, games.Event{Text: text + ".", Kind: "whirlpool", Data: data})
	}
	g.round++
	if g.lively {
		g.quiet = 0
	} else {
		g.quiet++
	}
	g.lively = false
	return evs
}

func spinWire(dir int) string {
	if dir > 0 {
		return SpinCW
	}
	return SpinCCW
}

// stalemate ends a match of QuietRounds quiet rounds: the side with the
// most Subs in play wins, or it is a draw.
func (g *Game) stalemate() games.Event {
	subs := map[int]int{}
	for s := range g.opts.Players {
		subs[g.team[s]] += g.liveSubs(s)
	}
	best, most, tied := -1, -1, false
	for team := range g.opts.Players {
		n, ok := subs[team]
		switch {
		case !ok:
		case n > most:
			best, most, tied = team, n, false
		case n == most:
			tied = true
		}
	}
	text := fmt.Sprintf("%d rounds in a row without a Mine laid or a Sub destroyed (house rule): ", QuietRounds)
	if tied {
		return g.finish(-1, "stalemate", text+"the sides have as many Subs in play, so the match is a draw.")
	}
	if g.opts.Players == 4 {
		return g.finish(best, "stalemate", text+g.teamName(best)+" have the most Subs in play and win.")
	}
	return g.finish(best, "stalemate", text+g.teamName(best)+" has the most Subs in play and wins.")
}

// finish ends the match; kind is the Outcome's Kind.
func (g *Game) finish(winner int, kind, reason string) games.Event {
	o := games.Outcome{Winners: []int{}, Reason: reason, Scores: map[int]int{}, Kind: kind}
	if winner >= 0 {
		o.Winners = []int{winner}
	}
	for s := range g.opts.Players {
		o.Scores[g.team[s]] += g.liveSubs(s)
	}
	g.outcome = &o
	g.phase = over
	data, _ := json.Marshal(o)
	return games.Event{Text: reason, Kind: "over", Data: data}
}

// teamName is how the table names a side: "Red" or "Red and Blue".
func (g *Game) teamName(team int) string {
	var names []string
	for s := range g.opts.Players {
		if g.team[s] == team {
			names = append(names, g.colours[s])
		}
	}
	return strings.Join(names, " and ")
}

// maxTurns bounds the turns of play of any match with these options. Every
// turn lays a Mine, destroys a Sub, or shelters a Sub in its side's
// Command Centre (a quiet turn). Subs are never added, and Mines are laid
// at most as many as the supply holds, or with no limit on the supply at
// most one per free region plus one per Mine cleared, which takes a Sub
// with it. A run of quiet turns longer than QuietRounds+1 rounds (of at
// most one turn per player) holds QuietRounds quiet rounds, which end the
// match. So a match has at most progress+1 runs of quiet turns between
// its progress turns.
func maxTurns(o Options) int {
	o, _ = o.withDefaults()
	subs := o.Players * o.subsEach()
	mines := 0
	if o.MineSupply == MinesUnlimited {
		mines = len(layouts[o.Players].Tiles)*slots + subs
	} else {
		for s := range o.Players {
			mines += minesOf(o, s)
		}
	}
	return (subs + mines + 1) * (QuietRounds + 2) * o.Players
}
