package battles

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"periscope/games"
)

// Seats: A (team 0) and B (team 1), the two halves of the battlefield as
// the rulebook draws them. Who is Player 1 is rolled after army building.
const (
	SeatA = 0
	SeatB = 1
)

type phase uint8

const (
	waiting   phase = iota // before the room's start command
	building               // both players compose their armies in secret
	deploying              // players place their units in turn, stacks hidden
	fighting               // battle rounds
	recovery               // end of a round: sacrifices of wounded troops
	over
)

func (p phase) String() string {
	return [...]string{"waiting", "army_building", "deployment", "battle", "recovery", "over"}[p]
}

// Where a placed unit is on its own side, or in the Engagement zone.
type position uint8

const (
	rear position = iota
	front
	engaged
)

func (p position) String() string { return [...]string{"rear", "front", "engagement"}[p] }

type troop struct {
	tile   *Tile
	wounds int
	dead   bool
}

type unit struct {
	id     string
	owner  int
	troops []troop // index 0 is the top of the stack
	placed bool
	col    int // sector, numbered from seat A's left
	at     position
	orders int
	gone   bool
	// recalled: Command took this unit's Order tokens back this round,
	// which it may do once a round (house rule).
	recalled bool
}

type side struct {
	army      *Army
	draft     [][]string
	confirmed bool
	tokens    int
	unused    int
	aside     int      // on troops and units killed this round, or on a Pass (house reading)
	passed    int      // spent on a Pass, as if on a unit: may become a Wound token
	turns     int      // turns taken this round
	lost      []string // its own tiles destroyed, in order
	armyDP    int
	recovered bool
}

// Steps of an action still to resolve. Some wait for a player (a reaction,
// a charge target, wounds to assign); the rest run at once.
type opKind uint8

const (
	opStrike       opKind = iota // a strikes b (why: charge, back, carry_on, leave)
	opShoot                      // a shoots b
	opAssign                     // the owner of a assigns hits
	opReact                      // the opponent of charger a may react
	opChargeTarget               // charger a picks its target
	opLeave                      // a leaves its engagement
	opSettle                     // lone survivors go back to their Front
	opEndTurn
)

type op struct {
	kind opKind
	a, b string
	why  string
	hits int
}

// Roll is the last dice roll, as the table saw it.
type Roll struct {
	Seat   int    `json:"seat"`
	Unit   string `json:"unit"`
	Target string `json:"target"`
	Kind   string `json:"kind"`  // charge, strike_back, carry_on, free_strike, shoot
	Dice   []int  `json:"dice"`  // the rolled dice
	Faces  []int  `json:"faces"` // the printed faces they were compared with
	Hits   int    `json:"hits"`
}

// Game is one battle. It is a pure state machine: New with the same options
// and seed, fed the same commands, always reaches the same state.
type Game struct {
	opts  Options
	seed  uint64
	pcg   rand.PCG
	phase phase
	sides [2]*side
	units []*unit // seat A's then seat B's, in the order they were composed

	contacts [][2]string // pairs of engaged enemy units
	p1       int         // Player 1's seat
	deployer int
	round    int
	turn     int
	turns    int    // turns ended in the battle
	redeploy string // the unit redeployed this turn
	ops      []op
	last     *Roll

	outcome *games.Outcome
	applied int

	// rigged dice come out before the PCG's: only tests set them, to
	// replay the rulebook's examples.
	rigged []int
}

var seatNames = [2]string{"A", "B"}

