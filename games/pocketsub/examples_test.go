package pocketsub

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// Every example of the rulebook, on a board built to match its picture.
// Two tiles side by side: A at 0,0 and B at 1,0, so A3 (A's lower right
// edge) touches B6 (B's upper left edge).

// The adjacency picture: on a tile with a shallow centre, a Sub in the
// centre may move into each of the 6 regions around it; on the tile with a
// deep centre, a Sub on a small edge region may move into the 3 regions of
// its own tile next to it and the small region across the shared side.
// The page rings exactly the first steps of the listed moves.
func TestExampleAdjacency(t *testing.T) {
	tiles := []string{"0,0 S ssssss", "1,0 D ssssss"}
	for _, c := range []struct {
		turn  int
		sub   string
		steps string
	}{
		{0, "red1", "A1 A2 A3 A4 A5 A6"},
		{1, "blue1", "A3 B0 B1 B5"},
	} {
		g := build(t, scen{turn: c.turn, tiles: tiles, pieces: []string{"red1 A0", "blue1 B6"}})
		first := map[string]bool{}
		for _, m := range g.view(c.turn).Moves {
			if m.Sub == c.sub {
				first[m.Path[0]] = true
			}
		}
		got := slices.Sorted(maps.Keys(first))
		if strings.Join(got, " ") != c.steps {
			t.Errorf("%s can first move into %v; want %s", c.sub, got, c.steps)
		}
	}
}

// Example 1: 2 points into the rocky region, 1 into a shallow one; the Mine
// goes in the rocky region.
func TestExampleRockyThenShallow(t *testing.T) {
	g := build(t, scen{tiles: []string{"0,0 S srssss", "1,0 S ssssss"}, pieces: []string{"red1 A1", "blue1 B4"}})
	m, ok := moveOf(g, "red1", "A2", "A3")
	if !ok {
		t.Fatal("rocky A2 then shallow A3 is not listed")
	}
	if m.Cost != 3 || !slices.Equal(m.Mines, []string{"A1", "A2"}) || m.Lost != "" {
		t.Fatalf("listed as %+v; want 3 points, a Mine on A1 or A2, the Sub afloat", m)
	}
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A2","A3"],"mine":"A2"}`)
	if at(g, "A3") != "red1" || at(g, "A2") != "mine:R" || at(g, "A1") != "" {
		t.Fatalf("A1 %q, A2 %q, A3 %q", at(g, "A1"), at(g, "A2"), at(g, "A3"))
	}
	if g.mines[0] != MinesEach-1 {
		t.Fatalf("Red has %d Mines left", g.mines[0])
	}
}

// Example 2: 1 point into the deep region, 2 into a rocky one; the Mine
// goes in the shallow start region (deep regions take no Mines).
func TestExampleDeepThenRocky(t *testing.T) {
	g := build(t, scen{tiles: []string{"0,0 D ssrsss", "1,0 S ssssss"}, pieces: []string{"red1 A1", "blue1 B4"}})
	m, ok := moveOf(g, "red1", "A0", "A3")
	if !ok || m.Cost != 3 || !slices.Equal(m.Mines, []string{"A1"}) {
		t.Fatalf("deep A0 then rocky A3: %+v %v; want 3 points and a Mine only on A1", m, ok)
	}
	refused(t, g, 0, `{"type":"move","sub":"red1","path":["A0","A3"],"mine":"A0"}`, "mine_deep")
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A0","A3"],"mine":"A1"}`)
	if at(g, "A1") != "mine:R" || at(g, "A3") != "red1" {
		t.Fatalf("A1 %q, A3 %q", at(g, "A1"), at(g, "A3"))
	}
}

