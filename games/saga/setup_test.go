package saga

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"periscope/games"
)

// legalAt lists the positions of the seat's legal commands of a type.
func legalAt(g *Game, seat int, typ string) []string {
	var out []string
	for _, l := range g.view(seat).Legal {
		if l.Command.Type == typ {
			at := l.Command.At
			if !slices.Contains(out, at) {
				out = append(out, at)
			}
		}
	}
	return out
}

// "Choose factions and roll to determine who places first. The first
// player places their Base tile, draws a Terrain tile from the bag."
func TestStart(t *testing.T) {
	firsts := map[int]bool{}
	for seed := range uint64(20) {
		g := New(Options{}, seed)
		evs := mustApply(t, g, games.System, `{"type":"start"}`)
		firsts[g.first] = true
		k := kinds(evs)
		if k[len(k)-1] != "draw" || k[len(k)-2] != "base" || k[len(k)-3] != "first_roll" {
			t.Fatalf("seed %d: start events %v; want the roll(s), the first base, the first draw", seed, k)
		}
		var roll map[string]int
		json.Unmarshal(evs[len(evs)-3].Data, &roll)
		if roll["raven"] == roll["wolf"] || (roll["raven"] > roll["wolf"]) != (g.first == Raven) {
			t.Fatalf("seed %d: rolls %v but %s places first", seed, roll, names[g.first])
		}
		for _, e := range evs[:len(evs)-3] {
			json.Unmarshal(e.Data, &roll)
			if roll["raven"] != roll["wolf"] {
				t.Fatalf("seed %d: a roll before the last was not a tie: %v", seed, roll)
			}
		}
		v := g.view(g.first)
		if v.Phase != "building" || v.Turn != g.first || v.Bag.InHand == "" || v.Bag.Left != 19 {
			t.Fatalf("seed %d: after the start %+v", seed, v.Bag)
		}
		if len(v.Tiles) != 1 || v.Tiles[0].At != "0,0" || v.Tiles[0].Base != g.first {
			t.Fatalf("seed %d: tiles %+v; want the first base on 0,0", seed, v.Tiles)
		}
	}
	if !firsts[Raven] || !firsts[Wolf] {
		t.Fatal("the same seat always places first")
	}
	g := New(Options{}, 1)
	refused(t, g, Raven, `{"type":"start"}`, "room_only")
	refused(t, g, Raven, `{"type":"move","unit":"troll_1","to":"0,1"}`, "not_started")
	mustApply(t, g, games.System, `{"type":"start"}`)
	refused(t, g, games.System, `{"type":"start"}`, "already_started")
	refused(t, g, games.System, `{"type":"place_tile","at":"0,-1"}`, "room_only")
	refused(t, g, games.Spectator, `{"type":"place_tile","at":"0,-1"}`, "not_a_player")
}

// "...places the Terrain tile against an outward-facing side of their Base
// tile. ... Do not place tiles against sides that face the first player's
// half of the table."
func TestPlaceTile(t *testing.T) {
	g := started(t, Options{}, 3)
	p := g.first
	if got := legalAt(g, p, TypePlaceTile); !slices.Equal(got, []string{"0,-1", "1,-1", "-1,0"}) {
		t.Fatalf("first tile may go on %v; want the three sides facing away from the first player", got)
	}
	if got := legalAt(g, 1-p, TypePlaceTile); len(got) != 0 {
		t.Fatalf("the other player is offered %v", got)
	}
	cases := []struct{ name, at, code string }{
		{"on the base", "0,0", "tile_occupied"},
		{"south side", "0,1", "faces_first_half"},
		{"south-east side", "1,0", "faces_first_half"},
		{"south-west side", "-1,1", "faces_first_half"},
		{"not touching", "0,-3", "tile_not_touching"},
		{"not a position", "north", "bad_position"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			refused(t, g, p, `{"type":"place_tile","at":"`+tc.at+`"}`, tc.code)
		})
	}
	refused(t, g, 1-p, `{"type":"place_tile","at":"0,-1"}`, "not_your_turn")
	refused(t, g, p, `{"type":"deploy","unit":"troll_1","at":"0,-1"}`, "wrong_phase")
	refused(t, g, p, `{"type":"reroll","dice":"off","index":0}`, "no_assault")
	hand := g.bag[0]
	evs := mustApply(t, g, p, `{"type":"place_tile","at":"0,-1"}`)
	if k := kinds(evs); !slices.Equal(k, []string{"tile", "draw"}) {
		t.Fatalf("events %v", k)
	}
	if tl := g.tileAt(Hex{0, -1}); tl == nil || tl.terrain != hand {
		t.Fatalf("the tile in hand (%s) is not on 0,-1", hand)
	}
	if g.turn != 1-p {
		t.Fatal("players do not take turns placing tiles")
	}
	// The second tile may go against the base or the first tile, never
	// against a south side.
	want := []string{"0,-2", "1,-2", "-1,-1", "-1,0", "1,-1"}
	got := legalAt(g, 1-p, TypePlaceTile)
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("second tile options %v; want %v", got, want)
	}
	// The table's edge (house rule): 3 columns either side of the first base.
	mustApply(t, g, 1-p, `{"type":"place_tile","at":"1,-2"}`)
	mustApply(t, g, p, `{"type":"place_tile","at":"2,-3"}`)
	mustApply(t, g, 1-p, `{"type":"place_tile","at":"3,-4"}`)
	refused(t, g, p, `{"type":"place_tile","at":"4,-5"}`, "table_edge")
}

