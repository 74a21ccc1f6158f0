package sonar

import (
	"fmt"
	"strings"

	"periscope/sonar/chart"
)

// Crew is one of the two submarines and the players who run it.
// In JSON it is "blue" or "red".
type Crew uint8

// The two crews.
const (
	Blue Crew = iota
	Red
)

// Crews lists both crews, Blue first.
var Crews = [2]Crew{Blue, Red}

var crewNames = [2]string{"blue", "red"}

func (c Crew) String() string {
	if int(c) < len(crewNames) {
		return crewNames[c]
	}
	return fmt.Sprintf("crew(%d)", c)
}

// Other is the enemy crew.
func (c Crew) Other() Crew { return 1 - c }

func (c Crew) valid() bool { return c <= Red }

// loud is the crew's name as the table says it: "BLUE" (from a table:
// refusals name the crew in turn dozens of times a version).
func (c Crew) loud() string {
	if c.valid() {
		return crewLoud[c]
	}
	return strings.ToUpper(c.String())
}

var crewLoud = [2]string{"BLUE", "RED"}

// MarshalText writes "blue" or "red".
func (c Crew) MarshalText() ([]byte, error) {
	if !c.valid() {
		return nil, fmt.Errorf("invalid crew %d", c)
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads "blue" or "red" (any case).
func (c *Crew) UnmarshalText(b []byte) error {
	for i, n := range crewNames {
		if strings.EqualFold(string(b), n) {
			*c = Crew(i)
			return nil
		}
	}
	return fmt.Errorf("%q is not a crew (blue or red)", b)
}

// Role is a seat of a crew. A phone may play several roles; the roles
// package tells the engine which role a command is sent as.
type Role uint8

// The four roles of a crew.
const (
	Captain Role = iota
	FirstMate
	Engineer
	RadioOperator
)

// Roles lists the four roles in the rulebook's order.
var Roles = [4]Role{Captain, FirstMate, Engineer, RadioOperator}

var roleKeys = [4]string{"captain", "first_mate", "engineer", "radio_operator"}
var roleTitles = [4]string{"Captain", "First Mate", "Engineer", "Radio Operator"}

// String is the role's JSON key: "first_mate".
func (r Role) String() string {
	if int(r) < len(roleKeys) {
		return roleKeys[r]
	}
	return fmt.Sprintf("role(%d)", r)
}

// Title is the role as players name it: "First Mate".
func (r Role) Title() string {
	if int(r) < len(roleTitles) {
		return roleTitles[r]
	}
	return r.String()
}

func (r Role) valid() bool { return r <= RadioOperator }

// MarshalText writes the role's key.
func (r Role) MarshalText() ([]byte, error) {
	if !r.valid() {
		return nil, fmt.Errorf("invalid role %d", r)
	}
	return []byte(r.String()), nil
}

// roleSeparators drops what may part a role's words; built once (a
// Replacer builds its tables on first use, which cost more than the read).
var roleSeparators = strings.NewReplacer(" ", "", "_", "", "-", "")

// UnmarshalText reads "captain", "first_mate" (or "first mate", "firstmate"),
// "engineer" or "radio_operator".
func (r *Role) UnmarshalText(b []byte) error {
	s := roleSeparators.Replace(strings.ToLower(string(b)))
	for i, k := range roleKeys {
		if s == strings.ReplaceAll(k, "_", "") {
			*r = Role(i)
			return nil
		}
	}
	return fmt.Errorf("%q is not a role (captain, first_mate, engineer, radio_operator)", b)
}

// Mode is how the match is played. It also picks the side of the map sheet.
type Mode uint8

// The two modes. The zero value is real time.
const (
	RealTime Mode = iota
	TurnBased
)

func (m Mode) String() string {
	if m == TurnBased {
		return "turnbased"
	}
	return "realtime"
}

// Side is the map side the mode plays on.
func (m Mode) Side() chart.Side {
	if m == TurnBased {
		return chart.TurnBased
	}
	return chart.RealTime
}

// MarshalText writes "realtime" or "turnbased".
func (m Mode) MarshalText() ([]byte, error) {
	if m > TurnBased {
		return nil, fmt.Errorf("invalid mode %d", m)
	}
	return []byte(m.String()), nil
}

// UnmarshalText reads "realtime" or "turnbased" (also "real-time", "turn-based").
func (m *Mode) UnmarshalText(b []byte) error {
	s, err := chart.ParseSide(string(b))
	if err != nil {
		return fmt.Errorf("%q is not a mode (realtime or turnbased)", b)
	}
	*m = RealTime
	if s == chart.TurnBased {
		*m = TurnBased
	}
	return nil
}

// System is one of the First Mate's gauges and what it powers.
type System uint8

// The systems, in the order of the First Mate sheet.
const (
	Mine System = iota
	Torpedo
	Drone
	Sonar
	Silence
	Scenario
	numSystems
)

// Systems lists every system, Scenario last.
var Systems = [...]System{Mine, Torpedo, Drone, Sonar, Silence, Scenario}

var systemNames = [numSystems]string{"mine", "torpedo", "drone", "sonar", "silence", "scenario"}

func (s System) String() string {
	if s < numSystems {
		return systemNames[s]
	}
	return fmt.Sprintf("system(%d)", s)
}

// loud is the system as the First Mate announces it: "TORPEDO".
func (s System) loud() string {
	if s < numSystems {
		return systemLoud[s]
	}
	return strings.ToUpper(s.String())
}

var systemLoud = [numSystems]string{"MINE", "TORPEDO", "DRONE", "SONAR", "SILENCE", "SCENARIO SYSTEM"}

// Colour is the colour of the system on both sheets: a crossed-out symbol
// of that colour anywhere on the Engineer sheet disables the system.
func (s System) Colour() Colour {
	switch s {
	case Mine, Torpedo:
		return RedSymbol
	case Drone, Sonar:
		return GreenSymbol
	}
	return YellowSymbol
}

// MarshalText writes the system's name.
func (s System) MarshalText() ([]byte, error) {
	if s >= numSystems {
		return nil, fmt.Errorf("invalid system %d", s)
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a system name.
func (s *System) UnmarshalText(b []byte) error {
	for i, n := range systemNames {
		if strings.EqualFold(string(b), n) {
			*s = System(i)
			return nil
		}
	}
	return fmt.Errorf("%q is not a system (mine, torpedo, drone, sonar, silence, scenario)", b)
}
