package pocketsub

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
)

// The house content, as data: the publisher has not published the faces
// and back icons of the tiles, nor the introductory layouts, so these are
// ours (docs/rules-decisions.md says why each one is as it is).
var (
	//go:embed data/tiles.json
	tilesJSON []byte
	//go:embed data/layouts.json
	layoutsJSON []byte
)

// TileFace is one printed Ocean tile.
type TileFace struct {
	ID     string
	Centre Terrain
	// Edges are the six edge regions as printed, clockwise from the
	// printed top.
	Edges [6]Terrain
	// Players are the player counts on the tile's back: standard setup
	// uses only the tiles marked with the number of players.
	Players []int
}

// LayoutTile is a tile of an introductory layout.
type LayoutTile struct {
	Q    int    `json:"q"`
	R    int    `json:"r"`
	Tile string `json:"tile"`
	Rot  int    `json:"rot"`
}

// LayoutSeat is where one seat's pieces start in an introductory layout.
type LayoutSeat struct {
	CommandCentre string   `json:"command_centre"`
	Subs          []string `json:"subs"`
}

// Layout is the introductory setup for one player count. Standard setup
// lays the tiles of the same count in the same places.
type Layout struct {
	Tiles []LayoutTile `json:"tiles"`
	Seats []LayoutSeat `json:"seats"`
	// Mines is each player's supply of Mines in turn order, the first
	// player's first, on this layout; StandardMines with the standard
	// setup. Both setups of the rulebook give every player the 12 Mines of
	// their colour, so the data holds 12 each; a supply is a clock (the
	// first player's runs out first), and the introductory layouts, not
	// the supplies, are what bot-against-bot balance tunes
	// (docs/rules-decisions.md).
	Mines         []int `json:"mines"`
	StandardMines []int `json:"standard_mines"`
}

// The data, read when the package loads (before Definition, which states
// the Mine supplies in its house rules).
var (
	faces   = must(loadFaces(tilesJSON))
	layouts = must(loadLayouts(layoutsJSON, faces))
)

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func face(id string) *TileFace {
	for _, f := range faces {
		if f.ID == id {
			return f
		}
	}
	return nil
}

func loadFaces(data []byte) ([]*TileFace, error) {
	var file struct {
		Tiles []struct {
			ID      string `json:"id"`
			Centre  string `json:"centre"`
			Edges   string `json:"edges"`
			Players []int  `json:"players"`
		} `json:"tiles"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("tiles.json: %w", err)
	}
	var out []*TileFace
	for _, t := range file.Tiles {
		f := &TileFace{ID: t.ID, Players: t.Players}
		switch t.Centre {
		case "deep":
			f.Centre = Deep
		case "shallow":
			f.Centre = Shallow
		default:
			return nil, fmt.Errorf("tiles.json: tile %s: a centre is deep or shallow, not %q", t.ID, t.Centre)
		}
		if len(t.Edges) != 6 {
			return nil, fmt.Errorf("tiles.json: tile %s has %d edges, not 6", t.ID, len(t.Edges))
		}
		for i, c := range t.Edges {
			switch c {
			case 's':
				f.Edges[i] = Shallow
			case 'r':
				f.Edges[i] = Rocky
			default:
				return nil, fmt.Errorf("tiles.json: tile %s: an edge is s (shallow) or r (rocky), not %q", t.ID, c)
			}
		}
		for _, p := range t.Players {
			if p < MinPlayers || p > MaxPlayers {
				return nil, fmt.Errorf("tiles.json: tile %s is marked for %d players", t.ID, p)
			}
		}
		out = append(out, f)
	}
	return out, nil
}

func loadLayouts(data []byte, faces []*TileFace) (map[int]*Layout, error) {
	var file struct {
		Layouts map[string]*Layout `json:"layouts"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("layouts.json: %w", err)
	}
	out := map[int]*Layout{}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		l := file.Layouts[fmt.Sprint(n)]
		if l == nil {
			return nil, fmt.Errorf("layouts.json: no layout for %d players", n)
		}
		if len(l.Seats) != n {
			return nil, fmt.Errorf("layouts.json: the %d-player layout seats %d", n, len(l.Seats))
		}
		for _, supply := range [][]int{l.Mines, l.StandardMines} {
			if len(supply) != n {
				return nil, fmt.Errorf("layouts.json: the %d-player layout gives Mines to %d players", n, len(supply))
			}
			for _, m := range supply {
				if m < 1 || m > MinesEach {
					return nil, fmt.Errorf("layouts.json: the %d-player layout gives a player %d Mines; the box holds %d of a colour", n, m, MinesEach)
				}
			}
		}
		// The standard setup lays the tiles marked for n players in the
		// same places, so there must be exactly as many.
		var marked []string
		for _, f := range faces {
			if slices.Contains(f.Players, n) {
				marked = append(marked, f.ID)
			}
		}
		if len(marked) != len(l.Tiles) {
			return nil, fmt.Errorf("layouts.json: the %d-player layout has %d tiles, %d are marked for %d players", n, len(l.Tiles), len(marked), n)
		}
		for _, t := range l.Tiles {
			if !slices.Contains(marked, t.Tile) {
				return nil, fmt.Errorf("layouts.json: the %d-player layout uses %s, which is not marked for %d players", n, t.Tile, n)
			}
		}
		out[n] = l
	}
	return out, nil
}
