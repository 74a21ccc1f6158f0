package battles

import (
	"encoding/json"
	"strings"
	"testing"

	"periscope/games"
)

// Every refusal of army building names its rule and changes nothing.
func TestBuildRefusals(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup []string // seat A's commands first
		seat  int
		body  string
		rule  string
	}{
		{"unknown tile", nil, SeatA, `{"type":"add_unit","tiles":["CON99"]}`, "unknown_tile"},
		{"the enemy's tile", nil, SeatA, `{"type":"add_unit","tiles":["UNI12"]}`, "unknown_tile"},
		{"a tile twice", nil, SeatA, `{"type":"add_unit","tiles":["CON10","CON10"]}`, "tile_twice"},
		{"no wound point", nil, SeatA, `{"type":"add_unit","tiles":["CON04","CON06"]}`, "no_wound_points"},
		{"formation", nil, SeatA, `{"type":"add_unit","tiles":["CON17","CON10","CON11"]}`, "formation_exceeded"},
		{"formation of one", nil, SeatB, `{"type":"add_unit","tiles":["UNI11","UNI22"]}`, "formation_exceeded"},
		{"tile in another unit", []string{`{"type":"add_unit","tiles":["CON10"]}`}, SeatA, `{"type":"add_unit","tiles":["CON11","CON10"]}`, "tile_in_use"},
		{"over the size", []string{`{"type":"use_preset","preset":"rulebook_50"}`}, SeatA, `{"type":"add_unit","tiles":["CON15"]}`, "over_budget"},
		{"preset too big", nil, SeatA, `{"type":"use_preset","preset":"rulebook_80"}`, "over_budget"},
		{"unknown preset", nil, SeatA, `{"type":"use_preset","preset":"grand_army"}`, "unknown_preset"},
		{"unknown draft unit", nil, SeatA, `{"type":"remove_unit","unit":"u1"}`, "unknown_unit"},
		{"empty army", nil, SeatA, `{"type":"confirm_army"}`, "empty_army"},
		{"confirmed", []string{`{"type":"add_unit","tiles":["CON10"]}`, `{"type":"confirm_army"}`}, SeatA, `{"type":"add_unit","tiles":["CON11"]}`, "army_confirmed"},
		{"deploy now", nil, SeatA, `{"type":"deploy","unit":"a1","to":"left_front"}`, "wrong_phase"},
		{"pass now", nil, SeatB, `{"type":"pass"}`, "wrong_phase"},
		{"spectator", nil, games.Spectator, `{"type":"confirm_army"}`, "not_a_player"},
		{"room", nil, games.System, `{"type":"confirm_army"}`, "room_only"},
		{"start twice", nil, games.System, `{"type":"start"}`, "already_started"},
		{"player starts", nil, SeatA, `{"type":"start"}`, "room_only"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := started(t, Options{}, 3)
			for _, b := range c.setup {
				mustApply(t, g, SeatA, b)
			}
			refused(t, g, c.seat, c.body, c.rule)
		})
	}
	g := New(Options{}, 1)
	refused(t, g, SeatA, `{"type":"confirm_army"}`, "not_started")
}

