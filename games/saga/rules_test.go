package saga

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"periscope/games"
)

// field is the map most rules tests play on: Raven's base at the bottom,
// Wolf's at the top, a gap west of 2,-3.
//
//	column:   -1      0       1       2
//	r=-5             base1
//	r=-4             water   forest
//	r=-3     water   hills   ice     field
//	r=-2     field   forest  field   hills
//	r=-1     forest  field   village
//	r= 0     hills   base0
var field = []string{
	"0,0 base0", "0,-1 field", "0,-2 forest", "0,-3 hills", "0,-4 water", "0,-5 base1",
	"1,-1 village", "1,-2 field", "1,-3 ice", "1,-4 forest",
	"-1,0 hills", "-1,-1 forest", "-1,-2 field", "-1,-3 water",
	"2,-3 field", "2,-2 hills",
}

// "Move: A unit moves to an adjacent unoccupied tile. Units may hop one
// tile occupied by a friendly unit to reach an unoccupied tile." "A player
// can send a unit back to their reserves by moving the unit onto their base."
func TestMove(t *testing.T) {
	units := []string{"einherjar_1 0,-1", "einherjar_2 0,-2", "valkyrie_1 -1,-1", "troll_1 1,-2", "draugr_1 -1,-2"}
	cases := []struct {
		name, unit, to string
		code           string // "" when accepted
		at             string // where the unit ends ("reserve" for home)
		kind           string // event kind
	}{
		{"to an adjacent free tile", "einherjar_1", "1,-1", "", "1,-1", "move"},
		{"hop over a friend in a straight line", "einherjar_1", "0,-3", "", "0,-3", "move"},
		{"onto its own base: back to reserves", "einherjar_1", "0,0", "", "reserve", "home"},
		{"onto a friend", "einherjar_1", "0,-2", "tile_taken", "", ""},
		{"onto the enemy base", "einherjar_2", "0,-5", "tile_taken", "", ""},
		{"nowhere", "einherjar_1", "4,4", "no_tile", "", ""},
		{"two tiles, not in a line", "einherjar_1", "1,-3", "too_far", "", ""},
		{"hop over an enemy", "einherjar_1", "2,-3", "hop_needs_friend", "", ""},
		{"Winged hops over an enemy", "valkyrie_1", "-1,-3", "", "-1,-3", "move"},
		{"a unit in reserve", "berserker_1", "1,-1", "not_in_play", "", ""},
		{"somebody else's unit", "troll_1", "1,-3", "no_such_unit", "", ""},
		{"not a position", "einherjar_1", "up", "bad_position", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := arrange(t, Options{}, field, units)
			body := `{"type":"move","unit":"` + tc.unit + `","to":"` + tc.to + `"}`
			if tc.code != "" {
				refused(t, g, Raven, body, tc.code)
				return
			}
			evs := mustApply(t, g, Raven, body)
			u := g.units[unitByID(t, g, tc.unit)]
			switch {
			case tc.at == "reserve" && u.where != inReserve:
				t.Fatal("the unit did not go back to the reserves")
			case tc.at != "reserve" && (u.where != onMap || u.at.String() != tc.at):
				if !(u.where == captured || u.where == inReserve) || g.tileAt(u.at).terrain != "water" {
					t.Fatalf("the unit is at %s (%d); want %s", u.at, u.where, tc.at)
				}
			}
			if evs[0].Kind != tc.kind || g.turn != Wolf || g.turns != 2 {
				t.Fatalf("events %v, turn %d", kinds(evs), g.turn)
			}
		})
	}
	// Wolf cannot walk onto Raven's base either; it must assault it.
	g := arrange(t, Options{}, field, []string{"troll_1 0,-1", "einherjar_1 1,-1"})
	g.turn = Wolf
	refused(t, g, Wolf, `{"type":"move","unit":"troll_1","to":"0,0"}`, "tile_taken")
	refused(t, g, Raven, `{"type":"move","unit":"einherjar_1","to":"1,-2"}`, "not_your_turn")
}

