package sonar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"periscope/sonar/chart"
)

// Options configure a match. The zero value is a valid match: Alpha, real
// time, and the default for every point the rulebook leaves open (see
// docs/rules-decisions.md). Defaults fills in the implied values.
type Options struct {
	// Map is the scenario: alpha (default), bravo, charlie, delta or echo.
	Map string `json:"map,omitempty"`
	// Mode is realtime (default) or turnbased; it picks the side of the map.
	Mode Mode `json:"mode"`
	// MineAdjacency is 8 (default: diagonals count, as in the rulebook's
	// hit example) or 4 (orthogonal only) for where a mine may be dropped.
	MineAdjacency int `json:"mine_adjacency,omitempty"`
	// SilenceMin is the shortest silence: 0 (default, the designer's
	// errata) or 1.
	SilenceMin int `json:"silence_min,omitempty"`
	// TriggerIsSystem makes triggering a mine a system activation: it then
	// needs a course since the last system, a working red system, and in
	// turn-based play it is the turn's system. Default: a trigger is free.
	TriggerIsSystem bool `json:"trigger_is_system,omitempty"`
	// DamageBeforeRepair decides the mark that completes a circuit and its
	// whole panel at once: by default the circuit repairs itself and no
	// damage is taken; with this set the panel damage wins.
	DamageBeforeRepair bool `json:"damage_before_repair,omitempty"`
	// ScenarioGauge is the size of the scenario gauge, 4 or 6; 0 means what
	// the scenario prints (Echo: 4). Maps without a scenario system have no
	// scenario gauge.
	ScenarioGauge int `json:"scenario_gauge,omitempty"`
	// IceHoles lists Delta's open-water holes. The research found no record
	// of where they are printed, so by default Delta plays without its ice
	// rule; a table that reads them off its sheet can list them here, and
	// then surfacing anywhere else costs 1 damage.
	IceHoles []chart.Cell `json:"ice_holes,omitempty"`
	// TorpedoRange is how a torpedo's 4 spaces are counted: "water"
	// (default: 1 to 4 orthogonal steps over water, turning around islands,
	// as the digital adaptations read it) or "orthogonal" (the rulebook's
	// words taken literally: 1 to 4 spaces counted along rows and columns,
	// over islands too; the impact is still on water).
	TorpedoRange string `json:"torpedo_range,omitempty"`
	// TriggerOwnTurn limits triggering a mine, in turn-based play, to the
	// crew's own turn. By default a mine goes off at almost any time, as the
	// rulebook says: on the enemy's turn too.
	TriggerOwnTurn bool `json:"trigger_own_turn,omitempty"`
	// SurfaceOrder is who traces the real-time surfacing sections when:
	// "engineer_first" (default: the Engineer traces first, then the other
	// three at once), "sheet" (the rulebook: one role holds the sheet at a
	// time, the Engineer first, then SheetOrder) or "any" (all four at once).
	SurfaceOrder string `json:"surface_order,omitempty"`
	// SurfaceAnyOrder is the old form of SurfaceOrder "any", kept so that
	// matches logged with it still rebuild; Defaults turns it into
	// SurfaceOrder.
	SurfaceAnyOrder bool `json:"surface_any_order,omitempty"`
	// InspectionSeconds is how long the enemy Engineer has to judge a
	// surfaced crew's four sections before they pass by themselves (0 means
	// 60; 15 to 600), so an inspection never stalls the match.
	InspectionSeconds int `json:"inspection_seconds,omitempty"`
	// InspectionRejections is how many sections the enemy Engineer may
	// reject during one surfacing (0 means 2; 1 to 9).
	InspectionRejections int `json:"inspection_rejections,omitempty"`
	// Position starts the match from a described position instead of the
	// Captains' starts (docs/positions.md): a drill, a test, a puzzle. It is
	// part of the options so that a room's replay or restart rebuilds the
	// same match. Never changed once given.
	Position *Position `json:"position,omitempty"`
	// Drill starts the match from one of the embedded drills (drill.go),
	// by name; the map and mode must be the drill's.
	Drill string `json:"drill,omitempty"`
}

// Torpedo range counts.
const (
	RangeWater      = "water"
	RangeOrthogonal = "orthogonal"
)

// Surfacing orders (Options.SurfaceOrder).
const (
	SurfaceEngineerFirst = "engineer_first"
	SurfaceSheet         = "sheet"
	SurfaceAny           = "any"
)

// SheetOrder is the order in which the sheet passes from role to role when
// the table plays it one holder at a time (house: the rulebook lets the
// holder choose). Fixed, it costs no tap, and a phone playing several roles
// (crews of 2 and 3 combine Captain, First Mate and Engineer) traces them
// in a row.
var SheetOrder = [4]Role{Engineer, FirstMate, Captain, RadioOperator}

