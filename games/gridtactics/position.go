package gridtactics

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"periscope/games"
)

// Position is a match in play, for a drill, a puzzle or a test: the units
// left on the board and whose turn begins, and optionally the dice the
// next attacks will roll. It is given as the "position" option, so a room
// stores it and a replay or restart rebuilds the same match. The match
// still begins with the room's start command, then play goes on from the
// position (no setup, no roll for the first turn). docs/positions.md
// documents the JSON.
type Position struct {
	// Turn is "red" or "blue": the side whose turn begins.
	Turn string `json:"turn"`
	// Red and Blue map a square to the unit on it: "C1": "tank". Units
	// missing from the army are destroyed.
	Red  map[string]string `json:"red"`
	Blue map[string]string `json:"blue"`
	// Dice are the next die rolls, 1 to 6, used before the match's seeded
	// dice: a drill fixes the outcome of an attack.
	Dice []int `json:"dice,omitempty"`
}

// maxDice bounds the fixed dice: a drill needs a handful.
const maxDice = 64

// UnmarshalJSON reads a position as an object or as text holding one (a
// lobby form sends text), refusing unknown fields.
func (p *Position) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		b = []byte(s)
	}
	type plain Position
	var q plain
	if err := games.DecodeStrict(b, &q); err != nil {
		return fmt.Errorf("position: %w", err)
	}
	*p = Position(q)
	return nil
}

// impossible refuses a position: code names what cannot be (listed with
// the positions in docs/games/gridtactics.md; they are not command rules).
func impossible(code, format string, args ...any) error {
	return games.Refuse(code, "position: "+format, args...)
}

// placed is one unit of a position.
type placed struct {
	sq   Square
	kind Kind
}

// Validate checks that the position can occur on the board the options
// give; every refusal is a games.RuleError naming what is impossible.
func (p *Position) Validate(o Options) error {
	_, _, err := p.check(o)
	return err
}

func (p *Position) check(o Options) (turn int, units [2][]placed, err error) {
	switch strings.ToLower(p.Turn) {
	case "red":
		turn = Red
	case "blue":
		turn = Blue
	default:
		return 0, units, impossible("position_turn", "turn is red or blue, not %s", quote(p.Turn))
	}
	if o.HiddenSetup {
		return 0, units, impossible("position_hidden", "units of a position are face up, so it is not played with hidden setup")
	}
	size := o.size()
	taken := map[Square]string{}
	for seat, side := range [2]map[string]string{p.Red, p.Blue} {
		counts := map[Kind]int{}
		for text, k := range side {
			sq, ok, on := parseSquare(text, size)
			switch {
			case !ok:
				return 0, units, impossible("not_a_square", "%s is not a square: name one like C4", quote(text))
			case !on:
				return 0, units, impossible("off_board", "%s is off the %dx%d board", sq, size, size)
			}
			if other, dup := taken[sq]; dup {
				return 0, units, impossible("square_taken", "%s holds a %s unit and a %s one: one unit per square", sq, other, names[seat])
			}
			taken[sq] = names[seat]
			kind, ok := parseKind(k)
			if !ok {
				return 0, units, impossible("not_a_unit", "%s is not a unit: use soldier, tank or artillery", quote(k))
			}
			counts[kind]++
			units[seat] = append(units[seat], placed{sq, kind})
		}
		for _, a := range army {
			if counts[a.kind] > a.count {
				return 0, units, impossible("army_exceeded", "%s has %d %ss: an army has %d", names[seat], counts[a.kind], a.kind, a.count)
			}
		}
		if len(units[seat]) == 0 {
			return 0, units, impossible("army_destroyed", "%s has no unit left: that match is over", names[seat])
		}
		sort.Slice(units[seat], func(i, j int) bool {
			a, b := units[seat][i].sq, units[seat][j].sq
			return a.Rank < b.Rank || a.Rank == b.Rank && a.File < b.File
		})
	}
	if len(p.Dice) > maxDice {
		return 0, units, impossible("position_dice", "%d fixed dice is too many (at most %d)", len(p.Dice), maxDice)
	}
	for i, d := range p.Dice {
		if d < 1 || d > 6 {
			return 0, units, impossible("position_dice", "die %d shows %d: a die shows 1 to 6", i+1, d)
		}
	}
	return turn, units, nil
}

// setUp puts the units where the position says; the room's start then
// opens play at once.
func (g *Game) setUp(p *Position) error {
	turn, units, err := p.check(g.opts)
	if err != nil {
		return err
	}
	for seat := range 2 {
		// Numbered as setup numbers them: by kind, in the order of squares;
		// the destroyed ones are the last of each kind.
		next := seat * armySize
		for _, a := range army {
			n := 0
			for _, pl := range units[seat] {
				if pl.kind == a.kind {
					u := &g.units[next]
					u.at, u.alive = pl.sq, true
					g.grid[g.cell(pl.sq)] = int8(next)
					next++
					n++
				}
			}
			next += a.count - n
		}
		g.placed[seat] = true
	}
	g.turn = turn
	g.dice = append([]int(nil), p.Dice...)
	return nil
}

// publicOptions are the options a view shows: a position's fixed dice stay
// unseen, so a drill does not tell its players their next rolls.
func (g *Game) publicOptions() Options {
	o := g.opts
	if o.Position != nil && len(o.Position.Dice) > 0 {
		p := *o.Position
		p.Dice = nil
		o.Position = &p
	}
	return o
}
