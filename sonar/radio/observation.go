package radio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"periscope/sonar/chart"
)

// Kind names what the Radio Operator heard.
type Kind string

// The kinds of observation. "Enemy" kinds are announcements the enemy crew
// makes about its own actions; the others are answers it gives us.
const (
	Course       Kind = "course"        // "HEAD NORTH": Dir
	Silence      Kind = "silence"       // "ACTIVATING SILENCE": no fields
	Surface      Kind = "surface"       // "SURFACING IN SECTOR 3": Sector
	Drone        Kind = "drone"         // our drone: Sector and the answer Yes
	Sonar        Kind = "sonar"         // our sonar: the two Facts, exactly one true
	Hit          Kind = "hit"           // our torpedo, mine or Archer mine at Cell: Result is the enemy's damage
	EnemyTorpedo Kind = "enemy_torpedo" // their torpedo lands at Cell; Result is their own damage, if announced
	EnemyDrop    Kind = "enemy_drop"    // "MINE DROPPED": no fields
	EnemyTrigger Kind = "enemy_trigger" // their mine at Cell goes off; Result is their own damage, if announced
	EnemyArcher  Kind = "enemy_archer"  // they set off an Archer mine (Echo) at Cell; Result as above
)

var kinds = []Kind{Course, Silence, Surface, Drone, Sonar, Hit, EnemyTorpedo, EnemyDrop, EnemyTrigger, EnemyArcher}

// Kinds lists every kind of observation.
func Kinds() []Kind { return append([]Kind(nil), kinds...) }

// Result is the damage an impact did to one submarine.
type Result string

// The three outcomes of an impact, as the captain announces them.
const (
	Direct   Result = "direct"   // same cell: two damage
	Indirect Result = "indirect" // one of the eight cells around: one damage
	Clear    Result = "clear"    // farther: all clear
)

// UnmarshalText accepts the three results in any case.
func (r *Result) UnmarshalText(b []byte) error {
	switch v := Result(strings.ToLower(strings.TrimSpace(string(b)))); v {
	case Direct, Indirect, Clear:
		*r = v
		return nil
	}
	return fmt.Errorf("%q is not an impact result (direct, indirect or clear)", b)
}

// FactType is what a sonar fact is about.
type FactType string

// The three types of sonar fact.
const (
	Row    FactType = "row"
	Column FactType = "column"
	Sector FactType = "sector"
)

// UnmarshalText accepts the three fact types in any case.
func (f *FactType) UnmarshalText(b []byte) error {
	switch v := FactType(strings.ToLower(strings.TrimSpace(string(b)))); v {
	case Row, Column, Sector:
		*f = v
		return nil
	}
	return fmt.Errorf("%q is not a sonar fact type (row, column or sector)", b)
}

// Fact is one half of a sonar answer. Value counts from 1: row 1 is the top
// row, column 1 is column A, sector 1 is the top left sector.
type Fact struct {
	Type  FactType `json:"type"`
	Value int      `json:"value"`
}

func (f Fact) String() string {
	if f.Type == Column && f.Value >= 1 && f.Value <= 26 {
		return "COLUMN " + chart.ColumnName(f.Value-1)
	}
	return fmt.Sprintf("%s %d", strings.ToUpper(string(f.Type)), f.Value)
}

// Observation is one announcement the Radio Operator heard, in the order
// heard. Only the fields of its Kind are meaningful; see the Kind constants.
// Its JSON form carries only those fields, so it can be logged and replayed.
type Observation struct {
	Kind   Kind
	Dir    chart.Dir
	Sector int
	Yes    bool
	Facts  [2]Fact
	Cell   chart.Cell
	Result Result
}

// wire is the JSON shape: pointers tell a missing field from a zero one.
type wire struct {
	Kind   Kind        `json:"kind"`
	Dir    *chart.Dir  `json:"dir,omitempty"`
	Sector *int        `json:"sector,omitempty"`
	Yes    *bool       `json:"yes,omitempty"`
	Facts  []Fact      `json:"facts,omitempty"`
	Cell   *chart.Cell `json:"cell,omitempty"`
	Result Result      `json:"result,omitempty"`
}

// fields lists, per kind, which optional fields it takes: d dir, s sector,
// y yes, f facts, c cell, r result (required), o result (optional).
var fields = map[Kind]string{
	Course:       "d",
	Silence:      "",
	Surface:      "s",
	Drone:        "sy",
	Sonar:        "f",
	Hit:          "cr",
	EnemyTorpedo: "co",
	EnemyDrop:    "",
	EnemyTrigger: "co",
	EnemyArcher:  "co",
}

