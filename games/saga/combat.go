package saga

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"periscope/games"
)

// Sides of an assault.
const (
	attackerSide = 0
	defenderSide = 1
)

// Re-roll stages: special-ability re-rolls come first, then situational.
const (
	stageSpecial = iota
	stageSituational
)

// dice are one side's dice in an assault: OFF (red) and DEF (blue).
type dice struct {
	Off []int `json:"off"`
	Def []int `json:"def"`
}

// assault is a rolled assault waiting for its re-rolls.
type assault struct {
	attacker  int // unit
	defender  int // unit, or -1 for a base
	baseOwner int // owner of the defending base when defender is -1
	combat    string
	close     bool
	from, at  Hex // attacker's tile and the assaulted tile
	dist      int
	counter   bool // the defender strikes back
	dice      [2]dice
	special   [2]int // special-ability re-rolls left
	situation [2]int // situational re-rolls left
	stage     int
	actor     int // side to re-roll or pass
	passed    [2]bool
}

// seatOf is the seat playing side s.
func (f *assault) seatOf(g *Game, s int) int {
	if s == attackerSide {
		return g.units[f.attacker].owner
	}
	return 1 - g.units[f.attacker].owner
}

func (f *assault) left(s int) int {
	if f.stage == stageSpecial {
		return f.special[s]
	}
	return f.situation[s]
}

func (f *assault) canAct(s int) bool { return !f.passed[s] && f.left(s) > 0 }

// roll starts an assault: every die is rolled, the re-rolls are counted,
// and the re-roll rounds begin (or the assault resolves at once).
func (g *Game) roll(u, e int, combat string, close bool, from, at Hex, dist int, now time.Time) []games.Event {
	f := &assault{attacker: u, defender: e, baseOwner: 1 - g.units[u].owner, combat: combat, close: close, from: from, at: at, dist: dist}
	att := g.card(u).stat(combat)
	def := Stat{Def: BaseDefence}
	if e >= 0 {
		def = g.card(e).stat(combat)
	}
	f.counter = g.counters(e, combat, dist, close)
	f.dice[attackerSide].Off = g.rollN(att.Off)
	f.dice[defenderSide].Def = g.rollN(def.Def)
	if f.counter {
		f.dice[defenderSide].Off = g.rollN(def.Off)
		f.dice[attackerSide].Def = g.rollN(att.Def)
	} else {
		f.dice[defenderSide].Off = []int{}
		f.dice[attackerSide].Def = []int{}
	}
	f.special[attackerSide] = g.card(u).specialRerolls(true)
	if e >= 0 {
		f.special[defenderSide] = g.card(e).specialRerolls(false)
	}
	f.situation = g.situational(f)
	g.fight = f
	g.decisionAt = now
	text := fmt.Sprintf("Dice: %s %s against %s %s", g.sideName(f, attackerSide), diceText(f.dice[attackerSide]), g.sideName(f, defenderSide), diceText(f.dice[defenderSide]))
	if f.special != [2]int{} || f.situation != [2]int{} {
		text += fmt.Sprintf("; re-rolls: %s %d special + %d situational, %s %d + %d",
			names[f.seatOf(g, attackerSide)], f.special[0], f.situation[0], names[f.seatOf(g, defenderSide)], f.special[1], f.situation[1])
	}
	evs := []games.Event{{Text: text, Kind: "roll", Data: g.fightData(f, nil)}}
	return append(evs, g.advance(now)...)
}

func (g *Game) rollN(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = g.d6()
	}
	return out
}

func diceText(d dice) string {
	parts := []string{}
	if len(d.Off) > 0 {
		parts = append(parts, "OFF "+ints(d.Off))
	}
	if len(d.Def) > 0 {
		parts = append(parts, "DEF "+ints(d.Def))
	}
	return strings.Join(parts, ", ")
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}

func (g *Game) sideName(f *assault, s int) string {
	if s == attackerSide {
		return g.name(f.attacker)
	}
	if f.defender < 0 {
		return g.fac[f.baseOwner].Base
	}
	return g.name(f.defender)
}

