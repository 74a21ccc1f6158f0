package saga

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"periscope/games"
)

// The two seats; seat numbers are team numbers.
const (
	Raven = 0
	Wolf  = 1
)

var names = [2]string{"Raven", "Wolf"}

// TableHalfWidth is how many columns the map may reach on either side of
// the first base: the edge of the table (a house rule, so that the map fits
// a table and a phone).
const TableHalfWidth = 3

// MaxTurns is the most turns of play a match lasts (a house rule). Bot
// matches last about 85 turns and seldom 200; at the limit the side that
// captured more points of units wins, equal points draw.
const MaxTurns = 300

// How a match ended (games.Outcome.Kind).
const (
	KindBase      = "base_defeated"  // a base fell to an assault
	KindForce     = "force_captured" // a whole force is captured
	KindDraw      = "draw"           // both forces captured in one assault
	KindTurnLimit = "turn_limit"     // MaxTurns played: captured points decide
)

// UnitsInPlay is how many units each player places before the first turn.
const UnitsInPlay = 3

type phase uint8

const (
	waiting   phase = iota // before the room's start command
	building               // players draw and place Terrain tiles in turn
	basing                 // the second player places its base
	deploying              // players place their first units in turn
	playing
	over
)

func (p phase) String() string {
	return [...]string{"waiting", "building", "second_base", "deploying", "playing", "over"}[p]
}

// Where a unit is.
const (
	inReserve = iota
	onMap
	captured
)

type unit struct {
	id    string // card id and number: "troll_2"
	owner int
	card  int // index in its faction's Units
	at    Hex
	where int
}

type tile struct {
	at      Hex
	terrain string // "" for a base
	base    int    // the owner of a base tile, or -1
}

// Game is one match. It is a pure state machine: New with the same options
// and seed, fed the same commands, always reaches the same state.
type Game struct {
	opts  Options
	set   *Set
	seed  uint64
	pcg   rand.PCG // every die and the bag's order
	phase phase

	fac   [2]*Faction
	first int // the seat that placed first and plays first
	turn  int // the seat to act (outside an assault)
	turns int // turns of play begun; the first is 1

	tiles []tile      // in the order they were placed
	index map[Hex]int // position -> index in tiles
	bag   []string    // the Terrain tiles in the (secret) order they come out
	drawn int         // Terrain tiles placed so far; bag[drawn] is in hand
	bases [2]Hex

	units    []unit // Raven's, then Wolf's, in card order
	deployed [2]int

	fight      *assault  // an assault waiting for re-rolls
	decisionAt time.Time // when the current re-roll decision began

	outcome *games.Outcome
	applied int // accepted commands; seeds the bot's tie-breaks
}

// Definition puts Saga of the Nine Worlds in the lobby.
var Definition = games.Definition{
	Name:       "saga",
	Title:      "Saga of the Nine Worlds",
	Summary:    "Pocket-Tactics for two: build a hex map from the bag, then move, assault and summon until a force or a base falls.",
	MinPlayers: 1,
	MaxPlayers: 2,
	Page:       "/saga.html",
	Bots:       true,
	Options:    definitionOptions(),
	House: []string{
		"Factions Æsir Host and Jötnar and Hel (unit cards, costs, special abilities)",
		"Terrain bag of 20 tiles (5 Forest, 4 Hills, 4 Field, 2 Village, 3 Water, 2 Ice)",
		"The map is at most 7 tiles wide",
	},
	HouseRules: houseRules,
	New: func(options json.RawMessage, seed uint64) (games.Game, error) {
		o, err := ParseOptions(options)
		if err != nil {
			return nil, err
		}
		return New(o, seed), nil
	},
}