// The enemy base tile is a tile: a move there is refused as taken, not bare.
func TestMoveOntoEnemyBase(t *testing.T) {
	g := arrange(t, Options{}, field, []string{"einherjar_1 0,-4"})
	msg := refused(t, g, Raven, `{"type":"move","unit":"einherjar_1","to":"0,-5"}`, "tile_taken")
	if !strings.Contains(msg, "assault it") {
		t.Fatalf("refusal %q does not say to assault the base", msg)
	}
}

// "When moving to a water tile, roll a die. On a 1-3, the unit drowns.
// Remove the unit from the board and add it to the units captured by your
// opponent." Fjord-Wader (no_drowning) never rolls.
func TestDrowning(t *testing.T) {
	build := func(seed uint64) *Game {
		return arrangeSeed(t, Options{}, seed, field, []string{"einherjar_1 0,-3", "troll_1 1,-1"})
	}
	for _, drown := range []bool{true, false} {
		var evs []games.Event
		g := withSeed(t, build, func(g *Game) bool {
			evs = mustApply(t, g, Raven, `{"type":"move","unit":"einherjar_1","to":"0,-4"}`)
			var d struct{ Roll int }
			json.Unmarshal(evs[1].Data, &d)
			return (d.Roll <= 3) == drown
		})
		var d struct {
			Roll    int
			Drowned bool
		}
		json.Unmarshal(evs[1].Data, &d)
		u := g.units[unitByID(t, g, "einherjar_1")]
		if d.Drowned != drown || (u.where == captured) != drown || (u.where == onMap) == drown {
			t.Fatalf("roll %d: drowned %v, unit where=%d", d.Roll, d.Drowned, u.where)
		}
		if drown && !slices.Equal(kinds(evs), []string{"move", "drowning", "captured"}) {
			t.Fatalf("events %v", kinds(evs))
		}
		if drown {
			if c := g.view(Wolf).Players[Raven].Captured; len(c) != 1 || c[0].ID != "einherjar_1" {
				t.Fatalf("Raven's captured units %v", c)
			}
		}
	}
	g := arrange(t, Options{}, field, []string{"frost_giant_1 -1,-2", "einherjar_1 1,-1"})
	g.turn = Wolf
	evs := mustApply(t, g, Wolf, `{"type":"move","unit":"frost_giant_1","to":"-1,-3"}`)
	if !slices.Equal(kinds(evs), []string{"move"}) {
		t.Fatalf("Fjord-Wader rolled for Water: %v", kinds(evs))
	}
	for _, l := range arrange(t, Options{}, field, []string{"einherjar_1 0,-3"}).view(Raven).Legal {
		if l.Command.To == "0,-4" && !l.Water {
			t.Fatal("the legal move into Water is not marked with its drowning check")
		}
	}
}

// A drowned last unit loses the whole force.
func TestDrowningLastUnitLoses(t *testing.T) {
	build := func(seed uint64) *Game {
		g := arrangeSeed(t, Options{}, seed, field, []string{"einherjar_1 0,-3", "troll_1 1,-1"})
		for i := range g.units {
			if g.units[i].owner == Raven && g.units[i].id != "einherjar_1" {
				g.units[i].where = captured
			}
		}
		return g
	}
	g := withSeed(t, build, func(g *Game) bool {
		mustApply(t, g, Raven, `{"type":"move","unit":"einherjar_1","to":"0,-4"}`)
		return g.Outcome() != nil
	})
	if o := g.Outcome(); len(o.Winners) != 1 || o.Winners[0] != Wolf || !strings.Contains(o.Reason, "entire force") {
		t.Fatalf("outcome %+v", o)
	}
	refused(t, g, Wolf, `{"type":"move","unit":"troll_1","to":"1,-2"}`, "match_over")
}