// Tokens are a tenth of the battle size; a draft is built, changed and
// confirmed on the player's phone, and the opponent learns only that the
// army is ready. When both are, the dice name Player 1.
func TestBuildFlow(t *testing.T) {
	for _, size := range []int{50, 60, 70, 80, 90, 100} {
		g := started(t, Options{Size: size}, uint64(size))
		v := g.view(SeatA)
		if v.Sides[0].Tokens != size/10 || v.Sides[1].Tokens != size/10 {
			t.Fatalf("size %d: %d and %d tokens", size, v.Sides[0].Tokens, v.Sides[1].Tokens)
		}
		want := 1 // the rulebook's 50-point army, its 80-point one, our 100-point one
		if size >= 80 {
			want = 2
		}
		if size == 100 {
			want = 3
		}
		if n := len(v.Build.Presets); n != want {
			t.Fatalf("size %d: %d example armies offered; want %d", size, n, want)
		}
	}
	g := started(t, Options{}, 5)
	mustApply(t, g, SeatA, `{"type":"add_unit","tiles":["CON04","CON25","CON19"]}`)
	mustApply(t, g, SeatA, `{"type":"add_unit","tiles":["CON10"]}`)
	mustApply(t, g, SeatA, `{"type":"remove_unit","unit":"u1"}`)
	b := g.view(SeatA).Build
	if len(b.Units) != 1 || b.Units[0].Tiles[0] != "CON10" || b.DP != 2 || len(b.Free) != 29 {
		t.Fatalf("draft after removing u1: %+v", b)
	}
	mustApply(t, g, SeatA, `{"type":"use_preset","preset":"rulebook_50"}`)
	if b := g.view(SeatA).Build; b.DP != 50 || len(b.Units) != 6 {
		t.Fatalf("the preset gives %d DP in %d units", b.DP, len(b.Units))
	}
	for _, seat := range []int{SeatB, games.Spectator} {
		if strings.Contains(withoutBox(g.view(seat)), "CON") {
			t.Fatalf("seat %d sees seat A's draft: %s", seat, withoutBox(g.view(seat)))
		}
	}
	evs := mustApply(t, g, SeatA, `{"type":"confirm_army"}`)
	if g.view(SeatB).Sides[0].Ready != true || g.view(SeatB).Sides[0].ArmyDP != 0 {
		t.Fatal("seat B should see A ready, not its size")
	}
	for _, e := range evs {
		if strings.Contains(e.Text, "50") && e.Seats == nil {
			t.Fatalf("public event tells A's DP: %q", e.Text)
		}
	}
	mustApply(t, g, SeatB, `{"type":"use_preset","preset":"rulebook_50"}`)
	evs = mustApply(t, g, SeatB, `{"type":"confirm_army"}`)
	if g.phase != deploying || g.p1 < 0 || g.deployer != g.p1 || len(g.units) != 13 {
		t.Fatalf("after both armies: phase %s, player 1 %d, %d units", g.phase, g.p1, len(g.units))
	}
	rolled := false
	for _, e := range evs {
		rolled = rolled || e.Kind == "roll_first"
	}
	if !rolled {
		t.Fatal("no roll for Player 1")
	}
}

// Deployment: Player 1 first, then one unit at a time in turn; when one
// general is done the other places the rest; then the stacks open and
// Player 1 takes the first turn.
func TestDeployment(t *testing.T) {
	g := started(t, Options{Size: 100}, 9)
	mustApply(t, g, SeatA, `{"type":"add_unit","tiles":["CON04","CON25","CON19"]}`)
	mustApply(t, g, SeatA, `{"type":"confirm_army"}`)
	for _, u := range []string{`["UNI12"]`, `["UNI13"]`, `["UNI04","UNI08"]`} {
		mustApply(t, g, SeatB, `{"type":"add_unit","tiles":`+u+`}`)
	}
	mustApply(t, g, SeatB, `{"type":"confirm_army"}`)
	g.p1, g.deployer = SeatA, SeatA
	refused(t, g, SeatB, `{"type":"deploy","unit":"b1","to":"left_front"}`, "not_your_turn")
	refused(t, g, SeatA, `{"type":"deploy","unit":"b1","to":"left_front"}`, "unknown_unit")
	refused(t, g, SeatA, `{"type":"deploy","unit":"a1","to":"left_flank"}`, "bad_zone")
	refused(t, g, SeatA, `{"type":"deploy","unit":"a1","to":"left_engagement"}`, "engagement_zone")
	refused(t, g, SeatA, `{"type":"pass"}`, "wrong_phase")
	evs0 := mustApply(t, g, SeatA, `{"type":"deploy","unit":"a1","to":"left_front"}`)
	// Before the reveal B sees only the top troop, as the rulebook says:
	// not how many troops the stack holds; A still sees its whole stack.
	for _, seat := range []int{SeatB, games.Spectator} {
		v := g.view(seat)
		if len(v.Units) != 1 && seat == games.Spectator {
			t.Fatalf("spectator sees %d units", len(v.Units))
		}
		for _, u := range v.Units {
			if u.ID == "a1" && (len(u.Troops) != 1 || u.Troops[0].Tile != "CON04" || u.Hidden != 0 || len(u.Traits) != 0) {
				t.Fatalf("seat %d sees a1 as %+v", seat, u)
			}
		}
		if raw := withoutBox(v); strings.Contains(raw, "CON25") || strings.Contains(raw, "CON19") {
			t.Fatalf("seat %d sees under the top of a1", seat)
		}
		for _, e := range evs0 {
			if e.VisibleTo(seat) && (strings.Contains(e.Text, "3") || strings.Contains(string(e.Data), "troops")) {
				t.Fatalf("seat %d hears the stack's height: %s %s", seat, e.Text, e.Data)
			}
		}
	}
	if u := g.view(SeatA).Units[0]; len(u.Troops) != 3 {
		t.Fatalf("A sees its own stack as %+v", u)
	}
	// A is done: B places all its units, one after the other.
	if g.deployer != SeatB {
		t.Fatal("B should place next")
	}
	mustApply(t, g, SeatB, `{"type":"deploy","unit":"b1","to":"center_front"}`)
	refused(t, g, SeatB, `{"type":"deploy","unit":"b1","to":"center_rear"}`, "already_placed")
	if g.deployer != SeatB {
		t.Fatal("B should go on placing")
	}
	mustApply(t, g, SeatB, `{"type":"deploy","unit":"b2","to":"right_rear"}`)
	evs := mustApply(t, g, SeatB, `{"type":"deploy","unit":"b3","to":"left_front"}`)
	if g.phase != fighting || g.round != 1 || g.turn != SeatA {
		t.Fatalf("after deployment: phase %s, round %d, turn %d", g.phase, g.round, g.turn)
	}
	reveals := 0
	for _, e := range evs {
		if e.Kind == "reveal" {
			reveals++
		}
	}
	if reveals != 4 {
		t.Fatalf("%d stacks revealed; want 4", reveals)
	}
	for _, u := range g.view(SeatB).Units {
		if u.ID == "a1" && (len(u.Troops) != 3 || u.Hidden != 0) {
			t.Fatalf("after the reveal B sees a1 as %+v", u)
		}
	}
	// Zones are named from each side: B's left faces A's right.
	if g.unit("b3").col != 2 || g.unit("a1").col != 0 {
		t.Fatal("B's left front should be column 2, A's left column 0")
	}
}