// Defaults returns o with every implied value filled in. It does not
// validate; New does.
func (o Options) Defaults() Options {
	if o.Map == "" {
		o.Map = "alpha"
	}
	o.Map = strings.ToLower(o.Map)
	if o.MineAdjacency == 0 {
		o.MineAdjacency = 8
	}
	if o.TorpedoRange == "" {
		o.TorpedoRange = RangeWater
	}
	// The old flag reads as its choice; given with another choice it is
	// left for check to refuse.
	if o.SurfaceAnyOrder && (o.SurfaceOrder == "" || o.SurfaceOrder == SurfaceAny) {
		o.SurfaceOrder, o.SurfaceAnyOrder = SurfaceAny, false
	}
	if o.SurfaceOrder == "" {
		o.SurfaceOrder = SurfaceEngineerFirst
	}
	if o.InspectionSeconds == 0 {
		o.InspectionSeconds = 60
	}
	if o.InspectionRejections == 0 {
		o.InspectionRejections = 2
	}
	if o.ScenarioGauge == 0 && o.Map == "echo" {
		o.ScenarioGauge = 4
	}
	return o
}

// ParseOptions reads options JSON from the lobby. Empty input or "null" means
// the defaults. Unknown fields are refused so typos do not pass silently.
func ParseOptions(b []byte) (Options, error) {
	var o Options
	if t := bytes.TrimSpace(b); len(t) == 0 || bytes.Equal(t, []byte("null")) {
		return o.Defaults(), nil
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&o); err != nil {
		return Options{}, fmt.Errorf("captain sonar options: %v", err)
	}
	if d.More() {
		return Options{}, fmt.Errorf("captain sonar options: trailing data")
	}
	o = o.Defaults()
	if err := o.Validate(); err != nil {
		return Options{}, err
	}
	return o, nil
}

// Validate checks options with their defaults filled in, as New does, for
// callers that decode the options themselves (the room's flat options).
func (o Options) Validate() error {
	_, err := o.Defaults().check()
	return err
}

// check validates filled-in options and loads the map.
func (o Options) check() (*chart.Map, error) {
	if o.Mode > TurnBased {
		return nil, fmt.Errorf("mode must be realtime or turnbased")
	}
	m, err := chart.Load(o.Map, o.Mode.Side())
	if err != nil {
		return nil, err
	}
	if o.MineAdjacency != 4 && o.MineAdjacency != 8 {
		return nil, fmt.Errorf("mine adjacency must be 4 or 8, not %d", o.MineAdjacency)
	}
	if o.SilenceMin != 0 && o.SilenceMin != 1 {
		return nil, fmt.Errorf("the shortest silence must be 0 or 1 cell, not %d", o.SilenceMin)
	}
	scenario := len(m.ArcherMines()) > 0
	switch {
	case scenario && o.ScenarioGauge != 4 && o.ScenarioGauge != 6:
		return nil, fmt.Errorf("the scenario gauge has 4 or 6 spaces, not %d", o.ScenarioGauge)
	case !scenario && o.ScenarioGauge != 0:
		return nil, fmt.Errorf("%s has no scenario system, so no scenario gauge", o.Map)
	}
	if o.TorpedoRange != RangeWater && o.TorpedoRange != RangeOrthogonal {
		return nil, fmt.Errorf("torpedo range is counted over water or orthogonal, not %q", o.TorpedoRange)
	}
	switch {
	case o.SurfaceAnyOrder:
		return nil, fmt.Errorf("surface_any_order is the old form of surface_order \"any\": give one, not both")
	case o.SurfaceOrder != SurfaceEngineerFirst && o.SurfaceOrder != SurfaceSheet && o.SurfaceOrder != SurfaceAny:
		return nil, fmt.Errorf("the surfacing order is engineer_first, sheet or any, not %q", o.SurfaceOrder)
	}
	if o.InspectionSeconds < 15 || o.InspectionSeconds > 600 {
		return nil, fmt.Errorf("the inspection lasts 15 to 600 seconds, not %d", o.InspectionSeconds)
	}
	if o.InspectionRejections < 1 || o.InspectionRejections > 9 {
		return nil, fmt.Errorf("the enemy Engineer may reject 1 to 9 sections a surfacing, not %d", o.InspectionRejections)
	}
	if len(o.IceHoles) > 0 && o.Map != "delta" {
		return nil, fmt.Errorf("only Delta is under the ice: %s has no ice holes", o.Map)
	}
	for _, h := range o.IceHoles {
		if !m.Water(h) {
			return nil, fmt.Errorf("ice hole %s must be open water on the map", h)
		}
	}
	if o.Drill != "" {
		if _, err := o.drillPosition(); err != nil {
			return nil, err
		}
	}
	if p := o.Position; p != nil {
		if p.Options != nil {
			return nil, impossible("position_nested", "a position given as an option takes the match's options, not its own")
		}
		if err := p.validate(o, m); err != nil {
			return nil, err
		}
	}
	return m, nil
}
