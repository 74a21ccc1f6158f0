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
