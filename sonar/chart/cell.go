package chart

import (
	"fmt"
	"strconv"
	"strings"
)

// Cell is a space on the sheet. Col 0 is column A, Row 0 is row 1.
// In JSON and in messages to players it is written by name: "C6".
type Cell struct {
	Col int `json:"-"`
	Row int `json:"-"`
}

// String is the cell's name as players say it: column letter, then row number.
func (c Cell) String() string {
	if c.Col < 0 || c.Col >= 26 {
		return fmt.Sprintf("(%d,%d)", c.Col, c.Row)
	}
	return ColumnName(c.Col) + strconv.Itoa(c.Row+1)
}

// ParseCell reads a cell name such as "C6" or "o15". It does not know the map
// size; Map.Parse also checks bounds.
func ParseCell(s string) (Cell, error) {
	s = strings.TrimSpace(strings.ToUpper(s))
	if len(s) < 2 || len(s) > 3 || s[0] < 'A' || s[0] > 'Z' {
		return Cell{}, fmt.Errorf("%q is not a cell name (a column letter then a row number, like C6)", s)
	}
	row, err := strconv.Atoi(s[1:])
	if err != nil || row < 1 || s[1] == '0' || s[1] == '+' || s[1] == '-' {
		return Cell{}, fmt.Errorf("%q is not a cell name (a column letter then a row number, like C6)", s)
	}
	return Cell{Col: int(s[0] - 'A'), Row: row - 1}, nil
}

// MarshalText writes the cell's name.
func (c Cell) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// AppendText appends the cell's name to b: MarshalText's bytes without a
// string or a slice of their own, for views written by hand.
func (c Cell) AppendText(b []byte) ([]byte, error) {
	if c.Col < 0 || c.Col >= 26 {
		return append(b, c.String()...), nil
	}
	return strconv.AppendInt(append(b, byte('A'+c.Col)), int64(c.Row+1), 10), nil
}

// UnmarshalText reads a cell name.
func (c *Cell) UnmarshalText(b []byte) error {
	p, err := ParseCell(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// Add is the cell one step away in direction d (it may be off the map).
func (c Cell) Add(d Dir) Cell {
	v := d.delta()
	return Cell{Col: c.Col + v.Col, Row: c.Row + v.Row}
}

// Chebyshev is the king-move distance: 0 same cell, 1 adjacent (diagonals too).
// It decides direct and indirect hits.
func Chebyshev(a, b Cell) int {
	return max(abs(a.Col-b.Col), abs(a.Row-b.Row))
}

// Manhattan is the orthogonal distance ignoring islands.
func Manhattan(a, b Cell) int { return abs(a.Col-b.Col) + abs(a.Row-b.Row) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Dir is a course heading.
type Dir uint8

// The four headings, in the order of the Engineer's panels is West, North,
// South, East; Dirs lists them clockwise from north.
const (
	North Dir = iota
	East
	South
	West
)

// Dirs lists the headings clockwise from north.
var Dirs = [4]Dir{North, East, South, West}

var dirNames = [4]string{"NORTH", "EAST", "SOUTH", "WEST"}

func (d Dir) String() string {
	if int(d) < len(dirNames) {
		return dirNames[d]
	}
	return fmt.Sprintf("Dir(%d)", d)
}

func (d Dir) delta() Cell {
	switch d {
	case North:
		return Cell{Row: -1}
	case East:
		return Cell{Col: 1}
	case South:
		return Cell{Row: 1}
	case West:
		return Cell{Col: -1}
	}
	return Cell{}
}

// Opposite is the heading back.
func (d Dir) Opposite() Dir { return (d + 2) % 4 }

// ParseDir reads "N", "north", "NORTH" and so on.
func ParseDir(s string) (Dir, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "N", "NORTH":
		return North, nil
	case "E", "EAST":
		return East, nil
	case "S", "SOUTH":
		return South, nil
	case "W", "WEST":
		return West, nil
	}
	return 0, fmt.Errorf("%q is not a heading (north, east, south or west)", s)
}

// MarshalText writes the heading in capitals, as the Captain announces it.
func (d Dir) MarshalText() ([]byte, error) {
	if int(d) >= len(dirNames) {
		return nil, fmt.Errorf("invalid heading %d", d)
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads a heading.
func (d *Dir) UnmarshalText(b []byte) error {
	p, err := ParseDir(string(b))
	if err != nil {
		return err
	}
	*d = p
	return nil
}