// houseRules are our decisions that change play where the rulebook is
// silent or unclear (docs/rules-decisions.md keeps the same list; the
// page's rules card shows those in force at the table).
var houseRules = []games.HouseRule{
	{ID: "table_edge", Text: "The map is at most 7 tiles wide: no tile goes more than 3 columns to either side of the first base."},
	{ID: "build_northwards", Text: "A new tile goes only against a north, north-east or north-west side of a tile in play, so the map always grows towards the second player (our reading of \"sides that face the first player's half of the table\")."},
	{ID: "second_base_nearest_count", Text: "If no free spot touches exactly as many tiles as the first base, the second base goes where the number is nearest; among equally far spots its player chooses."},
	{ID: "first_units_water", Text: "The first units go on the free tiles fewest steps from their base; one placed on Water makes no drowning check, as a summoned unit."},
	{ID: "hop_straight", Text: "A hop goes over one tile held by a friendly unit in a straight line, onto a free tile or your own base (the Valkyrie hops over any unit)."},
	{ID: "enemy_base_assault_only", Text: "No unit moves onto the enemy's base: it assaults it instead."},
	{ID: "range_over_tiles", Text: "Extended range is counted in steps over tiles, occupied or not; a defender strikes back at range only if its own reach in that ability covers the distance."},
	{ID: "assists_not_fighters", Text: "Assists come from units next to the assaulted tile other than the attacker and the defender themselves."},
	{ID: "reroll_rounds", Text: "Re-rolls come in two rounds, special-ability re-rolls first, then situational ones; in each the attacker goes first and the sides alternate one die at a time."},
	{ID: "pass_is_final", Text: "Keeping your dice (a pass) ends your re-rolls for that round of the assault: you cannot re-roll again in it, while your opponent may go on."},
	{ID: "empty_strike_fails", Text: "A strike with no dice left after the ties fails; a base never strikes back."},
	{ID: "drowning_is_capture", Text: "A drowned unit counts as captured by the opponent (a Draugr's Restless Dead may still roll to return), and a unit that drowns in a close assault never fights."},
	{ID: "mutual_wipeout_draw", Text: "If both forces are captured in the same assault, the match is a draw."},
	{ID: "no_voluntary_pass", Text: "You cannot pass your turn: you may skip it only when none of your units can move, assault or be summoned."},
	{ID: "turn_limit", Text: fmt.Sprintf("The match ends after %d turns: the side that captured more points of units wins, equal points draw.", MaxTurns)},
	{ID: "reroll_timer", Text: "With a re-roll timer set, a player who runs out of time gets the re-roll the strongest bot would choose."},
	{ID: "automatic_rerolls", Text: "The server plays every re-roll of both sides at once, as the strongest bot would.", Option: "rerolls", Values: []any{RerollAuto}},
}

func definitionOptions() []games.Option {
	var fs []games.Choice
	for _, f := range HouseSet().Factions {
		fs = append(fs, games.Choice{Value: f.ID, Label: f.Name, House: f.House})
	}
	return []games.Option{
		{Key: "guided", Label: "Learn to play: a guided first match", Kind: games.OptionBool, Default: false, House: true,
			Help: "Your first match against the learner bot, in lessons: what to do now and why, a suggested move outlined, the bot's answer explained, and a summing-up at the end."},
		{Key: "raven_faction", Label: "Raven's faction", Kind: games.OptionChoice, Choices: fs, Default: "aesir_host"},
		{Key: "wolf_faction", Label: "Wolf's faction", Kind: games.OptionChoice, Choices: fs, Default: "jotnar_horde"},
		{Key: "rerolls", Label: "Re-rolls", Kind: games.OptionChoice, Default: RerollChoose,
			Help:    "Players pick each re-roll on their phones, or the server picks them all at once to keep the table moving.",
			Choices: []games.Choice{{Value: RerollChoose, Label: "Players choose"}, {Value: RerollAuto, Label: "Automatic"}}},
		{Key: "reroll_seconds", Label: "Re-roll timer (seconds, 0 = none)", Kind: games.OptionInt, Min: 0, Max: MaxRerollSeconds, Default: 0,
			Help: "When a player thinks longer than this over a re-roll, the server picks it for them.", Advanced: true},
		games.BotLevelOption("How well a bot seat plays. Every strength plays carefully: no needless drowning, re-rolls with a pass in mind.",
			"plays it safe, assaults only with the odds in its favour", "weighs each move and what threatens it",
			"counts every re-roll of an assault ahead"),
	}
}

// New starts a match with the house content. Options must come from
// ParseOptions (or have valid faction ids).
func New(o Options, seed uint64) *Game {
	g, err := NewWithSet(o, seed, HouseSet())
	if err != nil {
		panic(err)
	}
	return g
}