// MarshalJSON writes the kind and its own fields only.
func (o Observation) MarshalJSON() ([]byte, error) {
	f, ok := fields[o.Kind]
	if !ok {
		return nil, fmt.Errorf("unknown observation kind %q", o.Kind)
	}
	w := wire{Kind: o.Kind}
	if strings.Contains(f, "d") {
		w.Dir = &o.Dir
	}
	if strings.Contains(f, "s") {
		w.Sector = &o.Sector
	}
	if strings.Contains(f, "y") {
		w.Yes = &o.Yes
	}
	if strings.Contains(f, "f") {
		w.Facts = o.Facts[:]
	}
	if strings.Contains(f, "c") {
		w.Cell = &o.Cell
	}
	if strings.ContainsAny(f, "ro") {
		w.Result = o.Result
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads an observation and checks that it has exactly the
// fields its kind needs. It does not know the map: Tracker.Observe checks
// cells and sectors against it.
func (o *Observation) UnmarshalJSON(b []byte) error {
	var w wire
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return fmt.Errorf("observation: %w", err)
	}
	if dec.More() {
		return errors.New("observation: trailing data after the object")
	}
	f, ok := fields[w.Kind]
	if !ok {
		return fmt.Errorf("observation: unknown kind %q", w.Kind)
	}
	check := func(flag string, present bool, what string) error {
		switch want := strings.Contains(f, flag); {
		case want && !present:
			return fmt.Errorf("observation %s needs %s", w.Kind, what)
		case !want && present:
			return fmt.Errorf("observation %s takes no %s", w.Kind, what)
		}
		return nil
	}
	for _, err := range []error{
		check("d", w.Dir != nil, "heading"),
		check("s", w.Sector != nil, "sector"),
		check("y", w.Yes != nil, "yes/no answer"),
		check("f", w.Facts != nil, "sonar facts"),
		check("c", w.Cell != nil, "cell"),
	} {
		if err != nil {
			return err
		}
	}
	switch {
	case strings.Contains(f, "r") && w.Result == "":
		return fmt.Errorf("observation %s needs a result (direct, indirect or clear)", w.Kind)
	case !strings.ContainsAny(f, "ro") && w.Result != "":
		return fmt.Errorf("observation %s takes no result", w.Kind)
	}
	out := Observation{Kind: w.Kind, Result: w.Result}
	if w.Dir != nil {
		out.Dir = *w.Dir
	}
	if w.Sector != nil {
		out.Sector = *w.Sector
	}
	if w.Yes != nil {
		out.Yes = *w.Yes
	}
	if w.Cell != nil {
		out.Cell = *w.Cell
	}
	if w.Facts != nil {
		if len(w.Facts) != 2 {
			return fmt.Errorf("observation sonar needs two facts, got %d", len(w.Facts))
		}
		copy(out.Facts[:], w.Facts)
	}
	*o = out
	return nil
}

// ParseObservation reads one observation from JSON.
func ParseObservation(b []byte) (Observation, error) {
	var o Observation
	err := json.Unmarshal(b, &o)
	return o, err
}

func (r Result) phrase() string {
	switch r {
	case Direct:
		return "DIRECT HIT"
	case Indirect:
		return "INDIRECT HIT"
	case Clear:
		return "ALL CLEAR"
	}
	return string(r)
}

// String phrases the observation the way the table heard it.
func (o Observation) String() string {
	own := ""
	if o.Result != "" {
		own = " (enemy: " + o.Result.phrase() + ")"
	}
	switch o.Kind {
	case Course:
		return "HEAD " + o.Dir.String()
	case Silence:
		return "SILENCE"
	case Surface:
		return fmt.Sprintf("SURFACING IN SECTOR %d", o.Sector)
	case Drone:
		answer := "NO"
		if o.Yes {
			answer = "YES"
		}
		return fmt.Sprintf("DRONE: SECTOR %d? %s", o.Sector, answer)
	case Sonar:
		return fmt.Sprintf("SONAR: %s / %s", o.Facts[0], o.Facts[1])
	case Hit:
		return fmt.Sprintf("OUR IMPACT AT %s: %s", o.Cell, o.Result.phrase())
	case EnemyTorpedo:
		return fmt.Sprintf("ENEMY TORPEDO AT %s%s", o.Cell, own)
	case EnemyDrop:
		return "ENEMY MINE DROPPED"
	case EnemyTrigger:
		return fmt.Sprintf("ENEMY MINE TRIGGERED AT %s%s", o.Cell, own)
	case EnemyArcher:
		return fmt.Sprintf("ENEMY ARCHER MINE AT %s%s", o.Cell, own)
	}
	return fmt.Sprintf("observation %q", string(o.Kind))
}