// "When all Terrain tiles are in play, the second player places their Base
// tile as far as possible from the first Base tile while still touching the
// same number of tile sides."
func TestSecondBase(t *testing.T) {
	g := started(t, Options{}, 5)
	counts := map[string]int{}
	for g.phase == building {
		counts[g.bag[g.drawn]]++
		body, _ := g.BotCommand(g.turn)
		mustApply(t, g, g.turn, string(body))
	}
	for _, b := range g.set.Bag {
		if counts[b.Terrain] != b.Count {
			t.Fatalf("%d %s tiles came out of the bag; want %d", counts[b.Terrain], b.Terrain, b.Count)
		}
	}
	if len(g.tiles) != 21 || g.phase != basing || g.turn != 1-g.first {
		t.Fatalf("after the bag: %d tiles, phase %s, turn %d", len(g.tiles), g.phase, g.turn)
	}
	// The count to match: the first base's, or the nearest any bare spot
	// has (house rule second_base_nearest_count).
	first := g.touching(Hex{})
	miss := 1 << 30
	for _, tl := range g.tiles {
		for s := range 6 {
			if h := tl.at.neighbour(s); g.tileAt(h) == nil && abs(h.Q) <= TableHalfWidth {
				miss = min(miss, abs(g.touching(h)-first))
			}
		}
	}
	opts := g.baseOptions()
	if len(opts) == 0 {
		t.Fatal("nowhere to put the second base")
	}
	far := distance(opts[0], Hex{})
	for _, h := range opts {
		if abs(g.touching(h)-first) != miss || distance(h, Hex{}) != far {
			t.Fatalf("option %s touches %d (first base %d, nearest count off by %d) at distance %d (want %d)", h, g.touching(h), first, miss, distance(h, Hex{}), far)
		}
	}
	// No bare position with the same count is further away.
	for _, tl := range g.tiles {
		for s := range 6 {
			h := tl.at.neighbour(s)
			if g.tileAt(h) == nil && abs(h.Q) <= TableHalfWidth && abs(g.touching(h)-first) == miss && distance(h, Hex{}) > far {
				t.Fatalf("%s touches %d sides and is further than %v", h, g.touching(h), opts)
			}
		}
	}
	refused(t, g, g.first, `{"type":"place_base","at":"`+opts[0].String()+`"}`, "not_your_turn")
	refused(t, g, g.turn, `{"type":"place_base","at":"0,1"}`, "base_not_farthest")
	refused(t, g, g.turn, `{"type":"place_base","at":"0,0"}`, "tile_occupied")
	mustApply(t, g, g.turn, `{"type":"place_base","at":"`+opts[0].String()+`"}`)
	if g.phase != deploying || g.turn != g.first || g.bases[1-g.first] != opts[0] {
		t.Fatalf("after the second base: phase %s turn %d", g.phase, g.turn)
	}
}

// "Starting with the first player, players take turns placing units on the
// Terrain tiles closest to their base. When each player has three units in
// play, move the rest of the units to the side of the map to act as reserves."
func TestDeploy(t *testing.T) {
	g := started(t, Options{}, 8)
	for g.phase != deploying {
		body, _ := g.BotCommand(g.turn)
		mustApply(t, g, g.turn, string(body))
	}
	p := g.first
	own := g.units[unitByOwner(g, p)].id
	spots := g.deployOptions(p)
	best := distance(spots[0], g.bases[p])
	for _, tl := range g.tiles {
		if tl.base < 0 && distance(tl.at, g.bases[p]) < best {
			t.Fatalf("%s is closer to the base than the offered %v", tl.at, spots)
		}
	}
	far := ""
	for _, tl := range g.tiles {
		if tl.base < 0 && distance(tl.at, g.bases[p]) > best {
			far = tl.at.String()
		}
	}
	refused(t, g, p, `{"type":"deploy","unit":"`+own+`","at":"`+far+`"}`, "not_closest")
	refused(t, g, p, `{"type":"deploy","unit":"`+own+`","at":"0,0"}`, "tile_taken")
	refused(t, g, p, `{"type":"deploy","unit":"`+own+`","at":"9,9"}`, "no_tile")
	refused(t, g, p, `{"type":"deploy","unit":"nobody_1","at":"`+spots[0].String()+`"}`, "no_such_unit")
	refused(t, g, p, `{"type":"move","unit":"`+own+`","at":"`+spots[0].String()+`"}`, "malformed")
	refused(t, g, p, `{"type":"move","unit":"`+own+`","to":"`+spots[0].String()+`"}`, "wrong_phase")
	mustApply(t, g, p, `{"type":"deploy","unit":"`+own+`","at":"`+spots[0].String()+`"}`)
	refused(t, g, p, `{"type":"deploy","unit":"`+own+`","at":"`+spots[0].String()+`"}`, "not_your_turn")
	order := []int{p}
	for g.phase == deploying {
		order = append(order, g.turn)
		if g.turn == p {
			refused(t, g, p, `{"type":"deploy","unit":"`+own+`","at":"`+g.deployOptions(p)[0].String()+`"}`, "already_placed")
		}
		body, _ := g.BotCommand(g.turn)
		mustApply(t, g, g.turn, string(body))
	}
	if !slices.Equal(order, []int{p, 1 - p, p, 1 - p, p, 1 - p}) {
		t.Fatalf("placing order %v; want alternating from the first player", order)
	}
	v := g.view(games.Spectator)
	for s, pv := range v.Players {
		if pv.InPlay != UnitsInPlay || len(pv.Reserves) != 11-UnitsInPlay {
			t.Fatalf("seat %d: %d in play, %d in reserve", s, pv.InPlay, len(pv.Reserves))
		}
	}
	if g.phase != playing || g.turn != p || g.turns != 1 {
		t.Fatal("play does not begin with the first player")
	}
	refused(t, g, p, `{"type":"place_tile","at":"0,-9"}`, "wrong_phase")
}