// Fleet (swift 2) moves two tiles through empty land, never through Water.
func TestSwift(t *testing.T) {
	g := arrange(t, Options{}, field, []string{"niflheim_raider_1 0,-3", "einherjar_1 -1,0"})
	g.turn = Wolf
	var to []string
	for _, l := range g.view(Wolf).Legal {
		if l.Command.Type == TypeMove && l.Command.Unit == "niflheim_raider_1" {
			to = append(to, l.Command.To)
		}
	}
	slices.Sort(to)
	// Two steps over free land; -1,-3 and 0,-4 are Water (an end, not a way).
	want := []string{"-1,-1", "-1,-2", "-1,-3", "0,-1", "0,-2", "0,-4", "1,-2", "1,-3", "1,-4", "2,-3"}
	if !slices.Equal(to, want) {
		t.Fatalf("Fleet reaches %v; want %v", to, want)
	}
	mustApply(t, g, Wolf, `{"type":"move","unit":"niflheim_raider_1","to":"0,-1"}`)
	g = arrange(t, Options{}, field, []string{"troll_1 0,-3", "einherjar_1 -1,0"})
	g.turn = Wolf
	refused(t, g, Wolf, `{"type":"move","unit":"troll_1","to":"0,-1"}`, "too_far")
}

// "Summon: ... place it on an empty tile adjacent to their base. Summoning a
// unit onto a water tile does not require a drowning check."
func TestSummon(t *testing.T) {
	tiles := append(slices.Clone(field), "1,0 water")
	g := arrange(t, Options{}, tiles, []string{"einherjar_1 0,-1", "troll_1 1,-2"})
	var at []string
	for _, l := range g.view(Raven).Legal {
		if l.Command.Type == TypeSummon && l.Command.Unit == "berserker_1" {
			at = append(at, l.Command.At)
		}
	}
	slices.Sort(at)
	if !slices.Equal(at, []string{"-1,0", "1,-1", "1,0"}) {
		t.Fatalf("summon spots %v", at)
	}
	refused(t, g, Raven, `{"type":"summon","unit":"berserker_1","at":"0,-1"}`, "tile_taken")
	refused(t, g, Raven, `{"type":"summon","unit":"berserker_1","at":"1,-2"}`, "tile_taken")
	refused(t, g, Raven, `{"type":"summon","unit":"berserker_1","at":"0,-2"}`, "not_next_to_base")
	refused(t, g, Raven, `{"type":"summon","unit":"einherjar_1","at":"1,-1"}`, "not_in_reserve")
	refused(t, g, Raven, `{"type":"summon","unit":"berserker_1","at":"0,0"}`, "tile_taken")
	for seed := range uint64(30) {
		g := arrangeSeed(t, Options{}, seed, tiles, []string{"einherjar_1 0,-1", "troll_1 1,-2"})
		evs := mustApply(t, g, Raven, `{"type":"summon","unit":"berserker_1","at":"1,0"}`)
		if !slices.Equal(kinds(evs), []string{"summon"}) || g.units[unitByID(t, g, "berserker_1")].where != onMap {
			t.Fatalf("seed %d: summon onto Water: %v", seed, kinds(evs))
		}
	}
}

// A player whose units cannot act may skip; otherwise skipping is refused.
func TestSkipTurn(t *testing.T) {
	g := arrange(t, Options{}, field, []string{"einherjar_1 0,-1", "troll_1 1,-2"})
	refused(t, g, Raven, `{"type":"skip_turn"}`, "has_legal_action")
	// Raven's only unit is boxed in on 2,-3 by Wolf's... Wolf's units and
	// Raven has no reserve and no OFF to assault with: an Einherjar has
	// Melee only, so surround it with water-free tiles held by friends.
	g = arrange(t, Options{}, []string{"0,0 base0", "0,-4 base1", "0,-2 field"}, []string{"spear_thegn_1 0,-2"})
	for i := range g.units {
		if g.units[i].owner == Raven && g.units[i].where == inReserve {
			g.units[i].where = captured
		}
	}
	// 0,-2 touches neither base; with no tile around it the unit is stuck.
	v := g.view(Raven)
	if len(v.Legal) != 1 || v.Legal[0].Command.Type != TypeSkipTurn {
		t.Fatalf("legal %+v; want only skip_turn", v.Legal)
	}
	evs := mustApply(t, g, Raven, `{"type":"skip_turn"}`)
	if evs[0].Kind != "skip" || g.turn != Wolf {
		t.Fatal("skip_turn did not pass the turn")
	}
}