// situational counts each side's situational re-rolls: terrain advantage
// (the attacker's from the assaulted tile in a close assault, from its own
// in a ranged one; the defender's from its own tile) and assists (each
// other unit next to the assaulted tile grants its side one, or more with
// assist_bonus; a base next to it grants two).
func (g *Game) situational(f *assault) [2]int {
	var n [2]int
	atk := g.card(f.attacker)
	attTile := f.at
	if !f.close {
		attTile = f.from
	}
	if t := g.tileAt(attTile); t.terrain != "" && atk.advantage(t.terrain) {
		n[attackerSide]++
	}
	if f.defender >= 0 {
		if t := g.tileAt(f.at); t.terrain != "" && g.card(f.defender).advantage(t.terrain) {
			n[defenderSide]++
		}
	}
	owner := g.units[f.attacker].owner
	for i, un := range g.units {
		if un.where != onMap || i == f.attacker || i == f.defender || distance(un.at, f.at) != 1 {
			continue
		}
		side := attackerSide
		if un.owner != owner {
			side = defenderSide
		}
		n[side]++
		if a := g.card(i).hook(HookAssistBonus); a != nil {
			n[side] += a.Value
		}
	}
	for s := range 2 {
		if b := g.bases[s]; g.tileAt(b) != nil && distance(b, f.at) == 1 {
			side := attackerSide
			if s != owner {
				side = defenderSide
			}
			n[side] += 2
		}
	}
	return n
}

// advance moves the re-roll rounds on: it skips a side with nothing left,
// opens the situational round after the special one, plays the server's
// choices in automatic mode, and resolves when nobody may re-roll.
func (g *Game) advance(now time.Time) []games.Event {
	var evs []games.Event
	for g.fight != nil {
		f := g.fight
		if !f.canAct(attackerSide) && !f.canAct(defenderSide) {
			if f.stage == stageSpecial {
				f.stage, f.actor, f.passed = stageSituational, attackerSide, [2]bool{}
				continue
			}
			return append(evs, g.resolve()...)
		}
		if !f.canAct(f.actor) {
			f.actor = 1 - f.actor
		}
		if g.opts.Rerolls != RerollAuto {
			return evs
		}
		evs = append(evs, g.doReroll(g.bestReroll(f.actor), now)...)
	}
	return evs
}

// rerollChoice is a die to re-roll (index into the side's OFF or DEF dice),
// or a pass when die is "".
type rerollChoice struct {
	die   string
	index int
}

func (g *Game) rerollCommand(seat int, c Command, now time.Time) ([]games.Event, error) {
	f := g.fight
	if c.Type != TypeReroll && c.Type != TypePass {
		return nil, games.Refuse("assault_pending", "An assault is waiting for its re-rolls: %s re-rolls a die or passes first.", names[f.seatOf(g, f.actor)])
	}
	if f.seatOf(g, f.actor) != seat {
		return nil, games.Refuse("not_your_reroll", "It is %s's turn to re-roll or pass.", names[f.seatOf(g, f.actor)])
	}
	if c.Type == TypePass {
		return g.doReroll(rerollChoice{}, now), nil
	}
	d := f.dice[f.actor]
	var n int
	switch c.Dice {
	case "off":
		n = len(d.Off)
	case "def":
		n = len(d.Def)
	default:
		return nil, games.Refuse("unknown_dice", "Re-roll one of your \"off\" or \"def\" dice, not %s.", quote(c.Dice))
	}
	if *c.Index < 0 || *c.Index >= n {
		return nil, games.Refuse("no_such_die", "You have %d %s dice in this assault; there is no die %d.", n, strings.ToUpper(c.Dice), *c.Index)
	}
	return g.doReroll(rerollChoice{die: c.Dice, index: *c.Index}, now), nil
}

// doReroll plays the acting side's choice and moves the rounds on.
func (g *Game) doReroll(ch rerollChoice, now time.Time) []games.Event {
	f := g.fight
	s := f.actor
	who := names[f.seatOf(g, s)]
	kind := "special"
	if f.stage == stageSituational {
		kind = "situational"
	}
	g.decisionAt = now
	var evs []games.Event
	if ch.die == "" {
		f.passed[s] = true
		evs = append(evs, games.Event{Text: fmt.Sprintf("%s keeps its dice (no more %s re-rolls)", who, kind), Kind: "pass", Data: g.fightData(f, nil)})
	} else {
		side := &f.dice[s]
		pool := side.Off
		if ch.die == "def" {
			pool = side.Def
		}
		old := pool[ch.index]
		pool[ch.index] = g.d6()
		if f.stage == stageSpecial {
			f.special[s]--
		} else {
			f.situation[s]--
		}
		evs = append(evs, games.Event{Text: fmt.Sprintf("%s re-rolls a %s %d (%s): %d", who, strings.ToUpper(ch.die), old, kind, pool[ch.index]), Kind: "reroll", Data: g.fightData(f, nil)})
		f.actor = 1 - s
	}
	return append(evs, g.advance(now)...)
}