// NewWithSet starts a match with other content, such as official cards
// loaded with LoadSet.
func NewWithSet(o Options, seed uint64, set *Set) (*Game, error) {
	o, err := o.withDefaults(set)
	if err != nil {
		return nil, err
	}
	g := &Game{
		opts:  o,
		set:   set,
		seed:  seed,
		pcg:   *rand.NewPCG(seed, seed^0x5a6a9e37c15d3b1f),
		index: map[Hex]int{},
	}
	g.fac = [2]*Faction{set.faction(o.RavenFaction), set.faction(o.WolfFaction)}
	for owner, f := range g.fac {
		for ci, c := range f.Units {
			for n := 1; n <= c.Count; n++ {
				g.units = append(g.units, unit{id: fmt.Sprintf("%s_%d", c.ID, n), owner: owner, card: ci})
			}
		}
	}
	return g, nil
}

// Seats are Raven (team 0) and Wolf (team 1).
func (g *Game) Seats() []games.SeatSpec {
	return []games.SeatSpec{
		{Team: Raven, Label: "Raven", Roles: []string{"player"}},
		{Team: Wolf, Label: "Wolf", Roles: []string{"player"}},
	}
}

// Outcome is nil while the match is on.
func (g *Game) Outcome() *games.Outcome {
	if g.outcome == nil {
		return nil
	}
	o := *g.outcome
	o.Winners = append([]int{}, o.Winners...)
	return &o
}

// The balance tool seats two strengths against each other and reports the
// first player's win rate.
var (
	_ games.LeveledBotter = (*Game)(nil)
	_ games.Starter       = (*Game)(nil)
)

// FirstTeam is the seat that takes the first turn of play (the winner of
// the first roll, who also placed first), once the roll is made.
func (g *Game) FirstTeam() (int, bool) {
	if g.phase == waiting {
		return 0, false
	}
	return g.first, true
}

// Deadline is when the player thinking over a re-roll runs out of time,
// with the re-roll timer on.
func (g *Game) Deadline() (time.Time, bool) {
	if g.fight == nil || g.opts.RerollSeconds == 0 || g.opts.Rerolls == RerollAuto {
		return time.Time{}, false
	}
	return g.decisionAt.Add(time.Duration(g.opts.RerollSeconds) * time.Second), true
}

// Apply runs one command. A refused command returns a *games.RuleError and
// changes nothing: every check comes before the first change.
func (g *Game) Apply(cmd games.Command) ([]games.Event, error) {
	c, err := Decode(cmd.Body)
	if err != nil {
		return nil, err
	}
	evs, err := g.run(cmd.Seat, c, cmd.Time)
	if err != nil {
		return nil, err
	}
	g.applied++
	return evs, nil
}

func (g *Game) run(seat int, c Command, now time.Time) ([]games.Event, error) {
	switch c.Type {
	case TypeStart:
		return g.begin(seat)
	case TypeTick:
		return g.tick(seat, now)
	}
	switch {
	case seat == games.System:
		return nil, games.Refuse("room_only", "The room sends only start and tick, not %s.", c.Type)
	case seat != Raven && seat != Wolf:
		return nil, games.Refuse("not_a_player", "Spectators watch: only Raven and Wolf play.")
	case g.phase == waiting:
		return nil, games.Refuse("not_started", "The match has not started yet.")
	case g.phase == over:
		return nil, games.Refuse("match_over", "The match is over: %s.", g.outcome.Reason)
	}
	if g.fight != nil {
		return g.rerollCommand(seat, c, now)
	}
	if c.Type == TypeReroll || c.Type == TypePass {
		return nil, games.Refuse("no_assault", "There is no assault to re-roll in.")
	}
	if seat != g.turn {
		return nil, games.Refuse("not_your_turn", "It is %s's turn.", names[g.turn])
	}
	want := map[phase]string{building: TypePlaceTile, basing: TypePlaceBase, deploying: TypeDeploy}[g.phase]
	if g.phase != playing && c.Type != want {
		return nil, games.Refuse("wrong_phase", "%s now: send %s, not %s.", g.phaseSentence(), want, c.Type)
	}
	if g.phase == playing && (c.Type == TypePlaceTile || c.Type == TypePlaceBase || c.Type == TypeDeploy) {
		return nil, games.Refuse("wrong_phase", "The map is built and the units are placed: %s is over.", c.Type)
	}
	switch c.Type {
	case TypePlaceTile:
		return g.placeTile(seat, c.At)
	case TypePlaceBase:
		return g.placeBase(seat, c.At)
	case TypeDeploy:
		return g.deploy(seat, c.Unit, c.At)
	case TypeSkipTurn:
		if len(g.legal(seat)) > 0 {
			return nil, games.Refuse("has_legal_action", "You may skip your turn only when none of your units can move, assault or be summoned.")
		}
		return append([]games.Event{{Text: names[seat] + " can do nothing and skips the turn", Kind: "skip"}}, g.endTurn()...), nil
	}
	return g.act(seat, c, now)
}