// Definition puts Pocket Battles in the lobby.
var Definition = games.Definition{
	Name:       "battles",
	Title:      "Pocket Battles",
	Summary:    "Confederacy against Union: build an army in secret, deploy hidden stacks, then spend order tokens to charge, shoot and hold until half the enemy falls.",
	MinPlayers: 1,
	MaxPlayers: 2,
	Page:       "/battles.html",
	Bots:       true,
	Options:    definitionOptions(),
	House: []string{
		"Troop values (Deployment Points, Formation, Wound points, black and white dice) beyond the rulebook's examples",
		"Eleven troop tiles the rulebook never names (CON02, CON08, CON15, CON18, CON20, UNI07, UNI17, UNI20, UNI21, UNI24, UNI27)",
		"Every trait effect (Fast, Drummer, Disciplined, Fierce, Volley, Sniper, Elusive, Heavy, Command, Bless, Field hospital, Signal)",
		"Where Rear and adjacent-sector charges end, how shots on an engagement split, the round limit",
		"The two 100-point armies (the rulebook's examples stop at 80 points)",
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

func definitionOptions() []games.Option {
	sizes := []games.Choice{}
	for s := MinSize; s <= MaxSize; s += 10 {
		sizes = append(sizes, games.Choice{Value: s, Label: fmt.Sprintf("%d points (%d tokens each)", s, s/10)})
	}
	armies := []games.Choice{}
	for _, a := range content.Armies {
		armies = append(armies, games.Choice{Value: a.ID, Label: a.Name})
	}
	return []games.Option{
		{Key: "guided", Label: "Learn to play: a guided first match", Kind: games.OptionBool, Default: false, House: true,
			Help: "Your first battle against the learner bot, in lessons: what to do now and why, a suggested order outlined, the bot's answer explained, and a summing-up at the end."},
		{Key: "size", Label: "Battle size", Kind: games.OptionChoice, Choices: sizes, Default: DefaultSize,
			Help: "The most Deployment Points each army may spend; each player gets one Order/Wound token per 10 points."},
		{Key: "army_a", Label: "Army of seat A", Kind: games.OptionChoice, Choices: armies, Default: "confederacy"},
		{Key: "army_b", Label: "Army of seat B", Kind: games.OptionChoice, Choices: armies, Default: "union"},
		{Key: "round_limit", Label: "Round limit (house rule)", Kind: games.OptionInt, Min: 1, Max: MaxRoundLimit, Default: DefaultRoundLimit,
			Help: "House rule, the rulebook sets none: after this many rounds the higher total destroyed wins (Player 2 on a tie), so every battle ends.", Advanced: true, House: true},
		{Key: "hidden_stacks", Label: "Hidden stacks show the enemy", Kind: games.OptionChoice, Default: StacksTop, Advanced: true,
			Help: "Before every unit is placed. The rulebook shows only the top troop; our reading also shows how many troops a stack holds.",
			Choices: []games.Choice{
				{Value: StacksTop, Label: "Top troop only (rulebook)"},
				{Value: StacksHeight, Label: "Top and height (house)", House: true},
			}},
		{Key: "pass_token", Label: "A token set aside by a Pass", Kind: games.OptionChoice, Default: PassSpent, Advanced: true,
			Help: "The rulebook counts it as spent on a unit, so it may become a Wound token; our reading keeps it out of play until the next round.",
			Choices: []games.Choice{
				{Value: PassSpent, Label: "Usable as Wound (rulebook)"},
				{Value: PassAside, Label: "Out of play (house rule)", House: true},
			}},
		games.BotLevelOption("Learner: sensible orders by chance, lets every charge come. Crew: answers charges, weighs its orders but often goes by feel. Veteran: always its best order, redeploys, moves its guns into range.",
			"plays by chance", "weighs orders",
			"its best every time"),
	}
}

// New starts a battle. Options must come from ParseOptions (or be valid).
func New(o Options, seed uint64) *Game {
	o, err := o.withDefaults()
	if err != nil {
		panic(err)
	}
	g := &Game{opts: o, seed: seed, pcg: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15), p1: -1, turn: -1, deployer: -1}
	for s, id := range []string{o.ArmyA, o.ArmyB} {
		g.sides[s] = &side{army: content.Army(id), tokens: o.Size / 10}
	}
	return g
}

// Seats are A and B, named by their armies.
func (g *Game) Seats() []games.SeatSpec {
	out := make([]games.SeatSpec, 2)
	for s := range 2 {
		out[s] = games.SeatSpec{Team: s, Label: g.name(s), Roles: []string{"general"}}
	}
	return out
}

// name is how the table calls a seat: its army, with the seat letter when
// both play the same army.
func (g *Game) name(s int) string {
	n := g.sides[s].army.Name
	if g.sides[0].army == g.sides[1].army {
		n += " " + seatNames[s]
	}
	return n
}

// FirstTeam is Player 1's seat, who takes the first turn of the battle,
// once the dice have named it (games.Starter).
func (g *Game) FirstTeam() (int, bool) { return g.p1, g.p1 >= 0 }

// Outcome is nil while the battle is on.
func (g *Game) Outcome() *games.Outcome {
	if g.outcome == nil {
		return nil
	}
	o := *g.outcome
	o.Winners = slices.Clone(o.Winners)
	return &o
}

func (g *Game) die() int {
	if len(g.rigged) > 0 {
		d := g.rigged[0]
		g.rigged = g.rigged[1:]
		return d
	}
	return rand.New(&g.pcg).IntN(6) + 1
}

// Apply runs one command. A refused command returns a *games.RuleError and
// changes nothing: every check comes before the first change.
func (g *Game) Apply(cmd games.Command) ([]games.Event, error) {
	c, err := Decode(cmd.Body)
	if err != nil {
		return nil, err
	}
	var log events
	if err := g.run(cmd.Seat, c, &log); err != nil {
		return nil, err
	}
	g.applied++
	return log, nil
}

// events collects what a command made happen.
type events []games.Event

func (l *events) add(kind, format string, args ...any) {
	*l = append(*l, games.Event{Kind: kind, Text: fmt.Sprintf(format, args...)})
}

func (l *events) private(seat int, kind, format string, args ...any) {
	*l = append(*l, games.Event{Kind: kind, Text: fmt.Sprintf(format, args...), Seats: []int{seat}})
}

func (l *events) data(v any) {
	b, _ := json.Marshal(v)
	(*l)[len(*l)-1].Data = b
}

func (g *Game) run(seat int, c Command, log *events) error {
	if c.Type == TypeStart {
		if seat != games.System {
			return refuse("room_only", "Only the room starts the battle.")
		}
		if g.phase != waiting {
			return refuse("already_started", "The battle has already started.")
		}
		g.phase = building
		log.add("start", "The battle is on: each general builds an army of up to %d Deployment Points, in secret, and gets %d Order/Wound tokens.", g.opts.Size, g.opts.Size/10)
		return nil
	}
	switch {
	case seat == games.System:
		return refuse("room_only", "The room sends only start, not %s.", c.Type)
	case seat != SeatA && seat != SeatB:
		return refuse("not_a_player", "Spectators watch: only the two generals give orders.")
	case g.phase == waiting:
		return refuse("not_started", "The battle has not started yet.")
	case g.phase == over:
		return refuse("battle_over", "The battle is over: %s.", g.outcome.Reason)
	}
	if c.Type == TypeConcede {
		g.finish([]int{1 - seat}, "concede", fmt.Sprintf("%s concedes: %s wins", g.name(seat), g.name(1-seat)), log)
		return nil
	}
	switch g.phase {
	case building:
		return g.buildCommand(seat, c, log)
	case deploying:
		if c.Type != TypeDeploy {
			return refuse("wrong_phase", "Deployment now: place your units with deploy, not %s.", c.Type)
		}
		return g.deploy(seat, c, log)
	case recovery:
		return g.recoveryCommand(seat, c, log)
	}
	return g.battleCommand(seat, c, log)
}

// finish ends the battle; kind is how, as Outcome.Kind says it.
func (g *Game) finish(winners []int, kind, reason string, log *events) {
	g.phase = over
	g.ops = nil
	g.turn = -1
	scores := map[int]int{SeatA: g.destroyed(SeatA), SeatB: g.destroyed(SeatB)}
	g.outcome = &games.Outcome{Winners: winners, Reason: reason, Scores: scores, Kind: kind}
	log.add("over", "%s.", reason)
}

// destroyed is the Deployment Points of the enemy troops seat has destroyed.
func (g *Game) destroyed(seat int) int {
	e := g.sides[1-seat]
	dp := 0
	for _, id := range e.lost {
		dp += e.army.Tile(id).DP
	}
	return dp
}

func (g *Game) unit(id string) *unit {
	for _, u := range g.units {
		if u.id == id {
			return u
		}
	}
	return nil
}

// live is the unit's troops still on the battlefield.
func (u *unit) live() []*troop {
	var out []*troop
	for i := range u.troops {
		if !u.troops[i].dead {
			out = append(out, &u.troops[i])
		}
	}
	return out
}

func (u *unit) troop(id string) *troop {
	for i := range u.troops {
		if u.troops[i].tile.ID == id && !u.troops[i].dead {
			return &u.troops[i]
		}
	}
	return nil
}

// traits is the unit's traits: every trait of its living troops, once.
func (u *unit) traits() []*Trait {
	var out []*Trait
	seen := map[string]bool{}
	for _, t := range u.live() {
		for _, id := range t.tile.Traits {
			if !seen[id] {
				seen[id] = true
				out = append(out, content.Trait(id))
			}
		}
	}
	return out
}

func (u *unit) bonus(hook string) int {
	n := 0
	for _, t := range u.traits() {
		if t.Hook == hook {
			n += max(t.Value, 1)
		}
	}
	return n
}

func (u *unit) has(hook string) bool { return u.bonus(hook) > 0 }

func (u *unit) trait(id string) *Trait {
	for _, t := range u.traits() {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// faces is every printed die of the unit's living troops of one colour.
func (u *unit) faces(white bool) []int {
	var out []int
	for _, t := range u.live() {
		if white {
			out = append(out, t.tile.White...)
		} else {
			out = append(out, t.tile.Black...)
		}
	}
	return out
}

// name is how the table calls a unit: its top troop, and how many more.
func (u *unit) name() string {
	l := u.live()
	if len(l) == 0 {
		return u.id
	}
	if len(l) == 1 {
		return l[0].tile.Name
	}
	return fmt.Sprintf("%s +%d", l[0].tile.Name, len(l)-1)
}

func (u *unit) tileIDs() []string {
	var out []string
	for _, t := range u.live() {
		out = append(out, t.tile.ID)
	}
	return out
}

// Zones of a side are named from their owner's seat: left_front, ...
var sectorNames = [3]string{"left", "center", "right"}

// sector is the name of column col from seat's point of view: seat A's
// left is column 0; seat B faces it, so its left is column 2.
func sector(seat, col int) string {
	if seat == SeatB {
		col = 2 - col
	}
	return sectorNames[col]
}

// parseZone reads a zone of seat's own side.
func parseZone(seat int, z string) (col int, at position, err error) {
	sec, pos, ok := strings.Cut(z, "_")
	col = slices.Index(sectorNames[:], sec)
	if !ok || col < 0 || (pos != "front" && pos != "rear") {
		if ok && col >= 0 && pos == "engagement" {
			return 0, 0, refuse("engagement_zone", "Engagement zones are entered only by a charge or an intercept, and left only by leaving an engagement.")
		}
		return 0, 0, refuse("bad_zone", "%s is not a zone of your side: use left, center or right with _front or _rear.", games.Quote(z))
	}
	if seat == SeatB {
		col = 2 - col
	}
	at = rear
	if pos == "front" {
		at = front
	}
	return col, at, nil
}

func zoneName(seat, col int, at position) string { return sector(seat, col) + "_" + at.String() }

// distance between two zones of one side: sectors apart plus a row change.
func distance(c1 int, p1 position, c2 int, p2 position) int {
	d := c1 - c2
	if d < 0 {
		d = -d
	}
	if p1 != p2 {
		d++
	}
	return d
}

// enemies lists the living placed units of seat's opponent matching f.
func (g *Game) enemies(seat int, f func(*unit) bool) []*unit {
	var out []*unit
	for _, u := range g.units {
		if u.owner != seat && u.placed && !u.gone && f(u) {
			out = append(out, u)
		}
	}
	return out
}

func (g *Game) own(seat int) []*unit {
	var out []*unit
	for _, u := range g.units {
		if u.owner == seat && !u.gone {
			out = append(out, u)
		}
	}
	return out
}

// contactsOf lists the units engaged with u.
func (g *Game) contactsOf(u *unit) []*unit {
	var out []*unit
	for _, c := range g.contacts {
		switch u.id {
		case c[0]:
			out = append(out, g.unit(c[1]))
		case c[1]:
			out = append(out, g.unit(c[0]))
		}
	}
	return out
}

func (g *Game) inContact(a, b *unit) bool {
	return slices.ContainsFunc(g.contactsOf(a), func(x *unit) bool { return x == b })
}

func (g *Game) dropContacts(u *unit) {
	g.contacts = slices.DeleteFunc(g.contacts, func(c [2]string) bool { return c[0] == u.id || c[1] == u.id })
}

// group is every unit in the same engagement as u (u included), by id.
func (g *Game) group(u *unit) []*unit {
	out := []*unit{u}
	for i := 0; i < len(out); i++ {
		for _, c := range g.contactsOf(out[i]) {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// engage puts charger in contact with target. A unit charging one that was
// outnumbering a friend splits that fight: two one-to-one engagements.
func (g *Game) engage(charger, target *unit) {
	target.at = engaged
	if cs := g.contactsOf(target); len(cs) == 1 && len(g.contactsOf(cs[0])) >= 2 {
		friend := cs[0]
		g.contacts = slices.DeleteFunc(g.contacts, func(c [2]string) bool {
			return (c[0] == friend.id && c[1] == target.id) || (c[1] == friend.id && c[0] == target.id)
		})
	}
	g.contacts = append(g.contacts, [2]string{charger.id, target.id})
}