// Strike is one side's strike, matched: OFF dice against DEF dice from
// highest to lowest, ties removed, the highest remaining die decides.
type Strike struct {
	Pairs []Pair `json:"pairs"`
	Hit   bool   `json:"hit"`
	// Top is the highest die left after the ties (0 when none is left):
	// the strike succeeds when it is an OFF die.
	Top int `json:"top"`
}

// Pair is one OFF die matched with one DEF die; 0 where a side ran out.
type Pair struct {
	Off int  `json:"off"`
	Def int  `json:"def"`
	Tie bool `json:"tie,omitempty"`
}

// match resolves a strike.
func match(off, def []int) Strike {
	o := sortedDesc(off)
	d := sortedDesc(def)
	s := Strike{Pairs: []Pair{}}
	topOff, topDef := 0, 0
	for i := range max(len(o), len(d)) {
		p := Pair{}
		if i < len(o) {
			p.Off = o[i]
		}
		if i < len(d) {
			p.Def = d[i]
		}
		p.Tie = p.Off != 0 && p.Off == p.Def
		if !p.Tie {
			topOff, topDef = max(topOff, p.Off), max(topDef, p.Def)
		}
		s.Pairs = append(s.Pairs, p)
	}
	s.Hit = topOff > topDef
	s.Top = max(topOff, topDef)
	return s
}

func sortedDesc(xs []int) []int {
	out := append([]int{}, xs...)
	sort.Sort(sort.Reverse(sort.IntSlice(out)))
	return out
}

// Results of an assault.
const (
	ResultCaptured         = "captured"          // the defender is captured
	ResultBothCaptured     = "both_captured"     // strike and counter-strike both succeed
	ResultAttackerCaptured = "attacker_captured" // only the counter-strike succeeds
	ResultStalemate        = "stalemate"         // neither succeeds: the attacker returns
	ResultBaseDefeated     = "base_defeated"     // the base falls: its owner loses
)

// Outcome of a strike pair, from two strikes.
func result(strike bool, counter bool, base bool) string {
	switch {
	case strike && base:
		return ResultBaseDefeated
	case strike && counter:
		return ResultBothCaptured
	case strike:
		return ResultCaptured
	case counter:
		return ResultAttackerCaptured
	}
	return ResultStalemate
}

func (g *Game) resolve() []games.Event {
	f := g.fight
	g.fight = nil
	strike := match(f.dice[attackerSide].Off, f.dice[defenderSide].Def)
	var counter *Strike
	if f.counter {
		c := match(f.dice[defenderSide].Off, f.dice[attackerSide].Def)
		counter = &c
	}
	res := result(strike.Hit, counter != nil && counter.Hit, f.defender < 0)
	data := g.fightData(f, &resolution{Strike: strike, Counter: counter, Result: res})
	a, d := g.sideName(f, attackerSide), g.sideName(f, defenderSide)
	var text string
	switch res {
	case ResultBaseDefeated:
		text = fmt.Sprintf("%s's strike succeeds: %s falls", a, d)
	case ResultBothCaptured:
		text = fmt.Sprintf("Strike and counter-strike both succeed: %s and %s are both captured", a, d)
	case ResultCaptured:
		text = fmt.Sprintf("%s's strike succeeds and %s's counter-strike fails", a, d)
		if !f.counter {
			text = fmt.Sprintf("%s's strike succeeds", a)
		}
	case ResultAttackerCaptured:
		text = fmt.Sprintf("%s's strike fails and %s's counter-strike succeeds", a, d)
	default:
		text = "Neither strike succeeds: a stalemate"
		if f.close {
			text += fmt.Sprintf(", %s returns to %s", a, f.from.Label())
		}
	}
	evs := []games.Event{{Text: text, Kind: "combat", Data: data}}
	owner := g.units[f.attacker].owner
	switch res {
	case ResultBaseDefeated:
		return append(evs, g.finish(games.Outcome{Winners: []int{owner}, Reason: fmt.Sprintf("%s defeated %s", names[owner], d), Kind: KindBase}))
	case ResultBothCaptured:
		evs = append(evs, g.capture(f.defender)...)
		evs = append(evs, g.capture(f.attacker)...)
	case ResultCaptured:
		evs = append(evs, g.capture(f.defender)...)
		if f.close {
			g.units[f.attacker].at = f.at
		}
	case ResultAttackerCaptured:
		evs = append(evs, g.capture(f.attacker)...)
	}
	if done := g.checkForces(); done != nil {
		return append(evs, *done)
	}
	return append(evs, g.endTurn()...)
}