func (g *Game) phaseSentence() string {
	switch g.phase {
	case building:
		return "The map is being built"
	case basing:
		return fmt.Sprintf("%s is placing its base", names[1-g.first])
	}
	return "The players are placing their first units"
}

// begin is the room's start: the roll for who places first, the first
// base, and the first draw from the bag.
func (g *Game) begin(seat int) ([]games.Event, error) {
	if seat != games.System {
		return nil, games.Refuse("room_only", "Only the room starts the match.")
	}
	if g.phase != waiting {
		return nil, games.Refuse("already_started", "The match has already started.")
	}
	var evs []games.Event
	for {
		a, b := g.d6(), g.d6()
		data, _ := json.Marshal(map[string]int{"raven": a, "wolf": b})
		if a == b {
			evs = append(evs, games.Event{Text: fmt.Sprintf("Raven and Wolf both roll %d: roll again", a), Kind: "first_roll", Data: data})
			continue
		}
		g.first = Raven
		if b > a {
			g.first = Wolf
		}
		evs = append(evs, games.Event{Text: fmt.Sprintf("Raven rolls %d, Wolf rolls %d: %s places first", a, b, names[g.first]), Kind: "first_roll", Data: data})
		break
	}
	g.bag = g.set.tiles()
	r := rand.New(&g.pcg)
	r.Shuffle(len(g.bag), func(i, j int) { g.bag[i], g.bag[j] = g.bag[j], g.bag[i] })
	g.addTile(tile{at: Hex{}, base: g.first})
	g.bases[g.first] = Hex{}
	g.phase = building
	g.turn = g.first
	evs = append(evs, games.Event{Text: fmt.Sprintf("%s places %s", names[g.first], g.fac[g.first].Base), Kind: "base"})
	return append(evs, g.drawEvent()), nil
}

func (g *Game) drawEvent() games.Event {
	t := g.bag[g.drawn]
	data, _ := json.Marshal(map[string]string{"terrain": t})
	return games.Event{Text: fmt.Sprintf("%s draws a %s tile", names[g.turn], g.set.terrainName(t)), Kind: "draw", Data: data}
}

func (g *Game) addTile(t tile) {
	if t.terrain != "" {
		t.base = -1
	}
	g.index[t.at] = len(g.tiles)
	g.tiles = append(g.tiles, t)
}

// tileAt is the tile on h, or nil where the table is bare.
func (g *Game) tileAt(h Hex) *tile {
	if i, ok := g.index[h]; ok {
		return &g.tiles[i]
	}
	return nil
}

// occupant is the unit on h, or -1.
func (g *Game) occupant(h Hex) int {
	for i, u := range g.units {
		if u.where == onMap && u.at == h {
			return i
		}
	}
	return -1
}

// free: h is a Terrain tile with no unit on it.
func (g *Game) free(h Hex) bool {
	t := g.tileAt(h)
	return t != nil && t.base < 0 && g.occupant(h) < 0
}

func (g *Game) card(u int) *Card { return &g.fac[g.units[u].owner].Units[g.units[u].card] }

func (g *Game) name(u int) string {
	return fmt.Sprintf("%s %s", names[g.units[u].owner], g.card(u).Name)
}

func (g *Game) d6() int { return rand.New(&g.pcg).IntN(6) + 1 }

// tileOptions are the positions the drawn tile may go: bare, within the
// table's width, against a north, north-east or north-west side of a tile
// in play (never a side facing the first player's half of the table).
func (g *Game) tileOptions() []Hex {
	var out []Hex
	seen := map[Hex]bool{}
	for _, t := range g.tiles {
		for _, s := range []int{NorthWest, North, NorthEast} {
			h := t.at.neighbour(s)
			if seen[h] || g.tileAt(h) != nil || abs(h.Q) > TableHalfWidth {
				continue
			}
			seen[h] = true
			out = append(out, h)
		}
	}
	sortHexes(out)
	return out
}

