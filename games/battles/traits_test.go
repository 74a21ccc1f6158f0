package battles

import (
	"testing"
)

// Special traits need an order (never in Player 1's first turn); each one
// does what its data says.
func TestSpecialTraits(t *testing.T) {
	g := scenario(t, SeatA,
		[]stack{{"CON01", "center_rear"}, {"CON22", "center_front"}},
		[]stack{{"UNI03", "center_rear"}, {"UNI05", "right_rear"}, {"UNI06", "left_rear"}, {"UNI12 UNI13", "right_front"}})
	refused(t, g, SeatA, `{"type":"use_trait","unit":"a1","trait":"command","target":"a2"}`, "no_trait_first_turn")
	do(t, g, SeatA, `{"type":"move","unit":"a2","to":"center_rear"}`)
	// Player 2's first turn may use one.
	refused(t, g, SeatB, `{"type":"use_trait","unit":"b1","trait":"bless","target":"b1"}`, "no_wounds_to_heal")
	refused(t, g, SeatB, `{"type":"use_trait","unit":"b1","trait":"bless"}`, "trait_needs_target")
	refused(t, g, SeatB, `{"type":"use_trait","unit":"b1","trait":"bless","target":"b4","to":"left_front"}`, "trait_takes_no_zone")
	refused(t, g, SeatB, `{"type":"use_trait","unit":"b3","trait":"signal","target":"b4"}`, "trait_needs_zone")
	refused(t, g, SeatB, `{"type":"use_trait","unit":"b3","trait":"signal","target":"b3","to":"right_front"}`, "not_another_unit")
	refused(t, g, SeatB, `{"type":"use_trait","unit":"b3","trait":"signal","target":"b4","to":"left_rear"}`, "too_far")
	// The Fast cavalry crosses two zones.
	do(t, g, SeatB, `{"type":"use_trait","unit":"b3","trait":"signal","target":"b4","to":"left_front"}`)
	if where(g, "b4") != "left_front" || g.unit("b3").orders != 1 || g.unit("b4").orders != 0 {
		t.Fatal("Signal moves another unit at no cost to it")
	}
	do(t, g, SeatA, `{"type":"pass"}`)
	refused(t, g, SeatB, `{"type":"use_trait","unit":"b1","trait":"bless","target":"b2"}`, "not_same_sector")
	// Field hospital takes up to 2 Wound tokens off a unit of its sector.
	g.unit("b4").troops[0].wounds, g.unit("b4").troops[1].wounds = 1, 1
	g.sides[SeatB].unused -= 2
	refused(t, g, SeatB, `{"type":"use_trait","unit":"b2","trait":"field_hospital","target":"b4"}`, "not_same_sector")
	do(t, g, SeatB, `{"type":"redeploy","unit":"b2","to":"center_rear"}`)
	refused(t, g, SeatB, `{"type":"use_trait","unit":"b2","trait":"field_hospital","target":"b4"}`, "redeployed_unit")
	do(t, g, SeatB, `{"type":"pass"}`)
	do(t, g, SeatA, `{"type":"use_trait","unit":"a1","trait":"command","target":"a2"}`)
	if g.unit("a2").orders != 0 || g.sides[SeatA].unused != 10-3+1 {
		t.Fatalf("Command should give back a2's Order token: unused %d", g.sides[SeatA].unused)
	}
	refused(t, g, SeatB, `{"type":"use_trait","unit":"b2","trait":"bless","target":"b4"}`, "unit_lacks_trait")
	unused := g.sides[SeatB].unused
	do(t, g, SeatB, `{"type":"redeploy","unit":"b4","to":"center_front"}`)
	do(t, g, SeatB, `{"type":"use_trait","unit":"b2","trait":"field_hospital","target":"b4"}`)
	if g.unit("b4").troops[0].wounds+g.unit("b4").troops[1].wounds != 0 || g.sides[SeatB].unused != unused-1+2 {
		t.Fatal("Field hospital takes 2 Wound tokens off; they can be used again")
	}
	refused(t, g, SeatA, `{"type":"use_trait","unit":"a1","trait":"command","target":"a1"}`, "not_another_unit")
	refused(t, g, SeatA, `{"type":"use_trait","unit":"a1","trait":"command","target":"a2"}`, "nothing_to_recall")
	tokenBooks(t, g)
}

// Passive traits add dice: the Drummer to a charge, Disciplined to a strike
// back, Fierce to carrying on, Volley to a shot.
func TestDiceTraits(t *testing.T) {
	g := scenario(t, SeatA, []stack{{"CON05 CON22", "center_front"}},
		[]stack{{"UNI04 UNI12", "center_front"}, {"UNI18", "left_front"}, {"UNI11", "right_front"}})
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	g.rigged = []int{1, 1, 1, 1, 1}
	rs := rolls(t, g, SeatB, `{"type":"hold"}`)
	if len(rs) != 2 || len(rs[0].Dice) != 3 || len(rs[1].Dice) != 2 {
		t.Fatalf("a Drummer's charge rolls 3, a Disciplined strike back 2: %+v", rs)
	}
	g2 := scenario(t, SeatB, []stack{{"CON22", "right_front"}, {"CON10", "left_front"}},
		[]stack{{"UNI18", "left_front"}, {"UNI11", "right_front"}})
	do(t, g2, SeatB, `{"type":"charge","unit":"b1"}`)
	g2.rigged = []int{1, 1, 1, 1}
	do(t, g2, SeatA, `{"type":"hold"}`)
	do(t, g2, SeatA, `{"type":"pass"}`)
	g2.rigged = []int{1, 1, 1}
	rs = rolls(t, g2, SeatB, `{"type":"carry_on","unit":"b1","target":"a1"}`)
	if len(rs[0].Dice) != 2 {
		t.Fatalf("Fierce Zouaves carry on with 2 dice: %+v", rs[0])
	}
	do(t, g2, SeatA, `{"type":"pass"}`)
	g2.rigged = []int{1, 1}
	rs = rolls(t, g2, SeatB, `{"type":"shoot","unit":"b2","target":"a2"}`)
	if len(rs[0].Dice) != 2 {
		t.Fatalf("a Gatling Gun (Volley) shoots 2 dice: %+v", rs[0])
	}
}
