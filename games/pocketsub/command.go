package pocketsub

import (
	"encoding/json"
	"strings"

	"periscope/games"
)

// Command types, as sent in the "type" field.
const (
	TypeStart          = "start"           // the room: the match begins (System)
	TypePlaceCC        = "place_cc"        // standard setup: your Command Centre on a deep region
	TypePlaceSub       = "place_sub"       // standard setup: one of your Subs
	TypePlaceWhirlpool = "place_whirlpool" // the expansion: a Whirlpool on a tile centre
	TypeMove           = "move"            // your turn: move a Sub and lay a Mine
)

// Tokens of the Captain's mini expansion, as commands and views name them.
const (
	TokenIntel   = "intel"   // Intelligence Report: pass safely through enemy Subs and Mines
	TokenMap     = "map"     // Map: pass safely through an enemy Command Centre
	TokenCurrent = "current" // Strong Current: one extra movement point
)

var tokenNames = []string{TokenIntel, TokenMap, TokenCurrent}

// Whirlpool spins.
const (
	SpinCW  = "cw"  // clockwise
	SpinCCW = "ccw" // counter-clockwise
)

// Command is the JSON a player (or the room) sends. Regions are named by
// their tile's letter and slot: "C0" is the centre of tile C, "C1" to "C6"
// its edges clockwise from the top.
//
//	{"type":"place_cc","at":"B0"}
//	{"type":"place_sub","at":"B4"}
//	{"type":"place_whirlpool","at":"C0","spin":"cw"}
//	{"type":"move","sub":"R1","path":["A4","C1","C0"],"mine":"A4"}
//	{"type":"move","sub":"R2","path":["A5","B2","B0","B4"],"mine":"B2","tokens":["current"]}
//
// A move's path lists the regions the Sub enters in order; a step between
// two deep regions of different tiles runs deep. The path ends where the
// Sub is destroyed, where the match is won, or when its points are spent
// (or when it cannot go on, which destroys it). Mine is required whenever
// a Mine can be laid, and absent otherwise.
type Command struct {
	Type   string   `json:"type"`
	At     string   `json:"at,omitempty"`
	Spin   string   `json:"spin,omitempty"`
	Sub    string   `json:"sub,omitempty"`
	Path   []string `json:"path,omitempty"`
	Mine   string   `json:"mine,omitempty"`
	Tokens []string `json:"tokens,omitempty"`
}

// maxPath bounds a path in a command: no legal path has more than 4 steps.
const maxPath = 12

// fields says which fields each command type needs and which it may take.
var fields = map[string]games.Fields{
	TypeStart:          {},
	TypePlaceCC:        {Need: []string{"at"}},
	TypePlaceSub:       {Need: []string{"at"}},
	TypePlaceWhirlpool: {Need: []string{"at", "spin"}},
	TypeMove:           {Need: []string{"sub"}, May: []string{"path", "mine", "tokens"}},
}

var fieldNames = []string{"at", "spin", "sub", "path", "mine", "tokens"}

// Decode reads a command's JSON and checks its shape: a known type with the
// fields it takes, known tokens and spins. Anything else is refused with
// the rule code "malformed"; no input panics. Whether the command is
// allowed now is for the game to judge.
func Decode(body []byte) (Command, error) {
	var c Command
	if err := games.DecodeCommand(body, &c); err != nil {
		return Command{}, err
	}
	c.Type = strings.TrimSpace(c.Type)
	spec, ok := fields[c.Type]
	if !ok {
		if c.Type == "" {
			return Command{}, games.Refuse("malformed", `The command has no "type".`)
		}
		return Command{}, games.Refuse("malformed", "%s is not a command of Pocket Sub: use %s.", quote(c.Type), strings.Join(typeNames(), ", "))
	}
	present := map[string]bool{
		"at": c.At != "", "spin": c.Spin != "", "sub": c.Sub != "", "path": len(c.Path) > 0,
		"mine": c.Mine != "", "tokens": len(c.Tokens) > 0,
	}
	if missing, extra := spec.Check(present, fieldNames); missing != "" {
		return Command{}, games.Refuse("malformed", "%s needs %q.", c.Type, missing)
	} else if extra != "" {
		return Command{}, games.Refuse("malformed", "%s does not take %q.", c.Type, extra)
	}
	if c.Spin != "" && c.Spin != SpinCW && c.Spin != SpinCCW {
		return Command{}, games.Refuse("malformed", "A Whirlpool spins %q (clockwise) or %q (counter-clockwise), not %s.", SpinCW, SpinCCW, quote(c.Spin))
	}
	if len(c.Path) > maxPath {
		return Command{}, games.Refuse("malformed", "A path of %d regions is far longer than any move.", len(c.Path))
	}
	seen := map[string]bool{}
	for _, t := range c.Tokens {
		if !known(t) {
			return Command{}, games.Refuse("malformed", "%s is not a token: the tokens are %s.", quote(t), strings.Join(tokenNames, ", "))
		}
		if seen[t] {
			return Command{}, games.Refuse("malformed", "The %s token is listed twice.", t)
		}
		seen[t] = true
	}
	if len(c.Path) == 0 {
		c.Path = nil
	}
	if len(c.Tokens) == 0 {
		c.Tokens = nil
	}
	return c, nil
}

func known(token string) bool {
	for _, t := range tokenNames {
		if t == token {
			return true
		}
	}
	return false
}

// Encode is the command's JSON.
func (c Command) Encode() json.RawMessage { return games.MustJSON(c) }

func typeNames() []string { return games.CommandNames(fields, TypeStart) }

// quote shows a player's own text back in a sentence, cut short.
func quote(s string) string { return games.Quote(s) }