func sortHexes(hs []Hex) {
	for i := 1; i < len(hs); i++ {
		for j := i; j > 0 && (hs[j].R < hs[j-1].R || hs[j].R == hs[j-1].R && hs[j].Q < hs[j-1].Q); j-- {
			hs[j], hs[j-1] = hs[j-1], hs[j]
		}
	}
}

func (g *Game) placeTile(seat int, at string) ([]games.Event, error) {
	h, err := parseHex(at)
	if err != nil {
		return nil, games.Refuse("bad_position", "%v.", err)
	}
	if g.tileAt(h) != nil {
		return nil, games.Refuse("tile_occupied", "There is already a tile on %s.", h.Label())
	}
	if abs(h.Q) > TableHalfWidth {
		return nil, games.Refuse("table_edge", "%s is beyond the edge of the table: the map is at most %d tiles wide.", h.Label(), 2*TableHalfWidth+1)
	}
	touching := false
	for s := range 6 {
		if g.tileAt(h.neighbour(s)) != nil {
			touching = true
		}
	}
	if !touching {
		return nil, games.Refuse("tile_not_touching", "A tile goes against a side of a tile in play; %s touches none.", h.Label())
	}
	ok := false
	for _, o := range g.tileOptions() {
		if o == h {
			ok = true
		}
	}
	if !ok {
		return nil, games.Refuse("faces_first_half", "%s would go against a side facing %s's half of the table: build towards %s.", h.Label(), names[g.first], names[1-g.first])
	}
	terrain := g.bag[g.drawn]
	g.addTile(tile{at: h, terrain: terrain})
	g.drawn++
	evs := []games.Event{{Text: fmt.Sprintf("%s places the %s tile on %s", names[seat], g.set.terrainName(terrain), h.Label()), Kind: "tile", Data: hexData("at", h)}}
	if g.drawn < len(g.bag) {
		g.turn = 1 - seat
		return append(evs, g.drawEvent()), nil
	}
	g.phase = basing
	g.turn = 1 - g.first
	return append(evs, games.Event{Text: fmt.Sprintf("The bag is empty: %s places %s as far as possible from %s", names[g.turn], g.fac[g.turn].Base, g.fac[g.first].Base), Kind: "bag_empty"}), nil
}

// baseOptions are where the second base may go: bare positions touching as
// many tile sides as the first base does (or as near that number as the map
// allows), as far as possible from the first base.
func (g *Game) baseOptions() []Hex {
	opts, _ := secondBase(func(h Hex) bool { return g.tileAt(h) != nil }, g.tiles, g.bases[g.first])
	return opts
}

// secondBase is where the second base may go on a map (has says which
// positions hold a tile, at lists them; first is the first base): the
// bare positions within the table touching as many tiles as the first base
// does (the nearest count where none does exactly), farthest from the first
// base, and how far that is. The bot and the building phase's warning ask
// it of maps not yet finished.
func secondBase(has func(Hex) bool, at []tile, first Hex) ([]Hex, int) {
	touching := func(h Hex) int {
		n := 0
		for s := range 6 {
			if has(h.neighbour(s)) {
				n++
			}
		}
		return n
	}
	want := touching(first)
	var out []Hex
	bestMiss, bestDist := 1<<30, -1
	seen := map[Hex]bool{}
	for _, t := range at {
		for s := range 6 {
			h := t.at.neighbour(s)
			if seen[h] || has(h) || abs(h.Q) > TableHalfWidth {
				continue
			}
			seen[h] = true
			miss, dist := abs(touching(h)-want), distance(h, first)
			switch {
			case miss < bestMiss || miss == bestMiss && dist > bestDist:
				bestMiss, bestDist, out = miss, dist, []Hex{h}
			case miss == bestMiss && dist == bestDist:
				out = append(out, h)
			}
		}
	}
	sortHexes(out)
	return out, bestDist
}

// touching counts the tiles against h's sides.
func (g *Game) touching(h Hex) int {
	n := 0
	for s := range 6 {
		if g.tileAt(h.neighbour(s)) != nil {
			n++
		}
	}
	return n
}