// resolution is what an assault came to.
type resolution struct {
	Strike  Strike  `json:"strike"`
	Counter *Strike `json:"counter"`
	Result  string  `json:"result"`
}

// FightSide is one side of an assault as views and events show it.
type FightSide struct {
	Seat int    `json:"seat"`
	Unit string `json:"unit,omitempty"` // empty for a base
	Card string `json:"card,omitempty"`
	Name string `json:"name"`
	At   string `json:"at"`
	Dice dice   `json:"dice"`
	// Special and Situational are the re-rolls left.
	Special     int  `json:"special"`
	Situational int  `json:"situational"`
	Passed      bool `json:"passed,omitempty"`
}

// FightView is an assault: both sides' dice and re-rolls, whose re-roll it
// is, and once resolved the matching and the result.
type FightView struct {
	Combat   string      `json:"combat"`
	Close    bool        `json:"close"`
	Counter  bool        `json:"counter_strike"`
	Sides    []FightSide `json:"sides"` // attacker, defender
	Stage    string      `json:"stage"` // special or situational
	ToAct    int         `json:"to_act"`
	Strike   *Strike     `json:"strike,omitempty"`
	Counters *Strike     `json:"counter,omitempty"`
	Result   string      `json:"result,omitempty"`
}

func (g *Game) fightView(f *assault, r *resolution) FightView {
	v := FightView{Combat: f.combat, Close: f.close, Counter: f.counter, Stage: "special", ToAct: f.seatOf(g, f.actor)}
	if f.stage == stageSituational {
		v.Stage = "situational"
	}
	for s := range 2 {
		fs := FightSide{Seat: f.seatOf(g, s), Name: g.sideName(f, s),
			Dice:    dice{Off: append([]int{}, f.dice[s].Off...), Def: append([]int{}, f.dice[s].Def...)},
			Special: f.special[s], Situational: f.situation[s], Passed: f.passed[s]}
		switch {
		case s == attackerSide:
			fs.Unit, fs.Card, fs.At = g.units[f.attacker].id, g.card(f.attacker).ID, f.from.String()
		case f.defender >= 0:
			fs.Unit, fs.Card, fs.At = g.units[f.defender].id, g.card(f.defender).ID, f.at.String()
		default:
			fs.At = f.at.String()
		}
		v.Sides = append(v.Sides, fs)
	}
	if r != nil {
		v.Strike, v.Counters, v.Result = &r.Strike, r.Counter, r.Result
	}
	return v
}

func (g *Game) fightData(f *assault, r *resolution) json.RawMessage {
	b, _ := json.Marshal(g.fightView(f, r))
	return b
}

// tick is the room's clock: the player thinking over a re-roll ran out of
// time, so the server plays that re-roll as the bot would.
func (g *Game) tick(seat int, now time.Time) ([]games.Event, error) {
	if seat != games.System {
		return nil, games.Refuse("room_only", "Only the room's clock sends tick.")
	}
	d, ok := g.Deadline()
	if !ok {
		return nil, games.Refuse("no_timer", "No re-roll timer is running.")
	}
	if now.Before(d) {
		return nil, games.Refuse("timer_running", "The re-roll timer runs until %s.", d.Format("15:04:05"))
	}
	f := g.fight
	evs := []games.Event{{Text: fmt.Sprintf("Time is up for %s's re-roll: the server picks it", names[f.seatOf(g, f.actor)]), Kind: "timeout"}}
	return append(evs, g.doReroll(g.bestReroll(f.actor), now)...), nil
}

// strikeTable[o][d] is the chance that o OFF dice beat d DEF dice.
var strikeTable = func() (t [4][4]float64) {
	for o := range 4 {
		for d := range 4 {
			n, hits := 0, 0
			roll := make([]int, o+d)
			var rec func(i int)
			rec = func(i int) {
				if i == len(roll) {
					n++
					if match(roll[:o], roll[o:]).Hit {
						hits++
					}
					return
				}
				for v := 1; v <= 6; v++ {
					roll[i] = v
					rec(i + 1)
				}
			}
			rec(0)
			t[o][d] = float64(hits) / float64(n)
		}
	}
	return t
}()

func strikeChance(off, def int) float64 {
	if off < 0 || off > 3 || def < 0 || def > 3 {
		return 0
	}
	return strikeTable[off][def]
}

func percent(p float64) int { return int(p*100 + 0.5) }
