// Package chart holds the Captain Sonar sea charts: the five scenario maps on
// both sides of the sheet, cell names ("C6"), sectors, islands, Echo's Archer
// mines, and the geometry every rule needs (courses, neighbours, torpedo reach).
//
// The maps are embedded text files, one character a cell: '.' water,
// 'X' island, 'M' water holding a printed Archer mine. Columns are letters
// from the left, rows are numbers from the top, north is up.
package chart

import (
	"embed"
	"fmt"
	"sort"
	"strings"
)

//go:embed maps/*.txt
var mapFiles embed.FS

// Side is the side of the Captain sheet: it decides the grid size and sectors.
type Side uint8

const (
	// RealTime is the dark side: 15x15, nine sectors.
	RealTime Side = iota
	// TurnBased is the light side: 10x10, four sectors.
	TurnBased
)

func (s Side) String() string {
	if s == TurnBased {
		return "turnbased"
	}
	return "realtime"
}

// ParseSide reads "realtime" or "turnbased".
func ParseSide(s string) (Side, error) {
	switch strings.ToLower(s) {
	case "realtime", "real-time", "rt":
		return RealTime, nil
	case "turnbased", "turn-based", "tbt":
		return TurnBased, nil
	}
	return 0, fmt.Errorf("unknown side %q (want realtime or turnbased)", s)
}

// SectorSize is the width of a square sector in cells, on both sides.
const SectorSize = 5

// Map is one scenario map on one side of the sheet. It is immutable.
type Map struct {
	Name   string // "alpha" .. "echo"
	Side   Side
	Size   int // cells per row and per column
	island []bool
	archer []bool
}

// Names lists the scenario maps, in the rulebook's order.
func Names() []string {
	return []string{"alpha", "bravo", "charlie", "delta", "echo"}
}

var loaded = map[string]*Map{}

func init() {
	for _, name := range Names() {
		for _, side := range []Side{RealTime, TurnBased} {
			m, err := parse(name, side)
			if err != nil {
				panic(err) // embedded data is part of the build
			}
			loaded[key(name, side)] = m
		}
	}
}

func key(name string, side Side) string { return name + "-" + side.String() }

// Load returns the named map for a side.
func Load(name string, side Side) (*Map, error) {
	m, ok := loaded[key(strings.ToLower(name), side)]
	if !ok {
		return nil, fmt.Errorf("unknown map %q (maps: %s)", name, strings.Join(Names(), ", "))
	}
	return m, nil
}

// MustLoad is Load for names known at compile time.
func MustLoad(name string, side Side) *Map {
	m, err := Load(name, side)
	if err != nil {
		panic(err)
	}
	return m
}

func parse(name string, side Side) (*Map, error) {
	raw, err := mapFiles.ReadFile("maps/" + key(name, side) + ".txt")
	if err != nil {
		return nil, err
	}
	rows := strings.Fields(string(raw))
	size := len(rows)
	if want := map[Side]int{RealTime: 15, TurnBased: 10}[side]; size != want {
		return nil, fmt.Errorf("map %s: %d rows, want %d", key(name, side), size, want)
	}
	m := &Map{Name: name, Side: side, Size: size, island: make([]bool, size*size), archer: make([]bool, size*size)}
	for r, row := range rows {
		if len(row) != size {
			return nil, fmt.Errorf("map %s row %d: %d cells, want %d", key(name, side), r+1, len(row), size)
		}
		for c, ch := range row {
			switch ch {
			case '.':
			case 'X':
				m.island[r*size+c] = true
			case 'M':
				m.archer[r*size+c] = true
			default:
				return nil, fmt.Errorf("map %s row %d: unknown cell %q", key(name, side), r+1, ch)
			}
		}
	}
	return m, nil
}

// Cells is the number of cells on the map, islands included.
func (m *Map) Cells() int { return m.Size * m.Size }

// Index numbers a cell row by row from A1; it is the bit position trackers use.
func (m *Map) Index(c Cell) int { return c.Row*m.Size + c.Col }

