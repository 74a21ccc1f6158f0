package saga

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
)

// The house content: two factions and a terrain bag built exactly on the
// rulebook's model. Official cards load the same way, as data.
var (
	//go:embed data/factions.json
	factionsJSON []byte
	//go:embed data/terrain.json
	terrainJSON []byte
)

// Combat abilities, as commands and views name them.
const (
	Melee      = "melee"
	Ballistics = "ballistics"
	Arcane     = "arcane"
)

var combats = []string{Melee, Ballistics, Arcane}

// Hooks are the kinds of special ability the engine knows. A card's data
// picks a hook and its parameters; no card needs code of its own.
const (
	HookExtendedRange   = "extended_range"    // ranged assaults (of Combat kinds) reach Value tiles
	HookAbilityReroll   = "ability_reroll"    // Value special re-rolls when attacking, defending or any
	HookNoDrowning      = "no_drowning"       // enters Water without a drowning check
	HookHopAny          = "hop_any"           // hops over a tile held by any unit, not only a friend
	HookSwift           = "swift"             // moves up to Value tiles through empty land
	HookAssistBonus     = "assist_bonus"      // grants Value extra assists to an ally it assists
	HookReturnOnCapture = "return_on_capture" // when captured, a die of Value or more sends it to reserves instead
)

var hooks = map[string]bool{
	HookExtendedRange: true, HookAbilityReroll: true, HookNoDrowning: true, HookHopAny: true,
	HookSwift: true, HookAssistBonus: true, HookReturnOnCapture: true,
}

// Stat is one combat ability: how many red (OFF) and blue (DEF) dice.
type Stat struct{ Off, Def int }

// MarshalJSON writes a stat as {"off":2,"def":1}.
func (s Stat) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"off":%d,"def":%d}`, s.Off, s.Def)), nil
}

// UnmarshalJSON reads a stat as the data files write it: [off, def].
func (s *Stat) UnmarshalJSON(b []byte) error {
	var pair []int
	if err := json.Unmarshal(b, &pair); err != nil || len(pair) != 2 {
		return errors.New("a combat ability is [OFF, DEF]")
	}
	s.Off, s.Def = pair[0], pair[1]
	return nil
}

// Ability is a special ability of a card.
type Ability struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	Text   string   `json:"text"`
	Hook   string   `json:"hook"`
	Value  int      `json:"value,omitempty"`
	When   string   `json:"when,omitempty"`   // ability_reroll: attack, defend or any
	Combat []string `json:"combat,omitempty"` // extended_range: which combat kinds
}

// Card is a unit's stat card.
type Card struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`
	Type       string    `json:"type"`
	Count      int       `json:"count"`
	Cost       int       `json:"cost"`
	Melee      Stat      `json:"melee"`
	Ballistics Stat      `json:"ballistics"`
	Arcane     Stat      `json:"arcane"`
	Terrain    []string  `json:"terrain"`
	Abilities  []Ability `json:"abilities"`
}

// stat is the card's combat ability by name.
func (c *Card) stat(combat string) Stat {
	switch combat {
	case Melee:
		return c.Melee
	case Ballistics:
		return c.Ballistics
	}
	return c.Arcane
}

// hook is the card's ability with the given hook, if any.
func (c *Card) hook(h string) *Ability {
	for i := range c.Abilities {
		if c.Abilities[i].Hook == h {
			return &c.Abilities[i]
		}
	}
	return nil
}

// reach is how far the card's ranged assaults of combat go: 1 (adjacent)
// unless an extended_range ability says more.
func (c *Card) reach(combat string) int {
	r := 1
	for _, a := range c.Abilities {
		if a.Hook != HookExtendedRange {
			continue
		}
		for _, k := range a.Combat {
			if k == combat && a.Value > r {
				r = a.Value
			}
		}
	}
	return r
}

// specialRerolls is how many special-ability re-rolls the card has in an
// assault, as attacker or as defender.
func (c *Card) specialRerolls(attacking bool) int {
	n := 0
	for _, a := range c.Abilities {
		if a.Hook == HookAbilityReroll && (a.When == "any" || (a.When == "attack") == attacking) {
			n += a.Value
		}
	}
	return n
}

// advantage reports whether terrain is one of the card's terrain advantages.
func (c *Card) advantage(terrain string) bool {
	for _, t := range c.Terrain {
		if t == terrain {
			return true
		}
	}
	return false
}

// Faction is a starting force: its cards, their counts and its base.
type Faction struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	House bool   `json:"house"`
	Base  string `json:"base"`
	Units []Card `json:"units"`
}

// Points is the faction's total cost.
func (f *Faction) Points() int {
	n := 0
	for _, u := range f.Units {
		n += u.Cost * u.Count
	}
	return n
}

// Terrain is a terrain type; Letter marks its tiles beside the colour.
type Terrain struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Letter string `json:"letter"`
}

// BagEntry is how many tiles of a terrain the bag holds.
type BagEntry struct {
	Terrain string `json:"terrain"`
	Count   int    `json:"count"`
}

// Set is the content a match is played with.
type Set struct {
	Factions []Faction
	Terrain  []Terrain
	Bag      []BagEntry
	// BagHouse marks the terrain bag as our design.
	BagHouse bool
}

// FactionPoints is the size of a starting force.
const FactionPoints = 100

// house is the set the package ships.
var house = mustLoad(factionsJSON, terrainJSON)

// HouseSet is the shipped content: the house factions and terrain bag.
func HouseSet() *Set { return house }

func mustLoad(factions, terrain []byte) *Set {
	s, err := LoadSet(factions, terrain)
	if err != nil {
		panic("saga: the embedded content is broken: " + err.Error())
	}
	return s
}