// Example 3: run deep for 2 points, then 1 into a shallow region. Both
// regions the Sub left are deep, so it cannot lay a Mine: it is destroyed.
func TestExampleRunDeepNoMine(t *testing.T) {
	g := build(t, scen{tiles: []string{"0,0 D ssssss", "1,0 D ssssss"}, pieces: []string{"red1 A0", "red2 A4", "blue1 B4"}})
	m, ok := moveOf(g, "red1", "B0", "B1")
	if !ok || m.Cost != 3 || len(m.Mines) != 0 || m.Lost != "no_mine" || !strings.Contains(m.Why, "nowhere to lay its Mine") {
		t.Fatalf("run deep to B0 then B1: %+v %v; want no Mine and the Sub lost (no_mine)", m, ok)
	}
	refused(t, g, 0, `{"type":"move","sub":"red1","path":["B0","B1"],"mine":"A0"}`, "mine_deep")
	evs := mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["B0","B1"]}`)
	if at(g, "B1") != "" || g.subs[0].alive {
		t.Fatalf("Red 1 is still in play on %q", at(g, "B1"))
	}
	if !strings.Contains(strings.Join(texts(evs), " "), "Red 1 has nowhere to lay its Mine and is destroyed") {
		t.Fatalf("events %q", texts(evs))
	}
}

// Example 4: Red's Hero Sub moves to a shallow region of the next tile,
// into the deep region with Blue's Sub (Blue has two), destroying it, then
// on to a shallow region; the Mine goes in the first shallow region.
func TestExampleHeroSub(t *testing.T) {
	g := build(t, scen{tiles: []string{"0,0 S ssssss", "1,0 D ssssss"}, pieces: []string{"red1 A3", "blue1 B0", "blue2 A6"}})
	m, ok := moveOf(g, "red1", "B6", "B0", "B1")
	if !ok || m.Lost != "" || !slices.Equal(m.Kills, []string{"B0"}) || !slices.Equal(m.Mines, []string{"A3", "B6"}) {
		t.Fatalf("listed as %+v %v; want Blue 1 sunk on B0, Red afloat, a Mine on A3 or B6", m, ok)
	}
	evs := mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["B6","B0","B1"],"mine":"B6"}`)
	if at(g, "B0") != "" || at(g, "B1") != "red1" || at(g, "B6") != "mine:R" || at(g, "A6") != "blue2" {
		t.Fatalf("B0 %q, B1 %q, B6 %q, A6 %q", at(g, "B0"), at(g, "B1"), at(g, "B6"), at(g, "A6"))
	}
	if !strings.Contains(strings.Join(texts(evs), " "), "Hero Sub Red 1 destroys Blue 1 on B0 and sails on") {
		t.Fatalf("events %q", texts(evs))
	}
	// Blue 2 is now Blue's Hero Sub too.
	if v := g.view(1); !v.Subs[1].Hero || v.Subs[1].ID != "blue2" {
		t.Fatalf("subs %+v", v.Subs)
	}
}

// Intelligence Report: the Red Sub moves safely through the Blue Mine,
// lays its Mine on the 2nd region and finishes in a 3rd.
func TestExampleIntelligenceReport(t *testing.T) {
	s := scen{captain: true, tiles: []string{"0,0 S ssssss", "1,0 S ssssss"}, pieces: []string{"red1 A1", "mine:B A2", "blue1 B4"}}
	g := build(t, s)
	if m, ok := moveOf(g, "red1", "A2"); !ok || m.Lost != "enemy_mine" {
		t.Fatalf("without a token, A2 is listed as %+v %v; want the Sub lost on the Mine", m, ok)
	}
	m, ok := moveOf(g, "red1", "A2", "A3", "A4")
	if !ok || !slices.Equal(m.Tokens, []string{TokenIntel}) || !slices.Equal(m.Mines, []string{"A1", "A3"}) {
		t.Fatalf("listed as %+v %v; want the Intelligence Report and a Mine on A1 or A3", m, ok)
	}
	refused(t, g, 0, `{"type":"move","sub":"red1","path":["A2","A3","A4"],"mine":"A3"}`, "path_after_loss")
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A2","A3","A4"],"mine":"A3","tokens":["intel"]}`)
	if at(g, "A2") != "mine:B" || at(g, "A3") != "mine:R" || at(g, "A4") != "red1" {
		t.Fatalf("A2 %q, A3 %q, A4 %q", at(g, "A2"), at(g, "A3"), at(g, "A4"))
	}
	if slices.Contains(g.view(0).Players[0].Tokens, TokenIntel) {
		t.Fatal("the Intelligence Report is still Red's")
	}
	// Ending on an enemy Mine follows the normal rules, token or not.
	g = build(t, s)
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A6","A5","A4"],"mine":"A6","tokens":["intel"]}`)
	g = build(t, scen{captain: true, tiles: s.tiles, pieces: []string{"red1 A1", "red2 B1", "mine:B A4", "blue1 B4"}})
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A6","A5","A4"],"mine":"A6","tokens":["intel"]}`)
	if at(g, "A4") != "" || g.subs[0].alive {
		t.Fatalf("Red 1 ended on Blue's Mine and A4 holds %q", at(g, "A4"))
	}
}