// At is the inverse of Index.
func (m *Map) At(i int) Cell { return Cell{Col: i % m.Size, Row: i / m.Size} }

// Contains reports whether c is on the map.
func (m *Map) Contains(c Cell) bool {
	return c.Col >= 0 && c.Row >= 0 && c.Col < m.Size && c.Row < m.Size
}

// Island reports whether c is an island. Off-map cells are not islands.
func (m *Map) Island(c Cell) bool { return m.Contains(c) && m.island[m.Index(c)] }

// Water reports whether a submarine may be at c: on the map and not an island.
func (m *Map) Water(c Cell) bool { return m.Contains(c) && !m.island[m.Index(c)] }

// Archer reports whether a printed Archer mine (Echo) lies at c.
func (m *Map) Archer(c Cell) bool { return m.Contains(c) && m.archer[m.Index(c)] }

// ArcherMines lists the printed Archer mines in index order.
func (m *Map) ArcherMines() []Cell {
	var out []Cell
	for i, a := range m.archer {
		if a {
			out = append(out, m.At(i))
		}
	}
	return out
}

// WaterCells lists every water cell in index order.
func (m *Map) WaterCells() []Cell {
	var out []Cell
	for i, isl := range m.island {
		if !isl {
			out = append(out, m.At(i))
		}
	}
	return out
}

// Sectors is the number of sectors: 9 in real time, 4 turn by turn.
func (m *Map) Sectors() int { n := m.Size / SectorSize; return n * n }

// Sector numbers sectors from 1, left to right, then top to bottom.
func (m *Map) Sector(c Cell) int {
	return (c.Row/SectorSize)*(m.Size/SectorSize) + c.Col/SectorSize + 1
}

// Parse reads a cell name such as "C6" and checks that it is on this map.
func (m *Map) Parse(s string) (Cell, error) {
	c, err := ParseCell(s)
	if err != nil {
		return Cell{}, err
	}
	if !m.Contains(c) {
		return Cell{}, fmt.Errorf("%s is off the map (%s to %s)", c, Cell{}, Cell{Col: m.Size - 1, Row: m.Size - 1})
	}
	return c, nil
}

// ColumnName is the letter of a 0-based column.
func ColumnName(col int) string { return string(rune('A' + col)) }

// Step is the cell one course away in direction d, and whether it is on the map.
func (m *Map) Step(c Cell, d Dir) (Cell, bool) {
	n := c.Add(d)
	return n, m.Contains(n)
}

// Neighbours lists the on-map cells around c: the 4 orthogonal ones, or all 8
// when diagonal is set.
func (m *Map) Neighbours(c Cell, diagonal bool) []Cell {
	var out []Cell
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if (dr == 0 && dc == 0) || (!diagonal && dr != 0 && dc != 0) {
				continue
			}
			n := Cell{Col: c.Col + dc, Row: c.Row + dr}
			if m.Contains(n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// Reach maps every water cell within max orthogonal water steps of from to its
// distance. The path may turn corners but never crosses an island; from itself
// is at distance 0. This is the torpedo range the rulebook describes.
func (m *Map) Reach(from Cell, max int) map[Cell]int {
	dist := map[Cell]int{from: 0}
	if !m.Water(from) {
		return dist
	}
	frontier := []Cell{from}
	for d := 1; d <= max && len(frontier) > 0; d++ {
		var next []Cell
		for _, c := range frontier {
			for _, dir := range Dirs {
				n := c.Add(dir)
				if _, seen := dist[n]; seen || !m.Water(n) {
					continue
				}
				dist[n] = d
				next = append(next, n)
			}
		}
		frontier = next
	}
	return dist
}

// SortCells orders cells by index (row by row), for stable output.
func SortCells(cs []Cell) {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Row != cs[j].Row {
			return cs[i].Row < cs[j].Row
		}
		return cs[i].Col < cs[j].Col
	})
}