// LoadSet reads factions and a terrain bag from their JSON files and checks
// them against the rulebook's model: combat abilities of 0 to 3 dice, known
// terrain and hooks, 100-point factions.
func LoadSet(factions, terrain []byte) (*Set, error) {
	var tf struct {
		House   bool       `json:"house"`
		Note    string     `json:"note"`
		Terrain []Terrain  `json:"terrain"`
		Bag     []BagEntry `json:"bag"`
	}
	if err := strictJSON(terrain, &tf); err != nil {
		return nil, fmt.Errorf("terrain: %w", err)
	}
	var ff struct {
		Factions []Faction `json:"factions"`
	}
	if err := strictJSON(factions, &ff); err != nil {
		return nil, fmt.Errorf("factions: %w", err)
	}
	s := &Set{Factions: ff.Factions, Terrain: tf.Terrain, Bag: tf.Bag, BagHouse: tf.House}
	known := map[string]bool{}
	for _, t := range s.Terrain {
		if t.ID == "" || known[t.ID] || t.Letter == "" {
			return nil, fmt.Errorf("terrain %q: each terrain needs a unique id and a letter", t.ID)
		}
		known[t.ID] = true
	}
	tiles := 0
	for _, b := range s.Bag {
		if !known[b.Terrain] || b.Count < 1 {
			return nil, fmt.Errorf("bag: %d of %q", b.Count, b.Terrain)
		}
		tiles += b.Count
	}
	if tiles < 2 {
		return nil, errors.New("bag: fewer than 2 tiles")
	}
	if len(s.Factions) == 0 {
		return nil, errors.New("no factions")
	}
	ids := map[string]bool{}
	for _, f := range s.Factions {
		if f.ID == "" || ids[f.ID] || f.Name == "" || f.Base == "" {
			return nil, fmt.Errorf("faction %q: needs a unique id, a name and a base", f.ID)
		}
		ids[f.ID] = true
		if p := f.Points(); p != FactionPoints {
			return nil, fmt.Errorf("faction %s: %d points, not %d", f.ID, p, FactionPoints)
		}
		cards := map[string]bool{}
		for _, c := range f.Units {
			if err := checkCard(c, known); err != nil {
				return nil, fmt.Errorf("faction %s: %w", f.ID, err)
			}
			if cards[c.ID] {
				return nil, fmt.Errorf("faction %s: two cards %q", f.ID, c.ID)
			}
			cards[c.ID] = true
		}
	}
	return s, nil
}

func checkCard(c Card, terrain map[string]bool) error {
	if c.ID == "" || c.Name == "" || c.Count < 1 || c.Cost < 1 {
		return fmt.Errorf("card %q: needs an id, a name, a count and a cost", c.ID)
	}
	for _, k := range combats {
		s := c.stat(k)
		if s.Off < 0 || s.Off > 3 || s.Def < 0 || s.Def > 3 {
			return fmt.Errorf("card %s: %s %d/%d is outside 0-3", c.ID, k, s.Off, s.Def)
		}
	}
	for _, t := range c.Terrain {
		if !terrain[t] {
			return fmt.Errorf("card %s: unknown terrain %q", c.ID, t)
		}
	}
	for _, a := range c.Abilities {
		if !hooks[a.Hook] {
			return fmt.Errorf("card %s: ability %s has unknown hook %q", c.ID, a.ID, a.Hook)
		}
		switch a.Hook {
		case HookExtendedRange:
			if a.Value < 2 || len(a.Combat) == 0 {
				return fmt.Errorf("card %s: %s needs a reach of 2 or more and combat kinds", c.ID, a.ID)
			}
			for _, k := range a.Combat {
				if k != Ballistics && k != Arcane {
					return fmt.Errorf("card %s: %s: only ballistics and arcane assaults are ranged", c.ID, a.ID)
				}
			}
		case HookAbilityReroll:
			if a.Value < 1 || (a.When != "attack" && a.When != "defend" && a.When != "any") {
				return fmt.Errorf("card %s: %s needs a count and when (attack, defend or any)", c.ID, a.ID)
			}
		case HookSwift:
			if a.Value < 2 {
				return fmt.Errorf("card %s: %s needs a reach of 2 or more", c.ID, a.ID)
			}
		case HookAssistBonus:
			if a.Value < 1 {
				return fmt.Errorf("card %s: %s needs a value", c.ID, a.ID)
			}
		case HookReturnOnCapture:
			if a.Value < 2 || a.Value > 6 {
				return fmt.Errorf("card %s: %s needs a die result from 2 to 6", c.ID, a.ID)
			}
		}
	}
	return nil
}

// faction finds a faction by id.
func (s *Set) faction(id string) *Faction {
	for i := range s.Factions {
		if s.Factions[i].ID == id {
			return &s.Factions[i]
		}
	}
	return nil
}

// terrainName is a terrain's display name.
func (s *Set) terrainName(id string) string {
	for _, t := range s.Terrain {
		if t.ID == id {
			return t.Name
		}
	}
	return id
}

// tiles is the bag in data order, one entry per tile.
func (s *Set) tiles() []string {
	var out []string
	for _, b := range s.Bag {
		for range b.Count {
			out = append(out, b.Terrain)
		}
	}
	return out
}

// factionIDs lists the faction ids, sorted.
func (s *Set) factionIDs() []string {
	var ids []string
	for _, f := range s.Factions {
		ids = append(ids, f.ID)
	}
	sort.Strings(ids)
	return ids
}

func strictJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("unexpected data after the JSON object")
	}
	return nil
}