func (g *Game) placeBase(seat int, at string) ([]games.Event, error) {
	h, err := parseHex(at)
	if err != nil {
		return nil, games.Refuse("bad_position", "%v.", err)
	}
	if g.tileAt(h) != nil {
		return nil, games.Refuse("tile_occupied", "There is already a tile on %s.", h.Label())
	}
	opts := g.baseOptions()
	ok := false
	for _, o := range opts {
		if o == h {
			ok = true
		}
	}
	if !ok {
		return nil, games.Refuse("base_not_farthest", "%s goes as far as possible from %s while touching %d tile sides, as it does: on %s.",
			g.fac[seat].Base, g.fac[g.first].Base, g.touching(g.bases[g.first]), hexList(opts))
	}
	g.addTile(tile{at: h, base: seat})
	g.bases[seat] = h
	g.phase = deploying
	g.turn = g.first
	return []games.Event{{Text: fmt.Sprintf("%s places %s on %s", names[seat], g.fac[seat].Base, h.Label()), Kind: "base", Data: hexData("at", h)}}, nil
}

// deployOptions are the free Terrain tiles closest to seat's base.
func (g *Game) deployOptions(seat int) []Hex {
	best := 1 << 30
	var out []Hex
	for _, t := range g.tiles {
		if !g.free(t.at) {
			continue
		}
		d := distance(t.at, g.bases[seat])
		switch {
		case d < best:
			best, out = d, []Hex{t.at}
		case d == best:
			out = append(out, t.at)
		}
	}
	sortHexes(out)
	return out
}

func (g *Game) deploy(seat int, ref, at string) ([]games.Event, error) {
	u, err := g.ownUnit(seat, ref)
	if err != nil {
		return nil, err
	}
	if g.units[u].where != inReserve {
		return nil, games.Refuse("already_placed", "Your %s is already on the map.", g.card(u).Name)
	}
	h, err := parseHex(at)
	if err != nil {
		return nil, games.Refuse("bad_position", "%v.", err)
	}
	if err := g.destination(h); err != nil {
		return nil, err
	}
	ok := false
	opts := g.deployOptions(seat)
	for _, o := range opts {
		if o == h {
			ok = true
		}
	}
	if !ok {
		return nil, games.Refuse("not_closest", "Units go on the free Terrain tiles closest to your base: %s.", hexList(opts))
	}
	g.units[u].where, g.units[u].at = onMap, h
	g.deployed[seat]++
	evs := []games.Event{{Text: fmt.Sprintf("%s places %s on %s", names[seat], g.card(u).Name, h.Label()), Kind: "deploy", Data: hexData("at", h)}}
	if g.deployed[Raven] == UnitsInPlay && g.deployed[Wolf] == UnitsInPlay {
		g.phase = playing
		g.turn = g.first
		g.turns = 1
		return append(evs, games.Event{Text: fmt.Sprintf("Every unit not in play waits in reserve. %s plays first", names[g.first]), Kind: "play"}), nil
	}
	g.turn = 1 - seat
	if g.deployed[g.turn] == UnitsInPlay {
		g.turn = seat
	}
	return evs, nil
}

// destination checks that h is a free Terrain tile.
func (g *Game) destination(h Hex) error {
	t := g.tileAt(h)
	switch {
	case t == nil:
		return games.Refuse("no_tile", "There is no tile on %s.", h.Label())
	case t.base >= 0:
		return games.Refuse("tile_taken", "%s stands on %s.", g.fac[t.base].Base, h.Label())
	case g.occupant(h) >= 0:
		return games.Refuse("tile_taken", "%s already stands on %s.", g.name(g.occupant(h)), h.Label())
	}
	return nil
}

// ownUnit finds seat's unit by id.
func (g *Game) ownUnit(seat int, ref string) (int, error) {
	for i, u := range g.units {
		if u.owner == seat && u.id == ref {
			return i, nil
		}
	}
	return -1, games.Refuse("no_such_unit", "You have no unit called %s.", quote(ref))
}

func hexData(key string, h Hex) json.RawMessage {
	b, _ := json.Marshal(map[string]string{key: h.String()})
	return b
}

func hexList(hs []Hex) string {
	if len(hs) == 0 {
		return "none"
	}
	s := ""
	for i, h := range hs {
		if i > 0 {
			s += ", "
		}
		s += h.Label()
	}
	return s
}