// Every assault refusal names its rule.
func TestAssaultRefusals(t *testing.T) {
	units := []string{"einherjar_1 0,-1", "berserker_1 0,-2", "volva_1 -1,0", "troll_1 1,-2", "draugr_1 0,-3", "ice_slinger_1 2,-3"}
	cases := []struct{ name, body, code string }{
		{"ballistics up close", `{"type":"close_assault","unit":"einherjar_1","target":"1,-2","combat":"ballistics"}`, "combat_not_close"},
		{"melee at range", `{"type":"ranged_assault","unit":"einherjar_1","target":"1,-2","combat":"melee"}`, "combat_not_ranged"},
		{"no such combat", `{"type":"close_assault","unit":"einherjar_1","target":"1,-2","combat":"magic"}`, "unknown_combat"},
		{"not adjacent", `{"type":"close_assault","unit":"einherjar_1","target":"0,-3","combat":"melee"}`, "not_adjacent"},
		{"empty tile", `{"type":"close_assault","unit":"einherjar_1","target":"1,-1","combat":"melee"}`, "no_enemy_there"},
		{"a friend", `{"type":"close_assault","unit":"einherjar_1","target":"0,-2","combat":"melee"}`, "no_enemy_there"},
		{"own base", `{"type":"close_assault","unit":"einherjar_1","target":"0,0","combat":"melee"}`, "no_enemy_there"},
		{"zero OFF", `{"type":"close_assault","unit":"einherjar_1","target":"1,-2","combat":"arcane"}`, "no_offense"},
		{"out of range", `{"type":"ranged_assault","unit":"volva_1","target":"2,-3","combat":"arcane"}`, "out_of_range"},
		{"ranged, zero OFF", `{"type":"ranged_assault","unit":"berserker_1","target":"1,-2","combat":"ballistics"}`, "no_offense"},
		{"from reserve", `{"type":"close_assault","unit":"shieldmaiden_1","target":"1,-2","combat":"melee"}`, "not_in_play"},
		{"missing field", `{"type":"close_assault","unit":"einherjar_1","target":"1,-2"}`, "malformed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			refused(t, arrange(t, Options{}, field, units), Raven, tc.body, tc.code)
		})
	}
}

// "Extended Range: ... Empty spaces with no tiles in them block line of
// sight and may not be counted in this way." Reach counts over tiles.
func TestExtendedRange(t *testing.T) {
	// The Völva on 0,-1 reaches 2 tiles: 0,-3 over 0,-2.
	g := arrange(t, Options{}, field, []string{"volva_1 0,-1", "draugr_1 0,-3"})
	var l *Legal
	for _, x := range g.view(Raven).Legal {
		if x.Command.Type == TypeRangedAssault {
			l = &x
		}
	}
	if l == nil || l.Command.Target != "0,-3" || l.Distance != 2 || l.Strikes {
		t.Fatalf("ranged assault %+v; want 0,-3 at distance 2 with no counter-strike (Draugr reach 1)", l)
	}
	// A gap between: 0,-1 and 0,-3 with no 0,-2 nor its neighbours on the way.
	gap := []string{"0,0 base0", "0,-1 field", "0,-3 field", "0,-5 base1", "0,-4 field"}
	g = arrange(t, Options{}, gap, []string{"volva_1 0,-1", "draugr_1 0,-3"})
	refused(t, g, Raven, `{"type":"ranged_assault","unit":"volva_1","target":"0,-3","combat":"arcane"}`, "out_of_range")
}

