package battles

import (
	"encoding/json"
	"strings"

	"periscope/games"
)

// Command types, as sent in the "type" field.
const (
	TypeStart       = "start"        // the room: the battle begins (System)
	TypeAddUnit     = "add_unit"     // army building: compose a unit of chosen troops
	TypeRemoveUnit  = "remove_unit"  // army building: break up a unit of the draft
	TypeUsePreset   = "use_preset"   // army building: take one of the rulebook's armies
	TypeConfirm     = "confirm_army" // army building: the army is final
	TypeDeploy      = "deploy"       // place one unit in a zone of your side
	TypeRedeploy    = "redeploy"     // the free Unit Redeployment
	TypeMove        = "move"         // Tactical Move
	TypeCharge      = "charge"       // Charge
	TypeIntercept   = "intercept"    // reaction: intercept the charging unit
	TypeFireAt      = "fire_at_charge"
	TypeHold        = "hold"          // reaction: do nothing
	TypeChargeAt    = "charge_target" // the charging unit picks its target
	TypeCarryOn     = "carry_on"      // Carry on an Engagement
	TypeLeave       = "leave"         // Leave an Engagement
	TypeShoot       = "shoot"         // Shoot
	TypeUseTrait    = "use_trait"     // Use a Special Trait
	TypePass        = "pass"          // Pass
	TypeKill        = "kill"          // wounds: eliminate a troop
	TypeWound       = "wound"         // wounds: place a Wound token on a troop
	TypeSacrifice   = "sacrifice"     // end of round: sacrifice a wounded troop
	TypeEndRecovery = "end_recovery"  // end of round: done sacrificing
	TypeConcede     = "concede"       // give up the battle
)

// Command is the JSON a player sends. Units are named by id ("a3"), troops
// by tile id ("CON22"), zones from the sender's side ("left_front").
//
//	{"type":"add_unit","tiles":["CON04","CON25","CON19"]}
//	{"type":"use_preset","preset":"rulebook_50"}   {"type":"confirm_army"}
//	{"type":"deploy","unit":"a1","to":"center_front"}
//	{"type":"charge","unit":"a1"}   {"type":"charge","unit":"a1","target":"b4"}
//	{"type":"intercept","unit":"b2"}   {"type":"charge_target","target":"b3"}
//	{"type":"shoot","unit":"a5","target":"b3"}
//	{"type":"use_trait","unit":"b1","trait":"bless","target":"b2"}
//	{"type":"wound","troop":"UNI12"}   {"type":"wound","troop":"UNI12","from":"b3"}
type Command struct {
	Type   string   `json:"type"`
	Unit   string   `json:"unit,omitempty"`
	Target string   `json:"target,omitempty"`
	To     string   `json:"to,omitempty"`
	Troop  string   `json:"troop,omitempty"`
	From   string   `json:"from,omitempty"`
	Trait  string   `json:"trait,omitempty"`
	Preset string   `json:"preset,omitempty"`
	Tiles  []string `json:"tiles,omitempty"`
}

// shapes says which fields each command type needs and which it may take.
var shapes = map[string]games.Fields{
	TypeStart:       {},
	TypeAddUnit:     {Need: []string{"tiles"}},
	TypeRemoveUnit:  {Need: []string{"unit"}},
	TypeUsePreset:   {Need: []string{"preset"}},
	TypeConfirm:     {},
	TypeDeploy:      {Need: []string{"unit", "to"}},
	TypeRedeploy:    {Need: []string{"unit", "to"}},
	TypeMove:        {Need: []string{"unit", "to"}},
	TypeCharge:      {Need: []string{"unit"}, May: []string{"target"}},
	TypeIntercept:   {Need: []string{"unit"}},
	TypeFireAt:      {Need: []string{"unit"}},
	TypeHold:        {},
	TypeChargeAt:    {Need: []string{"target"}},
	TypeCarryOn:     {Need: []string{"unit", "target"}},
	TypeLeave:       {Need: []string{"unit"}},
	TypeShoot:       {Need: []string{"unit", "target"}},
	TypeUseTrait:    {Need: []string{"unit", "trait"}, May: []string{"target", "to"}},
	TypePass:        {},
	TypeKill:        {Need: []string{"troop"}},
	TypeWound:       {Need: []string{"troop"}, May: []string{"from"}},
	TypeSacrifice:   {Need: []string{"troop"}},
	TypeEndRecovery: {},
	TypeConcede:     {},
}

var fieldNames = []string{"unit", "target", "to", "troop", "from", "trait", "preset", "tiles"}

// Decode reads a command's JSON and checks its shape: a known type with the
// fields it needs and no other. Anything else is refused with the rule code
// "malformed"; no input panics.
func Decode(body []byte) (Command, error) {
	var c Command
	if err := games.DecodeCommand(body, &c); err != nil {
		return Command{}, err
	}
	sh, ok := shapes[c.Type]
	if !ok {
		if strings.TrimSpace(c.Type) == "" {
			return Command{}, games.Refuse("malformed", `The command has no "type".`)
		}
		return Command{}, games.Refuse("malformed", "%s is not a command of Pocket Battles: use %s.", games.Quote(c.Type), strings.Join(typeNames(), ", "))
	}
	present := map[string]bool{
		"unit": c.Unit != "", "target": c.Target != "", "to": c.To != "", "troop": c.Troop != "",
		"from": c.From != "", "trait": c.Trait != "", "preset": c.Preset != "", "tiles": len(c.Tiles) > 0,
	}
	if missing, extra := sh.Check(present, fieldNames); missing != "" {
		return Command{}, games.Refuse("malformed", "%s needs %q.", c.Type, missing)
	} else if extra != "" {
		return Command{}, games.Refuse("malformed", "%s does not take %q.", c.Type, extra)
	}
	if len(c.Tiles) > 30 {
		return Command{}, games.Refuse("malformed", "A unit cannot list %d tiles.", len(c.Tiles))
	}
	return c, nil
}

// Encode is the command's JSON.
func (c Command) Encode() json.RawMessage { return games.MustJSON(c) }

func typeNames() []string { return games.CommandNames(shapes, TypeStart) }

func refuse(rule, format string, args ...any) *games.RuleError {
	return games.Refuse(rule, format, args...)
}
