package gridtactics

import (
	"encoding/json"
	"strings"

	"periscope/games"
)

// Command types, as sent in the "type" field.
const (
	TypeStart         = "start"          // the room: the match begins (System)
	TypeTick          = "tick"           // the room: the clock ran out (System)
	TypeSetup         = "setup"          // place all seven units
	TypeMove          = "move"           // a unit's move
	TypeAttack        = "attack"         // attack from where the unit stands
	TypeTank          = "tank"           // tank combat: move 1, then attack
	TypeArtillery     = "artillery"      // artillery: move 1 and/or fire
	TypeSecondAttack  = "second_attack"  // artillery fires again after a miss
	TypeDeclineSecond = "decline_second" // artillery does not fire again
	TypeEndTurn       = "end_turn"       // hand the turn over
)

// Command is the JSON a player (or the room) sends. Units are named by the
// square they stand on ("C3") or by their own id ("S1", "T2", "AR1").
//
//	{"type":"setup","place":{"A1":"tank","B1":"soldier",...}}
//	{"type":"move","unit":"C1","to":"C4"}
//	{"type":"attack","unit":"C4","target":"D5"}
//	{"type":"tank","unit":"B1","to":"B2","target":"B3"}
//	{"type":"artillery","unit":"D1","to":"D2","target":"D4"}
//	{"type":"second_attack"}  {"type":"decline_second"}  {"type":"end_turn"}
type Command struct {
	Type   string            `json:"type"`
	Place  map[string]string `json:"place,omitempty"`
	Unit   string            `json:"unit,omitempty"`
	To     string            `json:"to,omitempty"`
	Target string            `json:"target,omitempty"`
}

// fields says which fields each command type takes: required, optional.
var fields = map[string]games.Fields{
	TypeStart:         {},
	TypeTick:          {},
	TypeSetup:         {Need: []string{"place"}},
	TypeMove:          {Need: []string{"unit", "to"}},
	TypeAttack:        {Need: []string{"unit", "target"}},
	TypeTank:          {Need: []string{"unit", "target"}, May: []string{"to"}},
	TypeArtillery:     {Need: []string{"unit"}, May: []string{"to", "target"}},
	TypeSecondAttack:  {},
	TypeDeclineSecond: {},
	TypeEndTurn:       {},
}

// Decode reads a command's JSON and checks its shape: a known type with the
// fields that type takes. Whether the command is allowed now is for the game
// to judge. Any input returns a command or a refusal with the rule code
// "malformed", never a panic.
func Decode(body []byte) (Command, error) {
	var c Command
	if len(body) > maxBody {
		return c, games.Refuse("malformed", "the command is too long")
	}
	if err := games.DecodeStrict(body, &c); err != nil {
		return Command{}, games.Refuse("malformed", "unreadable command: %v", err)
	}
	// Logs written before the wire went snake_case say "end-turn": they
	// must still replay when a server restarts on them.
	c.Type = strings.ReplaceAll(strings.ToLower(strings.TrimSpace(c.Type)), "-", "_")
	if len(c.Place) == 0 {
		c.Place = nil
	}
	spec, ok := fields[c.Type]
	if !ok {
		if c.Type == "" {
			return Command{}, games.Refuse("malformed", `the command has no "type"`)
		}
		return Command{}, games.Refuse("malformed", "%s is not a command: use %s", quote(c.Type), strings.Join(typeNames(), ", "))
	}
	present := map[string]bool{
		"place":  len(c.Place) > 0,
		"unit":   c.Unit != "",
		"to":     c.To != "",
		"target": c.Target != "",
	}
	if missing, extra := spec.Check(present, []string{"place", "unit", "to", "target"}); missing != "" {
		return Command{}, games.Refuse("malformed", "%s needs %q", c.Type, missing)
	} else if extra != "" {
		return Command{}, games.Refuse("malformed", "%s does not take %q", c.Type, extra)
	}
	if c.Type == TypeArtillery && c.To == "" && c.Target == "" {
		return Command{}, games.Refuse("malformed", `artillery needs "to", "target" or both`)
	}
	return c, nil
}

// Encode is the command's JSON.
func (c Command) Encode() json.RawMessage { return games.MustJSON(c) }

func typeNames() []string { return games.CommandNames(fields, TypeStart, TypeTick) }

// quote shows a player's own text back in an error, cut short.
func quote(s string) string { return games.Quote(s) }