// "A defender cannot counter-strike unless a similar special ability
// extends their own range out to the attacker."
func TestCounterStrikeNeedsReach(t *testing.T) {
	cases := []struct {
		name    string
		units   []string
		seat    int
		body    string
		counter bool
	}{
		{"adjacent ranged: the defender reaches", []string{"ice_slinger_1 0,-2", "w:ice_slinger_1 0,-3"}, Raven,
			`{"type":"ranged_assault","unit":"ice_slinger_1","target":"0,-3","combat":"ballistics"}`, true},
		{"at 2, no extended range", []string{"w:ice_slinger_1 0,-1", "draugr_1 0,-3"}, Wolf,
			`{"type":"ranged_assault","unit":"ice_slinger_1","target":"0,-3","combat":"ballistics"}`, false},
		{"at 2, the defender's Long Throw reaches", []string{"w:ice_slinger_1 0,-1", "ice_slinger_2 0,-3"}, Wolf,
			`{"type":"ranged_assault","unit":"ice_slinger_1","target":"0,-3","combat":"ballistics"}`, true},
		{"close: the defender needs OFF in the combat", []string{"troll_1 0,-2", "w:hel_witch_1 0,-3"}, Raven,
			`{"type":"close_assault","unit":"troll_1","target":"0,-3","combat":"melee"}`, false},
		{"close: melee strikes back", []string{"troll_1 0,-2", "w:troll_1 0,-3"}, Raven,
			`{"type":"close_assault","unit":"troll_1","target":"0,-3","combat":"melee"}`, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// A mirror match: both sides field the Jötnar.
			g := arrange(t, Options{RavenFaction: "jotnar_horde"}, field, tc.units)
			g.turn = tc.seat
			var hint *Legal
			for _, l := range g.view(tc.seat).Legal {
				if string(l.Command.Encode()) == string(mustDecode(t, tc.body).Encode()) {
					hint = &l
				}
			}
			if hint == nil || hint.Strikes != tc.counter {
				t.Fatalf("legal hint %+v; want counter-strike %v", hint, tc.counter)
			}
			// The roll itself says whether the defender strikes back, and
			// only then does the defender roll OFF dice.
			roll := fightEvent(t, mustApply(t, g, tc.seat, tc.body), "roll")
			if roll.Counter != tc.counter || (len(roll.Sides[1].Dice.Off) > 0) != tc.counter {
				t.Fatalf("counter-strike %v with defender OFF dice %v; want %v", roll.Counter, roll.Sides[1].Dice.Off, tc.counter)
			}
		})
	}
}

func mustDecode(t testing.TB, body string) Command {
	t.Helper()
	c, err := Decode([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The 300th turn ends the match: the side that captured more points of
// units wins (Outcome.Kind turn_limit); equal points draw.
func TestTurnLimit(t *testing.T) {
	for _, tc := range []struct {
		name    string
		capture string // a Wolf unit captured before the last turn, or ""
		winners []int
	}{
		{"equal points draw", "", []int{}},
		{"more points win", "draugr_2", []int{Raven}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := arrange(t, Options{}, field, []string{"einherjar_1 0,-1", "troll_1 0,-4"})
			if tc.capture != "" {
				g.units[wolfUnit(t, g, tc.capture)].where = captured
			}
			g.turns = MaxTurns
			evs := mustApply(t, g, Raven, `{"type":"move","unit":"einherjar_1","to":"0,-2"}`)
			out := g.Outcome()
			if out == nil || out.Kind != KindTurnLimit || !slices.Equal(out.Winners, tc.winners) {
				t.Fatalf("after turn %d: outcome %+v; want turn_limit won by %v", MaxTurns, out, tc.winners)
			}
			if last := evs[len(evs)-1]; last.Kind != "over" || !strings.Contains(last.Text, "300 turns") {
				t.Fatalf("the last event says %q", last.Text)
			}
			if team, ok := g.FirstTeam(); !ok || team != Raven {
				t.Fatalf("FirstTeam is %d, %v", team, ok)
			}
		})
	}
	if _, ok := New(Options{}, 1).FirstTeam(); ok {
		t.Fatal("FirstTeam is known before the first roll")
	}
}
