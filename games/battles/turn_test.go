package battles

import (
	"testing"
)

// s1 is a battle in round 1, seat A (Player 1) to act:
//
//	A: a1 Cavalry 2-2-6 (Fast) and a2 Parrot Rifle (Heavy) in the center
//	   front, a3 Captain + Cavalry + Mounted Infantry in the left rear,
//	   a4 Militia in the right front, a5 General (Command) in the center rear.
//	B: b1 Cavalry 2-3-6 and b2 Gatling Gun (Heavy, Volley) in the center
//	   front, b3 Chaplain (Bless) in the center rear, b4 Volunteers in its
//	   left front (facing A's right).
func s1(t testing.TB) *Game {
	return scenario(t, SeatA,
		[]stack{{"CON22", "center_front"}, {"CON09", "center_front"}, {"CON04 CON25 CON19", "left_rear"}, {"CON10", "right_front"}, {"CON01", "center_rear"}},
		[]stack{{"UNI12", "center_front"}, {"UNI11", "center_front"}, {"UNI03", "center_rear"}, {"UNI22", "left_front"}})
}

// Refusals of the Active Player's turn, each with its rule, none changing
// the battle.
func TestTurnRefusals(t *testing.T) {
	for _, c := range []struct {
		name, body, rule string
		seat             int
		setup            func(*Game)
	}{
		{name: "not your turn", seat: SeatB, body: `{"type":"pass"}`, rule: "not_your_turn"},
		{name: "unknown unit", body: `{"type":"move","unit":"a9","to":"left_front"}`, rule: "unknown_unit"},
		{name: "enemy unit", body: `{"type":"move","unit":"b1","to":"left_front"}`, rule: "not_your_unit"},
		{name: "same zone", body: `{"type":"move","unit":"a1","to":"center_front"}`, rule: "same_zone"},
		{name: "two zones", body: `{"type":"move","unit":"a2","to":"left_rear"}`, rule: "not_adjacent"},
		{name: "three zones, fast", body: `{"type":"move","unit":"a3","to":"right_front"}`, rule: "too_far"},
		{name: "into engagement", body: `{"type":"move","unit":"a1","to":"center_engagement"}`, rule: "engagement_zone"},
		{name: "bad zone", body: `{"type":"redeploy","unit":"a1","to":"hill"}`, rule: "bad_zone"},
		{name: "redeploy two zones", body: `{"type":"redeploy","unit":"a1","to":"left_rear"}`, rule: "not_adjacent"},
		{name: "heavy", body: `{"type":"redeploy","unit":"a2","to":"center_rear"}`, rule: "heavy_unit"},
		{name: "charge from rear", body: `{"type":"charge","unit":"a5"}`, rule: "charge_from_front"},
		{name: "charge without black dice", body: `{"type":"charge","unit":"a2"}`, rule: "no_engagement_dice"},
		{name: "front charge names no target", body: `{"type":"charge","unit":"a1","target":"b1"}`, rule: "target_after_reaction"},
		{name: "shoot the screened rear", body: `{"type":"shoot","unit":"a2","target":"b3"}`, rule: "rear_screened"},
		{name: "shoot next sector", body: `{"type":"shoot","unit":"a2","target":"b4"}`, rule: "enemy_in_own_sector"},
		{name: "shoot own unit", body: `{"type":"shoot","unit":"a2","target":"a1"}`, rule: "own_unit"},
		{name: "shoot nothing", body: `{"type":"shoot","unit":"a2","target":"b9"}`, rule: "unknown_target"},
		{name: "shoot without white dice", body: `{"type":"shoot","unit":"a1","target":"b1"}`, rule: "no_shooting_dice"},
		{name: "shoot from rear", body: `{"type":"shoot","unit":"a5","target":"b1"}`, rule: "shoot_from_front"},
		{name: "carry on unengaged", body: `{"type":"carry_on","unit":"a1","target":"b1"}`, rule: "not_engaged"},
		{name: "leave unengaged", body: `{"type":"leave","unit":"a1"}`, rule: "not_engaged"},
		{name: "trait on P1's first turn", body: `{"type":"use_trait","unit":"a5","trait":"command","target":"a1"}`, rule: "no_trait_first_turn"},
		{name: "trait not on unit", body: `{"type":"use_trait","unit":"a1","trait":"command","target":"a5"}`, rule: "unit_lacks_trait"},
		{name: "passive trait", body: `{"type":"use_trait","unit":"a1","trait":"fast","target":"a1"}`, rule: "not_special"},
		{name: "no reaction to give", body: `{"type":"hold"}`, rule: "no_charge"},
		{name: "no target to give", body: `{"type":"charge_target","target":"b1"}`, rule: "no_charge"},
		{name: "no hits", body: `{"type":"kill","troop":"CON22"}`, rule: "no_hits"},
		{name: "sacrifice mid-round", body: `{"type":"sacrifice","troop":"CON22"}`, rule: "wrong_phase"},
		{name: "deploy again", body: `{"type":"deploy","unit":"a1","to":"left_front"}`, rule: "wrong_phase"},
		{name: "tokens", body: `{"type":"move","unit":"a1","to":"left_front"}`, rule: "not_enough_tokens",
			setup: func(g *Game) { g.unit("a1").orders, g.sides[SeatA].unused = 7, 3 }},
		{name: "redeployed unit", body: `{"type":"move","unit":"a1","to":"center_rear"}`, rule: "redeployed_unit",
			setup: func(g *Game) { g.redeploy = "a1" }},
		{name: "second redeployment", body: `{"type":"redeploy","unit":"a4","to":"right_rear"}`, rule: "one_redeployment",
			setup: func(g *Game) { g.redeploy = "a1" }},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := s1(t)
			if c.setup != nil {
				c.setup(g)
			}
			refused(t, g, c.seat, c.body, c.rule)
		})
	}
}

