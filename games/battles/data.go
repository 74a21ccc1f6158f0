package battles

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"

	"periscope/games"
)

// The two armies of the box, the trait catalogue and the rulebook's
// example armies, as data. Only the tile names, their dice faces and the
// unit totals of the rulebook's examples are the publisher's; every other
// number and every trait effect is our design (docs/rules-decisions.md).
var (
	//go:embed data/confederacy.json
	confederacyJSON []byte
	//go:embed data/union.json
	unionJSON []byte
	//go:embed data/traits.json
	traitsJSON []byte
	//go:embed data/presets.json
	presetsJSON []byte
)

// Hooks are what a trait can do; a trait's data picks one and its Value.
const (
	HookMoveRange      = "move_range"       // a Tactical Move crosses up to Value zones
	HookChargeDice     = "charge_dice"      // Value more dice when the unit charges
	HookStrikeBackDice = "strike_back_dice" // Value more dice when the unit strikes back
	HookCarryOnDice    = "carry_on_dice"    // Value more dice when it carries on an engagement
	HookShootDice      = "shoot_dice"       // Value more dice when it shoots
	HookShootRear      = "shoot_rear"       // may shoot the Rear of its sector over occupied zones
	HookNoLeaveStrike  = "no_leave_strike"  // leaving an engagement draws no free strike
	HookNoRedeploy     = "no_redeploy"      // no free Unit Redeployment
	HookRecallOrders   = "recall_orders"    // special: another unit's Order tokens come back
	HookHeal           = "heal"             // special: up to Value Wound tokens come off a unit of the sector
	HookRelayMove      = "relay_move"       // special: another unit makes a free Tactical Move
)

var hooks = map[string]bool{
	HookMoveRange: false, HookChargeDice: false, HookStrikeBackDice: false, HookCarryOnDice: false,
	HookShootDice: false, HookShootRear: false, HookNoLeaveStrike: false, HookNoRedeploy: false,
	HookRecallOrders: true, HookHeal: true, HookRelayMove: true,
}

// Trait is one ability printed on troops; a troop's traits belong to its
// whole unit. Special traits need an order (the Use a Special Trait action).
type Trait struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Text    string `json:"text"`
	Hook    string `json:"hook"`
	Value   int    `json:"value,omitempty"`
	Special bool   `json:"special,omitempty"`
}

// Tile is one Troop tile: Deployment Points, Formation value, Wound points,
// the black (engagement) and white (shooting) dice faces, traits.
type Tile struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	DP        int      `json:"dp"`
	Formation int      `json:"formation"`
	Wounds    int      `json:"wounds"`
	Black     []int    `json:"black"`
	White     []int    `json:"white"`
	Traits    []string `json:"traits"`
	House     bool     `json:"house,omitempty"`
}

// Army is the 30 tiles of one side of the box.
type Army struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Tiles []Tile `json:"tiles"`
	index map[string]int
}

// Tile returns the army's tile with that id, or nil.
func (a *Army) Tile(id string) *Tile {
	i, ok := a.index[id]
	if !ok {
		return nil
	}
	return &a.Tiles[i]
}

// Preset is a ready army: the rulebook's examples, and ours (House) where
// the rulebook has none.
type Preset struct {
	ID    string     `json:"id"`
	Name  string     `json:"name"`
	Army  string     `json:"army"`
	DP    int        `json:"dp"`
	House bool       `json:"house,omitempty"`
	Units [][]string `json:"units"`
}

// Content is everything the engine reads from data.
type Content struct {
	Armies  []*Army
	Traits  []Trait
	Presets []Preset
	traits  map[string]*Trait
}

var content = mustLoad()

func mustLoad() *Content {
	c, err := Load([][]byte{confederacyJSON, unionJSON}, traitsJSON, presetsJSON)
	if err != nil {
		panic(err)
	}
	return c
}

// HouseContent is the embedded armies, traits and presets.
func HouseContent() *Content { return content }

