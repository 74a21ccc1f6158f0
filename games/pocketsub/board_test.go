package pocketsub

import (
	"slices"
	"testing"
)

// boards are every board a match can have: the introductory layouts and
// standard boards of a few seeds, for each player count.
func boards(t *testing.T) map[string]*Game {
	out := map[string]*Game{}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		out[string(rune('0'+n))+"p intro"] = New(Options{Players: n, Setup: SetupIntro}, 1)
		for seed := range uint64(4) {
			out[string(rune('0'+n))+"p standard "+string(rune('0'+seed))] = New(Options{Players: n, Setup: SetupStandard}, seed)
		}
	}
	return out
}

// The rulebook's adjacency: a centre touches its 6 edge regions; an edge
// region touches 3 regions of its tile and the edge region across the side
// it shares with a neighbouring tile, if there is one. It is symmetric.
func TestAdjacency(t *testing.T) {
	for name, g := range boards(t) {
		b := g.board
		for r := Region(0); int(r) < b.regions(); r++ {
			own, across := 0, 0
			for _, n := range b.adj[r] {
				if !b.adjacent(n, r) {
					t.Fatalf("%s: %s touches %s but not back", name, b.name(r), b.name(n))
				}
				if n.tile() == r.tile() {
					own++
				} else {
					across++
					if r.centre() || n.centre() || n.side() != (r.side()+3)%6 {
						t.Fatalf("%s: %s touches %s across tiles", name, b.name(r), b.name(n))
					}
				}
			}
			if r.centre() && (own != 6 || across != 0) {
				t.Fatalf("%s: centre %s has %d+%d neighbours", name, b.name(r), own, across)
			}
			if !r.centre() {
				_, hasTile := b.index[b.tiles[r.tile()].at.add(directions[r.side()])]
				if own != 3 || (across == 1) != hasTile || across > 1 {
					t.Fatalf("%s: edge %s has %d on its tile and %d across (a tile beyond: %v)", name, b.name(r), own, across, hasTile)
				}
			}
		}
		// Every tile touches another: the ocean is in one piece.
		for i, tl := range b.tiles {
			linked := false
			for _, d := range directions {
				_, ok := b.index[tl.at.add(d)]
				linked = linked || ok
			}
			if !linked {
				t.Fatalf("%s: tile %d stands alone", name, i)
			}
		}
	}
}

func TestRegionNames(t *testing.T) {
	g := New(Options{Players: 4}, 1)
	b := g.board
	for r := Region(0); int(r) < b.regions(); r++ {
		if p, ok := b.parse(b.name(r)); !ok || p != r {
			t.Fatalf("%s reads back as %d %v", b.name(r), p, ok)
		}
	}
	if r, ok := b.parse(" c4 "); !ok || b.name(r) != "C4" {
		t.Fatalf("c4 reads as %v %v", r, ok)
	}
	for _, bad := range []string{"", "C", "C7", "I1", "CC", "C-1", "4C", "C44", "é1"} {
		if _, ok := b.parse(bad); ok {
			t.Fatalf("%q reads as a region", bad)
		}
	}
	// Tiles are lettered in reading order: top to bottom, then left to right.
	var order []Hex
	for _, tl := range b.tiles {
		order = append(order, tl.at)
	}
	want := []Hex{{-1, 0}, {1, -1}, {0, 0}, {-1, 1}, {1, 0}, {0, 1}, {-1, 2}, {1, 1}}
	if !slices.Equal(order, want) {
		t.Fatalf("tiles A-H at %v; want %v", order, want)
	}
}