// The free redeployment moves one unit one zone; that unit takes no order
// this turn, another one does, and the turn passes.
func TestRedeployThenAct(t *testing.T) {
	g := s1(t)
	do(t, g, SeatA, `{"type":"redeploy","unit":"a1","to":"left_front"}`)
	if where(g, "a1") != "left_front" || g.turn != SeatA || g.sides[SeatA].unused != 10 {
		t.Fatalf("after the redeployment a1 is in %s, turn %d, %d tokens", where(g, "a1"), g.turn, g.sides[SeatA].unused)
	}
	for _, l := range g.view(SeatA).Legal {
		if l.Command.Unit == "a1" || l.Command.Type == TypeRedeploy {
			t.Fatalf("legal after the redeployment: %+v", l.Command)
		}
	}
	do(t, g, SeatA, `{"type":"move","unit":"a3","to":"left_front"}`)
	if where(g, "a3") != "left_front" || g.turn != SeatB || g.redeploy != "" {
		t.Fatal("the move should end A's turn")
	}
	// Fast units cross two zones by a Tactical Move.
	do(t, g, SeatB, `{"type":"move","unit":"b1","to":"right_rear"}`)
	if where(g, "b1") != "right_rear" {
		t.Fatalf("fast b1 is in %s", where(g, "b1"))
	}
	tokenBooks(t, g)
}

// An order costs the unit's Order tokens plus one: 1, then 2, then 4.
func TestOrderCostGrows(t *testing.T) {
	g := s1(t)
	for i, want := range []int{1, 2, 4} {
		to := []string{"center_rear", "center_front", "center_rear"}[i]
		var cost int
		for _, l := range g.view(SeatA).Legal {
			if l.Command.Type == TypeMove && l.Command.Unit == "a1" && l.Command.To == to {
				cost = l.Cost
			}
		}
		if cost != want {
			t.Fatalf("order %d to a1 offered at %d tokens; want %d", i+1, cost, want)
		}
		do(t, g, SeatA, `{"type":"move","unit":"a1","to":"%s"}`, to)
		do(t, g, SeatB, `{"type":"pass"}`)
	}
	if g.unit("a1").orders != 7 || g.sides[SeatA].unused != 3 {
		t.Fatalf("a1 carries %d Order tokens, A has %d unused; want 7 and 3", g.unit("a1").orders, g.sides[SeatA].unused)
	}
	refused(t, g, SeatA, `{"type":"move","unit":"a1","to":"center_front"}`, "not_enough_tokens")
	tokenBooks(t, g)
}

