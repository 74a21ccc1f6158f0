package saga

import (
	"fmt"
	"strconv"
	"strings"
)

// Hex is a tile position in axial coordinates of flat-topped hexes. The
// first player's base stands on 0,0 at the bottom of the map, the map grows
// north (towards smaller R), and Q counts columns from west to east.
type Hex struct{ Q, R int }

// The six sides of a flat-topped hex, clockwise from north.
const (
	North = iota
	NorthEast
	SouthEast
	South
	SouthWest
	NorthWest
)

var directions = [6]Hex{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}

func (h Hex) add(d Hex) Hex { return Hex{h.Q + d.Q, h.R + d.R} }

// neighbour is the position beyond side s.
func (h Hex) neighbour(s int) Hex { return h.add(directions[s]) }

// String is the wire name of a position: "q,r", e.g. "1,-2".
func (h Hex) String() string { return strconv.Itoa(h.Q) + "," + strconv.Itoa(h.R) }

// Label is how the board and every sentence name a position: a column
// letter, A to G from west to east as the first player sees the table
// (the first base's column is D), and a row number counting north from the
// first base's row 1 (the columns in between sit half a row lower, so the
// first base's neighbours are D2, C2, E2, C1, E1 and D0). The first base is
// D1. Positions off the table keep their wire name.
func (h Hex) Label() string {
	if abs(h.Q) > TableHalfWidth {
		return h.String()
	}
	return string(rune('A'+h.Q+TableHalfWidth)) + strconv.Itoa(1-h.R-floorHalf(h.Q))
}

// floorHalf is q/2 rounded down.
func floorHalf(q int) int {
	if q < 0 {
		return -((-q + 1) / 2)
	}
	return q / 2
}

// distance is the number of steps between two hexes, ignoring gaps.
func distance(a, b Hex) int {
	dq, dr := a.Q-b.Q, a.R-b.R
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// parseHex reads "q,r". Coordinates far beyond any map are refused so that a
// hostile number cannot overflow anything.
func parseHex(s string) (Hex, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), ",")
	if !ok {
		return Hex{}, fmt.Errorf("%s is not a tile position: positions are written q,r like 0,-1", quote(s))
	}
	q, err1 := strconv.Atoi(strings.TrimSpace(a))
	r, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || abs(q) > 64 || abs(r) > 64 {
		return Hex{}, fmt.Errorf("%s is not a tile position: positions are written q,r like 0,-1", quote(s))
	}
	return Hex{q, r}, nil
}
