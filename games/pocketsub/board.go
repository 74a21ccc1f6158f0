package pocketsub

import (
	"fmt"
	"sort"
	"strings"
)

// Terrain is what a region is made of.
type Terrain uint8

// The three kinds of water. Deep regions exist only at tile centres.
const (
	Shallow Terrain = iota
	Deep
	Rocky
)

func (t Terrain) String() string {
	return [...]string{"shallow", "deep", "rocky"}[t]
}

// cost is the movement points it takes to enter a region of this terrain
// from a neighbouring region.
func (t Terrain) cost() int {
	if t == Rocky {
		return 2
	}
	return 1
}

// RunDeepCost is what running deep costs, from a deep region to a deep
// region on another tile.
const RunDeepCost = 2

// Hex is a tile position in axial coordinates of flat-topped hexes: Q counts
// columns from west to east, R grows towards the south-south-west.
type Hex struct{ Q, R int }

// The six sides of a flat-topped tile, clockwise from the top. Edge region
// k (1-6) of a tile lies along side k-1.
var directions = [6]Hex{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}

func (h Hex) add(d Hex) Hex { return Hex{h.Q + d.Q, h.R + d.R} }

// Region is a region of the board: tile index * 7 + slot, where slot 0 is
// the centre and slots 1-6 are the edges along sides 0-5.
type Region int16

// NoRegion is the absence of a region.
const NoRegion Region = -1

const slots = 7

func (r Region) tile() int { return int(r) / slots }
func (r Region) slot() int { return int(r) % slots }

// side is the tile side an edge region lies along (0-5); -1 for a centre.
func (r Region) side() int { return r.slot() - 1 }

func (r Region) centre() bool { return r.slot() == 0 }

func regionAt(tile, slot int) Region { return Region(tile*slots + slot) }

// placed is an Ocean tile on the table.
type placed struct {
	at   Hex
	face *TileFace
	// rot turns the tile clockwise in 60-degree steps: printed edge k lies
	// along board side (k+rot)%6.
	rot  int
	name string // "A", "B", ... in reading order, top to bottom
}

// Board is the ocean: the tiles, where they are and how they are turned.
// Adjacency depends only on where the tiles are; turning a tile changes
// which terrain lies along which side.
type Board struct {
	tiles []placed
	index map[Hex]int
	// adj lists each region's neighbours; the order is the regions' order.
	adj [][]Region
}

// newBoard lays tiles at the given positions, names them in reading order
// (top to bottom, then left to right) and works out every adjacency.
func newBoard(tiles []placed) *Board {
	sorted := append([]placed(nil), tiles...)
	sort.Slice(sorted, func(i, j int) bool {
		a, b := sorted[i].at, sorted[j].at
		// y of a flat-topped tile centre grows with 2R+Q.
		if ya, yb := 2*a.R+a.Q, 2*b.R+b.Q; ya != yb {
			return ya < yb
		}
		return a.Q < b.Q
	})
	b := &Board{tiles: sorted, index: map[Hex]int{}}
	for i := range b.tiles {
		b.tiles[i].name = string(rune('A' + i))
		b.tiles[i].rot = ((b.tiles[i].rot % 6) + 6) % 6
		b.index[b.tiles[i].at] = i
	}
	b.adj = make([][]Region, len(b.tiles)*slots)
	for t, tl := range b.tiles {
		c := regionAt(t, 0)
		for s := range 6 {
			e := regionAt(t, s+1)
			b.adj[c] = append(b.adj[c], e)
			b.adj[e] = append(b.adj[e], c, regionAt(t, (s+5)%6+1), regionAt(t, (s+1)%6+1))
			if o, ok := b.index[tl.at.add(directions[s])]; ok {
				b.adj[e] = append(b.adj[e], regionAt(o, (s+3)%6+1))
			}
		}
	}
	for r := range b.adj {
		sort.Slice(b.adj[r], func(i, j int) bool { return b.adj[r][i] < b.adj[r][j] })
	}
	return b
}

// regions is the number of regions on the board.
func (b *Board) regions() int { return len(b.tiles) * slots }

func (b *Board) valid(r Region) bool { return r >= 0 && int(r) < b.regions() }

// terrain is what region r is made of, with its tile's present turn.
func (b *Board) terrain(r Region) Terrain {
	t := b.tiles[r.tile()]
	if r.centre() {
		return t.face.Centre
	}
	return t.face.Edges[((r.side()-t.rot)%6+6)%6]
}

func (b *Board) adjacent(a, c Region) bool {
	for _, n := range b.adj[a] {
		if n == c {
			return true
		}
	}
	return false
}

// name is a region's name at the table: the tile's letter and the slot,
// "C0" for the centre of tile C, "C1" to "C6" for its edges clockwise from
// the top.
func (b *Board) name(r Region) string {
	if !b.valid(r) {
		return "?"
	}
	return fmt.Sprintf("%s%d", b.tiles[r.tile()].name, r.slot())
}

// say is a region as a player reads it, the way the board labels it: the
// tile's letter is drawn in its centre and the numbers 1 to 6 on its
// edges, so "tile C centre" and "tile C space 2" (name's "C0" and "C2" are
// for machines: commands, views and event data).
func (b *Board) say(r Region) string {
	if !b.valid(r) {
		return "?"
	}
	if r.slot() == 0 {
		return fmt.Sprintf("tile %s centre", b.tiles[r.tile()].name)
	}
	return fmt.Sprintf("tile %s space %d", b.tiles[r.tile()].name, r.slot())
}

// Say is say at the start of a sentence.
func (b *Board) Say(r Region) string { return capital(b.say(r)) }

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// parse reads a region's name; case and surrounding spaces do not matter.
func (b *Board) parse(text string) (Region, bool) {
	s := strings.ToUpper(strings.TrimSpace(text))
	if len(s) != 2 || s[1] < '0' || s[1] > '6' {
		return NoRegion, false
	}
	t := int(s[0] - 'A')
	if t < 0 || t >= len(b.tiles) {
		return NoRegion, false
	}
	return regionAt(t, int(s[1]-'0')), true
}

// turnRegion is where a piece on r ends up when its tile turns one step
// (+1 clockwise, -1 counter-clockwise). Centres stay put.
func turnRegion(r Region, step int) Region {
	if r.centre() {
		return r
	}
	return regionAt(r.tile(), ((r.side()+step)%6+6)%6+1)
}

// clone copies the board; tiles are turned on the copy only.
func (b *Board) clone() *Board {
	c := *b
	c.tiles = append([]placed(nil), b.tiles...)
	return &c
}
