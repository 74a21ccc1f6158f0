package sonar

import (
	"fmt"
	"strings"

	"periscope/sonar/chart"
)

// Colour is the colour of a symbol on the Engineer sheet.
type Colour uint8

// The four symbol colours. Each of the first three stands for two systems.
const (
	RedSymbol       Colour = iota // weapons: mine and torpedo
	GreenSymbol                   // detection: drone and sonar
	YellowSymbol                  // special: silence and the scenario system
	RadiationSymbol               // reactor: no system
)

var colourNames = [4]string{"red", "green", "yellow", "radiation"}

func (c Colour) String() string {
	if int(c) < len(colourNames) {
		return colourNames[c]
	}
	return fmt.Sprintf("colour(%d)", c)
}

// MarshalText writes the colour's name.
func (c Colour) MarshalText() ([]byte, error) {
	if int(c) >= len(colourNames) {
		return nil, fmt.Errorf("invalid colour %d", c)
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a colour's name, so views decode back (tests, bots).
func (c *Colour) UnmarshalText(b []byte) error {
	for i, n := range colourNames {
		if strings.EqualFold(string(b), n) {
			*c = Colour(i)
			return nil
		}
	}
	return fmt.Errorf("%q is not a symbol colour (red, green, yellow or radiation)", b)
}

// Circuit is one of the three linked groups of four Central Circuit symbols.
type Circuit uint8

// NoCircuit marks the reactor symbols, which no line links.
const (
	NoCircuit Circuit = iota
	YellowCircuit
	OrangeCircuit
	GreyCircuit
)

var circuitNames = [4]string{"", "yellow", "orange", "grey"}

func (c Circuit) String() string {
	if int(c) < len(circuitNames) {
		return circuitNames[c]
	}
	return fmt.Sprintf("circuit(%d)", c)
}

// MarshalText writes the circuit's line colour, or "" for none.
func (c Circuit) MarshalText() ([]byte, error) {
	if int(c) >= len(circuitNames) {
		return nil, fmt.Errorf("invalid circuit %d", c)
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a circuit's line colour; "" is no circuit.
func (c *Circuit) UnmarshalText(b []byte) error {
	for i, n := range circuitNames {
		if strings.EqualFold(string(b), n) {
			*c = Circuit(i)
			return nil
		}
	}
	return fmt.Errorf("%q is not a circuit (yellow, orange or grey)", b)
}

// Symbol is one printed symbol of the Engineer sheet.
type Symbol struct {
	Colour  Colour  `json:"colour"`
	Circuit Circuit `json:"circuit,omitempty"`
}

// Panels lists the Engineer's control panels left to right, as printed.
var Panels = [4]chart.Dir{chart.West, chart.North, chart.South, chart.East}

// SymbolsPerPanel is the number of symbols in a panel: indexes 0-2 are the
// Central Circuits, 3-5 the Reactor.
const SymbolsPerPanel = 6

const sheetSize = 4 * SymbolsPerPanel

// layout is the printed sheet, panel by panel in the order of Panels.
var layout = [4][SymbolsPerPanel]Symbol{
	{{RedSymbol, YellowCircuit}, {YellowSymbol, YellowCircuit}, {GreenSymbol, YellowCircuit}, {GreenSymbol, NoCircuit}, {RadiationSymbol, NoCircuit}, {RadiationSymbol, NoCircuit}},
	{{YellowSymbol, OrangeCircuit}, {RedSymbol, OrangeCircuit}, {YellowSymbol, OrangeCircuit}, {GreenSymbol, NoCircuit}, {RedSymbol, NoCircuit}, {RadiationSymbol, NoCircuit}},
	{{GreenSymbol, GreyCircuit}, {YellowSymbol, GreyCircuit}, {RedSymbol, GreyCircuit}, {RedSymbol, NoCircuit}, {RadiationSymbol, NoCircuit}, {YellowSymbol, NoCircuit}},
	{{GreenSymbol, OrangeCircuit}, {YellowSymbol, GreyCircuit}, {RedSymbol, YellowCircuit}, {RadiationSymbol, NoCircuit}, {GreenSymbol, NoCircuit}, {RadiationSymbol, NoCircuit}},
}

// Layout returns the symbol printed at index i (0-5) of the panel for
// heading d.
func Layout(d chart.Dir, i int) Symbol { return layout[panelIndex(d)][i] }

// panelIndex is where the panel for heading d sits on the sheet.
func panelIndex(d chart.Dir) int {
	switch d {
	case chart.West:
		return 0
	case chart.North:
		return 1
	case chart.South:
		return 2
	}
	return 3
}

// sheet holds the Engineer's crossed-out symbols (breakdowns), indexed
// panel*6+symbol in the order of Panels.
type sheet [sheetSize]bool

// broken reports whether a symbol of colour c is crossed out anywhere.
func (s *sheet) broken(c Colour) bool {
	for k, marked := range s {
		if marked && layout[k/SymbolsPerPanel][k%SymbolsPerPanel].Colour == c {
			return true
		}
	}
	return false
}

func (s *sheet) circuitDone(c Circuit) bool {
	for k, marked := range s {
		if layout[k/SymbolsPerPanel][k%SymbolsPerPanel].Circuit == c && !marked {
			return false
		}
	}
	return true
}

func (s *sheet) panelFull(p int) bool {
	for i := range SymbolsPerPanel {
		if !s[p*SymbolsPerPanel+i] {
			return false
		}
	}
	return true
}

func (s *sheet) radiationFull() bool {
	for k, marked := range s {
		if layout[k/SymbolsPerPanel][k%SymbolsPerPanel].Colour == RadiationSymbol && !marked {
			return false
		}
	}
	return true
}

// markOutcome is what one cross-out led to.
type markOutcome struct {
	repaired Circuit // a circuit completed and erased itself
	damage   string  // "reactor" or the panel's heading when the sheet overloaded
}

// mark crosses out symbol i of panel p and applies the sheet's rules. When
// one mark completes a circuit and its panel, damageFirst picks the panel
// damage over the self-repair. One mark never causes two damages.
func (s *sheet) mark(p, i int, damageFirst bool) markOutcome {
	s[p*SymbolsPerPanel+i] = true
	var out markOutcome
	c := layout[p][i].Circuit
	if c != NoCircuit && s.circuitDone(c) && !(damageFirst && s.panelFull(p)) {
		for k := range s {
			if layout[k/SymbolsPerPanel][k%SymbolsPerPanel].Circuit == c {
				s[k] = false
			}
		}
		out.repaired = c
	}
	switch {
	case s.radiationFull():
		out.damage = "reactor"
	case s.panelFull(p):
		out.damage = strings.ToUpper(Panels[p].String()) + " panel"
	}
	if out.damage != "" {
		*s = sheet{}
	}
	return out
}
