package saga

import (
	"encoding/json"
	"strings"

	"periscope/games"
)

// Command types, as sent in the "type" field.
const (
	TypeStart         = "start"          // the room: the match begins (System)
	TypeTick          = "tick"           // the room: a re-roll timer ran out (System)
	TypePlaceTile     = "place_tile"     // place the drawn Terrain tile
	TypePlaceBase     = "place_base"     // the second player places its base
	TypeDeploy        = "deploy"         // put one of your units on the map before play
	TypeMove          = "move"           // move (or hop) a unit
	TypeCloseAssault  = "close_assault"  // move onto an adjacent enemy and fight
	TypeRangedAssault = "ranged_assault" // fight an enemy in range without moving
	TypeSummon        = "summon"         // bring a reserve next to your base
	TypeReroll        = "reroll"         // re-roll one of your dice in an assault
	TypePass          = "pass"           // use no more re-rolls in this round of the assault
	TypeSkipTurn      = "skip_turn"      // only when you have no legal action
)

// Command is the JSON a player sends. Units are named by their id
// ("einherjar_2"), positions as "q,r".
//
//	{"type":"place_tile","at":"0,-1"}
//	{"type":"place_base","at":"1,-4"}
//	{"type":"deploy","unit":"troll_1","at":"0,-1"}
//	{"type":"move","unit":"troll_1","to":"1,-2"}
//	{"type":"close_assault","unit":"troll_1","target":"1,-3","combat":"melee"}
//	{"type":"ranged_assault","unit":"volva_1","target":"0,-3","combat":"arcane"}
//	{"type":"summon","unit":"draugr_3","at":"1,-1"}
//	{"type":"reroll","dice":"off","index":0}   {"type":"pass"}   {"type":"skip_turn"}
type Command struct {
	Type   string `json:"type"`
	Unit   string `json:"unit,omitempty"`
	At     string `json:"at,omitempty"`
	To     string `json:"to,omitempty"`
	Target string `json:"target,omitempty"`
	Combat string `json:"combat,omitempty"`
	Dice   string `json:"dice,omitempty"`
	Index  *int   `json:"index,omitempty"`
}

var fields = map[string][]string{
	TypeStart:         nil,
	TypeTick:          nil,
	TypePlaceTile:     {"at"},
	TypePlaceBase:     {"at"},
	TypeDeploy:        {"unit", "at"},
	TypeMove:          {"unit", "to"},
	TypeCloseAssault:  {"unit", "target", "combat"},
	TypeRangedAssault: {"unit", "target", "combat"},
	TypeSummon:        {"unit", "at"},
	TypeReroll:        {"dice", "index"},
	TypePass:          nil,
	TypeSkipTurn:      nil,
}

var fieldNames = []string{"unit", "at", "to", "target", "combat", "dice", "index"}

// Decode reads a command's JSON and checks its shape: a known type with
// exactly the fields it takes. Anything else is refused with the rule code
// "malformed"; no input panics.
func Decode(body []byte) (Command, error) {
	var c Command
	if err := games.DecodeCommand(body, &c); err != nil {
		return Command{}, err
	}
	c.Type = strings.TrimSpace(c.Type)
	need, ok := fields[c.Type]
	if !ok {
		if c.Type == "" {
			return Command{}, games.Refuse("malformed", `The command has no "type".`)
		}
		return Command{}, games.Refuse("malformed", "%s is not a command of Saga: use %s.", quote(c.Type), strings.Join(typeNames(), ", "))
	}
	present := map[string]bool{
		"unit": c.Unit != "", "at": c.At != "", "to": c.To != "", "target": c.Target != "",
		"combat": c.Combat != "", "dice": c.Dice != "", "index": c.Index != nil,
	}
	if missing, extra := (games.Fields{Need: need}).Check(present, fieldNames); missing != "" {
		return Command{}, games.Refuse("malformed", "%s needs %q.", c.Type, missing)
	} else if extra != "" {
		return Command{}, games.Refuse("malformed", "%s does not take %q.", c.Type, extra)
	}
	return c, nil
}

// Encode is the command's JSON.
func (c Command) Encode() json.RawMessage { return games.MustJSON(c) }

func typeNames() []string { return games.CommandNames(fields, TypeStart, TypeTick) }

// quote shows a player's own text back in a sentence, cut short.
func quote(s string) string { return games.Quote(s) }
