package battles

import "strings"

// The structured part of the battle's events, for the pages: which side
// acted, with which unit, from which zone to which, at whom, and what was
// lost, so a phone can play the other side's turn on its battlefield.
// Every unit named is a placed one, seen by both sides: during the battle
// the stacks are open (revealed); during deployment only the top troop
// shows, and a deploy event names no more than that.

// Acted is the data of an order, a reaction or a move: Seat is the side
// that gave it. Zones are named from the owner's seat, as commands write
// them ("left_front"); an engaged unit is in its sector's "_engagement".
type Acted struct {
	Seat       int    `json:"seat"`
	Unit       string `json:"unit,omitempty"`
	Name       string `json:"name,omitempty"` // the unit as the table names it
	Zone       string `json:"zone,omitempty"` // where the unit is after it
	From       string `json:"from,omitempty"` // where it was, when it moved
	To         string `json:"to,omitempty"`   // where it went, when it moved
	Target     string `json:"target,omitempty"`
	TargetName string `json:"target_name,omitempty"`
	TargetZone string `json:"target_zone,omitempty"`
	Trait      string `json:"trait,omitempty"`
}

// Struck is the data of what befell a unit: a troop killed or wounded, the
// unit destroyed or fallen back. Seat is the unit's owner.
type Struck struct {
	Seat  int    `json:"seat"`
	Unit  string `json:"unit"`
	Zone  string `json:"zone"`
	Troop string `json:"troop,omitempty"` // the troop's tile
}

// RollData is a roll's data: the Roll, and the zones of both units.
type RollData struct {
	Roll
	Zone       string `json:"zone"`
	TargetZone string `json:"target_zone"`
}

// zoneOf is u's zone, named from its owner's seat.
func zoneOf(u *unit) string { return zoneName(u.owner, u.col, u.at) }

// acted is the data of seat's order to u (nil: none), at t (nil: none).
func acted(seat int, u, t *unit) Acted {
	a := Acted{Seat: seat}
	if u != nil {
		a.Unit, a.Name, a.Zone = u.id, u.name(), zoneOf(u)
	}
	if t != nil {
		a.Target, a.TargetName, a.TargetZone = t.id, t.name(), zoneOf(t)
	}
	return a
}

// moved is acted with where u was and where it is now.
func moved(seat int, u *unit, from string) Acted {
	a := acted(seat, u, nil)
	a.From, a.To = from, a.Zone
	return a
}

func struck(u *unit, troop string) Struck {
	return Struck{Seat: u.owner, Unit: u.id, Zone: zoneOf(u), Troop: troop}
}

// movedAt is moved, at the enemy unit t.
func movedAt(seat int, u *unit, from string, t *unit) Acted {
	a := moved(seat, u, from)
	a.Target, a.TargetName, a.TargetZone = t.id, t.name(), zoneOf(t)
	return a
}

// traitData is a special trait used by u on t; from is where t was when
// the trait moved it ("" when it did not).
func traitData(seat int, u, t *unit, tr *Trait, from string) Acted {
	a := acted(seat, u, t)
	a.Trait = tr.ID
	if from != "" {
		a.From, a.To = from, a.TargetZone
	}
	return a
}

// troopNames is every troop the unit was formed of, top first.
func (u *unit) troopNames() []string {
	out := make([]string, len(u.troops))
	for i, t := range u.troops {
		out[i] = t.tile.Name
	}
	return out
}

// andWords reads a list as a sentence does: "A, B and C".
func andWords(s []string) string {
	switch len(s) {
	case 0:
		return "nothing"
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