// Load reads and checks armies, traits and presets: every trait has a known
// hook, every tile known traits and sound numbers, every preset is a legal
// army of its side.
func Load(armies [][]byte, traits, presets []byte) (*Content, error) {
	c := &Content{traits: map[string]*Trait{}}
	if err := strict(traits, &c.Traits); err != nil {
		return nil, fmt.Errorf("traits: %w", err)
	}
	for i := range c.Traits {
		t := &c.Traits[i]
		special, ok := hooks[t.Hook]
		if !ok {
			return nil, fmt.Errorf("trait %s: unknown hook %q", t.ID, t.Hook)
		}
		if special != t.Special {
			return nil, fmt.Errorf("trait %s: hook %s is special=%v", t.ID, t.Hook, special)
		}
		if c.traits[t.ID] != nil || t.ID == "" || t.Name == "" || t.Text == "" {
			return nil, fmt.Errorf("trait %q: duplicate or incomplete", t.ID)
		}
		c.traits[t.ID] = t
	}
	for _, b := range armies {
		a := &Army{}
		if err := strict(b, a); err != nil {
			return nil, fmt.Errorf("army: %w", err)
		}
		a.index = map[string]int{}
		for i, t := range a.Tiles {
			if _, dup := a.index[t.ID]; dup || t.ID == "" {
				return nil, fmt.Errorf("army %s: tile %q twice or unnamed", a.ID, t.ID)
			}
			if t.DP < 1 || t.Formation < 1 || t.Wounds < 0 {
				return nil, fmt.Errorf("army %s: tile %s has impossible numbers", a.ID, t.ID)
			}
			for _, f := range slices.Concat(t.Black, t.White) {
				if f < 1 || f > 6 {
					return nil, fmt.Errorf("army %s: tile %s has a die face %d", a.ID, t.ID, f)
				}
			}
			for _, tr := range t.Traits {
				if c.traits[tr] == nil {
					return nil, fmt.Errorf("army %s: tile %s has unknown trait %q", a.ID, t.ID, tr)
				}
			}
			a.index[t.ID] = i
		}
		c.Armies = append(c.Armies, a)
	}
	if err := strict(presets, &c.Presets); err != nil {
		return nil, fmt.Errorf("presets: %w", err)
	}
	for _, p := range c.Presets {
		a := c.Army(p.Army)
		if a == nil {
			return nil, fmt.Errorf("preset %s: no army %q", p.ID, p.Army)
		}
		dp := 0
		for _, u := range p.Units {
			if err := c.checkUnit(a, u); err != nil {
				return nil, fmt.Errorf("preset %s of %s: %v", p.ID, p.Army, err)
			}
			for _, id := range u {
				dp += a.Tile(id).DP
			}
		}
		if dp != p.DP {
			return nil, fmt.Errorf("preset %s of %s: %d DP, not %d", p.ID, p.Army, dp, p.DP)
		}
	}
	return c, nil
}

// Army returns the army with that id, or nil.
func (c *Content) Army(id string) *Army {
	for _, a := range c.Armies {
		if a.ID == id {
			return a
		}
	}
	return nil
}

// Trait returns the trait with that id, or nil.
func (c *Content) Trait(id string) *Trait { return c.traits[id] }

// presetsOf lists the presets of an army that fit a battle size.
func (c *Content) presetsOf(army string, size int) []Preset {
	var out []Preset
	for _, p := range c.Presets {
		if p.Army == army && p.DP <= size {
			out = append(out, p)
		}
	}
	return out
}

func (c *Content) preset(army, id string) *Preset {
	for i, p := range c.Presets {
		if p.Army == army && p.ID == id {
			return &c.Presets[i]
		}
	}
	return nil
}

// checkUnit is the rule of unit composition: known tiles, none twice, at
// least one Wound point, no more troops than the lowest Formation value.
func (c *Content) checkUnit(a *Army, tiles []string) error {
	if len(tiles) == 0 {
		return refuse("empty_unit", "A unit needs at least one troop.")
	}
	wounds, lowest := 0, 99
	seen := map[string]bool{}
	for _, id := range tiles {
		t := a.Tile(id)
		if t == nil {
			return refuse("unknown_tile", "%s is not a troop of the %s army.", games.Quote(id), a.Name)
		}
		if seen[id] {
			return refuse("tile_twice", "%s is in the unit twice: each troop tile exists once.", t.Name)
		}
		seen[id] = true
		wounds += t.Wounds
		lowest = min(lowest, t.Formation)
	}
	if wounds < 1 {
		return refuse("no_wound_points", "A unit needs at least 1 Wound point: add a troop with wound points.")
	}
	if len(tiles) > lowest {
		return refuse("formation_exceeded", "A unit cannot hold more troops than its lowest Formation value (%d): this one has %d.", lowest, len(tiles))
	}
	return nil
}

func strict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