// withoutBox is a view's JSON without the box's contents (every tile of the
// armies in play, public and unchanging).
func withoutBox(v View) string {
	v.Armies, v.Traits = nil, nil
	b, _ := json.Marshal(v)
	return string(b)
}

// Each player rolls a die: the higher roller is Player 1 and places the
// first unit; a tie rolls again.
func TestRollForPlayerOne(t *testing.T) {
	g := started(t, Options{}, 2)
	mustApply(t, g, SeatA, `{"type":"add_unit","tiles":["CON22"]}`)
	mustApply(t, g, SeatA, `{"type":"confirm_army"}`)
	mustApply(t, g, SeatB, `{"type":"add_unit","tiles":["UNI12"]}`)
	g.rigged = []int{4, 4, 2, 5} // a tie, then A 2 and B 5
	evs := mustApply(t, g, SeatB, `{"type":"confirm_army"}`)
	var rolls []string
	for _, e := range evs {
		if e.Kind == "roll_first" {
			rolls = append(rolls, e.Text)
		}
	}
	if len(rolls) != 2 || !strings.Contains(rolls[1], "rolls 2") || !strings.Contains(rolls[1], "rolls 5") {
		t.Fatalf("the rolls read %q; want a tie rolled again", rolls)
	}
	v := g.view(SeatA)
	if g.p1 != SeatB || v.Sides[SeatB].Player != 1 || v.Sides[SeatA].Player != 2 || v.Actor != SeatB {
		t.Fatalf("Player 1 is seat %d (sides %+v); want B, the higher roller, to place first", g.p1, v.Sides)
	}
	refused(t, g, SeatA, `{"type":"deploy","unit":"a1","to":"left_front"}`, "not_your_turn")
}

// With the house reading the enemy also sees how many troops a hidden
// stack holds (a stack of tiles shows its thickness), never which.
func TestStackHeightHouseReading(t *testing.T) {
	g := started(t, Options{Size: 100, Stacks: StacksHeight}, 9)
	mustApply(t, g, SeatA, `{"type":"add_unit","tiles":["CON04","CON25","CON19"]}`)
	mustApply(t, g, SeatA, `{"type":"confirm_army"}`)
	mustApply(t, g, SeatB, `{"type":"add_unit","tiles":["UNI12"]}`)
	mustApply(t, g, SeatB, `{"type":"confirm_army"}`)
	g.p1, g.deployer = SeatA, SeatA
	evs := mustApply(t, g, SeatA, `{"type":"deploy","unit":"a1","to":"left_front"}`)
	u := g.view(SeatB).Units[0]
	if u.ID != "a1" || len(u.Troops) != 1 || u.Hidden != 2 {
		t.Fatalf("B sees a1 as %+v", u)
	}
	if !strings.Contains(evs[0].Text, "stack of 3") || evs[0].Seats != nil {
		t.Fatalf("the table hears %q", evs[0].Text)
	}
}