// A player out of tokens sits out: the other plays turn after turn until
// also out; then the round ends, tokens come back and Player 2 opens the
// second round.
func TestOutOfTokensAndRounds(t *testing.T) {
	g := scenarioWith(t, Options{Size: 50}, SeatA,
		[]stack{{"CON22", "center_front"}}, []stack{{"UNI12", "center_front"}})
	do(t, g, SeatA, `{"type":"move","unit":"a1","to":"center_rear"}`)  // 1: 4 left
	do(t, g, SeatB, `{"type":"pass"}`)                                 // 4 left
	do(t, g, SeatA, `{"type":"move","unit":"a1","to":"center_front"}`) // 2: 2 left
	do(t, g, SeatB, `{"type":"pass"}`)                                 // 3 left
	do(t, g, SeatA, `{"type":"pass"}`)                                 // 1 left
	do(t, g, SeatB, `{"type":"pass"}`)                                 // 2 left
	do(t, g, SeatA, `{"type":"pass"}`)                                 // A is out
	if g.sides[SeatA].unused != 0 || g.turn != SeatB {
		t.Fatalf("A has %d tokens, turn %d", g.sides[SeatA].unused, g.turn)
	}
	do(t, g, SeatB, `{"type":"pass"}`)
	if g.turn != SeatB || g.round != 1 {
		t.Fatalf("B should play again alone; turn %d round %d", g.turn, g.round)
	}
	refused(t, g, SeatA, `{"type":"pass"}`, "not_your_turn")
	tokenBooks(t, g)
	do(t, g, SeatB, `{"type":"pass"}`)
	if g.round != 2 || g.turn != SeatB || g.sides[SeatA].unused != 5 || g.sides[SeatB].unused != 5 || g.unit("a1").orders != 0 {
		t.Fatalf("round %d, turn %d, tokens %d/%d, a1 orders %d", g.round, g.turn, g.sides[SeatA].unused, g.sides[SeatB].unused, g.unit("a1").orders)
	}
	for range 10 {
		do(t, g, g.turn, `{"type":"pass"}`)
	}
	if g.round != 3 || g.turn != SeatA {
		t.Fatalf("round 3 should open with Player 1; round %d turn %d", g.round, g.turn)
	}
}

// Engagement zones are never entered or left by a redeployment or a
// Tactical Move: an engaged unit stays until it leaves the engagement.
func TestEngagedUnitsStay(t *testing.T) {
	g := scenario(t, SeatA, []stack{{"CON22", "center_front"}, {"CON10", "left_front"}},
		[]stack{{"UNI12", "center_front"}, {"UNI22", "right_front"}})
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	g.rigged = []int{1, 1, 1} // no face shows a 1: both units survive
	do(t, g, SeatB, `{"type":"hold"}`)
	if where(g, "a1") != "center_engagement" || where(g, "b1") != "center_engagement" {
		t.Fatalf("a1 %s, b1 %s; want both engaged", where(g, "a1"), where(g, "b1"))
	}
	for _, c := range []struct{ body, rule string }{
		{`{"type":"redeploy","unit":"b1","to":"center_front"}`, "engaged_unit"},
		{`{"type":"move","unit":"b1","to":"center_rear"}`, "engaged_unit"},
		{`{"type":"redeploy","unit":"b2","to":"right_engagement"}`, "engagement_zone"},
		{`{"type":"move","unit":"b2","to":"center_engagement"}`, "engagement_zone"},
	} {
		refused(t, g, SeatB, c.body, c.rule)
	}
	for _, l := range g.view(SeatB).Legal {
		if c := l.Command; (c.Type == TypeMove || c.Type == TypeRedeploy) && c.Unit == "b1" {
			t.Fatalf("the engaged unit is offered %+v", c)
		}
	}
}