func unitByOwner(g *Game, seat int) int {
	for i, u := range g.units {
		if u.owner == seat {
			return i
		}
	}
	return -1
}

// Every view from the first draw to the second base shows the tile in hand
// and the counts left; prompts name what to do.
func TestBuildingPrompts(t *testing.T) {
	g := started(t, Options{}, 2)
	mine := g.view(g.first).Prompt
	theirs := g.view(1 - g.first).Prompt
	if !strings.Contains(mine, "Place the") || !strings.Contains(theirs, "is placing") {
		t.Fatalf("prompts %q / %q", mine, theirs)
	}
}

// Board labels: the first base is D1, its neighbours D2, C2, E2, C1, E1 and
// D0, and every position of a 7-wide table has its own label.
func TestLabels(t *testing.T) {
	want := map[Hex]string{{0, 0}: "D1", {0, -1}: "D2", {-1, 0}: "C2", {1, -1}: "E2", {-1, 1}: "C1", {1, 0}: "E1", {0, 1}: "D0",
		{-3, 0}: "A3", {3, -9}: "G9", {2, -5}: "F5"}
	for h, w := range want {
		if got := h.Label(); got != w {
			t.Errorf("%s is labelled %s; want %s", h, got, w)
		}
	}
	seen := map[string]Hex{}
	for q := -TableHalfWidth; q <= TableHalfWidth; q++ {
		for r := -20; r <= 3; r++ {
			h := Hex{q, r}
			if o, ok := seen[h.Label()]; ok {
				t.Fatalf("%s and %s are both labelled %s", o, h, h.Label())
			}
			seen[h.Label()] = h
		}
	}
}

// A careless builder (every tile as near the first base as it may go) is
// warned while it builds that the bases would end close, each offered
// spot says how far apart they would end, and the last one's figure is
// where the second base then goes.
func TestCloseBasesWarning(t *testing.T) {
	g := started(t, Options{}, 3)
	warned := 0
	for g.phase == building {
		v := g.view(g.turn)
		if v.SecondBase == nil {
			t.Fatal("no second_base while the map is built")
		}
		if v.SecondBase.Close {
			if left := len(g.bag) - g.drawn; left > WarnTilesLeft {
				t.Fatalf("warned with %d tiles still to place: the map is only begun", left)
			}
			warned++
			if w := v.SecondBase.Warning; !strings.Contains(w, fmt.Sprintf("only %d tiles", v.SecondBase.Apart)) || !strings.Contains(w, "touching as many tiles") {
				t.Fatalf("the warning says %q", w)
			}
		}
		best := v.Legal[0]
		for _, l := range v.Legal {
			if l.BasesApart <= 0 {
				t.Fatalf("%s carries no bases_apart", l.Command.Encode())
			}
			if distance(mustHex(t, l.Command.At), Hex{}) < distance(mustHex(t, best.Command.At), Hex{}) {
				best = l
			}
		}
		mustApply(t, g, g.turn, string(best.Command.Encode()))
		if g.phase == basing {
			if d := distance(g.baseOptions()[0], g.bases[g.first]); d != best.BasesApart {
				t.Fatalf("the last tile said the bases would end %d apart; they end %d apart", best.BasesApart, d)
			}
			if best.BasesApart > CloseBases {
				t.Fatalf("the careless map puts the bases %d apart", best.BasesApart)
			}
		}
	}
	if warned == 0 {
		t.Fatal("a careless builder was never warned")
	}
	if g.view(g.turn).SecondBase != nil {
		t.Fatal("second_base outside the building phase")
	}
}