// Map: the Red Sub moves safely through a Blue Command Centre, lays its
// Mine in the second region and ends in an empty shallow region.
func TestExampleMap(t *testing.T) {
	s := scen{captain: true, tiles: []string{"0,0 D ssssss", "1,0 S ssssss"}, pieces: []string{"red1 A1", "cc:B A0", "blue1 A0", "blue2 B4"}}
	g := build(t, s)
	m, ok := moveOf(g, "red1", "A0", "A4", "A5")
	if !ok || !slices.Equal(m.Tokens, []string{TokenMap}) || !slices.Equal(m.Mines, []string{"A1", "A4"}) {
		t.Fatalf("listed as %+v %v; want the Map and a Mine on A1 or A4", m, ok)
	}
	refused(t, g, 0, `{"type":"move","sub":"red1","path":["A0","A4","A5"],"mine":"A4"}`, "path_after_loss")
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A0","A4","A5"],"mine":"A4","tokens":["map"]}`)
	if at(g, "A0") != "cc:B blue1" || at(g, "A4") != "mine:R" || at(g, "A5") != "red1" {
		t.Fatalf("A0 %q, A4 %q, A5 %q", at(g, "A0"), at(g, "A4"), at(g, "A5"))
	}
	// Ending in the enemy Command Centre still destroys the Sub.
	s.pieces = append(s.pieces, "red2 B1")
	g = build(t, s)
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A2","A3","A0"],"mine":"A2","tokens":["map"]}`)
	if g.subs[0].alive || at(g, "A0") != "cc:B blue1" {
		t.Fatalf("Red 1 ended in Blue's Command Centre: alive %v, A0 %q", g.subs[0].alive, at(g, "A0"))
	}
}

// Strong Current: Red moves 4 regions and lays the Mine on the 3rd. Blue's
// Sub, hemmed in by Red Mines, cannot move safely without a token.
func TestExampleStrongCurrent(t *testing.T) {
	g := build(t, scen{captain: true, tiles: []string{"0,0 S ssssss", "1,0 S ssssss"}, pieces: []string{"red1 A1", "blue1 B4"}})
	m, ok := moveOf(g, "red1", "A2", "A3", "B6", "B0")
	if !ok || !slices.Equal(m.Tokens, []string{TokenCurrent}) || m.Cost != 4 {
		t.Fatalf("listed as %+v %v; want 4 points with the Strong Current", m, ok)
	}
	refused(t, g, 0, `{"type":"move","sub":"red1","path":["A2","A3","B6","B0"],"mine":"A3"}`, "not_enough_points")
	// The rulebook: the token "allows the player to move their chosen Sub
	// 1 extra movement point": the 4th point may be left unused.
	if _, err := g.clone().move(0, Command{Type: TypeMove, Sub: "red1", Path: []string{"A2", "A3", "B6"}, Mine: "A3", Tokens: []string{TokenCurrent}}); err != nil {
		t.Fatalf("3 points with the Strong Current: %v", err)
	}
	// House reading, an option: the token forces the 4th point.
	forced := build(t, scen{captain: true, current: CurrentForces, tiles: []string{"0,0 S ssssss", "1,0 S ssssss"}, pieces: []string{"red1 A1", "blue1 B4"}})
	refused(t, forced, 0, `{"type":"move","sub":"red1","path":["A2","A3","B6"],"mine":"A3","tokens":["current"]}`, "path_short")
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A2","A3","B6","B0"],"mine":"A3","tokens":["current"]}`)
	if at(g, "A3") != "mine:R" || at(g, "B0") != "red1" {
		t.Fatalf("A3 %q, B0 %q", at(g, "A3"), at(g, "B0"))
	}

	// Blue's Sub in a corner: with 3 points every way ends on a Red Mine
	// (A4 is rocky: from A3 it costs the 2 points Blue no longer has); the
	// Strong Current gets it out through A2, A3 to A4.
	g = build(t, scen{captain: true, turn: 1, tiles: []string{"0,0 S sssrss", "2,0 S ssssss"},
		pieces: []string{"blue1 A1", "mine:R A0", "mine:R A6", "red1 B4", "red2 B3"}})
	safe := map[string]bool{}
	for _, m := range g.view(1).Moves {
		if m.Lost == "" {
			safe[strings.Join(m.Tokens, "+")] = true
		}
	}
	if _, ok := moveOf(g, "blue1", "A2", "A3", "A4"); safe[""] || !safe[TokenCurrent] || !ok {
		t.Fatalf("safe moves by token: %v; want none without a token and some with the Strong Current", safe)
	}
}