// A tile turned rot steps clockwise shows printed edge k along side
// (k+rot)%6; its centre does not change.
func TestTerrainOfTurnedTiles(t *testing.T) {
	f := &TileFace{ID: "T", Centre: Deep, Edges: [6]Terrain{Rocky, Shallow, Shallow, Shallow, Shallow, Shallow}}
	for rot := range 6 {
		b := newBoard([]placed{{at: Hex{0, 0}, face: f, rot: rot}})
		for s := range 6 {
			want := Shallow
			if s == rot {
				want = Rocky
			}
			if got := b.terrain(regionAt(0, s+1)); got != want {
				t.Fatalf("rot %d: side %d is %s; want %s", rot, s, got, want)
			}
		}
		if b.terrain(regionAt(0, 0)) != Deep {
			t.Fatal("the centre changed")
		}
	}
	for _, c := range []struct {
		from    int
		step    int
		wantTo  int
		comment string
	}{
		{1, 1, 2, "top to upper right, clockwise"},
		{6, 1, 1, "upper left to top, clockwise"},
		{1, -1, 6, "top to upper left, counter-clockwise"},
		{0, 1, 0, "the centre stays"},
	} {
		if got := turnRegion(regionAt(2, c.from), c.step); got != regionAt(2, c.wantTo) {
			t.Fatalf("%s: slot %d goes to %d", c.comment, c.from, got.slot())
		}
	}
}

// The house tiles and layouts hold together: standard setup uses exactly
// the tiles marked for the player count, in the introductory places; each
// count has more deep centres than players (so every Command Centre finds
// one and running deep has a free target); the introductory pieces stand
// where the standard setup would allow them.
func TestHouseData(t *testing.T) {
	counts := map[int]int{2: 5, 3: 6, 4: 8}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		l := layouts[n]
		if len(l.Tiles) != counts[n] {
			t.Fatalf("%d players: %d tiles", n, len(l.Tiles))
		}
		deep := 0
		for _, lt := range l.Tiles {
			if face(lt.Tile).Centre == Deep {
				deep++
			}
		}
		if deep <= n {
			t.Fatalf("%d players: %d deep centres", n, deep)
		}
		g := New(Options{Players: n}, 1)
		for s, ls := range l.Seats {
			cc := region(t, g, ls.CommandCentre)
			if g.board.terrain(cc) != Deep {
				t.Fatalf("%d players: %s's Command Centre on %s", n, g.colours[s], ls.CommandCentre)
			}
			if len(ls.Subs) != g.opts.subsEach() {
				t.Fatalf("%d players: %s has %d Subs", n, g.colours[s], len(ls.Subs))
			}
			for _, at := range ls.Subs {
				if g.board.terrain(region(t, g, at)) == Deep {
					t.Fatalf("%d players: %s's Sub on deep %s", n, g.colours[s], at)
				}
			}
		}
		g = started(t, Options{Players: n}, 1)
		invariants(t, g)
		for seed := range uint64(6) {
			s := New(Options{Players: n, Setup: SetupStandard}, seed)
			var ids []string
			for _, tl := range s.board.tiles {
				ids = append(ids, tl.face.ID)
				if !slices.Contains(tl.face.Players, n) {
					t.Fatalf("%d players, seed %d: tile %s is not marked for %d", n, seed, tl.face.ID, n)
				}
			}
			slices.Sort(ids)
			if len(slices.Compact(ids)) != counts[n] {
				t.Fatalf("%d players, seed %d: tiles %v", n, seed, ids)
			}
		}
	}
}

// Standard boards differ by seed, in which tile goes where and how it is
// turned, and the same seed lays the same board.
func TestStandardBoardsAreSeeded(t *testing.T) {
	layout := func(seed uint64) string {
		s := ""
		for _, tl := range New(Options{Players: 3, Setup: SetupStandard}, seed).board.tiles {
			s += tl.face.ID + string(rune('0'+tl.rot))
		}
		return s
	}
	seen := map[string]bool{}
	for seed := range uint64(20) {
		if first := layout(seed); first != layout(seed) {
			t.Fatal("the same seed laid two boards")
		}
		seen[layout(seed)] = true
	}
	if len(seen) < 15 {
		t.Fatalf("20 seeds laid only %d different boards", len(seen))
	}
}
